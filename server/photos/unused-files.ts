/**
 * Stored photo and floor-plan files no listing uses any more (decisions 056 and 060): each
 * write that drops a listing's references to files (a photo manager save, a listing deleted,
 * the editor's floor plans, a re-import) hands the dropped names to the one
 * {@link deleteUnusedPhotoFiles} after its commit, and {@link sweepUnusedPhotoFiles} finds
 * what any other path left behind (an upload whose listing was never saved, a crash between a
 * commit and its clean-up). Only content-hashed names are ever deleted: the import's and the
 * seed's files are not.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import {
  isPhotoFileUsed,
  listListingFileTexts,
  lockPhotoFiles,
  visitFileReferences,
} from "../../db/queries/listing-photos.ts";
import { isPhotoName, type PhotoStore, photoNamesIn } from "./photo-store.ts";

/** Files checked and deleted under one hold of the lock. */
const filesPerLock = 50;

export interface UnusedFileOptions {
  /** Keeps a file stored or wanted again (`ensure`) after this time: an upload in flight. */
  storedBefore?: Date;
  /** Answers what would be deleted, deleting nothing. */
  dryRun?: boolean;
}

/**
 * Deletes the stored files of `names` that no listing uses, with their derivatives, under the
 * photo files' lock: an upload of the same bytes waits, then stores the original again
 * (`ensure`) before it commits. Call it after the write that dropped them has committed.
 * Names that are not content-hashed are never touched. Answers the names deleted.
 */
export async function deleteUnusedPhotoFiles(
  db: Kysely<Database>,
  store: PhotoStore,
  names: Iterable<string>,
  options: UnusedFileOptions = {},
): Promise<string[]> {
  const candidates = [...new Set(names)].filter(isPhotoName);
  if (candidates.length === 0) return [];
  const { storedBefore, dryRun = false } = options;
  const deleted: string[] = [];
  // A few files a transaction: an upload's save waits for the lock no longer than that.
  for (let start = 0; start < candidates.length; start += filesPerLock) {
    const chunk = candidates.slice(start, start + filesPerLock);
    await db.transaction().execute(async (trx) => {
      await lockPhotoFiles(trx);
      for (const name of chunk) {
        if (storedBefore !== undefined) {
          const modified = await store.modifiedAt(name);
          if (modified === undefined || modified >= storedBefore) continue;
        }
        if (await isPhotoFileUsed(trx, name)) continue;
        if (!dryRun) await store.delete(name);
        deleted.push(name);
      }
    });
  }
  return deleted;
}

/**
 * {@link deleteUnusedPhotoFiles} after a committed write: a failure is logged, not the write's
 * answer (a sweep finds the files later). Answers the names deleted.
 */
export function deleteUnusedPhotoFilesAfterCommit(
  db: Kysely<Database>,
  store: PhotoStore,
  names: Iterable<string>,
  log: { warn(object: unknown, message: string): void },
): Promise<string[]> {
  return deleteUnusedPhotoFiles(db, store, names).catch((error: unknown) => {
    log.warn({ err: error }, "files no listing uses any more could not be deleted");
    return [];
  });
}

/** The content-hashed files listing `code` names (cover, photos, floor plans). */
export async function listingPhotoFiles(db: Kysely<Database>, code: string): Promise<Set<string>> {
  return new Set((await listListingFileTexts(db, code)).flatMap(photoNamesIn));
}

/** The files of `before` that `after` no longer names. */
export function droppedFiles(before: ReadonlySet<string>, after: ReadonlySet<string>): string[] {
  return [...before].filter((name) => !after.has(name));
}

/** How long a file no listing uses is kept by default: an upload's save is long done by then. */
export const defaultSweepGraceMs = 24 * 60 * 60 * 1000;

export interface SweepOptions {
  /** Files stored or wanted again within this long before `now` are kept. */
  graceMs: number;
  now: Date;
  dryRun: boolean;
}

export interface SweepReport {
  /** Content-hashed originals in the store. */
  stored: number;
  /** Of those, files some listing names. */
  used: number;
  /** Files deleted (or, in a dry run, that would be). */
  deleted: string[];
}

/**
 * Deletes every content-hashed file of the store that no listing names and that was stored
 * (or wanted again) more than the grace period ago. The listings are read once, page by page,
 * for the names they use; each remaining candidate is checked again under the lock by
 * {@link deleteUnusedPhotoFiles}, so a listing saved meanwhile keeps its file.
 */
export async function sweepUnusedPhotoFiles(
  db: Kysely<Database>,
  store: PhotoStore,
  options: SweepOptions,
): Promise<SweepReport> {
  const stored = (await store.list()).filter(isPhotoName);
  const used = new Set<string>();
  await visitFileReferences(db, (text) => {
    for (const name of photoNamesIn(text)) used.add(name);
  });
  const storedBefore = new Date(options.now.getTime() - options.graceMs);
  const deleted = await deleteUnusedPhotoFiles(
    db,
    store,
    stored.filter((name) => !used.has(name)),
    { storedBefore, dryRun: options.dryRun },
  );
  return { stored: stored.length, used: stored.filter((name) => used.has(name)).length, deleted };
}
