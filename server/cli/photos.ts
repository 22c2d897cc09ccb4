/**
 * The operator's clean-ups of stored photo files:
 *   npm run photos -- sweep [--dry-run] [--grace-hours N]
 * deletes the content-hashed files of IMAGE_DIR/property that no listing names and that were
 * stored more than the grace period ago, with their WebP derivatives (decision 060). Reads
 * DATABASE_URL and IMAGE_DIR.
 *   npm run photos -- strip-metadata [--dry-run]
 * rewrites the images stored before uploads lost their metadata without it (decision 065).
 * Reads IMAGE_DIR only.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig, loadDotEnv } from "../../config/env.ts";
import { type DatabaseHandle, openDatabase } from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { withStartupLock } from "../../db/startup-lock.ts";
import { readPositiveInt } from "../../lib/text.ts";
import { type StripReport, stripStoredMetadata } from "../images/strip-stored-metadata.ts";
import { createFilesystemPhotoStore } from "../photos/photo-store.ts";
import {
  defaultSweepGraceMs,
  type SweepReport,
  sweepUnusedPhotoFiles,
} from "../photos/unused-files.ts";

const hourMs = 60 * 60 * 1000;

export const usage = `Usage:
  npm run photos -- sweep [--dry-run] [--grace-hours N]
      deletes the uploaded photo and floor-plan files (content-hashed names in
      IMAGE_DIR/property) that no listing uses and that were stored more than N hours
      ago (${defaultSweepGraceMs / hourMs} by default), with their WebP derivatives; --dry-run
      lists them and deletes nothing. Imported and demo images are never touched.
  npm run photos -- strip-metadata [--dry-run]
      rewrites every stored image of IMAGE_DIR (its root, property/ and sliders/) that
      holds metadata (EXIF such as a phone's GPS position and owner, XMP, IPTC, colour
      profiles, comments) without it, upright, under the same name; --dry-run lists them
      and changes nothing. Once after upgrading; then purge the CDN's or proxy's /images.
  npm run photos -- --help`;

type Command =
  | { kind: "help" }
  | { kind: "sweep"; dryRun: boolean; graceMs: number }
  | { kind: "strip-metadata"; dryRun: boolean };

/** Parses the arguments; throws an Error whose message says what is wrong. */
export function parsePhotosArgs(args: readonly string[]): Command {
  const [command, ...rest] = args;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    return { kind: "help" };
  }
  if (command === "strip-metadata") {
    const unexpected = rest.find((name) => name !== "--dry-run");
    if (unexpected !== undefined) throw new Error(`Unexpected argument '${unexpected}'.`);
    return { kind: "strip-metadata", dryRun: rest.length > 0 };
  }
  if (command !== "sweep") throw new Error(`Unknown command '${command}'.`);
  let dryRun = false;
  let graceMs = defaultSweepGraceMs;
  for (let index = 0; index < rest.length; index += 1) {
    const name = rest[index];
    if (name === "--dry-run") {
      dryRun = true;
    } else if (name === "--grace-hours") {
      const text = rest[index + 1] ?? "";
      const hours = readPositiveInt(text);
      if (hours === undefined) {
        throw new Error(`--grace-hours must be a whole number of at least 1, not '${text}'.`);
      }
      graceMs = hours * hourMs;
      index += 1;
    } else {
      throw new Error(`Unexpected argument '${name}'.`);
    }
  }
  return { kind: "sweep", dryRun, graceMs };
}

export function formatSweepReport(report: SweepReport, dryRun: boolean): string {
  const gone = dryRun ? "would be deleted" : "deleted";
  const lines = [
    `${dryRun ? "Dry run, nothing deleted: " : ""}${report.stored} uploaded files stored, ${report.used} used by listings, ${report.deleted.length} ${gone}.`,
    ...report.deleted.map((name) => `  ${name}`),
  ];
  return `${lines.join("\n")}\n`;
}

export function formatStripReport(report: StripReport, dryRun: boolean): string {
  const done = dryRun ? "would be rewritten" : "rewritten";
  const lines = [
    `${dryRun ? "Dry run, nothing changed: " : ""}${report.checked} stored images checked, ${report.stripped.length} held metadata and ${done} without it, ${report.failed.length} failed.`,
    ...report.stripped.map((file) => `  ${file}`),
    ...report.failed.map(({ file, message }) => `  not rewritten: ${file}: ${message}`),
  ];
  return `${lines.join("\n")}\n`;
}

export interface PhotosCliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** The environment: DATABASE_URL, IMAGE_DIR, ... */
  env: NodeJS.ProcessEnv;
  now?: () => Date;
}

/** Runs the command; answers the exit code (0 ok, 2 bad arguments, 1 failure). */
export async function runPhotosCli(args: readonly string[], io: PhotosCliIo): Promise<number> {
  let command: Command;
  try {
    command = parsePhotosArgs(args);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  if (command.kind === "help") {
    io.stdout(`${usage}\n`);
    return 0;
  }
  let database: DatabaseHandle | undefined;
  try {
    const config = loadConfig(io.env);
    if (command.kind === "strip-metadata") {
      const report = await stripStoredMetadata(resolve(config.IMAGE_DIR), command);
      io.stdout(formatStripReport(report, command.dryRun));
      return report.failed.length > 0 ? 1 : 0;
    }
    database = openDatabase(config.DATABASE_URL);
    const { db } = database;
    await withStartupLock(config.DATABASE_URL, () => migrateToLatest(db));
    const report = await sweepUnusedPhotoFiles(
      db,
      createFilesystemPhotoStore(resolve(config.IMAGE_DIR)),
      { graceMs: command.graceMs, now: io.now?.() ?? new Date(), dryRun: command.dryRun },
    );
    io.stdout(formatSweepReport(report, command.dryRun));
    return 0;
  } catch (error) {
    io.stderr(
      error instanceof ConfigError
        ? `${error.message}\n`
        : `photos ${command.kind}: ${(error as Error).message}\n`,
    );
    return 1;
  } finally {
    await database?.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  loadDotEnv();
  process.exitCode = await runPhotosCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
  });
}
