/**
 * The type filter (a category: Villas, Apartments, …) inside the listing indexes. Frozen in
 * time: imports nothing from the app.
 *
 * Without them a listing filtered by type walked the date or price index and read each row to
 * check its category (about 20 ms at 100,000 rows). These start with the category, then the
 * order and the id tie-break, then the place columns, like the listing indexes of 0003, so a
 * filtered page is read in index order and its count never touches a row.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

const place = ["city", "province", "country"];

const indexes: [name: string, columns: string[]][] = [
  [
    "property_listing_category_created_at_idx",
    ["publish", "category_id", "created_at", "id", ...place],
  ],
  ["property_listing_category_price_idx", ["publish", "category_id", "price", "id", ...place]],
];

export async function up(db: AnyDb): Promise<void> {
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on("property").columns(columns).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of indexes) await db.schema.dropIndex(name).execute();
}
