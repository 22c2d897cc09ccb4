/**
 * The RESO Web API feed (decision 094):
 *
 * - `property.modified_at`: when the listing last changed, set by a trigger on every insert and
 *   update whatever the write path (the back office, an import, the content command, plain
 *   SQL), so it exists on every row and moves on every change; RESO's ModificationTimestamp,
 *   by which a consumer replicates. Milliseconds, as JavaScript reads them back. Rows stored
 *   before this migration take their last back-office change, or else their creation.
 * - `feed_consumer`: one consumer of the feed (a portal, a partner), its bearer token kept as a
 *   SHA-256 hash only, when it was made, last used and revoked.
 *
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  const timestamp = postgres ? "timestamptz" : "text";

  await db.schema.alterTable("property").addColumn("modified_at", timestamp).execute();
  await sql`update property set modified_at = coalesce(updated_at, created_at)`.execute(db);
  if (postgres) {
    await sql`
      create function homes_property_modified() returns trigger language plpgsql as $$
      begin
        new.modified_at := date_trunc('milliseconds', clock_timestamp());
        return new;
      end
      $$`.execute(db);
    await sql`
      create trigger property_modified
      before insert or update on property
      for each row execute function homes_property_modified()`.execute(db);
  } else {
    // ISO 8601 text with milliseconds, as the app writes its timestamps. SQLite's triggers do
    // not fire themselves again (recursive_triggers is off), and the `when` keeps it so if it
    // were on: the trigger's own update changes the column.
    const now = sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`);
    await sql`
      create trigger property_modified_insert after insert on property
      begin
        update property set modified_at = ${now} where id = new.id;
      end`.execute(db);
    await sql`
      create trigger property_modified_update after update on property
      when new.modified_at is old.modified_at
      begin
        update property set modified_at = ${now} where id = new.id;
      end`.execute(db);
  }
  // Replication reads by it, in its order; the id breaks ties.
  await db.schema
    .createIndex("property_modified_idx")
    .on("property")
    .columns(["modified_at", "id"])
    .execute();

  await db.schema
    .createTable("feed_consumer")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    /** Unique, as typed (trimmed); how owners and the command name it. */
    .addColumn("name", "text", (col) => col.notNull().unique())
    /** SHA-256 of the token, hex: a random 32-byte token needs no slow hash. */
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("last_used_at", timestamp)
    .addColumn("revoked_at", timestamp)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  await db.schema.dropTable("feed_consumer").execute();
  await db.schema.dropIndex("property_modified_idx").execute();
  if (postgres) {
    await sql`drop trigger property_modified on property`.execute(db);
    await sql`drop function homes_property_modified()`.execute(db);
  } else {
    await sql`drop trigger property_modified_insert`.execute(db);
    await sql`drop trigger property_modified_update`.execute(db);
  }
  await db.schema.alterTable("property").dropColumn("modified_at").execute();
}
