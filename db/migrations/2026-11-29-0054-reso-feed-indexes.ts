/**
 * Indexes for the RESO feed's pages and the Portals page at 100,000 listings (decision 106).
 * Frozen in time: imports nothing from the app.
 *
 * - PostgreSQL: `(modified_at nulls first, id)`, the order a replicating consumer reads by
 *   (`$orderby=ModificationTimestamp`, OData's nulls first). The existing `(modified_at, id)`
 *   puts nulls last, so PostgreSQL sorted every listing for each page; SQLite puts nulls first
 *   anyway and reads that index in order.
 * - Both: `(archived_at, publish, send_to_rightmove, send_to_push, send_to_reso)`, so the Portals
 *   page counts the listings switched on for each feed inside the index, without reading a row.
 * - Both: `listing_removal (code, id)`: the feed serves a key's latest removal only, and none of
 *   a key a listing has again, asked for each removal row; without it, each asking read the
 *   whole table.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

const switches = "property_feed_switches_idx";
const modified = "property_modified_nulls_first_idx";
const removalCode = "listing_removal_code_idx";

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex(switches)
    .on("property")
    .columns(["archived_at", "publish", "send_to_rightmove", "send_to_push", "send_to_reso"])
    .execute();
  await db.schema.createIndex(removalCode).on("listing_removal").columns(["code", "id"]).execute();
  if (db.introspection instanceof PostgresIntrospector) {
    await sql`create index ${sql.id(modified)} on property (modified_at nulls first, id)`.execute(
      db,
    );
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (db.introspection instanceof PostgresIntrospector) {
    await db.schema.dropIndex(modified).execute();
  }
  await db.schema.dropIndex(removalCode).execute();
  await db.schema.dropIndex(switches).execute();
}
