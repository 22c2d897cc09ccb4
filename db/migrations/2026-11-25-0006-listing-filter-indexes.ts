/**
 * Every filter of the listing inside an index, on both dialects. Frozen in time: imports
 * nothing from the app.
 *
 * - The six listing indexes of 0003 and 0004 (by date or price, optionally after the offer type
 *   or the category) now carry every filter column after the order and the id, so any filter
 *   combination but the keyword is checked inside the index: its count, its page and its
 *   bookmarks (db/queries/property.ts) read no table row.
 * - The keyword (a substring of the headline, address, city or description) gets a trigram
 *   index: PostgreSQL a `pg_trgm` GIN index on the lower-cased text the query searches (only
 *   where the extension can be created; the query is the same without it, only slower),
 *   SQLite an FTS5 trigram table kept by triggers, which the query uses to narrow the rows
 *   before it checks the same LIKE.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

function isPostgres(db: AnyDb): boolean {
  return db.introspection instanceof PostgresIntrospector;
}

const filters = [
  "offer_type",
  "category_id",
  "price",
  "size",
  "bedroom",
  "bathroom",
  "garage",
  "balcony",
  "city",
  "province",
  "country",
];

/** The leading columns of each listing index, before the remaining filter columns. */
const leads: [name: string, columns: string[]][] = [
  ["property_filter_created_at_idx", ["publish", "created_at", "id"]],
  ["property_filter_price_idx", ["publish", "price", "id"]],
  ["property_filter_offer_created_at_idx", ["publish", "offer_type", "created_at", "id"]],
  ["property_filter_offer_price_idx", ["publish", "offer_type", "price", "id"]],
  ["property_filter_category_created_at_idx", ["publish", "category_id", "created_at", "id"]],
  ["property_filter_category_price_idx", ["publish", "category_id", "price", "id"]],
];

const place = ["city", "province", "country"];

/** The indexes of 0003 and 0004 that these replace. */
const replaced: [name: string, columns: string[]][] = [
  ["property_listing_created_at_idx", ["publish", "created_at", "id", ...place]],
  ["property_listing_price_idx", ["publish", "price", "id", ...place]],
  [
    "property_listing_offer_created_at_idx",
    ["publish", "offer_type", "created_at", "id", ...place],
  ],
  ["property_listing_offer_price_idx", ["publish", "offer_type", "price", "id", ...place]],
  [
    "property_listing_category_created_at_idx",
    ["publish", "category_id", "created_at", "id", ...place],
  ],
  ["property_listing_category_price_idx", ["publish", "category_id", "price", "id", ...place]],
];

/** Whether pg_trgm is installed, or this user may install it. */
async function canUseTrigrams(db: AnyDb): Promise<boolean> {
  const { rows } = await sql<{ usable: boolean }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm')
      or (exists (select 1 from pg_available_extensions where name = 'pg_trgm')
        and has_database_privilege(current_database(), 'CREATE')) as usable`.execute(db);
  return rows[0]?.usable === true;
}

export async function up(db: AnyDb): Promise<void> {
  for (const [name, columns] of leads) {
    const rest = filters.filter((column) => !columns.includes(column));
    await db.schema
      .createIndex(name)
      .on("property")
      .columns([...columns, ...rest])
      .execute();
  }
  for (const [name] of replaced) await db.schema.dropIndex(name).execute();
  // The planners' statistics for the new indexes (SQLite has none until ANALYZE runs, and
  // then guesses that the publish flag alone is selective).
  await sql`analyze property`.execute(db);

  if (isPostgres(db)) {
    if (!(await canUseTrigrams(db))) return;
    await sql`create extension if not exists pg_trgm`.execute(db);
    // The very expression the keyword query compares, so the planner can match it.
    await sql`
      create index property_text_trgm_idx on property using gin
      ((lower(headline || ' ' || address || ' ' || city || ' ' || description)) gin_trgm_ops)`.execute(
      db,
    );
    return;
  }

  // detail=none: only which rows hold each trigram (a word is looked up as all its trigrams,
  // then checked by LIKE); columnsize=0: no ranking, so no per-row sizes.
  await sql`
    create virtual table property_text using fts5(
      headline, address, city, description,
      content='property', content_rowid='id', tokenize='trigram', detail='none', columnsize=0)`.execute(
    db,
  );
  await sql`
    create trigger property_text_insert after insert on property begin
      insert into property_text(rowid, headline, address, city, description)
      values (new.id, new.headline, new.address, new.city, new.description);
    end`.execute(db);
  await sql`
    create trigger property_text_delete after delete on property begin
      insert into property_text(property_text, rowid, headline, address, city, description)
      values ('delete', old.id, old.headline, old.address, old.city, old.description);
    end`.execute(db);
  await sql`
    create trigger property_text_update
    after update of id, headline, address, city, description on property begin
      insert into property_text(property_text, rowid, headline, address, city, description)
      values ('delete', old.id, old.headline, old.address, old.city, old.description);
      insert into property_text(rowid, headline, address, city, description)
      values (new.id, new.headline, new.address, new.city, new.description);
    end`.execute(db);
  await sql`insert into property_text(property_text) values ('rebuild')`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    // The extension stays: other objects may use it.
    await sql`drop index if exists property_text_trgm_idx`.execute(db);
  } else {
    for (const trigger of ["insert", "delete", "update"]) {
      await sql`drop trigger if exists ${sql.id(`property_text_${trigger}`)}`.execute(db);
    }
    await sql`drop table if exists property_text`.execute(db);
  }
  for (const [name, columns] of replaced) {
    await db.schema.createIndex(name).on("property").columns(columns).execute();
  }
  for (const [name] of leads) await db.schema.dropIndex(name).execute();
}
