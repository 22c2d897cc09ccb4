/**
 * The image fallback of SPEC §4, §8 on a rendered image (ResponsiveImage), with or without
 * React (decision 021): when loading fails, the image retries its original without the
 * `srcset` of derivatives, then shows the default image named by its `data-fallback`, then
 * stops. A failure can come before this runs (the server HTML loads first), so an image that
 * already broke moves on at once.
 *
 * @returns the cleanup, which removes the listener.
 */
export function enhanceImage(image: HTMLImageElement): () => void {
  const fallback = image.dataset.fallback;
  const next = () => {
    if (image.hasAttribute("srcset")) {
      // `sizes` stays: without a srcset it means nothing, and React keeps rendering it.
      image.removeAttribute("srcset");
    } else if (fallback && image.getAttribute("src") !== fallback) {
      image.src = fallback;
    }
  };
  if (image.complete && image.naturalWidth === 0 && image.getAttribute("src")) next();
  image.addEventListener("error", next);
  return () => image.removeEventListener("error", next);
}
