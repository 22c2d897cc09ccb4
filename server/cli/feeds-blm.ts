/**
 * `npm run feeds -- blm --output DIR [--branch-id ID] [--upload]` (decision 097): writes the
 * branch's Rightmove BLM zip (the file and the photos it names) to DIR now, prints what it sent
 * and every refused listing with its reasons; `--upload` also sends it to BLM_SFTP_URL. Reads
 * DATABASE_URL, IMAGE_DIR, BLM_BRANCH_ID (unless --branch-id), BLM_SFTP_URL and
 * BLM_SFTP_KEY_FILE.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../../config/env.ts";
import { type DatabaseHandle, openDatabase } from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { recordFeedRun } from "../../db/queries/feed-state.ts";
import { withStartupLock } from "../../db/startup-lock.ts";
import { exportBlm, formatBlmReport } from "../feeds/blm-export.ts";
import { sftpTargetOf } from "../feeds/sftp.ts";
import { createFilesystemPhotoStore } from "../photos/photo-store.ts";
import type { FeedsCliIo } from "./feeds.ts";

export const blmUsage = `  npm run feeds -- blm --output DIR [--branch-id ID] [--upload]
      writes the Rightmove BLM zip ({BRANCH_ID}_{YYYYMMDDHH}.zip: the .BLM file and the
      photos and floor plans it names) of the published listings switched on for Rightmove
      to DIR, and lists each listing refused with its reasons; --branch-id stands for
      BLM_BRANCH_ID, --upload also uploads it to BLM_SFTP_URL.`;

interface BlmCommand {
  output: string;
  branchId: string | undefined;
  upload: boolean;
}

/** Reads the subcommand's options; throws an Error that says what to change. */
export function parseBlmArgs(args: readonly string[]): BlmCommand {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      output: { type: "string" },
      "branch-id": { type: "string" },
      upload: { type: "boolean" },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0) throw new Error(`Unexpected argument '${positionals[0]}'.`);
  if (!values.output) throw new Error("blm needs --output DIR, the folder to write the zip to.");
  return { output: values.output, branchId: values["branch-id"], upload: values.upload === true };
}

/** Runs `blm`; answers the exit code (0 written, 2 bad arguments, 1 failure). */
export async function runBlmCommand(args: readonly string[], io: FeedsCliIo): Promise<number> {
  let command: BlmCommand;
  try {
    command = parseBlmArgs(args);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\nUsage:\n${blmUsage}\n`);
    return 2;
  }
  let database: DatabaseHandle | undefined;
  try {
    const config = loadConfig(io.env);
    const branchId = command.branchId ?? config.BLM_BRANCH_ID;
    if (!branchId || !/^[A-Za-z0-9]{1,20}$/.test(branchId)) {
      io.stderr(
        "blm needs the Rightmove branch id: --branch-id ID or BLM_BRANCH_ID (letters and digits).\n",
      );
      return 2;
    }
    if (command.upload && !config.BLM_SFTP_URL) {
      io.stderr("--upload needs BLM_SFTP_URL.\n");
      return 2;
    }
    database = openDatabase(config.DATABASE_URL);
    const { db } = database;
    await withStartupLock(config.DATABASE_URL, () => migrateToLatest(db));
    const startedAt = new Date();
    const report = await exportBlm({
      db,
      photoStore: createFilesystemPhotoStore(resolve(config.IMAGE_DIR)),
      branchId,
      outputDir: resolve(command.output),
      ...(command.upload && config.BLM_SFTP_URL
        ? { sftp: sftpTargetOf(config.BLM_SFTP_URL, config.BLM_SFTP_KEY_FILE) }
        : {}),
      now: io.now?.() ?? new Date(),
    });
    // The back office's Portals page shows the last run, whichever made it (decision 100).
    await recordFeedRun(db, {
      feed: "rightmove",
      trigger: "command",
      startedAt,
      finishedAt: new Date(),
      file: report.blmFile,
      ...(report.uploadedTo ? { uploadedTo: report.uploadedTo } : {}),
      sent: report.sent,
      refused: report.refused,
    });
    io.stdout(formatBlmReport(report));
    return 0;
  } catch (error) {
    io.stderr(
      error instanceof ConfigError
        ? `${error.message}\n`
        : `feeds blm: ${(error as Error).message}\n`,
    );
    return 1;
  } finally {
    await database?.close();
  }
}
