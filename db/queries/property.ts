import type { Kysely } from "kysely";
import type { Property } from "../../lib/api-contract.ts";
import type { Database, PropertyRow } from "../database.ts";
import { toFlag, toIsoString } from "./columns.ts";

/** A property row with its category's title, as the property queries select it. */
export type PropertyWithCategoryRow = PropertyRow & { category: string | null };

/**
 * The SPEC §7 property. JSON list fields stay JSON text, as the original backend sent them;
 * `category` and `balcony` are this project's additions.
 */
export function toProperty(row: PropertyWithCategoryRow): Property {
  return {
    code: row.code,
    slug: row.slug,
    headline: row.headline,
    cover_image: row.cover_image,
    price: row.price,
    address: row.address,
    bedroom: row.bedroom,
    bathroom: row.bathroom,
    room: row.room,
    floor: row.floor,
    size: row.size,
    rating: row.rating,
    garage: row.garage,
    offer_type: row.offer_type,
    publish: toFlag(row.publish),
    created_at: toIsoString(row.created_at),
    description: row.description,
    reference_no: row.reference_no,
    property_status: row.property_status,
    city: row.city,
    province: row.province,
    country: row.country,
    youtube: row.youtube,
    google_map: row.google_map,
    features: row.features,
    image_list: row.image_list,
    related_product: row.related_product,
    category: row.category,
    balcony: row.balcony,
  };
}

function selectPublished(db: Kysely<Database>) {
  return db
    .selectFrom("property")
    .leftJoin("category", "category.id", "property.category_id")
    .selectAll("property")
    .select("category.title as category")
    .where("property.publish", "=", 1);
}

/** Every published property, newest first (SPEC §7 `GET /property/display/all`). */
export async function listPublishedProperties(db: Kysely<Database>): Promise<Property[]> {
  const rows = await selectPublished(db)
    .orderBy("property.created_at", "desc")
    .orderBy("property.id", "desc")
    .execute();
  return rows.map(toProperty);
}

/**
 * A published property by slug or by code (the site links by slug and calls it the code;
 * collections and related lists name properties by code).
 */
export async function findPublishedProperty(
  db: Kysely<Database>,
  codeOrSlug: string,
): Promise<Property | undefined> {
  const row = await selectPublished(db)
    .where((eb) =>
      eb.or([eb("property.slug", "=", codeOrSlug), eb("property.code", "=", codeOrSlug)]),
    )
    .orderBy("property.id")
    .executeTakeFirst();
  return row === undefined ? undefined : toProperty(row);
}
