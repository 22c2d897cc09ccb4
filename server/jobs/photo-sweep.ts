/**
 * The photo files' sweep (decision 060), a job of server/jobs/registry.ts with
 * PHOTO_SWEEP_HOURS set: uploaded files no listing uses go, with their derivatives, once a
 * grace period after they were stored. The work is server/photos/unused-files.ts's, shared
 * with the `photos sweep` command; each file is checked again under the photo files' lock.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import type { PhotoStore } from "../photos/photo-store.ts";
import {
  defaultSweepGraceMs,
  type SweepReport,
  sweepUnusedPhotoFiles,
} from "../photos/unused-files.ts";

export interface PhotoSweepOptions {
  db: Kysely<Database>;
  store: PhotoStore;
  log: { info(object: object, message: string): void };
  graceMs?: number;
}

/** Sweeps at `at` (a run of the job); answers what it found and deleted. */
export function createPhotoSweep(options: PhotoSweepOptions): (at: Date) => Promise<SweepReport> {
  const { db, store, log, graceMs = defaultSweepGraceMs } = options;
  return async (at) => {
    const report = await sweepUnusedPhotoFiles(db, store, { graceMs, now: at, dryRun: false });
    if (report.deleted.length > 0) {
      log.info({ deleted: report.deleted }, "photo files no listing uses deleted");
    }
    return report;
  };
}
