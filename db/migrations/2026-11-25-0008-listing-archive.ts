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
  // PostgreSQL: the table's search (a substring of the code, headline or city) through a
  // trigram index on the very expression the query compares, where pg_trgm is installed
  // (migration 0006 installs it when it may); otherwise the query is the same, only slower.
  if (db.introspection instanceof PostgresIntrospector) {
    const { rows } = await sql<{ installed: boolean }>`
      select exists (select 1 from pg_extension where extname = 'pg_trgm') as installed`.execute(
      db,
    );
    if (rows[0]?.installed === true) {
      await sql`
        create index property_admin_text_trgm_idx on property using gin
        ((lower(code || ' ' || headline || ' ' || city)) gin_trgm_ops)`.execute(db);
    }
  }
  // Statistics for the new indexes, so the planners pick them (see migration 0006).
  await sql`analyze property`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (db.introspection instanceof PostgresIntrospector) {
    await sql`drop index if exists property_admin_text_trgm_idx`.execute(db);
  }
  for (const [name] of indexes) await db.schema.dropIndex(name).execute();
  await db.schema.alterTable("property").dropColumn("updated_at").execute();
  await db.schema.alterTable("property").dropColumn("archived_at").execute();
}
