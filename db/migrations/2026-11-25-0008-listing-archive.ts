/**
 * The back office's listings table (decision 041): when a listing was archived (hidden from the
 * public site, restorable) and last changed in the back office, and one index per order of the
 * table over every listing, published or not (the public listing indexes all lead with
 * `publish`). Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

const indexes: [name: string, columns: string[]][] = [
  ["property_admin_created_at_idx", ["created_at", "id"]],
  ["property_admin_price_idx", ["price", "id"]],
  ["property_admin_headline_idx", ["headline", "id"]],
  // The archived listings, usually few: read by this index and sorted.
  ["property_admin_archived_idx", ["archived_at"]],
];

export async function up(db: AnyDb): Promise<void> {
  const timestamp = db.introspection instanceof PostgresIntrospector ? "timestamptz" : "text";
  await db.schema.alterTable("property").addColumn("archived_at", timestamp).execute();
  await db.schema.alterTable("property").addColumn("updated_at", timestamp).execute();
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on("property").columns(columns).execute();
  }
  // Statistics for the new indexes, so the planners pick them (see migration 0006).
  await sql`analyze property`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of indexes) await db.schema.dropIndex(name).execute();
  await db.schema.alterTable("property").dropColumn("updated_at").execute();
  await db.schema.alterTable("property").dropColumn("archived_at").execute();
}
