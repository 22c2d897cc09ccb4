/**
 * The photo manager (decision 056). Two forms that work without JavaScript:
 * - the upload form posts the chosen files to the page (several at once);
 * - the photos form posts every photo in order with its alt text, the cover and the photos to
 *   remove; a move button saves it with that photo one step up or down.
 * With JavaScript, choosing or dropping files uploads each at once (one at a time, in the
 * order chosen) to the upload endpoint with its own progress bar, then the list gains the new
 * photos; the move buttons and dragging reorder in place (focus stays on the button, the new
 * position is announced), and "Save photos" saves it all over the listing's revision.
 */
import { useEffect, useState } from "react";
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
  ArrangedItem,
  ArrangeForm,
  type Focus,
  moveItem,
  useArrangeable,
  useArrangedItems,
  useHydrated,
} from "./arrangeable.tsx";
import { AltChoice, type PhotoConflictDraft } from "./photo-merge-notice.tsx";
import { megabytes, UploadForm, useUploadQueue } from "./upload-queue.tsx";

export interface PhotoManagerProps {
  listing: ListingPhotos;
  csrfToken: string;
  imageBaseUrl: string;
  imageDerivatives: boolean;
  /** The answer to an upload posted without JavaScript. */
  upload?: PhotoUploadAnswer | undefined;
  /** New after each save of the photos or its refusal: the list starts again from what is stored. */
  startOver: string | null;
  /**
   * A save refused because a colleague changed the same alt texts: the list starts again from
   * the merge, with a choice beside each such photo (decision 056's addendum).
   */
  draft?: PhotoConflictDraft | undefined;
}

interface Item extends ListingPhoto {
  removed: boolean;
}

const uploadHint = `${photoFormatsText}, up to ${megabytes(photoLimits.maxBytes)} each, at least ${photoLimits.minWidth} × ${photoLimits.minHeight} pixels.`;

function itemsOf(photos: readonly ListingPhoto[]): Item[] {
  return photos.map((photo) => ({ ...photo, removed: false }));
}

export function PhotoManager(props: PhotoManagerProps) {
  const { listing, csrfToken, imageBaseUrl, imageDerivatives, upload, startOver, draft } = props;
  const { items, setItems, revision, change } = useArrangedItems(
    listing,
    listing.photos,
    () => itemsOf(draft?.draft.photos ?? listing.photos),
    startOver,
  );
  const [cover, setCover] = useState(draft?.draft.cover ?? listing.cover);
  // What this arrangement started from, posted with it so a save merges with colleagues' saves.
  const [base, setBase] = useState(draft?.base ?? listing.base);
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

  // New data after uploads or a save: a cover no longer stored gives way to the stored one.
  useEffect(() => {
    setCover((chosen) =>
      listing.photos.some((photo) => photo.file === chosen) ? chosen : listing.cover,
    );
  }, [listing]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new start takes the stored cover.
  useEffect(() => {
    if (startOver === null) return;
    setCover(draft?.draft.cover ?? listing.cover);
    setBase(draft?.base ?? listing.base);
  }, [startOver]);

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

  return (
    <div className="admin-photos">
      <UploadForm
        csrfToken={csrfToken}
        title="Add photos"
        titleId="photos-upload-title"
        heading="h2"
        headingClass="admin-photos__title"
        intent="upload"
        upload={upload}
        stored={(count) => (count === 1 ? "1 photo is uploaded." : `${count} photos are uploaded.`)}
        transfers={transfers}
        id="photo-files"
        label="Choose photos"
        hint={uploadHint}
        name={photoFields.files}
        accept={photoAccept}
        hydrated={hydrated}
        submit="Upload"
        acceptsDrop={arrangeable.draggingFiles}
        onFiles={uploadFiles}
      />

      <ArrangeForm
        csrfToken={csrfToken}
        intent="save"
        revision={revision}
        title={count === 0 ? "No photos yet" : count === 1 ? "1 photo" : `${count} photos`}
        titleId="photos-list-title"
        heading="h2"
        headingClass="admin-photos__title"
        hint={
          count === 0
            ? "Photos you add show here."
            : "The cover is first, here and on the site, then the others in this order. Drag a photo, or use its Up and Down buttons, to change the order."
        }
        count={count}
        listRef={arrangeable.listRef}
        announcement={arrangeable.announcement}
        save="Save photos"
        hidden={<input type="hidden" name="base" value={JSON.stringify(base)} />}
      >
        {items.map((item, index) => {
          const original = imageUrl(imageBaseUrl, "property", item.file);
          const thumbnail = imageDerivatives ? imageVariantPath(original, 400) : original;
          const isCover = cover === item.file;
          const conflict = draft?.conflicts.find((found) => found.file === item.file);
          return (
            <ArrangedItem
              key={item.file}
              item={item}
              index={index}
              count={count}
              noun="photo"
              className={isCover ? "admin-photo--cover" : ""}
              hydrated={hydrated}
              drag={arrangeable.dragProps(index, item.file, (from, to) => move(from, to))}
              image={
                <img
                  className="admin-photo__image"
                  src={thumbnail}
                  alt=""
                  width={200}
                  height={133}
                  loading="lazy"
                />
              }
              badges={isCover ? <span className="admin-badge">Cover</span> : null}
              names={{
                file: photoFields.photo,
                remove: photoFields.remove,
                move: photoFields.move,
              }}
              text={{
                label: "Alt text of photo",
                name: photoFields.alt(index),
                value: item.alt,
                maxLength: photoLimits.maxAlt,
                placeholder: "What the photo shows, such as “Kitchen with a garden view”",
                onChange: (alt) => change(item.file, { alt }),
              }}
              choices={
                <>
                  {conflict ? <AltChoice conflict={conflict} /> : null}
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
                </>
              }
              change={change}
              canMove={(to) => canMove(index, to)}
              onMove={(to, focus) => move(index, to, focus)}
            />
          );
        })}
      </ArrangeForm>
    </div>
  );
}
