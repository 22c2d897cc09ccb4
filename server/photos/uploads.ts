/**
 * How the photo manager takes an upload of photos or floor plans (decisions 056, 052, 065):
 * each file checked and stored outside any transaction (encoding the derivatives is slow), then
 * added to its listing under the photo files' lock over its revision, tried again while other
 * writes move it; the files it did not place are deleted when nothing uses them.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import { inTransaction } from "../../db/queries/audit.ts";
import { lockPhotoFiles } from "../../db/queries/listing-photos.ts";
import {
  floorPlanLimits,
  type PhotoUploadAnswer,
  type PhotoUploadResult,
  photoLimits,
} from "../../lib/admin-photos.ts";
import { maxFloorPlans } from "../../lib/floor-plans.ts";
import { runImageWork } from "../images/image-work.ts";
import type { PhotoStore } from "./photo-store.ts";
import { deleteUnusedPhotoFiles, deleteUnusedPhotoFilesAfterCommit } from "./unused-files.ts";
import { inspectFloorPlan, inspectPhoto } from "./validate.ts";

/** An uploaded file as the routes read it from the form. */
export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

/** What one try of an upload's append did to its listing. */
export type AppendOutcome =
  | { kind: "missing" }
  | { kind: "moved" }
  | { kind: "unchanged" | "added"; revision: number };

/** Tries of an upload's append when other writes to the listing keep moving its revision. */
const appendAttempts = 5;

/** What an upload of photos or of floor plans checks its files with, and how it names them. */
export interface UploadKind {
  noun: string;
  maxFilesPerPost: number;
  maxPerListing: number;
  inspect: typeof inspectPhoto;
}

export const photoUploads: UploadKind = {
  noun: "photo",
  maxFilesPerPost: photoLimits.maxFilesPerPost,
  maxPerListing: photoLimits.maxPhotosPerListing,
  inspect: inspectPhoto,
};
export const floorPlanUploads: UploadKind = {
  noun: "floor plan",
  maxFilesPerPost: floorPlanLimits.maxFilesPerPost,
  maxPerListing: maxFloorPlans,
  inspect: inspectFloorPlan,
};

/** What an upload's check-and-store step kept of an upload's files. */
export interface StoredUpload {
  /** Each posted file's result, in the order posted. */
  results: PhotoUploadResult[];
  /** The distinct stored files, with where their result is. */
  accepted: Map<string, { bytes: Buffer; index: number }>;
}

/** The answer to an upload for a listing that is not there. */
export const noSuchListing: PhotoUploadAnswer = {
  ok: false,
  missing: true,
  results: [],
  message: "There is no listing with this code.",
};

export interface UploadSteps {
  db: Kysely<Database>;
  store: PhotoStore;
  log: { warn(object: unknown, message: string): void };
  /** Tells every app server that the listing's files changed. */
  announce: () => Promise<void>;
}

