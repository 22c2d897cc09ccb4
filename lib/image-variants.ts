/**
 * The naming convention of image derivatives: WebP copies of a listing or slider image at a few
 * widths, next to the original. `property/abc.jpg` has `property/abc.jpg.400w.webp`, and its URL
 * `/images/property/abc.jpg` has `/images/property/abc.jpg.400w.webp`, whatever the image base
 * (this server, a CDN in front of it). Keeping the original's name whole (extension included)
 * makes the mapping one-to-one: `abc.jpg` and `abc.png` never share a derivative.
 *
 * A derivative is never wider than its original: for a 1000 px original, the 1200w and 1600w
 * derivatives are 1000 px wide.
 */

/** The derivative widths, in pixels, narrowest first. */
export const imageVariantWidths = [200, 400, 800, 1200, 1600] as const;

export type ImageVariantWidth = (typeof imageVariantWidths)[number];

/** The originals that get derivatives: raster images (not SVG), by extension. */
const rasterExtension = /\.(?:jpe?g|png|webp|gif|avif|tiff?)$/i;
const variantSuffix = /\.(\d+)w\.webp$/;

/** The path or URL of the derivative of `original` at `width`. */
export function imageVariantPath(original: string, width: ImageVariantWidth): string {
  return `${original}.${width}w.webp`;
}

/**
 * The original and width a derivative path names, or undefined when `path` is not a derivative
 * of this convention (an unknown width, or an original that could not have derivatives).
 */
export function parseImageVariantPath(
  path: string,
): { original: string; width: ImageVariantWidth } | undefined {
  const match = variantSuffix.exec(path);
  if (!match) return undefined;
  const width = Number(match[1]);
  const original = path.slice(0, match.index);
  if (!isImageVariantWidth(width) || !hasImageVariants(original)) return undefined;
  return { original, width };
}

function isImageVariantWidth(width: number): width is ImageVariantWidth {
  return (imageVariantWidths as readonly number[]).includes(width);
}

/**
 * True when `path` (a file path or a URL) names an original that has derivatives: a raster
 * image that is not itself a derivative, with no query or fragment to keep.
 */
export function hasImageVariants(path: string): boolean {
  if (path.includes("?") || path.includes("#") || /^(?:data|blob):/i.test(path)) return false;
  return rasterExtension.test(path) && !variantSuffix.test(path);
}

/**
 * The `srcset` of an image URL: its derivative at every width, or undefined when the URL has
 * none (so the image is shown from `src` alone).
 */
export function imageSrcSet(url: string): string | undefined {
  if (!hasImageVariants(url)) return undefined;
  return imageVariantWidths.map((width) => `${imageVariantPath(url, width)} ${width}w`).join(", ");
}
