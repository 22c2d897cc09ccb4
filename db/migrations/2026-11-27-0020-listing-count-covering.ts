/**
 * SQLite: without migration 0003's `(category_id, publish)` index, so a search's match count
 * reads migration 0006's listing indexes alone (decision 058). Frozen in time: imports nothing
 * from the app.
 *
 * With a category and any other filter (a place, the offer type), SQLite counted the matches
 * through that narrow index, reading a table row for each listing of the category to check
 * the other filters: 17 to 60 ms at 100,000 listings, where the covering
 * `(publish, category_id, …)` index it picks without it takes 1 to 5 ms. The category
 * counters, which that index was for, are counted inside the same covering indexes.
 * PostgreSQL already picks the covering index (an index-only scan) and keeps the narrow one for
 * the category foreign key's `on delete set null`.
 */
import { type Kysely, PostgresIntrospector } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

const narrow = "property_category_publish_idx";

export async function up(db: AnyDb): Promise<void> {
  if (db.introspection instanceof PostgresIntrospector) return;
  await db.schema.dropIndex(narrow).execute();
}

export async function down(db: AnyDb): Promise<void> {
  if (db.introspection instanceof PostgresIntrospector) return;
  await db.schema.createIndex(narrow).on("property").columns(["category_id", "publish"]).execute();
}
