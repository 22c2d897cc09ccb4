/**
 * The back office's listing editor (decision 044): opens a listing as the form shows it,
 * creates, saves (only over the revision the form was opened at) and duplicates listings.
 * Values are checked by the content import's one schema (server/content/property-record.ts),
 * rows are made by the import's one mapping (`propertyColumnsOf`), and the description is
 * sanitised there with the site's one allow-list.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import { findOrInsertAmenities } from "../../db/queries/amenity.ts";
import { inTransaction } from "../../db/queries/audit.ts";
import { findOrInsertCategory } from "../../db/queries/category.ts";
import { toIsoString } from "../../db/queries/columns.ts";
import { listFloorPlans, replaceFloorPlans } from "../../db/queries/floor-plan.ts";
import {
  findEditableListing,
  findListingChoices,
  listingCodeExists,
  listListingChoices,
  updateListingAtRevision,
} from "../../db/queries/listing-editor.ts";
import {
  findPropertyCodeBySlug,
  findPropertyRowByCode,
  insertProperty,
} from "../../db/queries/property.ts";
import { slugify } from "../../db/seed/content.ts";
import {
  type EditableListing,
  floorPlanLines,
  type ListingField,
  type ListingFieldIssue,
  type ListingFormValues,
  type ListingSave,
  listingTextFields,
} from "../../lib/admin-listing-form.ts";
import {
  availabilityLabels,
  defaultAvailability,
  readAvailability,
} from "../../lib/availability.ts";
import { type FloorPlan, formatFloorPlanItem } from "../../lib/floor-plans.ts";
import { availabilityColumns, propertyColumnsOf } from "../content/import-properties.ts";
import {
  type PropertyRecord,
  recordOfProperty,
  validatePropertyRecord,
} from "../content/property-record.ts";

/** The fields of the form; the schema's other fields (status, images, date) are kept as stored. */
const formFields = new Set<string>([...listingTextFields, "amenities", "related", "publish"]);

/** A stored listing as the form shows it. */
export async function openListing(
  db: Kysely<Database>,
  code: string,
): Promise<EditableListing | null> {
  const row = await findEditableListing(db, code);
  if (!row) return null;
  const amenities = await db.selectFrom("amenity").select(["id", "title"]).execute();
  const record = recordOfProperty(
    row,
    new Map(amenities.map((amenity) => [amenity.id, amenity.title])),
    await listFloorPlans(db, row.id),
  );
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  const values: ListingFormValues = {
    code: record.code,
    headline: record.headline,
    slug: record.slug,
    offer_type: record.offer_type,
    category: record.category,
    price: text(record.price),
    reference_no: record.reference_no,
    availability: availabilityLabels[readAvailability(row.availability) ?? defaultAvailability],
    address: record.address,
    city: record.city,
    province: record.province,
    country: record.country,
    latitude: text(record.latitude),
    longitude: text(record.longitude),
    bedroom: text(record.bedroom),
    bathroom: text(record.bathroom),
    room: text(record.room),
    floor: text(record.floor),
    size: text(record.size),
    garage: text(record.garage),
    balcony: text(record.balcony),
    rating: text(record.rating),
    description: record.description,
    youtube: text(record.youtube),
    google_map: text(record.google_map),
    floor_plans: record.floor_plans.map(formatFloorPlanItem).join("\n"),
    amenities: record.amenities,
    related: record.related,
    publish: record.publish,
  };
  return {
    values,
    revision: row.revision,
    slug: row.slug,
    status: row.archived_at !== null ? "archived" : record.publish ? "published" : "unpublished",
    createdAt: toIsoString(row.created_at),
    updatedAt: row.updated_at === null ? null : toIsoString(row.updated_at),
    images: record.images,
  };
}

/** Raised inside a save's transaction to roll it back with an answer. */
class SaveRefused extends Error {
  readonly answer: Exclude<ListingSave, { ok: true }>;
  constructor(answer: Exclude<ListingSave, { ok: true }>) {
    super(answer.reason);
    this.answer = answer;
  }
}

const issue = (field: ListingField | null, message: string): ListingFieldIssue => ({
  field,
  message,
});

/**
 * Checks the form's values with the import's schema, then what only the database knows: a
 * category and amenities from the lists, related codes of other listings.
 */
async function validate(
  db: Kysely<Database>,
  values: ListingFormValues,
  kept: Pick<PropertyRecord, "property_status" | "images">,
): Promise<{ ok: true; record: PropertyRecord } | { ok: false; issues: ListingFieldIssue[] }> {
  const { publish, availability, floor_plans: floorPlans, ...rest } = values;
  const validated = validatePropertyRecord({
    ...rest,
    floor_plans: floorPlanLines(floorPlans),
    // Left out, a listing keeps its availability (a form from before the field existed).
    ...(availability.trim() === "" ? {} : { availability }),
    publish,
    property_status: kept.property_status,
    images: kept.images,
  });
  const issues: ListingFieldIssue[] = validated.ok
    ? []
    : validated.issues.map((found) =>
        issue(
          found.field !== null && formFields.has(found.field)
            ? (found.field as ListingField)
            : null,
          found.message,
        ),
      );
  const choices = await listListingChoices(db);
  const category = values.category.trim();
  if (
    category !== "" &&
    !choices.categories.some((title) => title.toLowerCase() === category.toLowerCase())
  ) {
    issues.push(issue("category", "must be one from the list"));
  }
  const unknownAmenities = values.amenities.filter(
    (title) => !choices.amenities.some((known) => known.toLowerCase() === title.toLowerCase()),
  );
  if (unknownAmenities.length > 0) {
    issues.push(issue("amenities", `must be from the list (not ${unknownAmenities.join(", ")})`));
  }
  const related = values.related.filter((code) => code !== values.code.trim());
  const found = new Set((await findListingChoices(db, related)).map((choice) => choice.code));
  const missing = related.filter((code) => !found.has(code));
  if (missing.length > 0) {
    issues.push(issue("related", `has no listing with the code ${missing.join(", ")}`));
  }
  if (values.related.length !== related.length) {
    issues.push(issue("related", "cannot include the listing itself"));
  }
  if (!validated.ok || issues.length > 0) return { ok: false, issues };
  return { ok: true, record: validated.record };
}