export function createPhotoUploads({ db, store, log, announce }: UploadSteps) {
  /**
   * Checks each posted file (at most the kind's number a post) and stores those that pass,
   * outside any transaction: each file's result, in the order posted, and the distinct stored
   * files with where their result is.
   */
  async function checkAndStore(
    files: readonly UploadedFile[],
    kind: UploadKind,
  ): Promise<StoredUpload> {
    const results: PhotoUploadResult[] = [];
    const accepted: StoredUpload["accepted"] = new Map();
    for (const file of files.slice(0, kind.maxFilesPerPost)) {
      // One image at a time server-wide: each decodes its pixels into memory (decision 065).
      const outcome = await runImageWork(async () => {
        const inspected = await kind.inspect(file.bytes, file.name);
        if (!inspected.ok) return { inspected };
        try {
          await store.put(inspected.name, file.bytes);
          return { inspected };
        } catch (error) {
          return { inspected, error };
        }
      });
      const { inspected } = outcome;
      if (!inspected.ok) {
        results.push({ ok: false, name: file.name, message: inspected.message });
        continue;
      }
      if ("error" in outcome) {
        const { error } = outcome;
        log.warn({ err: error, file: file.name }, `an uploaded ${kind.noun} could not be stored`);
        // What was written of it goes, unless a listing uses that file.
        await deleteUnusedPhotoFiles(db, store, [inspected.name]).catch(() => []);
        results.push({
          ok: false,
          name: file.name,
          message: `${file.name} is damaged or could not be stored; try another copy.`,
        });
        continue;
      }
      results.push({ ok: true, name: file.name, file: inspected.name, duplicate: false });
      if (!accepted.has(inspected.name)) {
        accepted.set(inspected.name, { bytes: file.bytes, index: results.length - 1 });
      }
    }
    for (const file of files.slice(kind.maxFilesPerPost)) {
      results.push({
        ok: false,
        name: file.name,
        message: `${file.name} was not uploaded: send at most ${kind.maxFilesPerPost} ${kind.noun}s at once.`,
      });
    }
    return { results, accepted };
  }
  /**
   * Deletes the stored files an upload did not add to the listing (`all` of them when it saved
   * nothing, else those `refused` over the limit), unless a listing uses them.
   */
  async function dropUnplaced(
    accepted: ReadonlyMap<string, { index: number }>,
    results: readonly PhotoUploadResult[],
    which: "all" | "refused",
  ) {
    const unplaced = [...accepted]
      .filter(([, { index }]) => which === "all" || results[index]?.ok !== true)
      .map(([name]) => name);
    await deleteUnusedPhotoFilesAfterCommit(db, store, unplaced, log);
  }

  /**
   * Adds the files an upload stored to its listing: `append` runs under the photo files' lock
   * in a transaction, tried again while other writes keep moving the listing's revision. Files
   * it did not place are deleted when nothing uses them.
   */
  async function appendStored(
    kind: UploadKind,
    { results, accepted }: StoredUpload,
    append: (trx: Kysely<Database>) => Promise<AppendOutcome>,
  ): Promise<PhotoUploadAnswer> {
    for (let attempt = 1; attempt <= appendAttempts; attempt++) {
      const outcome = await inTransaction(db, async (trx) => {
        await lockPhotoFiles(trx);
        return append(trx);
      });
      if (outcome.kind === "moved") continue;
      if (outcome.kind === "missing") {
        await dropUnplaced(accepted, results, "all");
        return {
          ok: false,
          results,
          message: "There is no listing with this code: it was deleted.",
        };
      }
      if (outcome.kind === "added") await announce();
      await dropUnplaced(accepted, results, "refused");
      return { ok: true, results, revision: outcome.revision };
    }
    await dropUnplaced(accepted, results, "all");
    return {
      ok: false,
      results,
      message: `The listing kept changing while the ${kind.noun}s were added; try again.`,
    };
  }
  /**
   * Under the lock: the stored files an upload adds to a listing that has the `known` files
   * already, in the order posted. One the listing has is marked a duplicate; one past the
   * kind's most a listing may have is refused. A clean-up may have deleted a file since it was
   * stored (same bytes, removed elsewhere): each placed one is put back before the listing
   * refers to it.
   */
  async function placeNew(
    kind: UploadKind,
    { results, accepted }: StoredUpload,
    known: ReadonlySet<string>,
  ): Promise<string[]> {
    const placed: string[] = [];
    for (const [name, { bytes, index }] of accepted) {
      const result = results[index];
      if (known.has(name)) {
        if (result?.ok) result.duplicate = true;
        continue;
      }
      if (known.size + placed.length >= kind.maxPerListing) {
        const shown = result?.name ?? name;
        results[index] = {
          ok: false,
          name: shown,
          message: `${shown} was not added: a listing may have at most ${kind.maxPerListing} ${kind.noun}s.`,
        };
        continue;
      }
      await store.ensure(name, bytes);
      placed.push(name);
    }
    return placed;
  }

  return { checkAndStore, appendStored, placeNew };
}
