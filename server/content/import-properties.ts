/**
 * Imports properties row by row: each row is validated, its images checked and copied, and
 * the property inserted or updated by its code in a transaction of its own, so a refused row
 * leaves nothing behind and the good rows are saved. Importing the same file again changes
 * nothing.
 */

import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Kysely } from "kysely";
import type { Database, NewPropertyRow, PropertyRow } from "../../db/database.ts";
import { findOrInsertAmenities } from "../../db/queries/amenity.ts";
import { type AuditActor, recordAuditEvent } from "../../db/queries/audit.ts";
import { findOrInsertCategory } from "../../db/queries/category.ts";
import { toFlag, toIsoString } from "../../db/queries/columns.ts";
import { listFloorPlans, replaceFloorPlans } from "../../db/queries/floor-plan.ts";
import { findPropertyCodeBySlug, findPropertyRowByCode } from "../../db/queries/property.ts";
import { insertProperty, updatePropertyByCode } from "../../db/queries/property-writes.ts";
import { slugify } from "../../db/seed/content.ts";
import { keepStoredAlts } from "../../lib/admin-photos.ts";
import type { FloorPlan } from "../../lib/floor-plans.ts";
import { schemaColumnsOf } from "../../lib/property-fields.ts";
import type { ListingChanges } from "../feeds/push/changes.ts";
import { createFilesystemPhotoStore, photoNamesIn } from "../photos/photo-store.ts";
import { deleteUnusedPhotoFiles, droppedFiles } from "../photos/unused-files.ts";
import {
  ImageError,
  type InspectedImage,
  inspectImage,
  inspectPdf,
  isPlainFileName,
  isStoredImage,
  removeStoredImages,
  storeImage,
} from "./images.ts";
import type { ImportRow } from "./import-file.ts";
import { type PropertyRecord, readPropertyRecord } from "./property-record.ts";

export interface ImportOptions {
  /** IMAGE_DIR: images are copied into its property/ folder. */
  imageDir: string;
  /** The folder the rows' image names are looked up in first (`--images`). */
  imageFolder?: string;
  /** Check and report everything, save nothing. */
  dryRun?: boolean;
  /** When new properties without a `created_at` are created; now by default. */
  now?: Date;
  /** Called after each row with the rows done so far. */
  onProgress?: (done: number, total: number) => void;
  /** Who imports: each added or changed listing is recorded in the audit log (decision 050). */
  actor?: AuditActor;
  /**
   * What a refusal of an image or floor plan missing from the image folder tells the reader to
   * do, when there is no `imageFolder`: by default, to give the command's `--images`; the back
   * office, which takes no image folder, says where to upload them (decision 096).
   */
  missingFileHint?: string;
  /** The push portal's queue (PUSH_URL, decision 095): each added or changed listing is queued. */
  listingChanges?: ListingChanges | undefined;
}

export interface RejectedRow {
  label: string;
  code?: string;
  reasons: string[];
}

export interface ImportReport {
  /** Codes, in file order. */
  inserted: string[];
  updated: string[];
  unchanged: string[];
  rejected: RejectedRow[];
  createdCategories: string[];
  createdAmenities: string[];
  /** Image files copied into IMAGE_DIR (none in a dry run). */
  copiedImages: number;
  /** Uploaded files the updated listings no longer name and no other listing uses, deleted. */
  deletedImages: number;
  /** Why those files could not be deleted, when they could not (a sweep deletes them later). */
  deleteProblem?: string;
}

/** Refuses the row being saved; the transaction rolls back. */
class RowRejected extends Error {}

/** Ends a dry run's transaction, so nothing it did is kept. */
class DryRunRollback extends Error {}

/** An image of a row: already in IMAGE_DIR/property, or to copy there. */
type PlannedImage = { file: string } | { inspected: InspectedImage };

/** A floor plan of a row: its file already stored or an address, or a file to copy. */
type PlannedFloorPlan = FloorPlan & { inspected?: InspectedImage };

