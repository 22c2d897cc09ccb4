/**
 * The owner's content commands: `npm run content -- <command>` (see {@link generalUsage}).
 * Opens the database of DATABASE_URL (migrating it first) and writes images into IMAGE_DIR.
 */

import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Kysely } from "kysely";
import { type Config, ConfigError, loadConfig, loadDotEnv } from "../../config/env.ts";
import {
  type Database,
  type DatabaseHandle,
  openDatabase,
  type SliderRow,
} from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { type AuditActor, recordAuditEvent } from "../../db/queries/audit.ts";
import { updatePropertyPublish } from "../../db/queries/property-writes.ts";
import { listSliderRows } from "../../db/queries/slider.ts";
import { createProgressBar, type ProgressStream } from "../../db/seed/progress.ts";
import { withStartupLock } from "../../db/startup-lock.ts";
import { cliActor } from "../../lib/admin-audit.ts";
import { announceContentChange } from "../content/announce.ts";
import { setCollection } from "../content/collections.ts";
import { exportProperties } from "../content/export-properties.ts";
import { readImportFile } from "../content/import-file.ts";
import { type ImportReport, importProperties } from "../content/import-properties.ts";
import { readProfileFile, readProfileInput, setCompanyProfile } from "../content/profile.ts";
import { addSlider, findSliderAt, removeSlider, replaceSlider } from "../content/sliders.ts";
import type {
  ContentIssue,
  ContentWriteResult,
  ContentWriter,
  ContentWritten,
} from "../content/writes.ts";
import { createListingChanges } from "../feeds/push/changes.ts";
import {
  type ContentCommand,
  generalUsage,
  parseContentArgs,
  topicUsage,
  UsageError,
} from "./content-args.ts";

export interface ContentCliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** The environment: DATABASE_URL, IMAGE_DIR, ... */
  env: NodeJS.ProcessEnv;
  /** The folder relative paths are read from (npm's INIT_CWD: where `npm run` was typed). */
  cwd: string;
  /** Where the progress bar is drawn; none when absent. */
  progress?: ProgressStream;
  /** Called once after a command changed content; {@link announceContentChange} by default. */
  contentChanged?: (config: Config, warn: (text: string) => void) => Promise<void>;
}

/** The progress bar is drawn for imports of at least this many rows (or on a terminal). */
const progressFromRows = 100;

