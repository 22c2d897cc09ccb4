/**
 * The photo manager (decision 056). Two forms that work without JavaScript:
 * - the upload form posts the chosen files to the page (several at once);
 * - the photos form posts every photo in order with its alt text, the cover and the photos to
 *   remove; a move button saves it with that photo one step up or down.
 * With JavaScript, choosing or dropping files uploads each at once (two at a time) to the
 * upload endpoint with its own progress bar, then the list gains the new photos; the move
 * buttons and dragging reorder in place (focus stays on the button, the new position is
 * announced), and "Save photos" saves it all over the listing's revision.
 */
import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import {
  type ListingPhoto,
  type ListingPhotos,
  type PhotoUploadAnswer,
  photoAccept,
  photoFields,
  photoFormatsText,
  photoLimits,
} from "../../lib/admin-photos.ts";
import { imageVariantPath } from "../../lib/image-variants.ts";
import { imageUrl } from "../site-settings.ts";
import {
  Announcement,
  type Focus,
  MoveButtons,
  moveItem,
  useArrangeable,
  useHydrated,
} from "./arrangeable.tsx";
import { FormToken } from "./form-field.tsx";
import {
  FileDrop,
  megabytes,
  UploadProgress,
  uploadErrors,
  uploadedCount,
  useUploadQueue,
} from "./upload-queue.tsx";

export interface PhotoManagerProps {
  listing: ListingPhotos;
  csrfToken: string;
  imageBaseUrl: string;
  imageDerivatives: boolean;
  /** The answer to an upload posted without JavaScript. */
  upload?: PhotoUploadAnswer | undefined;
}

interface Item extends ListingPhoto {
  removed: boolean;
}

const uploadHint = `${photoFormatsText}, up to ${megabytes(photoLimits.maxBytes)} each, at least ${photoLimits.minWidth} × ${photoLimits.minHeight} pixels.`;

function itemsOf(photos: readonly ListingPhoto[]): Item[] {
  return photos.map((photo) => ({ ...photo, removed: false }));
}

