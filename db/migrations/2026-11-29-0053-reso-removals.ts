/**
 * The RESO feed's removals and readiness in SQL (decision 104):
 *
 * - `listing_removal`: a key a consumer may hold that no listing has any more: a listing once
 *   published that was deleted, or whose code changed (its old code). Written by triggers on
 *   `property`, so every write path (the back office, an import, plain SQL) records it, at the
 *   time of the change as ISO text with milliseconds (SQLite) or a timestamptz (PostgreSQL),
 *   as `modified_at` is. The feed serves each one as a `Delete` for a while, then forgets it.
 * - A description without any text (`<p> </p>`, `<p><br></p>`) is stored as "": the writes
 *   that take a description do so from now on, and this makes older rows agree, so "has a
 *   description" is `description <> ''` in the feed's SQL.
 *
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

/** lib/description-html.ts's test of the day: no words once tags and &nbsp; are gone. */
function withoutText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, " ")
      .replace(/&nbsp;/g, " ")
      .replace(/\s+/g, " ")
      .trim() === ""
  );
}

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  const timestamp = postgres ? "timestamptz" : "text";
  await db.schema
    .createTable("listing_removal")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("property_id", "integer", (col) => col.notNull())
    /** The key the feed served: the listing's code before it went or changed. */
    .addColumn("code", "text", (col) => col.notNull())
    .addColumn("removed_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("listing_removal_removed_idx")
    .on("listing_removal")
    .columns(["removed_at", "id"])
    .execute();

  if (postgres) {
    await sql`
      create function homes_listing_removed() returns trigger language plpgsql as $$
      begin
        if old.first_published_at is not null
           and (tg_op = 'DELETE' or old.code is distinct from new.code) then
          insert into listing_removal (property_id, code, removed_at)
          values (old.id, old.code, date_trunc('milliseconds', clock_timestamp()));
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger property_removed
      after delete or update of code on property
      for each row execute function homes_listing_removed()`.execute(db);
  } else {
    const now = sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`);
    await sql`
      create trigger property_removed_delete after delete on property
      when old.first_published_at is not null
      begin
        insert into listing_removal (property_id, code, removed_at) values (old.id, old.code, ${now});
      end`.execute(db);
    await sql`
      create trigger property_removed_code after update of code on property
      when old.first_published_at is not null and old.code is not new.code
      begin
        insert into listing_removal (property_id, code, removed_at) values (old.id, old.code, ${now});
      end`.execute(db);
  }

  const rows = await db
    .selectFrom("property")
    .select(["id", "description"])
    .where("description", "<>", "")
    .execute();
  const empty = rows
    .filter((row: { description: string }) => withoutText(row.description))
    .map((row: { id: number }) => row.id);
  for (let start = 0; start < empty.length; start += 500) {
    await db
      .updateTable("property")
      .set({ description: "" })
      .where("id", "in", empty.slice(start, start + 500))
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  if (postgres) {
    await sql`drop trigger property_removed on property`.execute(db);
    await sql`drop function homes_listing_removed()`.execute(db);
  } else {
    await sql`drop trigger property_removed_delete`.execute(db);
    await sql`drop trigger property_removed_code`.execute(db);
  }
  await db.schema.dropTable("listing_removal").execute();
}
