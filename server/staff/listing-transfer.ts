/**
 * Importing and exporting listings in the back office (decision 096) through the content
 * command's own code: a file is read by server/content/import-file.ts, checked and saved by
 * importProperties (server/content/import-properties.ts) and downloaded as
 * exportPropertyPieces writes it, so the page and `npm run content` follow the same rules.
 *
 * The dry run's rows are kept in the database (db/queries/listing-import.ts) under a token the
 * page carries, so any app server can apply them without the file being posted again.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import type { AdminListingTransferService, StaffSession } from "#app-context";
import type { DatabaseHandle } from "../../db/database.ts";
import {
  claimListingImport,
  findListingImport,
  finishListingImport,
  keepListingImport,
} from "../../db/queries/listing-import.ts";
import {
  type ListingImportReport,
  type ListingImportUpload,
  listingImportLimits,
  listingImportMessages,
} from "../../lib/admin-listing-transfer.ts";
import { exportPropertyPieces } from "../content/export-properties.ts";
import {
  ImportFileError,
  type ImportRow,
  importFormatOf,
  readImportText,
} from "../content/import-file.ts";
import { type ImportReport, importProperties } from "../content/import-properties.ts";
import { publishContentChange } from "../content-changes.ts";
import { actorOf } from "./listings.ts";

export interface ListingTransferOptions {
  database: DatabaseHandle;
  /** IMAGE_DIR: the rows' images and floor plans must be there already. */
  imageDir: string;
  /** The app's Redis client (REDIS_URL): an applied import reaches the other app servers. */
  redis?: Redis | undefined;
  log: {
    warn(object: unknown, message: string): void;
    error(object: unknown, message: string): void;
  };
  now?: () => Date;
}

function ownerOnly(session: StaffSession) {
  if (session.user.role !== "owner") throw new Error("Only an owner may import listings.");
}

/** The table's key of a token: its SHA-256, so a copy of the table opens no upload. */
const idOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** The page's report of importProperties' report: each row's place in the file by its code. */
export function pageReportOf(
  rows: readonly ImportRow[],
  report: ImportReport,
): ListingImportReport {
  const labels = new Map<string, string>();
  for (const row of rows) {
    const code = typeof row.values.code === "string" ? row.values.code.trim() : "";
    if (code !== "" && !labels.has(code)) labels.set(code, row.label);
  }
  const placed = (codes: readonly string[]) =>
    codes.map((code) => ({ label: labels.get(code) ?? "", code }));
  return {
    added: placed(report.inserted),
    updated: placed(report.updated),
    unchanged: placed(report.unchanged),
    refused: report.rejected.map(({ label, code, reasons }) =>
      code === undefined ? { label, reasons } : { label, code, reasons },
    ),
    createdCategories: report.createdCategories,
    createdAmenities: report.createdAmenities,
  };
}

/** The text of an uploaded file, or why it is no import file at all. */
function readUpload(
  file: { name: string; bytes: Uint8Array } | null,
): { ok: true; rows: ImportRow[] } | { ok: false; message: string } {
  if (file === null) return { ok: false, message: listingImportMessages.noFile };
  const name = file.name;
  if (importFormatOf(name) === undefined) {
    return { ok: false, message: listingImportMessages.wrongType(name) };
  }
  if (file.bytes.length === 0) return { ok: false, message: listingImportMessages.empty(name) };
  if (file.bytes.length > listingImportLimits.maxBytes) {
    return { ok: false, message: listingImportMessages.tooLarge };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(file.bytes);
  } catch {
    return { ok: false, message: listingImportMessages.notText(name) };
  }
  if (text.replace(/^\uFEFF/, "").trim() === "") {
    return { ok: false, message: listingImportMessages.empty(name) };
  }
  try {
    const rows = readImportText(name, text);
    if (rows.length === 0) return { ok: false, message: listingImportMessages.noRows(name) };
    return { ok: true, rows };
  } catch (error) {
    if (error instanceof ImportFileError) return { ok: false, message: error.message };
    throw error;
  }
}

