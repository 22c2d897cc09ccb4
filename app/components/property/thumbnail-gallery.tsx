import { type KeyboardEvent, useRef, useState } from "react";
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
 * The detail page's cover image and thumbnail strip: choosing a thumbnail (click, Enter/Space,
 * or arrow keys along the strip) shows it as the cover.
 *
 * Without scripting those buttons could not answer: each thumbnail is then a link to its
 * full-size image instead (decision 026). Both are in the HTML; the stylesheet shows one.
 */
export function ThumbnailGallery({ files, alt }: ThumbnailGalleryProps) {
  const images = files.length > 0 ? files : [""];
  const [chosen, setChosen] = useState(0);
  const strip = useRef<HTMLUListElement>(null);
  const { imageBaseUrl } = useSiteSettings();
  const current = Math.min(chosen, images.length - 1);
  const total = images.length;

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const jump = { Home: 0, End: total - 1 }[event.key];
    if (step === undefined && jump === undefined) return;
    event.preventDefault();
    const next = jump ?? (current + (step ?? 0) + total) % total;
    setChosen(next);
    strip.current?.querySelectorAll<HTMLButtonElement>("button")[next]?.focus();
  }

  return (
    <div className="thumbnail-gallery">
      <div className="thumbnail-gallery__cover">
        <ResponsiveImage
          key={images[current]}
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
        <ul className="thumbnail-gallery__strip" ref={strip} onKeyDown={onKeyDown}>
          {images.map((file, index) => (
            <li key={file} className="thumbnail-gallery__item">
              <button
                type="button"
                className="thumbnail-gallery__thumb"
                aria-label={`Show image ${index + 1} of ${total}`}
                aria-pressed={index === current}
                aria-current={index === current ? "true" : undefined}
                onClick={() => setChosen(index)}
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
