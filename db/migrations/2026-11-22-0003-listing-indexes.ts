/**
 * Indexes for the paged property listing at scale (100,000+ rows). Frozen in time: imports
 * nothing from the app.
 *
 * Each listing order has a composite index that starts with the filters and ends with the
 * order and the id tie-break, so a page is read in index order and OFFSET skips index entries,
 * not rows. Each ends with the three place columns, so a location filter (city, province or
 * country, one OR) is checked inside the index and the match count reads no table rows; no
 * index leads with a place column, so the planners never trade that covering scan for an
 * OR of row lookups. They replace the single-column indexes of the initial migration, which the
 * planners picked over better plans.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

const place = ["city", "province", "country"];

const indexes: [name: string, columns: string[]][] = [
  // No filter or only a location: newest (or, read backwards, oldest) first; by price.
  ["property_listing_created_at_idx", ["publish", "created_at", "id", ...place]],
  ["property_listing_price_idx", ["publish", "price", "id", ...place]],
  // For Sale / For Rent, optionally with a location, by date or by price.
  [
    "property_listing_offer_created_at_idx",
    ["publish", "offer_type", "created_at", "id", ...place],
  ],
  ["property_listing_offer_price_idx", ["publish", "offer_type", "price", "id", ...place]],
  // The category counters: counted inside the index.
  ["property_category_publish_idx", ["category_id", "publish"]],
];

/** The initial migration's indexes that these replace. */
const replaced: [name: string, columns: string[]][] = [
  ["property_publish_created_at_idx", ["publish", "created_at"]],
  ["property_price_idx", ["price"]],
  ["property_offer_type_idx", ["offer_type"]],
  ["property_city_idx", ["city"]],
  ["property_category_id_idx", ["category_id"]],
];

export async function up(db: AnyDb): Promise<void> {
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on("property").columns(columns).execute();
  }
  for (const [name] of replaced) await db.schema.dropIndex(name).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name, columns] of replaced) {
    await db.schema.createIndex(name).on("property").columns(columns).execute();
  }
  for (const [name] of indexes) await db.schema.dropIndex(name).execute();
}