export function createListingTransfer(
  options: ListingTransferOptions,
): AdminListingTransferService {
  const { database, imageDir, redis, log } = options;
  const db = database.db;
  const now = options.now ?? (() => new Date());
  const keepMs = listingImportLimits.keepMinutes * 60 * 1000;

  return {
    async check(session, file) {
      ownerOnly(session);
      const read = readUpload(file);
      if (!read.ok) return read;
      const report = await importProperties(db, read.rows, {
        imageDir,
        dryRun: true,
        missingFileHint: listingImportMessages.missingFileHint,
      });
      const token = randomBytes(24).toString("base64url");
      const at = now();
      await keepListingImport(db, {
        id: idOf(token),
        userId: session.user.id,
        fileName: file!.name,
        rows: JSON.stringify(read.rows),
        report: JSON.stringify(pageReportOf(read.rows, report)),
        at,
        expiresAt: new Date(at.getTime() + keepMs),
      });
      return { ok: true, token };
    },

    async open(session, token) {
      ownerOnly(session);
      const row = await findListingImport(db, idOf(token), session.user.id, now());
      if (row === undefined) return null;
      const stored = JSON.parse(row.report) as ListingImportReport & { problem?: string };
      const { problem, ...report } = stored;
      const upload: ListingImportUpload = {
        fileName: row.fileName,
        checkedAt: row.createdAt,
        expiresAt: row.expiresAt,
        state: row.state,
        report,
      };
      if (row.appliedAt !== null) upload.appliedAt = row.appliedAt;
      if (problem !== undefined) upload.problem = problem;
      return upload;
    },

    async apply(session, token) {
      ownerOnly(session);
      const id = idOf(token);
      const at = now();
      const row = await findListingImport(db, id, session.user.id, at);
      if (row === undefined) return { ok: false, message: listingImportMessages.gone };
      // Applied already (a second press, a reload): its page shows what it did.
      if (row.state !== "checked") return { ok: true };
      if (!(await claimListingImport(db, id, session.user.id, at))) return { ok: true };
      const rows = JSON.parse(row.rows) as ImportRow[];
      let report: ImportReport;
      try {
        report = await importProperties(db, rows, {
          imageDir,
          actor: actorOf(session),
          missingFileHint: listingImportMessages.missingFileHint,
        });
      } catch (error) {
        // The rows saved before the one it stopped at stay saved, and are announced.
        log.error({ err: error }, "listing import stopped");
        const stopped = JSON.parse(row.report) as ListingImportReport;
        await finishListingImport(db, id, {
          state: "failed",
          report: JSON.stringify({ ...stopped, problem: (error as Error).message }),
          at: now(),
        });
        await announce();
        return { ok: true };
      }
      await finishListingImport(db, id, {
        state: "applied",
        report: JSON.stringify(pageReportOf(rows, report)),
        at: now(),
      });
      if (report.deleteProblem !== undefined) {
        log.warn({ problem: report.deleteProblem }, "listing import: unused files not deleted");
      }
      if (report.inserted.length + report.updated.length > 0) await announce();
      return { ok: true };
    },

    exportListings(_session, format) {
      const pieces = exportPropertyPieces(db, format);
      const encoder = new TextEncoder();
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const next = await pieces.next();
            if (next.done) controller.close();
            else controller.enqueue(encoder.encode(next.value));
          } catch (error) {
            // The headers are sent: the download breaks off rather than end looking whole.
            log.error({ err: error }, "listing export stopped");
            controller.error(error);
          }
        },
        async cancel() {
          await pieces.return(undefined);
        },
      });
    },
  };

  /** The change is committed: failing to tell other servers is logged, not the answer. */
  async function announce() {
    await publishContentChange(redis).catch((error: unknown) =>
      log.warn({ err: error }, "listings imported, but other app servers could not be told"),
    );
  }
}
