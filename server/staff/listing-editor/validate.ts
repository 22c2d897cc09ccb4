/**
 * The listing editor's checks of a form's values (decision 044): the content import's one
 * schema (server/content/property-record.ts), then what only the database knows: a category
 * and amenities from the lists, related codes of other listings, a code no other listing has,
 * and a position far from its city's other listings confirmed (decision 069).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.ts";
import { listingHeadlineOf } from "../../../db/queries/listing-code.ts";
import { findListingChoices, listListingChoices } from "../../../db/queries/listing-editor.ts";
import {
  floorPlanLines,
  type ListingField,
  type ListingFieldIssue,
  type ListingFormValues,
  listingTextFields,
} from "../../../lib/admin-listing-form.ts";
import { confirmationOf } from "../../../lib/listing-location.ts";
import { type PropertyRecord, validatePropertyRecord } from "../../content/property-record.ts";
import { checkListingLocation } from "../listing-location.ts";

/** The fields of the form; the schema's other fields (status, images, date) are kept as stored. */
const formFields = new Set<string>([...listingTextFields, "amenities", "related", "publish"]);

/** A refused rating says what it must be, whatever was wrong with it (4.5, 7, "four"). */
function ratingProblem(typed: string): string {
  return `must be a whole number from 0 to 5, without halves ('${typed.trim()}' is not)`;
}

export const issue = (field: ListingField | null, message: string): ListingFieldIssue => ({
  field,
  message,
});

/**
 * Checks the form's values with the import's schema, then what only the database knows: a
 * category and amenities from the lists, related codes of other listings.
 */
export async function validateListingValues(
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
export type StoredPlace = Pick<PropertyRecord, "latitude" | "longitude" | "city" | "country">;

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
export async function codeTakenIssue(
  db: Kysely<Database>,
  code: string,
): Promise<ListingFieldIssue | undefined> {
  const headline = await listingHeadlineOf(db, code);
  if (headline === undefined) return undefined;
  return issue("code", `'${code}' is already the code of listing “${headline}”`);
}