export async function importProperties(
  db: Kysely<Database>,
  rows: readonly ImportRow[],
  options: ImportOptions,
): Promise<ImportReport> {
  const report: ImportReport = {
    inserted: [],
    updated: [],
    unchanged: [],
    rejected: [],
    createdCategories: [],
    createdAmenities: [],
    copiedImages: 0,
    deletedImages: 0,
  };
  /** Files the saved rows stopped naming: once every row is saved, those unused are deleted. */
  const dropped = new Set<string>();
  const now = (options.now ?? new Date()).toISOString();
  const firstRowOf = new Map<string, string>();
  const inspections = new Map<string, Promise<InspectedImage>>();

  for (const [index, row] of rows.entries()) {
    const reject = (reasons: string[], code?: string) =>
      report.rejected.push(
        code === undefined ? { label: row.label, reasons } : { label: row.label, code, reasons },
      );
    options.onProgress?.(index, rows.length);

    if (row.problem !== undefined) {
      reject([row.problem]);
      continue;
    }
    const read = readPropertyRecord(row.values, row.fromCsv);
    if (!read.ok) {
      const code =
        typeof row.values.code === "string" && row.values.code.trim() !== ""
          ? row.values.code.trim()
          : undefined;
      reject(read.reasons, code);
      continue;
    }
    const record = read.record;
    const earlier = firstRowOf.get(record.code);
    if (earlier !== undefined) {
      reject(
        [`code ${record.code} is already on ${earlier}: a file lists each property once`],
        record.code,
      );
      continue;
    }
    firstRowOf.set(record.code, row.label);

    const images = await planImages(record.images, options, inspections);
    const plans = await planFloorPlans(record.floor_plans, options, inspections);
    if (!images.ok || !plans.ok) {
      reject(
        [...(images.ok ? [] : images.reasons), ...(plans.ok ? [] : plans.reasons)],
        record.code,
      );
      continue;
    }

    const created: string[] = [];
    try {
      const files: string[] = [];
      for (const image of images.planned) {
        if ("file" in image) {
          files.push(image.file);
        } else if (options.dryRun) {
          files.push(image.inspected.storedName);
        } else {
          const stored = await storeImage(options.imageDir, "property", image.inspected);
          if (stored.created) created.push(stored.file);
          files.push(stored.file);
        }
      }
      const floorPlans: FloorPlan[] = [];
      for (const { inspected, ...plan } of plans.planned) {
        if (inspected === undefined) {
          floorPlans.push(plan);
        } else if (options.dryRun) {
          floorPlans.push({ ...plan, file: inspected.storedName });
        } else {
          const stored = await storeImage(options.imageDir, "property", inspected);
          if (stored.created) created.push(stored.file);
          floorPlans.push({ ...plan, file: stored.file });
        }
      }
      const outcome = await saveRecord(
        db,
        record,
        files,
        floorPlans,
        now,
        options.dryRun === true,
        options.actor,
        options.listingChanges,
      );
      report[outcome.result].push(record.code);
      report.createdCategories.push(
        ...outcome.createdCategories.filter((title) => !report.createdCategories.includes(title)),
      );
      report.createdAmenities.push(
        ...outcome.createdAmenities.filter((title) => !report.createdAmenities.includes(title)),
      );
      report.copiedImages += created.length;
      for (const file of outcome.dropped) dropped.add(file);
    } catch (error) {
      await removeStoredImages(options.imageDir, "property", created);
      if (!(error instanceof RowRejected)) {
        throw new Error(
          `Import stopped at ${row.label} (${record.code}): ${(error as Error).message}`,
          { cause: error },
        );
      }
      firstRowOf.delete(record.code);
      reject([error.message], record.code);
    }
  }
  options.onProgress?.(rows.length, rows.length);
  if (dropped.size > 0) {
    const store = createFilesystemPhotoStore(options.imageDir);
    try {
      report.deletedImages = (await deleteUnusedPhotoFiles(db, store, dropped)).length;
    } catch (error) {
      report.deleteProblem = (error as Error).message;
    }
  }
  return report;
}

interface SaveOutcome {
  result: "inserted" | "updated" | "unchanged";
  createdCategories: string[];
  createdAmenities: string[];
  /** Content-hashed files the stored row named and the saved one does not (none in a dry run). */
  dropped: string[];
}

