import { imageUrl, useSiteSettings } from "../../site-settings.ts";
import { imageSizes } from "../image-sizes.ts";
import { ResponsiveImage } from "../responsive-image.tsx";

export interface ThumbnailGalleryProps {
  /** Image files under the image base's /property/ folder; the first is the cover. */
  files: readonly string[];
  /** The property's headline, the alt text of its images. */
  alt: string;
}

/**
 * The detail page's cover image and thumbnail strip, the first image as the cover: choosing a
 * thumbnail (click, Enter/Space, or arrow keys along the strip) shows it as the cover, by
 * `enhanceThumbnailGallery` (registered as `thumbnail-gallery`, decision 043).
 *
 * Without scripting those buttons could not answer: each thumbnail is then a link to its
 * full-size image instead (decision 026). Both are in the HTML; the stylesheet shows one.
 */
export function ThumbnailGallery({ files, alt }: ThumbnailGalleryProps) {
  const images = files.length > 0 ? files : [""];
  const { imageBaseUrl } = useSiteSettings();
  const current = 0;
  const total = images.length;

  return (
    <div className="thumbnail-gallery" data-enhance="thumbnail-gallery" data-alt={alt}>
      <div className="thumbnail-gallery__cover">
        <ResponsiveImage
          folder="property"
          file={images[current] ?? ""}
          alt={total > 1 ? `${alt} (image ${current + 1} of ${total})` : alt}
          width={1200}
          height={800}
          sizes={imageSizes.detailCover}
          priority
          className="thumbnail-gallery__cover-image"
        />
      </div>
      {total > 1 ? (
        // The arrow keys move along the strip; each thumbnail is also a button on its own.
        <ul className="thumbnail-gallery__strip">
          {images.map((file, index) => (
            <li key={file} className="thumbnail-gallery__item">
              <button
                type="button"
                className="thumbnail-gallery__thumb"
                aria-label={`Show image ${index + 1} of ${total}`}
                aria-pressed={index === current}
                aria-current={index === current ? "true" : undefined}
              >
                <ThumbnailImage file={file} />
              </button>
              <a
                href={imageUrl(imageBaseUrl, "property", file)}
                className="thumbnail-gallery__thumb thumbnail-gallery__link"
                aria-label={`Open image ${index + 1} of ${total}`}
              >
                <ThumbnailImage file={file} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** One thumbnail's picture: the same in the button (with JavaScript) and the link (without). */
function ThumbnailImage({ file }: { file: string }) {
  return (
    <ResponsiveImage
      folder="property"
      file={file}
      alt=""
      width={160}
      height={107}
      sizes={imageSizes.detailThumb}
      className="thumbnail-gallery__thumb-image"
    />
  );
}
