/**
 * The photo manager (decision 056), a kind of ./media-manager.tsx (decision 086). Two forms
 * that work without JavaScript:
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
import { MediaForms, type MediaKind, Thumbnail, useMediaList } from "./media-manager.tsx";
import { AltChoice, type PhotoConflictDraft } from "./photo-merge-notice.tsx";
import { megabytes } from "./upload-queue.tsx";

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

const photos: MediaKind<Item> = {
  noun: "photo",
  itemNoun: "photo",
  upload: {
    field: photoFields.files,
    accept: photoAccept,
    maxBytes: photoLimits.maxBytes,
    duplicate: "Already one of this listing's photos.",
    title: "Add photos",
    titleId: "photos-upload-title",
    heading: "h2",
    headingClass: "admin-photos__title",
    intent: "upload",
    id: "photo-files",
    label: "Choose photos",
    hint: `${photoFormatsText}, up to ${megabytes(photoLimits.maxBytes)} each, at least ${photoLimits.minWidth} × ${photoLimits.minHeight} pixels.`,
    submit: "Upload",
    stored: (count) => (count === 1 ? "1 photo is uploaded." : `${count} photos are uploaded.`),
  },
  arrange: {
    intent: "save",
    title: (count) => (count === 0 ? "No photos yet" : count === 1 ? "1 photo" : `${count} photos`),
    titleId: "photos-list-title",
    heading: "h2",
    headingClass: "admin-photos__title",
    hint: (count) =>
      count === 0
        ? "Photos you add show here."
        : "The cover is first, here and on the site, then the others in this order. Drag a photo, or use its Up and Down buttons, to change the order.",
    save: "Save photos",
  },
  names: { file: photoFields.photo, remove: photoFields.remove, move: photoFields.move },
  text: {
    label: "Alt text of photo",
    name: photoFields.alt,
    maxLength: photoLimits.maxAlt,
    placeholder: () => "What the photo shows, such as “Kitchen with a garden view”",
    valueOf: (item) => item.alt,
    change: (alt) => ({ alt }),
  },
};

function itemsOf(stored: readonly ListingPhoto[]): Item[] {
  return stored.map((photo) => ({ ...photo, removed: false }));
}

export function PhotoManager(props: PhotoManagerProps) {
  const { listing, csrfToken, imageBaseUrl, imageDerivatives, upload, startOver, draft } = props;
  const [cover, setCover] = useState(draft?.draft.cover ?? listing.cover);
  // What this arrangement started from, posted with it so a save merges with colleagues' saves.
  const [base, setBase] = useState(draft?.base ?? listing.base);
  const list = useMediaList(photos, {
    listing,
    csrfToken,
    stored: listing.photos,
    initial: () => itemsOf(draft?.draft.photos ?? listing.photos),
    startOver,
    // The cover stays first.
    firstStays: (items) => items[0]?.file === cover,
  });
  const { items, setItems, arrangeable } = list;

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

  return (
    <div className="admin-photos">
      <MediaForms
        kind={photos}
        list={list}
        csrfToken={csrfToken}
        imageBaseUrl={imageBaseUrl}
        upload={upload}
        hidden={<input type="hidden" name="base" value={JSON.stringify(base)} />}
        item={(item, index, original) => {
          const isCover = cover === item.file;
          const conflict = draft?.conflicts.find((found) => found.file === item.file);
          return {
            className: isCover ? "admin-photo--cover" : "",
            image: (
              <Thumbnail src={imageDerivatives ? imageVariantPath(original, 400) : original} />
            ),
            badges: isCover ? <span className="admin-badge">Cover</span> : null,
            choices: (
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
            ),
          };
        }}
      />
    </div>
  );
}
