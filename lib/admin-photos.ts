/**
 * A listing's photos as the back office's photo manager handles them (decision 056): what a
 * photo is (a stored file and its alt text), the limits an upload is checked against, the
 * arrangement a save posts, and reading a listing's photos from its two SPEC §3 columns
 * (`cover_image`, and `image_list`, a JSON list of `{ imageUrl, alt }`). Shared by the admin
 * routes, the server's service and the database queries.
 */

import type { ColleagueSave } from "./admin-listing-merge.ts";
import type { FloorPlan } from "./floor-plans.ts";
import { parseJsonList } from "./json-list.ts";
import type { AltConflict, PhotoBase, PhotoMergeReport } from "./photo-merge.ts";

/** One photo of a listing: its file under the image folder's property/, and its alt text. */
export interface ListingPhoto {
  file: string;
  alt: string;
}

/** A listing's photos as the manager shows them, in order, the cover marked. */
export interface ListingPhotos {
  code: string;
  headline: string;
  slug: string;
  published: boolean;
  revision: number;
  photos: ListingPhoto[];
  /** The cover's file; "" when the listing has no photo. */
  cover: string;
  /** The listing's floor plans, in order (decision 052). */
  floorPlans: FloorPlan[];
  /** What the page starts from, posted back so a save merges (lib/photo-merge.ts). */
  base: PhotoBase;
}

/** The limits every uploaded photo is checked against (server/photos/validate.ts). */
export const photoLimits = {
  /** Bytes of one file. */
  maxBytes: 15 * 1024 * 1024,
  /** The shorter side at least, the longer side at most, in pixels. */
  minWidth: 640,
  minHeight: 400,
  maxSide: 8000,
  /** Bytes of one post (the form without JavaScript may carry several photos). */
  maxPostBytes: 64 * 1024 * 1024,
  /** Files one post without JavaScript may carry (the uploader sends one a request). */
  maxFilesPerPost: 20,
  /** Photos one listing may have. */
  maxPhotosPerListing: 60,
  /** Characters of alt text. */
  maxAlt: 250,
} as const;

/**
 * The limits of an uploaded floor plan (decision 052's addendum): an image as a photo, but a plan
 * may be a small drawing, so its minimum is lower; or a PDF of at most `maxBytes`.
 */
export const floorPlanLimits = {
  maxBytes: 15 * 1024 * 1024,
  minWidth: 200,
  minHeight: 200,
  maxSide: 8000,
  /** Files one post may carry (the listing has at most 20 plans, lib/floor-plans.ts). */
  maxFilesPerPost: 10,
} as const;

export const floorPlanAccept = "image/jpeg,image/png,image/webp,image/avif,application/pdf";
export const floorPlanFormatsText = "JPEG, PNG, WebP, AVIF or PDF";

/** The formats accepted, as a file input's `accept` and as the words of a refusal. */
export const photoAccept = "image/jpeg,image/png,image/webp,image/avif";
export const photoFormatsText = "JPEG, PNG, WebP or AVIF";

/** What one uploaded file came to: stored as `file`, or refused with `message`. */
export type PhotoUploadResult =
  | { ok: true; name: string; file: string; duplicate: boolean }
  | { ok: false; name: string; message: string };

/** The answer to an upload: each file's result, and the listing's photos after it. */
export interface PhotoUploadAnswer {
  results: PhotoUploadResult[];
  /** False when nothing could be added for a listing-wide reason (gone, changing). */
  ok: boolean;
  /** The listing does not exist (any more). */
  missing?: boolean;
  message?: string;
  revision?: number;
}

/** A save of the manager's form: the photos kept, in order, with their alt text and cover. */
export interface PhotoArrangement {
  photos: ListingPhoto[];
  cover: string;
}

export type PhotoSave =
  /** `merged`: colleagues saved the photos since the page opened; what of theirs was kept. */
  | { ok: true; removed: string[]; deletedFiles: string[]; merged?: PhotoMergeReport }
  | { ok: false; reason: "missing" }
  /**
   * Someone saved the listing since the page opened. With `conflicts` (alt texts both changed):
   * `draft` is the merged arrangement to show again, `base` the one the page posted.
   */
  | {
      ok: false;
      reason: "conflict";
      revision: number;
      conflicts?: AltConflict[];
      draft?: PhotoArrangement;
      savedBy?: ColleagueSave[];
    }
  | { ok: false; reason: "invalid"; message: string };

/** The photos of a listing row: `image_list` in order, a cover outside it first. */
export function photosOfRow(row: { cover_image: string; image_list: string }): {
  photos: ListingPhoto[];
  cover: string;
} {
  const photos: ListingPhoto[] = [];
  const seen = new Set<string>();
  for (const item of parseJsonList(row.image_list)) {
    const file =
      typeof item === "string"
        ? item
        : item && typeof item === "object" && "imageUrl" in item
          ? (item as { imageUrl: unknown }).imageUrl
          : undefined;
    if (typeof file !== "string" || file.trim() === "" || seen.has(file)) continue;
    seen.add(file);
    const alt =
      item && typeof item === "object" && "alt" in item && typeof item.alt === "string"
        ? item.alt
        : "";
    photos.push({ file, alt });
  }
  const cover = row.cover_image.trim();
  if (cover !== "" && !seen.has(cover)) photos.unshift({ file: cover, alt: "" });
  return { photos, cover: cover !== "" ? cover : (photos[0]?.file ?? "") };
}

