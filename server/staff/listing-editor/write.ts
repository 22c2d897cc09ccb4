/**
 * The listing editor's writes (decision 044): a new listing from the form, and a save's values
 * written over the listing as opened (only at its revision), with its slug, category, amenities
 * and floor plans; a new code carried to every list that named the old one (decision 069).
 * Rows are made by the content import's one mapping (`propertyColumnsOf`).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.ts";
import { findOrInsertAmenities } from "../../../db/queries/amenity.ts";
import { inTransaction } from "../../../db/queries/audit.ts";
import { findOrInsertCategory } from "../../../db/queries/category.ts";
import { toIsoString } from "../../../db/queries/columns.ts";
import { listFloorPlans, replaceFloorPlans } from "../../../db/queries/floor-plan.ts";
import { carryCodeChange } from "../../../db/queries/listing-code.ts";
import {
  findEditableListing,
  updateListingAtRevision,
} from "../../../db/queries/listing-editor.ts";
import { findPropertyCodeBySlug, findPropertyRowByCode } from "../../../db/queries/property.ts";
import { insertProperty } from "../../../db/queries/property-writes.ts";
import { slugify } from "../../../db/seed/content.ts";
import type {
  EditableListing,
  ListingFormValues,
  ListingSave,
} from "../../../lib/admin-listing-form.ts";
import type { FloorPlan } from "../../../lib/floor-plans.ts";
import { availabilityColumns, propertyColumnsOf } from "../../content/import-properties.ts";
import type { PropertyRecord } from "../../content/property-record.ts";
import { codeTakenIssue, issue, validateListingValues } from "./validate.ts";

/** Raised inside a save's transaction when another write raised the revision first. */
class RevisionMoved extends Error {}

/** Raised inside a save's transaction to roll it back with an answer. */
class SaveRefused extends Error {
  readonly answer: Exclude<ListingSave, { ok: true }>;
  constructor(answer: Exclude<ListingSave, { ok: true }>) {
    super(answer.reason);
    this.answer = answer;
  }
}

/** The slug a record gets, refused when another listing has it. */
async function slugFor(
  db: Kysely<Database>,
  record: PropertyRecord,
  current: { slug: string; code: string } | undefined,
): Promise<string> {
  const slug = record.slug ?? current?.slug ?? slugify(`${record.headline}-${record.code}`);
  const owner = await findPropertyCodeBySlug(db, slug);
  if (owner !== undefined && owner !== (current?.code ?? record.code)) {
    throw new SaveRefused({
      ok: false,
      reason: "invalid",
      issues: [issue("slug", `'${slug}' is already the address of listing ${owner}`)],
    });
  }
  return slug;
}

async function rowParts(db: Kysely<Database>, record: PropertyRecord) {
  const category =
    record.category === undefined ? null : (await findOrInsertCategory(db, record.category)).id;
  const amenities = await findOrInsertAmenities(db, record.amenities);
  return { categoryId: category, amenityIds: amenities.ids };
}

/**
 * Makes the record's floor plans the listing's, when they differ from the stored ones. Their
 * files are not checked here: a plan names a file already in the images' property folder or an
 * address (the photos screen uploads files, decision 052).
 */
export async function writeFloorPlans(
  db: Kysely<Database>,
  code: string,
  plans: readonly FloorPlan[],
): Promise<void> {
  const row = await findPropertyRowByCode(db, code);
  if (!row) return;
  const stored = await listFloorPlans(db, row.id);
  if (JSON.stringify(stored) !== JSON.stringify(plans)) await replaceFloorPlans(db, row.id, plans);
}

/** Adds a new listing from the form; its code must be new. */
export async function createListing(
  db: Kysely<Database>,
  values: ListingFormValues,
  now: Date,
): Promise<ListingSave> {
  const checked = await validateListingValues(db, values, {
    property_status: "Available",
    images: [],
  });
  if (!checked.ok) return { ok: false, reason: "invalid", issues: checked.issues };
  const { record } = checked;
  try {
    await inTransaction(db, async (trx) => {
      // Checked again inside the write: another save may have taken the code since.
      const taken = await codeTakenIssue(trx, record.code);
      if (taken) throw new SaveRefused({ ok: false, reason: "invalid", issues: [taken] });
      const slug = await slugFor(trx, record, undefined);
      const parts = await rowParts(trx, record);
      await insertProperty(
        trx,
        {
          ...propertyColumnsOf(record, {
            ...parts,
            slug,
            imageFiles: [],
            createdAt: now.toISOString(),
          }),
          ...availabilityColumns(record, undefined, now.toISOString()),
          updated_at: now.toISOString(),
        },
        "staff",
      );
      await writeFloorPlans(trx, record.code, record.floor_plans);
    });
  } catch (error) {
    if (error instanceof SaveRefused) return error.answer;
    throw error;
  }
  return { ok: true, code: record.code };
}

/**
 * Writes the form's values over the listing as opened (`stored`); "moved" when another write
 * raised its revision in between.
 */
export async function writeListing(
  db: Kysely<Database>,
  code: string,
  stored: EditableListing,
  values: ListingFormValues,
  now: Date,
): Promise<ListingSave | "moved"> {
  const revision = stored.revision;
  const row = await findEditableListing(db, code);
  if (!row) return { ok: false, reason: "missing" };
  const posted = values.code.trim();
  const checked = await validateListingValues(
    db,
    { ...values, code: posted === "" ? code : posted },
    { property_status: row.property_status, images: stored.images },
    {
      code,
      place: {
        latitude: row.latitude === null ? null : Number(row.latitude),
        longitude: row.longitude === null ? null : Number(row.longitude),
        city: row.city,
        country: row.country,
      },
    },
  );
  if (!checked.ok) return { ok: false, reason: "invalid", issues: checked.issues };
  const { record } = checked;
  try {
    await inTransaction(db, async (trx) => {
      if (record.code !== code) {
        const taken = await codeTakenIssue(trx, record.code);
        if (taken) throw new SaveRefused({ ok: false, reason: "invalid", issues: [taken] });
      }
      const slug = await slugFor(trx, record, { slug: row.slug, code });
      const parts = await rowParts(trx, record);
      const columns = propertyColumnsOf(record, {
        ...parts,
        slug,
        imageFiles: stored.images,
        createdAt: toIsoString(row.created_at),
      });
      // The photos are the photo manager's (decision 056): kept as stored, cover and alt text.
      const {
        created_at: _created,
        cover_image: _cover,
        image_list: _images,
        ...changed
      } = columns;
      const written = await updateListingAtRevision(
        trx,
        code,
        revision,
        {
          ...changed,
          ...availabilityColumns(record, row, now.toISOString()),
          publish: row.archived_at === null ? columns.publish : 0,
          updated_at: now.toISOString(),
        },
        { source: "staff", at: now.toISOString() },
      );
      if (!written) {
        const current = await findEditableListing(trx, code);
        if (current) throw new RevisionMoved();
        throw new SaveRefused({ ok: false, reason: "missing" });
      }
      if (record.code !== code) await carryCodeChange(trx, code, record.code);
      await writeFloorPlans(trx, record.code, record.floor_plans);
    });
  } catch (error) {
    if (error instanceof RevisionMoved) return "moved";
    if (error instanceof SaveRefused) return error.answer;
    throw error;
  }
  return { ok: true, code: record.code };
}
