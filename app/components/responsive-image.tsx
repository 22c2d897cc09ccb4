import { type ImgHTMLAttributes, useEffect, useRef, useState } from "react";
import { imageSrcSet } from "../../lib/image-variants.ts";
import { fallbackImageUrl, type ImageFolder, imageUrl, useSiteSettings } from "../site-settings.ts";

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

/** The steps an image falls back through when loading fails. */
type Attempt = "derivatives" | "original" | "placeholder";

/** After a failed `current`: the original without srcset, then the placeholder, then stop. */
function nextAttempt(current: Attempt, isPlaceholder: boolean): Attempt {
  if (current === "derivatives") return "original";
  return isPlaceholder ? current : "placeholder";
}

/**
 * Every image of the site: listing and slider photos with a `srcset` of WebP derivatives
 * (lib/image-variants.ts), explicit dimensions, lazy loading below the fold and async decoding.
 * When a load fails it retries the original without `srcset`, then shows the default no.png
 * (SPEC §4, §8). A failure can happen before hydration, when React is not listening yet, so
 * the mount effect also checks whether the server-rendered image already broke.
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
  const first: Attempt = srcSet ? "derivatives" : "original";
  const [attempt, setAttempt] = useState<Attempt>(first);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const image = ref.current;
    const brokeBeforeHydration = image?.complete === true && image.naturalWidth === 0;
    setAttempt(brokeBeforeHydration ? nextAttempt(first, wanted === fallback) : first);
  }, [wanted, fallback, first]);

  const showDerivatives = attempt === "derivatives" && srcSet !== undefined;
  return (
    <img
      ref={ref}
      // srcset and sizes before src: a browser that sees src first may fetch the original.
      srcSet={showDerivatives ? srcSet : undefined}
      sizes={showDerivatives ? sizes : undefined}
      src={attempt === "placeholder" ? fallback : wanted}
      alt={alt}
      loading={priority ? "eager" : (loading ?? "lazy")}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => setAttempt((current) => nextAttempt(current, wanted === fallback))}
      {...rest}
    />
  );
}
