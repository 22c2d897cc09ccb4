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
import {
  findNewestListingEventId,
  inTransaction,
  listListingSaversAfter,
} from "../../db/queries/audit.ts";
import { findOrInsertCategory } from "../../db/queries/category.ts";
import { toIsoString } from "../../db/queries/columns.ts";
import { listFloorPlans, replaceFloorPlans } from "../../db/queries/floor-plan.ts";
import {
  carryCodeChange,
  listingHeadlineOf,
  newestListingCode,
  nextFreeCode,
} from "../../db/queries/listing-code.ts";
import {
  findEditableListing,
  findListingChoices,
  listListingChoices,
  updateListingAtRevision,
} from "../../db/queries/listing-editor.ts";
import { findPropertyCodeBySlug, findPropertyRowByCode } from "../../db/queries/property.ts";
import { insertProperty } from "../../db/queries/property-writes.ts";
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
import { type MergeChoice, mergeListingValues, shownValue } from "../../lib/admin-listing-merge.ts";
import {
  availabilityLabels,
  defaultAvailability,
  readAvailability,
} from "../../lib/availability.ts";
import { type FloorPlan, formatFloorPlanItem } from "../../lib/floor-plans.ts";
import { confirmationOf } from "../../lib/listing-location.ts";
import {
  formTextOf,
  propertyField,
  type SchemaFieldName,
  schemaFieldNames,
} from "../../lib/property-fields.ts";
import { rentPeriodLabels } from "../../lib/rent-period.ts";
import { availabilityColumns, propertyColumnsOf } from "../content/import-properties.ts";
import {
  type PropertyRecord,
  recordOfProperty,
  validatePropertyRecord,
} from "../content/property-record.ts";
import { checkListingLocation } from "./listing-location.ts";
import {
  changedSince,
  comparableListingValues,
  type ListingBase,
  listingBaseOf,
} from "./listing-merge.ts";

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
    ...(Object.fromEntries(
      schemaFieldNames
        .filter((name) => propertyField(name).editor !== null)
        .map((name) => [name, formTextOf(name, record[name])]),
    ) as Record<SchemaFieldName, string>),
    code: record.code,
    slug: record.slug,
    offer_type: record.offer_type,
    category: record.category,
    price: text(record.price),
    rent_period: rentPeriodLabels[record.rent_period],
    availability: availabilityLabels[readAvailability(row.availability) ?? defaultAvailability],
    latitude: text(record.latitude),
    longitude: text(record.longitude),
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
    base: listingBaseOf(values, await findNewestListingEventId(db, code)),
    slug: row.slug,
    status: row.archived_at !== null ? "archived" : record.publish ? "published" : "unpublished",
    createdAt: toIsoString(row.created_at),
    updatedAt: row.updated_at === null ? null : toIsoString(row.updated_at),
    images: record.images,
  };
}

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