/**
 * The two columns that hold `photos` with `cover` (the first photo when the cover is not one).
 * The cover is moved to the front of the list: the site shows it first, and the import, the
 * export and the editor read the first image as the cover (decision 014).
 */
export function photoColumns(
  photos: readonly ListingPhoto[],
  cover: string,
): { cover_image: string; image_list: string } {
  const chosen = photos.some((photo) => photo.file === cover) ? cover : (photos[0]?.file ?? "");
  const ordered = [
    ...photos.filter((photo) => photo.file === chosen),
    ...photos.filter((photo) => photo.file !== chosen),
  ];
  return {
    cover_image: chosen,
    image_list: JSON.stringify(
      ordered.map((photo) =>
        photo.alt.trim() === ""
          ? { imageUrl: photo.file }
          : { imageUrl: photo.file, alt: photo.alt.trim() },
      ),
    ),
  };
}

/** Form field names of the manager's arrangement form. */
export const photoFields = {
  photo: "photo",
  alt: (index: number) => `alt-${index}`,
  cover: "cover",
  remove: "remove",
  move: "move",
  files: "photos",
  /** The floor-plan upload's files and label (decision 052's addendum). */
  floorPlans: "floor-plans",
  floorPlanLabel: "floor-plan-label",
} as const;

/** Form field names of the floor plans' arrangement form (decision 052's second addendum). */
export const floorPlanFields = {
  plan: "plan",
  label: (index: number) => `plan-label-${index}`,
  remove: "plan-remove",
  move: "plan-move",
} as const;

/**
 * `items` after a move button's value (`{file}:up` or `{file}:down`): that item one step, when
 * there is a step to go. The forms without JavaScript reorder one step a press.
 */
export function applyMoveButton<T extends { file: string }>(items: T[], move: string): T[] {
  const match = /^(.*):(up|down)$/.exec(move);
  if (!match) return items;
  const from = items.findIndex((item) => item.file === match[1]);
  const to = match[2] === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= items.length) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/**
 * The arrangement a posted form holds: `photo` repeated in order; `alt-{i}` beside each;
 * `cover`; `remove` (files to drop); a `move` button (`{file}:up` or `{file}:down`) applied
 * last, so a form without JavaScript reorders one step a press.
 */
export function readPhotoArrangement(form: FormData): PhotoArrangement & { removed: string[] } {
  const files = form.getAll(photoFields.photo).map(String);
  const removed = new Set(form.getAll(photoFields.remove).map(String));
  const photos = applyMoveButton(
    files.map((file, index) => ({
      file,
      alt: String(form.get(photoFields.alt(index)) ?? "").slice(0, photoLimits.maxAlt),
    })),
    String(form.get(photoFields.move) ?? ""),
  );
  return {
    photos: photos.filter((photo) => !removed.has(photo.file)),
    cover: String(form.get(photoFields.cover) ?? ""),
    removed: [...removed].filter((file) => files.includes(file)),
  };
}

/** A save of the floor plans' form: the plans kept, in order, with their labels. */
export interface FloorPlanArrangement {
  plans: { file: string; label: string }[];
}

/**
 * The floor plans a posted form holds, as `readPhotoArrangement` reads photos: `plan`
 * repeated in order, `plan-label-{i}` beside each, `plan-remove` and a `plan-move` button.
 * A label is read as typed (the service checks it); `removed` are the files to drop.
 */
export function readFloorPlanArrangement(
  form: FormData,
): FloorPlanArrangement & { removed: string[] } {
  const files = form.getAll(floorPlanFields.plan).map(String);
  const removed = new Set(form.getAll(floorPlanFields.remove).map(String));
  const plans = applyMoveButton(
    files.map((file, index) => ({
      file,
      label: String(form.get(floorPlanFields.label(index)) ?? ""),
    })),
    String(form.get(floorPlanFields.move) ?? ""),
  );
  return {
    plans: plans.filter((plan) => !removed.has(plan.file)),
    removed: [...removed].filter((file) => files.includes(file)),
  };
}

/**
 * `imageList` (an image_list written from file names alone, by the import) with the alt text
 * `stored` (the listing's image_list before) gave the same files, so that an import or an
 * export imported back keeps what staff wrote.
 */
export function keepStoredAlts(imageList: string, stored: string): string {
  const alts = new Map(
    photosOfRow({ cover_image: "", image_list: stored }).photos.map((photo) => [
      photo.file,
      photo.alt,
    ]),
  );
  const items = parseJsonList(imageList).map((item) => {
    if (!item || typeof item !== "object" || !("imageUrl" in item)) return item;
    const alt = alts.get(String((item as { imageUrl: unknown }).imageUrl));
    return alt ? { ...(item as object), alt } : item;
  });
  return JSON.stringify(items);
}
