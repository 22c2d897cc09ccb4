import { type ImgHTMLAttributes, useEffect, useRef, useState } from "react";
import { fallbackImageUrl, type ImageFolder, imageUrl, useSiteSettings } from "../site-settings.ts";

export interface FallbackImageProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "onError"> {
  folder: ImageFolder;
  /** File name under the image base's folder; empty shows the default image. */
  file: string;
  alt: string;
}

/**
 * An image from the image base that falls back to the default no.png when it fails to load
 * (SPEC §4, §8). A failure can happen before hydration, when React is not listening yet, so
 * the mount effect also checks whether the server-rendered image already broke.
 */
export function FallbackImage({ folder, file, alt, ...rest }: FallbackImageProps) {
  const { imageBaseUrl } = useSiteSettings();
  const fallback = fallbackImageUrl(imageBaseUrl);
  const wanted = file ? imageUrl(imageBaseUrl, folder, file) : fallback;
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    setFailed(false);
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0 && wanted !== fallback) setFailed(true);
  }, [wanted, fallback]);

  return (
    <img
      ref={ref}
      src={failed ? fallback : wanted}
      alt={alt}
      onError={() => {
        if (!failed && wanted !== fallback) setFailed(true);
      }}
      {...rest}
    />
  );
}
