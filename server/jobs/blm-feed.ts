/**
 * The scheduled Rightmove feed (decision 097), a job of server/jobs/registry.ts: with
 * BLM_BRANCH_ID and BLM_OUTPUT_DIR or BLM_SFTP_URL set, every app server writes the branch's
 * BLM zip every BLM_EVERY_HOURS (at start, then at that interval) and uploads it when an SFTP
 * address is set; each run logs what it sent and every refused listing with its reasons, and
 * records it in `feed_run` for the back office's Portals page (decision 100). While an owner
 * has paused the Rightmove feed there, a run writes nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseHandle } from "../../db/database.ts";
import { isFeedPaused, recordFeedRun } from "../../db/queries/feed-state.ts";
import { type BlmExport, exportBlm } from "../feeds/blm-export.ts";
import type { SftpTarget } from "../feeds/sftp.ts";
import type { PhotoStore } from "../photos/photo-store.ts";

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface BlmFeedOptions {
  database: DatabaseHandle;
  photoStore: PhotoStore;
  branchId: string;
  /** Where the zip is kept; absent: a temporary folder, emptied after the upload. */
  outputDir: string | undefined;
  sftp: SftpTarget | undefined;
  log: Log;
}

/** Writes (and uploads) the feed at `at` (a run of the job); answers the export's report. */
export function createBlmFeed(options: BlmFeedOptions): (at: Date) => Promise<BlmExport> {
  const { database, photoStore, branchId, sftp, log } = options;
  return async (at) => {
    if (await isFeedPaused(database.db, "rightmove")) {
      log.info({}, "rightmove feed paused: nothing written");
      return { blmFile: "", zipPath: "", sent: [], refused: [] };
    }
    const outputDir = options.outputDir ?? mkdtempSync(join(tmpdir(), "homes-blm-"));
    const startedAt = new Date();
    try {
      const report = await exportBlm({
        db: database.db,
        photoStore,
        branchId,
        outputDir,
        ...(sftp ? { sftp } : {}),
        now: at,
      });
      log.info(
        {
          file: report.blmFile,
          zip: options.outputDir === undefined ? undefined : report.zipPath,
          uploadedTo: report.uploadedTo,
          sent: report.sent.length,
          refused: report.refused.length,
        },
        "rightmove feed written",
      );
      // Each refusal on a line of its own, with its reasons, for whoever reads the log.
      for (const { code, reasons } of report.refused) {
        log.warn({ code, reasons }, "rightmove feed refused a listing");
      }
      await recordFeedRun(database.db, {
        feed: "rightmove",
        trigger: "job",
        startedAt,
        finishedAt: new Date(),
        file: report.blmFile,
        ...(report.uploadedTo ? { uploadedTo: report.uploadedTo } : {}),
        sent: report.sent,
        refused: report.refused,
      });
      return report;
    } catch (error) {
      await recordFeedRun(database.db, {
        feed: "rightmove",
        trigger: "job",
        startedAt,
        finishedAt: new Date(),
        error: error instanceof Error ? error.message : String(error),
        sent: [],
        refused: [],
      }).catch(() => {});
      throw error;
    } finally {
      if (options.outputDir === undefined) rmSync(outputDir, { recursive: true, force: true });
    }
  };
}
