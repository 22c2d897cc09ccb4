/**
 * Writes the branch's Rightmove feed (decision 097): the published listings switched on for
 * Rightmove that have all it needs (lib/portal-readiness.ts) as one BLM file (./blm.ts) and the
 * photos and floor plans it names as JPEGs, in one zip named after the file
 * (`{BRANCH_ID}_{YYYYMMDDHH}.zip`), written to a folder and, with an SFTP address, uploaded.
 * The listings that lack something are refused with their reasons, never sent half-filled;
 * so is one whose photo is missing from the image folder. The zip is written under a temporary
 * name and renamed, here and on the SFTP server, so a reader never sees half a file.
 */

import { randomUUID } from "node:crypto";
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { Kysely } from "kysely";
import sharp from "sharp";
import type { Database } from "../../db/database.ts";
import { listAmenities } from "../../db/queries/amenity.ts";
import { listFloorPlansOf } from "../../db/queries/floor-plan.ts";
import { listListingsSwitchedOnFor } from "../../db/queries/portal-listings.ts";
import { readAvailability } from "../../lib/availability.ts";
import { portalReadiness } from "../../lib/portal-readiness.ts";
import { recordOfProperty } from "../content/property-record.ts";
import type { PhotoStore } from "../photos/photo-store.ts";
import {
  type BlmListing,
  type BlmMedia,
  type BlmRecord,
  blmFileName,
  blmRecordOf,
  formatBlm,
} from "./blm.ts";
import { type SftpTarget, uploadOverSftp } from "./sftp.ts";

/** A listing left out of the file, and why, in plain words. */
export interface RefusedListing {
  code: string;
  reasons: string[];
}

export interface BlmExport {
  /** The BLM file's name inside the zip. */
  blmFile: string;
  /** The zip written. */
  zipPath: string;
  /** Where the zip was uploaded (`sftp://host/path/name.zip`), when it was. */
  uploadedTo?: string;
  /** The listings in the file, by code. */
  sent: string[];
  refused: RefusedListing[];
}

export interface BlmExportOptions {
  db: Kysely<Database>;
  photoStore: PhotoStore;
  branchId: string;
  /** The folder the zip is written to (made when missing). */
  outputDir: string;
  /** Uploads the zip there too. */
  sftp?: SftpTarget;
  now?: Date;
}

/** The listings Rightmove may show, as the file reads them, and those refused with reasons. */
export async function rightmoveListings(
  db: Kysely<Database>,
): Promise<{ ready: BlmListing[]; refused: RefusedListing[] }> {
  const rows = await listListingsSwitchedOnFor(db, "send_to_rightmove");
  const titles = new Map((await listAmenities(db)).map((amenity) => [amenity.id, amenity.title]));
  const plans = await listFloorPlansOf(
    db,
    rows.map((row) => row.id),
  );
  const ready: BlmListing[] = [];
  const refused: RefusedListing[] = [];
  for (const row of rows) {
    const record = recordOfProperty(row, titles, plans.get(row.id));
    const reasons = portalReadiness("rightmove", record);
    if (reasons.length > 0) {
      refused.push({ code: record.code, reasons });
      continue;
    }
    ready.push({
      ...record,
      availability: readAvailability(row.availability) ?? "available",
      updated_at: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
    });
  }
  return { ready, refused };
}

/** A stored file's bytes, undefined when it is missing. */
async function readStored(store: PhotoStore, file: string): Promise<Buffer | undefined> {
  let stream: Readable | undefined;
  try {
    stream = await store.stream(file);
  } catch {
    return undefined;
  }
  if (stream === undefined) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A stored image as a JPEG (Rightmove's media are JPEGs): a JPEG as it is, others converted. */
async function jpegOf(store: PhotoStore, file: string): Promise<Buffer | undefined> {
  const bytes = await readStored(store, file);
  if (bytes === undefined) return undefined;
  if (/\.jpe?g$/i.test(file)) return bytes;
  return sharp(bytes).flatten({ background: "#ffffff" }).jpeg({ quality: 85 }).toBuffer();
}

/** Writes the zip: the BLM compressed, the JPEGs stored as they are (already compressed). */
function writeZip(
  path: string,
  blm: { name: string; text: string },
  media: { name: string; bytes: Buffer }[],
): Promise<void> {
  return new Promise((resolve, reject) => {
    const descriptor = openSync(path, "w");
    let settled = false;
    const finish = (error?: Error | null) => {
      if (settled) return;
      settled = true;
      closeSync(descriptor);
      if (error) reject(error);
      else resolve();
    };
    // Written as it is made, so a branch's photos are never all held at once.
    const zip = new Zip((error, chunk, final) => {
      if (error) return finish(error);
      writeSync(descriptor, chunk);
      if (final) finish();
    });
    try {
      const text = new ZipDeflate(blm.name, { level: 9 });
      zip.add(text);
      text.push(new TextEncoder().encode(blm.text), true);
      for (const file of media) {
        const entry = new ZipPassThrough(file.name);
        zip.add(entry);
        entry.push(file.bytes, true);
      }
      zip.end();
    } catch (error) {
      finish(error as Error);
    }
  });
}

/** Makes the feed's zip in `outputDir` (and uploads it); answers what it sent and refused. */
export async function exportBlm(options: BlmExportOptions): Promise<BlmExport> {
  const now = options.now ?? new Date();
  const { ready, refused } = await rightmoveListings(options.db);
  const records: BlmRecord[] = [];
  const sent: string[] = [];
  const media: { name: string; bytes: Buffer }[] = [];
  for (const listing of ready) {
    const record = blmRecordOf(listing, options.branchId);
    const files: { name: string; bytes: Buffer }[] = [];
    const missing: BlmMedia[] = [];
    for (const item of record.media) {
      const bytes = await jpegOf(options.photoStore, item.source).catch(() => undefined);
      if (bytes === undefined) missing.push(item);
      else files.push({ name: item.name, bytes });
    }
    if (missing.length > 0) {
      refused.push({
        code: listing.code,
        reasons: missing.map(
          (item) => `Photo or plan ${item.source} is missing from the image folder`,
        ),
      });
      continue;
    }
    records.push(record);
    sent.push(listing.code);
    media.push(...files);
  }
  const blmFile = blmFileName(options.branchId, now);
  const zipName = blmFile.replace(/\.BLM$/, ".zip");
  mkdirSync(options.outputDir, { recursive: true });
  const zipPath = join(options.outputDir, zipName);
  // A name of its own: two app servers writing the same hour's file never share one.
  const partial = `${zipPath}.${randomUUID()}.partial`;
  try {
    await writeZip(partial, { name: blmFile, text: formatBlm(records, now) }, media);
    renameSync(partial, zipPath);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  const report: BlmExport = {
    blmFile,
    zipPath,
    sent,
    refused: refused.sort((a, b) => a.code.localeCompare(b.code)),
  };
  if (options.sftp) {
    report.uploadedTo = await uploadOverSftp(options.sftp, zipPath, zipName);
  }
  return report;
}

/** The export's report as the command prints it and the job logs it. */
export function formatBlmReport(report: BlmExport): string {
  const lines = [
    `${report.blmFile}: ${report.sent.length} listing${report.sent.length === 1 ? "" : "s"} sent, ${report.refused.length} refused; written to ${report.zipPath}${report.uploadedTo ? ` and uploaded to ${report.uploadedTo}` : ""}.`,
    ...report.refused.map(({ code, reasons }) => `  refused ${code}: ${reasons.join("; ")}`),
  ];
  return `${lines.join("\n")}\n`;
}
