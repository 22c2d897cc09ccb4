import { useEffect, useState } from "react";

const query = "(prefers-reduced-motion: reduce)";

/** Whether the visitor asks for reduced motion; false on the server and before hydration. */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const media = window.matchMedia(query);
    setReduced(media.matches);
    const onChange = () => setReduced(media.matches);
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

/** The same question asked once, outside React (for a carousel's first autoplay decision). */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia(query).matches;
}