/** Inserts or updates one property by code, in one transaction (rolled back in a dry run). */
async function saveRecord(
  db: Kysely<Database>,
  record: PropertyRecord,
  imageFiles: readonly string[],
  floorPlans: readonly FloorPlan[],
  now: string,
  dryRun: boolean,
  actor: AuditActor | undefined,
  listingChanges: ListingChanges | undefined,
): Promise<SaveOutcome> {
  let outcome: SaveOutcome | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      const category =
        record.category === undefined
          ? undefined
          : await findOrInsertCategory(trx, record.category);
      const amenities = await findOrInsertAmenities(trx, record.amenities);
      const existing = await findPropertyRowByCode(trx, record.code);
      const slug = record.slug ?? existing?.slug ?? slugify(`${record.headline}-${record.code}`);
      const slugOwner = await findPropertyCodeBySlug(trx, slug);
      if (slugOwner !== undefined && slugOwner !== record.code) {
        throw new RowRejected(`slug '${slug}' is already used by property ${slugOwner}`);
      }
      const columns = {
        ...propertyColumnsOf(record, {
          slug,
          imageFiles,
          createdAt: record.created_at ?? (existing ? toIsoString(existing.created_at) : now),
          amenityIds: amenities.ids,
          categoryId: category?.id ?? null,
        }),
        ...availabilityColumns(record, existing, now),
      };
      // The alt text staff gave the photos in the back office stays (decision 056).
      if (existing) columns.image_list = keepStoredAlts(columns.image_list, existing.image_list);
      let result: SaveOutcome["result"];
      const storedPlans = existing === undefined ? [] : await listFloorPlans(trx, existing.id);
      const samePlans = JSON.stringify(storedPlans) === JSON.stringify(floorPlans);
      if (existing === undefined) {
        await insertProperty(trx, columns, "import");
        result = "inserted";
      } else if (isSameProperty(existing, columns) && samePlans) {
        result = "unchanged";
      } else {
        await updatePropertyByCode(trx, record.code, columns, { source: "import", at: now });
        result = "updated";
      }
      if (!samePlans) {
        const saved = await findPropertyRowByCode(trx, record.code);
        if (saved) await replaceFloorPlans(trx, saved.id, floorPlans);
      }
      if (result !== "unchanged") {
        await listingChanges?.queue(trx, [record.code], new Date(now));
      }
      if (actor && result !== "unchanged") {
        await recordAuditEvent(trx, {
          actor,
          action: "listing.import",
          subjectType: "listing",
          subjectId: record.code,
          detail: {
            result,
            fields: [...changedColumns(existing, columns), ...(samePlans ? [] : ["floor_plans"])],
          },
          at: new Date(now),
        });
      }
      const filesOf = (texts: readonly string[]) => new Set(texts.flatMap(photoNamesIn));
      outcome = {
        result,
        createdCategories: category?.created ? [category.title] : [],
        createdAmenities: amenities.created,
        dropped:
          existing === undefined || dryRun
            ? []
            : droppedFiles(
                filesOf([
                  existing.cover_image,
                  existing.image_list,
                  ...storedPlans.map((plan) => plan.file),
                ]),
                filesOf([
                  columns.cover_image,
                  columns.image_list,
                  ...floorPlans.map((plan) => plan.file),
                ]),
              ),
      };
      if (dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return outcome!;
}

/** The names of the columns an import writes differently from the stored row (all when new). */
function changedColumns(
  existing: Record<string, unknown> | undefined,
  columns: Record<string, unknown>,
): string[] {
  const plain = (value: unknown) =>
    value instanceof Date
      ? value.toISOString()
      : typeof value === "boolean"
        ? Number(value)
        : value;
  return Object.keys(columns).filter(
    (column) =>
      existing === undefined ||
      JSON.stringify(plain(existing[column]) ?? null) !==
        JSON.stringify(plain(columns[column]) ?? null),
  );
}

/** What a record's property row is made of besides the record itself. */
export interface PropertyRowParts {
  slug: string;
  /** Its images' stored file names; the first is the cover. */
  imageFiles: readonly string[];
  createdAt: string;
  amenityIds: readonly number[];
  categoryId: number | null;
}

/**
 * A validated record's property row: the one mapping of record to columns, shared by the
 * import and the back office's editor (decision 044).
 */
export function propertyColumnsOf(record: PropertyRecord, parts: PropertyRowParts): NewPropertyRow {
  return {
    ...schemaColumnsOf(record),
    code: record.code,
    slug: parts.slug,
    cover_image: parts.imageFiles[0] ?? "",
    price: record.price,
    rent_period: record.rent_period,
    offer_type: record.offer_type,
    publish: record.publish ? 1 : 0,
    created_at: parts.createdAt,
    description: record.description,
    property_status: record.property_status,
    latitude: record.latitude,
    longitude: record.longitude,
    youtube: record.youtube,
    google_map: record.google_map,
    features: JSON.stringify(parts.amenityIds),
    image_list: JSON.stringify(parts.imageFiles.map((imageUrl) => ({ imageUrl }))),
    related_product: JSON.stringify(record.related.map((code) => ({ code }))),
    category_id: parts.categoryId,
  };
}

/**
 * The availability to store and when it changed: an absent one keeps the stored one (a new
 * listing is available); the change time is the row's own, else now when the availability
 * changes, else the stored one.
 */
export function availabilityColumns(
  record: PropertyRecord,
  existing: PropertyRow | undefined,
  now: string,
): Pick<NewPropertyRow, "availability" | "availability_changed_at"> {
  const stored = existing?.availability ?? "available";
  const availability = record.availability ?? stored;
  const storedAt =
    existing?.availability_changed_at == null
      ? null
      : toIsoString(existing.availability_changed_at);
  const changedAt = record.availability_changed_at ?? (availability === stored ? storedAt : now);
  return { availability, availability_changed_at: changedAt };
}

/** True when saving `columns` would leave the stored row as it is. */
function isSameProperty(existing: PropertyRow, columns: NewPropertyRow): boolean {
  return (Object.keys(columns) as (keyof NewPropertyRow)[]).every((key) => {
    const stored = existing[key as keyof PropertyRow];
    const next = columns[key];
    // PostgreSQL reads a flag (publish, the schema's switches) as a boolean, written as 1/0.
    if (typeof stored === "boolean") return Number(stored) === next;
    if (key === "publish") return toFlag(stored as boolean | number) === next;
    if (key === "created_at") return toIsoString(stored as Date | string) === next;
    if (key === "availability_changed_at") {
      return (stored === null ? null : toIsoString(stored as Date | string)) === next;
    }
    return stored === next;
  });
}

/**
 * Where each of a row's images comes from: a file of `--images` (checked with sharp, to copy)
 * or, failing that, a file already in IMAGE_DIR/property (an export names those).
 */
async function planImages(
  names: readonly string[],
  options: ImportOptions,
  inspections: Map<string, Promise<InspectedImage>>,
): Promise<{ ok: true; planned: PlannedImage[] } | { ok: false; reasons: string[] }> {
  const planned: PlannedImage[] = [];
  const reasons: string[] = [];
  for (const name of names) {
    if (!isPlainFileName(name)) {
      reasons.push(`image '${name}' must be a plain file name (no folders)`);
      continue;
    }
    const source =
      options.imageFolder === undefined ? undefined : join(resolve(options.imageFolder), name);
    if (source !== undefined && (await stat(source).catch(() => undefined)) !== undefined) {
      let inspection = inspections.get(source);
      if (inspection === undefined) {
        inspection = inspectImage(source);
        inspections.set(source, inspection);
      }
      try {
        planned.push({ inspected: await inspection });
      } catch (error) {
        if (!(error instanceof ImageError)) throw error;
        reasons.push(`image ${error.message.replace(/\.$/, "")}`);
      }
    } else if (await isStoredImage(options.imageDir, "property", name)) {
      planned.push({ file: name });
    } else {
      reasons.push(
        options.imageFolder === undefined
          ? `image '${name}' is not in the image folder (${options.missingFileHint ?? "give --images <folder> to copy new images"})`
          : `image '${name}' is neither in ${options.imageFolder} nor in the image folder`,
      );
    }
  }
  return reasons.length > 0 ? { ok: false, reasons } : { ok: true, planned };
}

/**
 * Where each of a row's floor plans comes from (decision 052): an https address as it is, a
 * file of `--images` (an image checked with sharp, a PDF by its first bytes; to copy) or,
 * failing that, a file already in IMAGE_DIR/property (an export names those).
 */
async function planFloorPlans(
  plans: readonly FloorPlan[],
  options: ImportOptions,
  inspections: Map<string, Promise<InspectedImage>>,
): Promise<{ ok: true; planned: PlannedFloorPlan[] } | { ok: false; reasons: string[] }> {
  const planned: PlannedFloorPlan[] = [];
  const reasons: string[] = [];
  for (const plan of plans) {
    const name = plan.file;
    if (/^https:\/\//i.test(name)) {
      planned.push(plan);
      continue;
    }
    if (!isPlainFileName(name)) {
      reasons.push(`floor plan '${name}' must be a plain file name (no folders)`);
      continue;
    }
    const source =
      options.imageFolder === undefined ? undefined : join(resolve(options.imageFolder), name);
    if (source !== undefined && (await stat(source).catch(() => undefined)) !== undefined) {
      let inspection = inspections.get(source);
      if (inspection === undefined) {
        inspection = plan.kind === "pdf" ? inspectPdf(source) : inspectImage(source);
        inspections.set(source, inspection);
      }
      try {
        planned.push({ ...plan, inspected: await inspection });
      } catch (error) {
        if (!(error instanceof ImageError)) throw error;
        reasons.push(`floor plan ${error.message.replace(/\.$/, "")}`);
      }
    } else if (await isStoredImage(options.imageDir, "property", name)) {
      planned.push(plan);
    } else {
      reasons.push(
        options.imageFolder === undefined
          ? `floor plan '${name}' is not in the image folder (${options.missingFileHint ?? "give --images <folder> to copy new files"})`
          : `floor plan '${name}' is neither in ${options.imageFolder} nor in the image folder`,
      );
    }
  }
  return reasons.length > 0 ? { ok: false, reasons } : { ok: true, planned };
}