/** Runs a content command; answers the exit code (0 done, 1 failed, 2 wrong arguments). */
export async function runContentCli(args: readonly string[], io: ContentCliIo): Promise<number> {
  let command: ContentCommand;
  try {
    command = parseContentArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const usage = error.topic === undefined ? generalUsage : topicUsage[error.topic];
    io.stderr(`${error.message}\n\n${usage}\n`);
    return 2;
  }
  if (command.kind === "help") {
    io.stdout(`${command.topic === undefined ? generalUsage : topicUsage[command.topic]}\n`);
    return 0;
  }

  let config: Config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.stderr(`${error.message}\n`);
    return 1;
  }
  let database: DatabaseHandle | undefined;
  try {
    database = openDatabase(config.DATABASE_URL);
    const { db } = database;
    await withStartupLock(config.DATABASE_URL, () => migrateToLatest(db));
    const result = await runCommand(command, database, config, io);
    if (result.changed) await (io.contentChanged ?? announceContentChange)(config, io.stderr);
    return result.exitCode;
  } catch (error) {
    io.stderr(`content ${args[0]}: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await database?.close();
  }
}

interface CommandResult {
  /**
   * The command saved something it announces itself (an import, a publish): running servers
   * are told. Sliders, collections and the profile are announced by their write.
   */
  changed: boolean;
  exitCode: number;
}

const done = (changed: boolean): CommandResult => ({ changed, exitCode: 0 });

/** The audit log's actor of every change this command makes (decision 050). */
const cliAuditActor: AuditActor = { id: null, email: cliActor };

/**
 * A write's result, or its refusal thrown as the command's message: `words` words the issues of
 * an invalid one (the back office's are worded for its form).
 */
function settled<T extends object>(
  result: ContentWriteResult<T>,
  words: (issues: ContentIssue[]) => string,
): ContentWritten<T> {
  if (result.ok) return result;
  if (result.reason === "invalid") throw new Error(words(result.issues));
  // The command names sliders by their place, looked up just before; another writer was quicker.
  throw new Error(
    result.reason === "missing"
      ? "The slider is gone."
      : `The change was refused (${result.reason}).`,
  );
}

/** A slider's first issue in the command's words, which name its options. */
function sliderWords(values: { title?: string; link?: string }) {
  return ([issue]: ContentIssue[]): string => {
    if (issue?.field === "title") return "--title must be 1 to 200 characters.";
    if (issue?.field === "link") {
      return `--link must be a path on the site (such as /property) or an http(s) address, not '${values.link}'.`;
    }
    // The image's own message names its file.
    return issue?.message ?? "The slider is refused.";
  };
}

/** The slider shown `number`th (1-based), as `slider list` numbers them; throws when there is none. */
async function sliderNumbered(db: Kysely<Database>, number: number): Promise<SliderRow> {
  const { slider, count } = await findSliderAt(db, number);
  if (slider === undefined) {
    throw new Error(
      count === 0
        ? "There are no sliders."
        : `There is no slider ${number}: the sliders are numbered 1 to ${count}.`,
    );
  }
  return slider;
}

async function runCommand(
  command: Exclude<ContentCommand, { kind: "help" }>,
  { db }: DatabaseHandle,
  config: Config,
  io: ContentCliIo,
): Promise<CommandResult> {
  const path = (file: string) => resolve(io.cwd, file);
  const imageDir = resolve(config.IMAGE_DIR);
  /**
   * The push portal's queue (decision 095): the app servers' listing-push job sends what this
   * command queues at its next run.
   */
  const listingChanges = config.PUSH_URL ? createListingChanges() : undefined;
  /** Sliders, collections and the profile: the back office's write path (decision 084). */
  const writer: ContentWriter = {
    db,
    imageDir,
    actor: cliAuditActor,
    announce: () => (io.contentChanged ?? announceContentChange)(config, io.stderr),
  };
  switch (command.kind) {
    case "import": {
      const rows = await readImportFile(path(command.file));
      const stream = io.progress;
      const bar =
        stream !== undefined && (stream.isTTY === true || rows.length >= progressFromRows)
          ? createProgressBar(rows.length, stream)
          : undefined;
      let report: ImportReport;
      try {
        report = await importProperties(db, rows, {
          imageDir,
          ...(command.images === undefined ? {} : { imageFolder: path(command.images) }),
          dryRun: command.dryRun,
          onProgress: (count) => bar?.update(count),
          actor: cliAuditActor,
          listingChanges,
        });
      } finally {
        bar?.finish();
      }
      io.stdout(formatImportReport(command.file, report, command.dryRun));
      const changed = !command.dryRun && report.inserted.length + report.updated.length > 0;
      return { changed, exitCode: report.rejected.length > 0 ? 1 : 0 };
    }
    case "export": {
      const { document, count } = await exportProperties(db, command.format);
      if (command.output === undefined) {
        io.stdout(document);
      } else {
        await writeFile(path(command.output), document);
        io.stdout(`Exported ${count} properties to ${command.output}.\n`);
      }
      return done(false);
    }
    case "profile-set": {
      const fromFile = command.from === undefined ? {} : await readProfileFile(path(command.from));
      const fromOptions = readProfileInput(command.fields);
      const { logo, ...fields } = { ...fromFile, ...fromOptions };
      const logoFile = fromOptions.logo === undefined ? logo : path(fromOptions.logo);
      const { change } = settled(
        await setCompanyProfile(writer, fields, logoFile === undefined ? null : { path: logoFile }),
        // As readProfileInput words them; the logo's own message names its file.
        (issues) =>
          issues
            .map((issue) =>
              issue.field === "logo" ? issue.message : `${issue.field} ${issue.message}`,
            )
            .join("; "),
      );
      io.stdout(
        change === "unchanged"
          ? "The company profile is unchanged.\n"
          : `Company profile ${change === "inserted" ? "created" : "updated"}.\n`,
      );
      return done(false);
    }
    case "slider-list": {
      const sliders = await listSliderRows(db);
      io.stdout(
        sliders.length === 0
          ? "No sliders.\n"
          : sliders
              .map(
                (slider, index) =>
                  `${index + 1}. ${slider.title}\n   image ${slider.image_url}, link ${slider.link}\n`,
              )
              .join(""),
      );
      return done(false);
    }
    case "slider-add": {
      const { title, link } = command;
      settled(
        await addSlider(writer, { title, link }, { path: path(command.image) }),
        sliderWords({ title, link }),
      );
      io.stdout(`Added the slider '${title.trim()}'.\n`);
      return done(false);
    }
    case "slider-replace": {
      const { number, title, link, image } = command;
      const slider = await sliderNumbered(db, number);
      const values = {
        ...(title === undefined ? {} : { title }),
        ...(link === undefined ? {} : { link }),
      };
      const { changed } = settled(
        await replaceSlider(
          writer,
          slider.id,
          values,
          image === undefined ? null : { path: path(image) },
          { position: number },
        ),
        sliderWords(values),
      );
      io.stdout(changed ? `Changed slider ${number}.\n` : `Slider ${number} is unchanged.\n`);
      return done(false);
    }
    case "slider-remove": {
      const slider = await sliderNumbered(db, command.number);
      const { title } = settled(
        await removeSlider(writer, slider.id, { position: command.number }),
        sliderWords({}),
      );
      io.stdout(`Removed slider ${command.number}, '${title}'.\n`);
      return done(false);
    }
    case "collection-set": {
      const { changed, unpublished } = settled(
        await setCollection(writer, command.name, command.codes),
        ([issue]) =>
          issue?.problem === "repeated"
            ? `Listed more than once: ${issue.codes?.join(", ")}.`
            : issue?.problem === "unknown"
              ? `No property has the code ${issue.codes?.join(", ")}.`
              : `A collection ${issue?.message ?? "is refused"}.`,
      );
      io.stdout(
        changed
          ? `'${command.name}' now lists ${command.codes.join(", ")}.\n`
          : `'${command.name}' already lists these properties.\n`,
      );
      if (unpublished.length > 0) {
        io.stderr(`Not published, so not shown until published: ${unpublished.join(", ")}.\n`);
      }
      return done(false);
    }
    case "publish": {
      const result = await db.transaction().execute(async (trx) => {
        const made = await updatePropertyPublish(trx, command.code, command.publish);
        if (made === "changed") {
          await listingChanges?.queue(trx, [command.code], new Date());
          await recordAuditEvent(trx, {
            actor: cliAuditActor,
            action: command.publish ? "listing.publish" : "listing.unpublish",
            subjectType: "listing",
            subjectId: command.code,
            at: new Date(),
          });
        }
        return made;
      });
      if (result === "missing") throw new Error(`No property has the code ${command.code}.`);
      const state = command.publish ? "published" : "unpublished";
      io.stdout(
        result === "changed"
          ? `${command.code} is now ${state}.\n`
          : `${command.code} was already ${state}.\n`,
      );
      return done(result === "changed");
    }
    case "push": {
      if (!listingChanges) {
        throw new Error("PUSH_URL is not set: there is no push portal (docs/feeds-push.md).");
      }
      const codes =
        command.codes.length > 0
          ? command.codes
          : (await db.selectFrom("property").select("code").orderBy("id").execute()).map(
              (row) => row.code,
            );
      const known = new Set(
        command.codes.length === 0
          ? codes
          : (
              await db.selectFrom("property").select("code").where("code", "in", codes).execute()
            ).map((row) => row.code),
      );
      const unknown = codes.filter((code) => !known.has(code));
      if (unknown.length > 0) throw new Error(`No property has the code ${unknown.join(", ")}.`);
      await db.transaction().execute((trx) => listingChanges.queue(trx, codes, new Date()));
      io.stdout(
        `Queued ${codes.length} listing${codes.length === 1 ? "" : "s"} for the push portal: ` +
          "the app servers send them within seconds.\n",
      );
      return done(false);
    }
  }
}

/** The import's summary, then one line per refused row. */
export function formatImportReport(file: string, report: ImportReport, dryRun: boolean): string {
  const counts = [
    `${report.inserted.length} added`,
    `${report.updated.length} updated`,
    `${report.unchanged.length} unchanged`,
    `${report.rejected.length} refused`,
  ].join(", ");
  const lines = [
    dryRun ? `Dry run of ${file}, nothing saved: ${counts}.` : `Imported ${file}: ${counts}.`,
  ];
  const would = dryRun ? "would be " : "";
  if (report.createdCategories.length > 0) {
    lines.push(`New categories ${would}created: ${report.createdCategories.join(", ")}.`);
  }
  if (report.createdAmenities.length > 0) {
    lines.push(`New amenities ${would}created: ${report.createdAmenities.join(", ")}.`);
  }
  if (report.copiedImages > 0) lines.push(`Copied ${report.copiedImages} images.`);
  if (report.deletedImages > 0) {
    lines.push(`Deleted ${report.deletedImages} uploaded files no listing uses any more.`);
  }
  if (report.deleteProblem !== undefined) {
    lines.push(
      `Files no listing uses any more could not be deleted (${report.deleteProblem}); \`npm run photos -- sweep\` deletes them later.`,
    );
  }
  if (report.rejected.length > 0) {
    lines.push("Refused rows (nothing of them was saved):");
    for (const row of report.rejected) {
      lines.push(
        `  ${row.label}${row.code === undefined ? "" : ` (${row.code})`}: ${row.reasons.join("; ")}`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  loadDotEnv();
  process.exitCode = await runContentCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.env.INIT_CWD || process.cwd(),
    progress: process.stderr,
  });
}
