/**
 * A photo save merged with colleagues' saves of the same listing's photos (decision 056's
 * addendum). The page posts, beside its arrangement, what it started from (its "base": the
 * order, cover and alt texts then); the server compares mine and theirs with it, photo by photo,
 * as the listing editor does field by field (decision 044's addendum). Pure, shared by the
 * service and the page.
 */
import type { ColleagueSave } from "./admin-listing-merge.ts";
import type { ListingPhoto, PhotoArrangement } from "./admin-photos.ts";

/** What the page started from. */
export interface PhotoBase {
  /** The listing's newest audit event then (0: none): the colleagues since are named. */
  eventId: number;
  order: string[];
  cover: string;
  /** Alt text by file. */
  alts: Record<string, string>;
}

/** Keep mine or theirs, for one photo's alt text both changed. */
export type AltChoice = "mine" | "theirs";

/** The form field carrying an alt text conflict's choice. */
export const altChoiceName = (file: string) => `keep-alt:${file}`;

/** One photo whose alt text both changed to different texts. */
export interface AltConflict {
  file: string;
  mine: string;
  theirs: string;
}

/** What a merged save kept of colleagues' changes, for its notice. */
export interface PhotoMergeReport {
  savedBy: ColleagueSave[];
  /** Photos whose alt text is theirs. */
  alts: number;
  order: boolean;
  cover: boolean;
}

export function photoBaseOf(
  photos: readonly ListingPhoto[],
  cover: string,
  eventId: number,
): PhotoBase {
  return {
    eventId,
    order: photos.map((photo) => photo.file),
    cover,
    alts: Object.fromEntries(photos.map((photo) => [photo.file, photo.alt])),
  };
}

/** A posted base; null when missing or not one. */
export function readPhotoBase(text: unknown): PhotoBase | null {
  if (typeof text !== "string" || text === "") return null;
  try {
    const parsed = JSON.parse(text) as Partial<PhotoBase> | null;
    if (
      !parsed ||
      typeof parsed.eventId !== "number" ||
      !Array.isArray(parsed.order) ||
      !parsed.order.every((file) => typeof file === "string") ||
      typeof parsed.cover !== "string" ||
      typeof parsed.alts !== "object" ||
      parsed.alts === null
    ) {
      return null;
    }
    const alts: Record<string, string> = {};
    for (const [file, alt] of Object.entries(parsed.alts)) {
      if (typeof alt === "string") alts[file] = alt;
    }
    return { eventId: parsed.eventId, order: parsed.order, cover: parsed.cover, alts };
  } catch {
    return null;
  }
}

/** What a save posts for merging: its base, its removals and the choices of conflicts. */
export interface PhotoMergeInput {
  base: PhotoBase | null;
  removed: readonly string[];
  choices: Readonly<Record<string, AltChoice>>;
}

/** The merge's part of a posted photos form: `base` and each `keep-alt:{file}` choice. */
export function readPhotoMergeInput(form: FormData, removed: readonly string[]): PhotoMergeInput {
  const choices: Record<string, AltChoice> = {};
  for (const [name, value] of form.entries()) {
    if (!name.startsWith("keep-alt:")) continue;
    if (value === "mine" || value === "theirs") choices[name.slice("keep-alt:".length)] = value;
  }
  return { base: readPhotoBase(form.get("base")), removed, choices };
}

export interface PhotoMerge {
  arrangement: PhotoArrangement;
  conflicts: AltConflict[];
  /** What of theirs the arrangement keeps. */
  theirs: Omit<PhotoMergeReport, "savedBy">;
}

const sameOrder = (a: readonly string[], b: readonly string[]) => a.join("\n") === b.join("\n");

/**
 * Merges `mine` (as posted, `removed` its removals) with `stored` (theirs now) over `base`:
 * photos they added or removed stay so; my removals of photos still there apply; an alt text
 * only I changed is mine, one only they changed theirs, one both changed to different texts a
 * conflict unless `choices` says whose; the order is mine unless they reordered, the cover
 * mine when only I changed it.
 */
export function mergePhotoArrangement(
  mine: PhotoArrangement & { removed: readonly string[] },
  stored: { photos: readonly ListingPhoto[]; cover: string },
  base: PhotoBase,
  choices: Readonly<Record<string, AltChoice>>,
): PhotoMerge {
  const removed = new Set(mine.removed);
  const mineByFile = new Map(mine.photos.map((photo) => [photo.file, photo]));
  const kept = stored.photos.filter((photo) => !removed.has(photo.file));
  const keptFiles = new Set(kept.map((photo) => photo.file));

  const conflicts: AltConflict[] = [];
  let theirAlts = 0;
  const photos = kept.map((theirs): ListingPhoto => {
    const posted = mineByFile.get(theirs.file);
    // A photo this page uploaded came without alt text.
    const was = (base.alts[theirs.file] ?? "").trim();
    const theirsChanged = theirs.alt.trim() !== was;
    // A photo added by a colleague since the page opened, or left unchanged here: theirs.
    if (!posted || posted.alt.trim() === was) {
      if (theirsChanged) theirAlts++;
      return theirs;
    }
    if (!theirsChanged || theirs.alt.trim() === posted.alt.trim()) {
      return { file: theirs.file, alt: posted.alt };
    }
    const choice = choices[theirs.file];
    if (choice === "theirs") {
      theirAlts++;
      return theirs;
    }
    if (choice !== "mine") {
      conflicts.push({ file: theirs.file, mine: posted.alt, theirs: theirs.alt });
    }
    return { file: theirs.file, alt: posted.alt };
  });

  // The order is mine unless they reordered the photos the page started with; photos they
  // added go after mine.
  const baseFiles = new Set(base.order);
  const storedFiles = new Set(stored.photos.map((photo) => photo.file));
  const theirsReordered = !sameOrder(
    stored.photos.map((photo) => photo.file).filter((file) => baseFiles.has(file)),
    base.order.filter((file) => storedFiles.has(file)),
  );
  let ordered = photos;
  if (!theirsReordered) {
    const place = new Map(mine.photos.map((photo, index) => [photo.file, index]));
    ordered = [
      ...photos
        .filter((photo) => place.has(photo.file))
        .sort((a, b) => (place.get(a.file) ?? 0) - (place.get(b.file) ?? 0)),
      ...photos.filter((photo) => !place.has(photo.file)),
    ];
  }

  const coverChanged = mine.cover !== base.cover && keptFiles.has(mine.cover);
  // A listing without photos takes its first upload as its cover: nobody chose that one, and
  // the upload may well be this page's own.
  const theirCoverChanged = base.cover !== "" && stored.cover !== base.cover;
  const cover = coverChanged && !theirCoverChanged ? mine.cover : stored.cover;
  return {
    arrangement: { photos: ordered, cover },
    conflicts,
    theirs: {
      alts: theirAlts,
      order: theirsReordered,
      cover: theirCoverChanged && cover === stored.cover,
    },
  };
}

/** A merge report as a save's audit detail recorded it; null when it holds none. */
export function photoMergeReportOf(stored: unknown): PhotoMergeReport | null {
  if (typeof stored !== "object" || stored === null) return null;
  const report = stored as Partial<PhotoMergeReport>;
  if (!Array.isArray(report.savedBy)) return null;
  return {
    savedBy: report.savedBy.filter(
      (save): save is ColleagueSave =>
        typeof save?.email === "string" && typeof save?.at === "string",
    ),
    alts: typeof report.alts === "number" ? report.alts : 0,
    order: report.order === true,
    cover: report.cover === true,
  };
}