/** The slug a record gets, refused when another listing has it. */
async function slugFor(
  db: Kysely<Database>,
  record: PropertyRecord,
  current: string | undefined,
): Promise<string> {
  const slug = record.slug ?? current ?? slugify(`${record.headline}-${record.code}`);
  const owner = await findPropertyCodeBySlug(db, slug);
  if (owner !== undefined && owner !== record.code) {
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
async function writeFloorPlans(
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
  const checked = await validate(db, values, { property_status: "Available", images: [] });
  if (!checked.ok) return { ok: false, reason: "invalid", issues: checked.issues };
  const { record } = checked;
  try {
    await inTransaction(db, async (trx) => {
      if (await listingCodeExists(trx, record.code)) {
        throw new SaveRefused({
          ok: false,
          reason: "invalid",
          issues: [issue("code", "is already the code of another listing")],
        });
      }
      const slug = await slugFor(trx, record, undefined);
      const parts = await rowParts(trx, record);
      await insertProperty(trx, {
        ...propertyColumnsOf(record, {
          ...parts,
          slug,
          imageFiles: [],
          createdAt: now.toISOString(),
        }),
        ...availabilityColumns(record, undefined, now.toISOString()),
        updated_at: now.toISOString(),
      });
      await writeFloorPlans(trx, record.code, record.floor_plans);
    });
  } catch (error) {
    if (error instanceof SaveRefused) return error.answer;
    throw error;
  }
  return { ok: true, code: record.code };
}

/**
 * Saves the form over listing `code` at `revision`: refused as a conflict when anyone wrote the
 * listing since (its revision moved on). Its code, status, photos and creation date stay; an
 * archived listing stays unpublished.
 */
export async function saveListing(
  db: Kysely<Database>,
  code: string,
  revision: number,
  values: ListingFormValues,
  now: Date,
): Promise<ListingSave> {
  const stored = await openListing(db, code);
  if (!stored) return { ok: false, reason: "missing" };
  if (stored.revision !== revision) {
    return { ok: false, reason: "conflict", revision: stored.revision };
  }
  const row = await findEditableListing(db, code);
  if (!row) return { ok: false, reason: "missing" };
  const checked = await validate(
    db,
    { ...values, code },
    { property_status: row.property_status, images: stored.images },
  );
  if (!checked.ok) return { ok: false, reason: "invalid", issues: checked.issues };
  const { record } = checked;
  try {
    await inTransaction(db, async (trx) => {
      const slug = await slugFor(trx, record, row.slug);
      const parts = await rowParts(trx, record);
      const columns = propertyColumnsOf(record, {
        ...parts,
        slug,
        imageFiles: stored.images,
        createdAt: toIsoString(row.created_at),
      });
      // The photos are the photo manager's (decision 056): kept as stored, cover and alt text.
      const {
        code: _code,
        created_at: _created,
        cover_image: _cover,
        image_list: _images,
        ...changed
      } = columns;
      const written = await updateListingAtRevision(trx, code, revision, {
        ...changed,
        ...availabilityColumns(record, row, now.toISOString()),
        publish: row.archived_at === null ? columns.publish : 0,
        updated_at: now.toISOString(),
      });
      if (!written) {
        const current = await findEditableListing(trx, code);
        throw new SaveRefused(
          current
            ? { ok: false, reason: "conflict", revision: current.revision }
            : { ok: false, reason: "missing" },
        );
      }
      await writeFloorPlans(trx, code, record.floor_plans);
    });
  } catch (error) {
    if (error instanceof SaveRefused) return error.answer;
    throw error;
  }
  return { ok: true, code };
}

/** A code for a copy of `code`: `{code}-COPY`, then `-COPY-2`, … that no listing has. */
async function copyCode(db: Kysely<Database>, code: string): Promise<string> {
  const base = code.replace(/-COPY(?:-\d+)?$/, "");
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "-COPY" : `-COPY-${n}`;
    const candidate = `${base.slice(0, 64 - suffix.length)}${suffix}`;
    if (!(await listingCodeExists(db, candidate))) return candidate;
  }
}

/**
 * A new draft copied from listing `code`: every field, photo and floor plan, a new code and slug,
 * unpublished, created now. Answers the new code; null when there is no such listing.
 */
export async function duplicateListing(
  db: Kysely<Database>,
  code: string,
  now: Date,
): Promise<string | null> {
  return inTransaction(db, async (trx) => {
    const row = await findEditableListing(trx, code);
    if (!row) return null;
    const newCode = await copyCode(trx, code);
    let slug = slugify(`${row.headline}-${newCode}`);
    for (let n = 2; (await findPropertyCodeBySlug(trx, slug)) !== undefined; n++) {
      slug = slugify(`${row.headline}-${newCode}-${n}`);
    }
    const {
      id: _id,
      category: _category,
      archived_at: _archived,
      revision: _revision,
      // A copy is a new listing: available, whatever the original's state (decision 046).
      availability: _availability,
      availability_changed_at: _availabilityChangedAt,
      ...copied
    } = row;
    await insertProperty(trx, {
      ...copied,
      code: newCode,
      slug,
      publish: 0,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    // Its floor plans too: the same files, under the copy.
    await writeFloorPlans(trx, newCode, await listFloorPlans(trx, row.id));
    return newCode;
  });
}