export function PhotoManager(props: PhotoManagerProps) {
  const { listing, csrfToken, imageBaseUrl, imageDerivatives, upload } = props;
  const [items, setItems] = useState<Item[]>(() => itemsOf(listing.photos));
  const [cover, setCover] = useState(listing.cover);
  const [revision, setRevision] = useState(listing.revision);
  const hydrated = useHydrated();
  const arrangeable = useArrangeable();
  const { transfers, uploadFiles } = useUploadQueue({
    code: listing.code,
    csrfToken,
    field: photoFields.files,
    maxBytes: photoLimits.maxBytes,
    noun: "photo",
    duplicate: "Already one of this listing's photos.",
  });
  const seenListing = useRef(listing);

  // New data after uploads: the new photos join the end; what was arranged here stays.
  useEffect(() => {
    if (seenListing.current === listing) return;
    seenListing.current = listing;
    setItems((current) => {
      const stored = new Set(listing.photos.map((photo) => photo.file));
      const kept = current.filter((item) => stored.has(item.file));
      const known = new Set(kept.map((item) => item.file));
      return [...kept, ...itemsOf(listing.photos.filter((photo) => !known.has(photo.file)))];
    });
    setCover((chosen) =>
      listing.photos.some((photo) => photo.file === chosen) ? chosen : listing.cover,
    );
    setRevision(listing.revision);
  }, [listing]);

  /** The cover: it moves to the top, as the site shows it first. */
  function chooseCover(file: string) {
    const from = items.findIndex((item) => item.file === file);
    setCover(file);
    if (from > 0) {
      const next = [...items];
      const [chosen] = next.splice(from, 1);
      if (chosen) next.unshift(chosen);
      setItems(next);
      arrangeable.keepFocus({ name: photoFields.cover, value: file });
    }
    arrangeable.announce(`Photo ${from + 1} is the cover and moves to the top. Save to keep it.`);
  }

  const count = items.length;

  /** Whether a photo may move from `from` to `to`: the cover stays first. */
  function canMove(from: number, to: number): boolean {
    if (from === to || from < 0 || to < 0 || from >= count || to >= count) return false;
    const coverFirst = items[0]?.file === cover;
    return !(coverFirst && (from === 0 || to === 0));
  }

  function move(from: number, wanted: number, focus?: Focus) {
    // Dropped on the cover: the place after it.
    const to = wanted === 0 && items[0]?.file === cover && from !== 0 ? 1 : wanted;
    if (!canMove(from, to)) return;
    setItems(moveItem(items, from, to));
    if (focus) arrangeable.keepFocus(focus);
    arrangeable.announce(`Photo moved to position ${to + 1} of ${count}. Save to keep the order.`);
  }

  const errors = uploadErrors(upload);
  const storedPost = uploadedCount(upload);

  return (
    <div className="admin-photos">
      <Form
        method="post"
        encType="multipart/form-data"
        reloadDocument
        className="admin-photos__upload"
        aria-labelledby="photos-upload-title"
      >
        <h2 id="photos-upload-title" className="admin-photos__title">
          Add photos
        </h2>
        <FormToken token={csrfToken} />
        <input type="hidden" name="intent" value="upload" />
        <FileDrop
          id="photo-files"
          label="Choose photos"
          hint={uploadHint}
          name={photoFields.files}
          accept={photoAccept}
          errors={errors}
          hydrated={hydrated}
          submit="Upload"
          acceptsDrop={arrangeable.draggingFiles}
          onFiles={uploadFiles}
        />
        {storedPost > 0 ? (
          <p className="admin-notice admin-notice--success" role="status">
            {storedPost === 1 ? "1 photo is uploaded." : `${storedPost} photos are uploaded.`}
          </p>
        ) : null}
        <UploadProgress transfers={transfers} />
      </Form>

      <Form method="post" className="admin-photos__arrange" aria-labelledby="photos-list-title">
        <h2 id="photos-list-title" className="admin-photos__title">
          {count === 0 ? "No photos yet" : count === 1 ? "1 photo" : `${count} photos`}
        </h2>
        <FormToken token={csrfToken} />
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="revision" value={revision} />
        {count === 0 ? (
          <p className="admin-field__hint">Photos you add show here.</p>
        ) : (
          <p className="admin-field__hint" id="photos-order-hint">
            The cover is first, here and on the site, then the others in this order. Drag a photo,
            or use its Up and Down buttons, to change the order.
          </p>
        )}
        <ol className="admin-photos__list" ref={arrangeable.listRef}>
          {items.map((item, index) => {
            const fieldId = `photo-alt-${item.file.replace(/[^\w-]/g, "-")}`;
            const original = imageUrl(imageBaseUrl, "property", item.file);
            const thumbnail = imageDerivatives ? imageVariantPath(original, 400) : original;
            const isCover = cover === item.file;
            return (
              <li
                key={item.file}
                className={`admin-photo${item.removed ? " admin-photo--removed" : ""}${isCover ? " admin-photo--cover" : ""}`}
                draggable={hydrated}
                {...arrangeable.dragProps(index, item.file, (from, to) => move(from, to))}
                data-file={item.file}
              >
                <img
                  className="admin-photo__image"
                  src={thumbnail}
                  alt=""
                  width={200}
                  height={133}
                  loading="lazy"
                />
                <div className="admin-photo__fields">
                  <p className="admin-photo__position">
                    {`Photo ${index + 1} of ${count}`}
                    {isCover ? <span className="admin-badge">Cover</span> : null}
                    {item.removed ? (
                      <span className="admin-photo__removal">Removed when you save</span>
                    ) : null}
                  </p>
                  <input type="hidden" name={photoFields.photo} value={item.file} />
                  <div className="admin-field">
                    <label className="admin-field__label" htmlFor={fieldId}>
                      {`Alt text of photo ${index + 1}`}
                    </label>
                    <input
                      className="admin-field__input"
                      id={fieldId}
                      name={photoFields.alt(index)}
                      value={item.alt}
                      maxLength={photoLimits.maxAlt}
                      placeholder="What the photo shows, such as “Kitchen with a garden view”"
                      onChange={(event) => {
                        const alt = event.currentTarget.value;
                        setItems((current) =>
                          current.map((other) =>
                            other.file === item.file ? { ...other, alt } : other,
                          ),
                        );
                      }}
                    />
                  </div>
                  <div className="admin-photo__choices">
                    <label className="admin-choice__option">
                      <input
                        type="radio"
                        name={photoFields.cover}
                        value={item.file}
                        checked={isCover}
                        onChange={() => chooseCover(item.file)}
                      />
                      {` Cover photo`}
                      <span className="visually-hidden">{` (photo ${index + 1})`}</span>
                    </label>
                    <label className="admin-choice__option">
                      <input
                        type="checkbox"
                        name={photoFields.remove}
                        value={item.file}
                        checked={item.removed}
                        onChange={(event) => {
                          const removed = event.currentTarget.checked;
                          setItems((current) =>
                            current.map((other) =>
                              other.file === item.file ? { ...other, removed } : other,
                            ),
                          );
                        }}
                      />
                      {` Remove`}
                      <span className="visually-hidden">{` photo ${index + 1}`}</span>
                    </label>
                  </div>
                </div>
                <MoveButtons
                  name={photoFields.move}
                  file={item.file}
                  index={index}
                  noun="photo"
                  canMove={(to) => canMove(index, to)}
                  onMove={(to, focus) => move(index, to, focus)}
                />
              </li>
            );
          })}
        </ol>
        <Announcement text={arrangeable.announcement} />
        {count > 0 ? (
          <div className="admin-actions">
            <button className="admin-button" type="submit">
              Save photos
            </button>
          </div>
        ) : null}
      </Form>
    </div>
  );
}