/** A refused rating says what it must be, whatever was wrong with it (4.5, 7, "four"). */
function ratingProblem(typed: string): string {
  return `must be a whole number from 0 to 5, without halves ('${typed.trim()}' is not)`;
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
  stored?: { code: string; place: StoredPlace },
): Promise<{ ok: true; record: PropertyRecord } | { ok: false; issues: ListingFieldIssue[] }> {
  const storedCode = stored?.code;
  const {
    publish,
    availability,
    floor_plans: floorPlans,
    location_confirmed: _confirmed,
    ...rest
  } = values;
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
        found.field === "rating"
          ? issue("rating", ratingProblem(values.rating))
          : issue(
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
  const own = new Set([values.code.trim(), storedCode]);
  const related = values.related.filter((code) => !own.has(code));
  const found = new Set((await findListingChoices(db, related)).map((choice) => choice.code));
  const missing = related.filter((code) => !found.has(code));
  if (missing.length > 0) {
    issues.push(issue("related", `has no listing with the code ${missing.join(", ")}`));
  }
  if (values.related.length !== related.length) {
    issues.push(issue("related", "cannot include the listing itself"));
  }
  if (validated.ok && validated.record.code !== storedCode) {
    const taken = await codeTakenIssue(db, validated.record.code);
    if (taken) issues.push(taken);
  }
  if (validated.ok) {
    const far = await unconfirmedFarPosition(db, validated.record, values, stored);
    if (far) issues.push(far);
  }
  if (!validated.ok || issues.length > 0) return { ok: false, issues };
  return { ok: true, record: validated.record };
}

/** Where a stored listing stands: its position is checked again only when this changes. */
type StoredPlace = Pick<PropertyRecord, "latitude" | "longitude" | "city" | "country">;

const samePlace = (a: StoredPlace, b: StoredPlace) =>
  a.latitude === b.latitude &&
  a.longitude === b.longitude &&
  a.city.trim().toLowerCase() === b.city.trim().toLowerCase() &&
  a.country.trim().toLowerCase() === b.country.trim().toLowerCase();

/**
 * The problem of a position far from its city's other listings that staff have not confirmed
 * (decision 069); a stored listing whose place the form leaves as it is is not asked again.
 */
async function unconfirmedFarPosition(
  db: Kysely<Database>,
  record: PropertyRecord,
  values: ListingFormValues,
  stored: { code: string; place: StoredPlace } | undefined,
): Promise<ListingFieldIssue | undefined> {
  if (record.latitude === null || record.longitude === null) return undefined;
  if (stored && samePlace(stored.place, record)) return undefined;
  const position = { latitude: record.latitude, longitude: record.longitude };
  const { warning } = await checkListingLocation(db, {
    city: record.city,
    country: record.country,
    code: stored?.code,
    position,
  });
  if (warning === null || values.location_confirmed === confirmationOf(position)) return undefined;
  return issue("location", warning);
}

/** The problem of a code another listing has, naming that listing; undefined when free. */
async function codeTakenIssue(
  db: Kysely<Database>,
  code: string,
): Promise<ListingFieldIssue | undefined> {
  const headline = await listingHeadlineOf(db, code);
  if (headline === undefined) return undefined;
  return issue("code", `'${code}' is already the code of listing “${headline}”`);
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

/** What a save knows of the form's opening, to merge with colleagues' saves since. */
export interface ListingSaveBase {
  /** The posted base; null: unknown, so every field both changed is asked about. */
  base: ListingBase | null;
  /** Choices posted for fields both changed. */
  choices: Partial<Record<ListingField, MergeChoice>>;
}

/** A save's tries when other saves keep moving the listing's revision between merge and write. */
const saveAttempts = 3;

/**
 * Saves the form over listing `code`. Opened at the current `revision`, the values are written;
 * opened at an older one, they are merged with what was saved since (decision 044's
 * addendum): fields only this form changed are written, fields only colleagues changed are
 * kept, and fields both changed to different values refuse the save as a conflict naming them,
 * unless `merge.choices` says whose to keep. Its status, photos and creation date stay; an
 * archived listing stays unpublished. A new code (one no other listing has) renames it, and
 * every related list, collection and enquiry that named the old code names the new one
 * (decision 069); a form without the field keeps the code.
 */
export async function saveListing(
  db: Kysely<Database>,
  code: string,
  revision: number,
  values: ListingFormValues,
  now: Date,
  merge: ListingSaveBase = { base: null, choices: {} },
): Promise<ListingSave> {
  for (let attempt = 1; ; attempt++) {
    const stored = await openListing(db, code);
    if (!stored) return { ok: false, reason: "missing" };
    let toWrite = values;
    let merged: Extract<ListingSave, { ok: true }>["merged"];
    if (stored.revision !== revision) {
      // A new code typed in the form stays this save's (decision 069).
      const mine = comparableListingValues({ ...values, code: values.code.trim() || code });
      const theirs = comparableListingValues(stored.values);
      const result = mergeListingValues(mine, theirs, changedSince(merge.base), merge.choices);
      const savedBy = await listListingSaversAfter(db, code, merge.base?.eventId ?? 0);
      // Without a base every save of the listing would be named: only the newest.
      const colleagues = merge.base ? savedBy : savedBy.slice(0, 1);
      if (result.conflicts.length > 0) {
        return {
          ok: false,
          reason: "conflict",
          revision: stored.revision,
          conflicts: result.conflicts.map((field) => ({
            field,
            mine: shownValue(field, mine),
            theirs: shownValue(field, theirs),
          })),
          // The description as posted, not its comparable form.
          values: { ...result.values, description: pick(result.values, mine, values, stored) },
          theirs: result.theirs,
          savedBy: colleagues,
        };
      }
      toWrite = { ...result.values, description: pick(result.values, mine, values, stored) };
      merged = { fields: result.theirs, savedBy: colleagues };
    }
    const written = await writeListing(db, code, stored, toWrite, now);
    if (written !== "moved") return written.ok && merged ? { ...written, merged } : written;
    if (attempt >= saveAttempts) {
      // Saves keep coming in: the form is shown again as typed, to save once more.
      const current = await openListing(db, code);
      if (!current) return { ok: false, reason: "missing" };
      const savedBy = await listListingSaversAfter(db, code, merge.base?.eventId ?? 0);
      return {
        ok: false,
        reason: "conflict",
        revision: current.revision,
        conflicts: [],
        values,
        theirs: [],
        savedBy: savedBy.slice(0, 1),
      };
    }
  }
}

/** The merged description: the posted HTML when mine was kept, else the stored one. */
function pick(
  result: ListingFormValues,
  mine: ListingFormValues,
  posted: ListingFormValues,
  stored: EditableListing,
): string {
  return result.description === mine.description ? posted.description : stored.values.description;
}

/**
 * Writes the form's values over the listing as opened (`stored`); "moved" when another write
 * raised its revision in between.
 */
async function writeListing(
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
  const checked = await validate(
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

/** The code a new listing's form proposes: the next free one of the newest listing's series. */
export async function proposedListingCode(db: Kysely<Database>): Promise<string> {
  return nextFreeCode(db, (await newestListingCode(db)) ?? "HP-1000");
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
    // The next free code of the same series (`WL-2001` → `WL-2002`); staff may change it.
    const newCode = await nextFreeCode(trx, code);
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
    await insertProperty(
      trx,
      {
        ...copied,
        code: newCode,
        slug,
        publish: 0,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      },
      "staff",
    );
    // Its floor plans too: the same files, under the copy.
    await writeFloorPlans(trx, newCode, await listFloorPlans(trx, row.id));
    return newCode;
  });
}
