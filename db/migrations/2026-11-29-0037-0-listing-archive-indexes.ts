/**
 * The two indexes migration 0008 gained after a first version of it was released (decision
 * 089): the archived listings' index, and on PostgreSQL the listings table's trigram search
 * index where pg_trgm is installed. A database migrated by that first version lacks them and
 * gets them here; every other database has them already, and nothing changes. Frozen in time:
 * imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex("property_admin_archived_idx")
    .ifNotExists()
    .on("property")
    .column("archived_at")
    .execute();
  if (db.introspection instanceof PostgresIntrospector) {
    const { rows } = await sql<{ installed: boolean }>`
      select exists (select 1 from pg_extension where extname = 'pg_trgm') as installed`.execute(
      db,
    );
    if (rows[0]?.installed === true) {
      await sql`
        create index if not exists property_admin_text_trgm_idx on property using gin
        ((lower(code || ' ' || headline || ' ' || city)) gin_trgm_ops)`.execute(db);
    }
  }
}

/** Nothing: the indexes belong to migration 0008, whose down migration drops them. */
export async function down(_db: AnyDb): Promise<void> {}
