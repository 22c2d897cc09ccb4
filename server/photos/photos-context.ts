/**
 * What the photo manager's service shares between its photos and its floor plans (decisions
 * 056, 052): the database, the files' store, the clock, how a committed change is announced
 * to every app server, the upload steps (./uploads.ts) and what follows a save's commit.
 */
import type { Redis } from "ioredis";
import type { Kysely } from "kysely";
import type { Database, DatabaseHandle } from "../../db/database.ts";
import type { PhotoSave } from "../../lib/admin-photos.ts";
import { publishContentChange } from "../content-changes.ts";
import type { ListingChanges } from "../feeds/push/changes.ts";
import type { PhotoStore } from "./photo-store.ts";
import { deleteUnusedPhotoFilesAfterCommit } from "./unused-files.ts";
import { createPhotoUploads } from "./uploads.ts";

export interface AdminPhotosOptions {
  database: DatabaseHandle;
  store: PhotoStore;
  /** The app's Redis client (REDIS_URL): changes reach the other app servers through it. */
  redis?: Redis | undefined;
  log: { warn(object: unknown, message: string): void };
  now?: () => Date;
  /** The push portal's queue (PUSH_URL, decision 095); absent: nothing is pushed. */
  listingChanges?: ListingChanges | undefined;
}

export interface PhotosContext {
  db: Kysely<Database>;
  now: () => Date;
  uploads: ReturnType<typeof createPhotoUploads>;
  /** The push portal's queue: each write queues its listing in its own transaction. */
  listingChanges: ListingChanges | undefined;
  /**
   * After a save's commit: announced, then each removed file no listing uses any more deleted
   * (only once no committed listing uses it).
   */
  afterSave(answer: PhotoSave): Promise<PhotoSave>;
}

export function createPhotosContext(options: AdminPhotosOptions): PhotosContext {
  const { database, store, redis, log } = options;
  const db = database.db;
  /** The change is committed: failing to tell other servers is logged, not the answer. */
  const announce = () => {
    options.listingChanges?.committed();
    return publishContentChange(redis).catch((error: unknown) =>
      log.warn({ err: error }, "photos changed, but other app servers could not be told"),
    );
  };
  return {
    db,
    now: options.now ?? (() => new Date()),
    uploads: createPhotoUploads({ db, store, log, announce }),
    listingChanges: options.listingChanges,
    async afterSave(answer) {
      if (!answer.ok) return answer;
      await announce();
      const deletedFiles = await deleteUnusedPhotoFilesAfterCommit(db, store, answer.removed, log);
      return { ...answer, deletedFiles };
    },
  };
}
