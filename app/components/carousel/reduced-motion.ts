const query = "(prefers-reduced-motion: reduce)";

/**
 * Whether the visitor asks for reduced motion right now; false on the server. Asked at each
 * decision (a carousel's first autoplay, each slide change) rather than watched, so a change of
 * the setting applies to the next one.
 */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia(query).matches;
}
