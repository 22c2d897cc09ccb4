import { imageUrl, useSiteSettings } from "../../site-settings.ts";
import { Icon } from "../icons.tsx";
import { imageSizes } from "../image-sizes.ts";
import { ResponsiveImage } from "../responsive-image.tsx";

export interface ThumbnailGalleryProps {
  /** Image files under the image base's /property/ folder; the first is the cover. */
  files: readonly string[];
  /** The property's headline, the alt text of its images. */
  alt: string;
  /** Each file's own alt text, given in the back office; "" (or none): the headline's. */
  alts?: readonly string[];
}

/**
 * The detail page's cover image, thumbnail strip and full-screen photo viewer, the first image
 * as the cover (decisions 043, 048). With the page's script (`enhanceThumbnailGallery`,
 * registered as `thumbnail-gallery`):
 * - choosing a thumbnail (click, Enter/Space) opens the viewer on its image and makes it the
 *   cover; the arrow keys, Home and End along the strip change the cover without opening it;
 * - the cover opens the viewer on the image it shows;
 * - the viewer is the `<dialog>` below, rendered here closed: the script only sets its image,
 *   its alt text and its "n of m".
 *
 * Without scripting the buttons could not answer and the dialog could not open: the cover is a
 * link to its full-size image, and each thumbnail is a link to its own (decision 026). Both the
 * buttons and the links are in the HTML; the stylesheet shows one.
 */
export function ThumbnailGallery({ files, alt, alts = [] }: ThumbnailGalleryProps) {
  const images = files.length > 0 ? files : [""];
  const { imageBaseUrl } = useSiteSettings();
  const current = 0;
  const total = images.length;
  const hasPhoto = images[current] !== "";
  const altOf = (index: number) => alts[index] || alt;
  const label = (index: number) =>
    total > 1 ? `${altOf(index)} (image ${index + 1} of ${total})` : altOf(index);
  const cover = (
    <ResponsiveImage
      folder="property"
      file={images[current] ?? ""}
      alt={label(current)}
      width={1200}
      height={800}
      sizes={imageSizes.detailCover}
      priority
      className="thumbnail-gallery__cover-image"
    />
  );

  return (
    <div className="thumbnail-gallery" data-enhance="thumbnail-gallery" data-alt={alt}>
      <div className="thumbnail-gallery__cover">
        {hasPhoto ? (
          <a
            href={imageUrl(imageBaseUrl, "property", images[current] ?? "")}
            className="thumbnail-gallery__open"
            data-alt={alts[current] || undefined}
          >
            {cover}
            <span className="thumbnail-gallery__open-hint">
              <Icon name="maximize" size={18} />
              Full screen
            </span>
          </a>
        ) : (
          cover
        )}
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
                data-alt={alts[index] || undefined}
              >
                <ThumbnailImage file={file} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {hasPhoto ? (
        <PhotoViewer
          name={`Photos: ${alt}`}
          total={total}
          file={images[current] ?? ""}
          alt={label(current)}
        />
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

export interface PhotoViewerProps {
  /** The dialog's accessible name: "Photos: {headline}". */
  name: string;
  /** How many images it goes through. */
  total: number;
  /** The first image's file under the image base's /property/ folder, and its alt text. */
  file: string;
  alt: string;
}

/**
 * The full-screen viewer, closed: a modal `<dialog>` the script opens with `showModal()`
 * (./photo-viewer.ts): the gallery's, and the Floor Plans tab's (decision 052). Its image is the
 * first one, lazy: inside a closed dialog it is never laid out, so nothing downloads for a
 * visitor who never opens it. The script copies the chosen image's URL and `srcset` from the
 * page's links to the full-size images into a copy of it. The previous and next buttons exist
 * only for more than one image.
 */
export function PhotoViewer({ name, total, file, alt }: PhotoViewerProps) {
  return (
    <dialog className="photo-viewer" aria-label={name}>
      <div className="photo-viewer__bar">
        <p className="photo-viewer__count" aria-live="polite">
          1 of {total}
        </p>
        <button type="button" className="icon-button photo-viewer__close" aria-label="Close">
          <Icon name="close" />
        </button>
      </div>
      <div className="photo-viewer__stage">
        <ResponsiveImage
          folder="property"
          file={file}
          alt={alt}
          width={1200}
          height={800}
          sizes={imageSizes.viewer}
          className="photo-viewer__image"
        />
      </div>
      {total > 1 ? (
        <>
          <button
            type="button"
            className="icon-button photo-viewer__step photo-viewer__step--previous"
            aria-label="Previous image"
            data-step="-1"
          >
            <Icon name="chevronLeft" />
          </button>
          <button
            type="button"
            className="icon-button photo-viewer__step photo-viewer__step--next"
            aria-label="Next image"
            data-step="1"
          >
            <Icon name="chevronRight" />
          </button>
        </>
      ) : null}
    </dialog>
  );
}
