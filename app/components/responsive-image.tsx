import { type ImgHTMLAttributes, useEffect, useRef } from "react";
import { imageSrcSet } from "../../lib/image-variants.ts";
import { fallbackImageUrl, type ImageFolder, imageUrl, useSiteSettings } from "../site-settings.ts";
import { enhanceImage } from "./enhance-image.ts";

type OwnAttributes =
  | "src"
  | "srcSet"
  | "sizes"
  | "onError"
  | "loading"
  | "fetchPriority"
  | "decoding"
  | "width"
  | "height";

export interface ResponsiveImageProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, OwnAttributes> {
  folder: ImageFolder;
  /** File name under the image base's folder; empty shows the default image. */
  file: string;
  alt: string;
  /** The intrinsic size the layout reserves (its aspect ratio): no layout shift. */
  width: number;
  height: number;
  /**
   * The image's rendered width in the layout, as a `sizes` value. With it, the image carries
   * a `srcset` of its WebP derivatives (when the image host serves them); without it, the
   * original is shown (small images such as the logo).
   */
  sizes?: string;
  /**
   * The page's main image (the largest above the fold, its LCP element): loaded eagerly at
   * high priority, and preloaded from the document's head (React emits the preload for an
   * eager image with a srcset). Every other image loads lazily unless `loading="eager"`.
   */
  priority?: boolean;
  loading?: "eager" | "lazy";
}

/**
 * Every image of the site: listing and slider photos with a `srcset` of WebP derivatives
 * (lib/image-variants.ts), explicit dimensions, lazy loading below the fold and async decoding.
 * When a load fails it retries the original without `srcset`, then shows the default no.png
 * (SPEC §4, §8): `enhanceImage`, the same code the page without React runs (decision 021).
 */
export function ResponsiveImage({
  folder,
  file,
  alt,
  sizes,
  priority = false,
  loading,
  ...rest
}: ResponsiveImageProps) {
  const { imageBaseUrl, imageDerivatives } = useSiteSettings();
  const fallback = fallbackImageUrl(imageBaseUrl);
  const wanted = file ? imageUrl(imageBaseUrl, folder, file) : fallback;
  const srcSet =
    sizes !== undefined && imageDerivatives && wanted !== fallback
      ? imageSrcSet(wanted)
      : undefined;
  const ref = useRef<HTMLImageElement>(null);

  // A new picture starts again from its derivatives (React sets its srcset and src anew).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run for each new picture
  useEffect(() => (ref.current ? enhanceImage(ref.current) : undefined), [wanted]);

  return (
    <img
      ref={ref}
      // srcset and sizes before src: a browser that sees src first may fetch the original.
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      src={wanted}
      alt={alt}
      loading={priority ? "eager" : (loading ?? "lazy")}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      data-fallback={wanted === fallback ? undefined : fallback}
      {...rest}
    />
  );
}
