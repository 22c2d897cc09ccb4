/**
 * A stored listing as the listing editor's form shows it (decision 044): every field as text,
 * the revision and merge base a save goes over, its status and dates.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.ts";
import { findNewestListingEventId } from "../../../db/queries/audit.ts";
import { toIsoString } from "../../../db/queries/columns.ts";
import { listFloorPlans } from "../../../db/queries/floor-plan.ts";
import { findEditableListing } from "../../../db/queries/listing-editor.ts";
import type { EditableListing, ListingFormValues } from "../../../lib/admin-listing-form.ts";
import {
  availabilityLabels,
  defaultAvailability,
  readAvailability,
} from "../../../lib/availability.ts";
import { formatFloorPlanItem } from "../../../lib/floor-plans.ts";
import { portalReadinessOf } from "../../../lib/portal-readiness.ts";
import {
  formTextOf,
  propertyField,
  type SchemaFieldName,
  schemaFieldNames,
} from "../../../lib/property-fields.ts";
import { rentPeriodLabels } from "../../../lib/rent-period.ts";
import { recordOfProperty } from "../../content/property-record.ts";
import { listingBaseOf } from "../listing-merge.ts";

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
    portals: portalReadinessOf(record, record),
  };
}
