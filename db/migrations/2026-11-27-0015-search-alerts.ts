/**
 * Search alerts (decision 055): a visitor's saved /search filters and e-mail address, confirmed
 * by a link (double opt-in), then a digest of the newly published matching listings at most
 * once a day. Tokens are never stored, only their SHA-256 hashes.
 *
 * - `property.first_published_at`: when the listing was first published, set by a trigger on
 *   every write path (the content command, the back office, an import, plain SQL), never
 *   changed afterwards; what "newly published" means. Listings published before this
 *   migration take their `created_at`.
 * - `search_alert`: one saved search.
 * - `mail_outbox`: mails other than enquiries (a confirmation, a digest), delivered by the
 *   enquiry outbox's worker with its claims, retries and backoff. `dedupe_key` is unique, so
 *   a mail enqueued twice (two app servers, a retry) is one row.
 *
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  const timestamp = postgres ? "timestamptz" : "text";
  const id = postgres ? "serial" : "integer";

  await db.schema.alterTable("property").addColumn("first_published_at", timestamp).execute();
  // Never later than now: a listing dated ahead must not hide the ones published after it.
  if (postgres) {
    await sql`update property set first_published_at = least(created_at, date_trunc('milliseconds', now())) where publish`.execute(
      db,
    );
  } else {
    await sql`update property set first_published_at = min(created_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) where publish = 1`.execute(
      db,
    );
  }
  if (postgres) {
    await sql`
      create function homes_first_published() returns trigger language plpgsql as $$
      begin
        -- Milliseconds, as JavaScript reads them back: a mark read and written again matches.
        if new.publish and new.first_published_at is null then
          new.first_published_at := date_trunc('milliseconds', clock_timestamp());
        end if;
        return new;
      end
      $$`.execute(db);
    await sql`
      create trigger property_first_published
      before insert or update of publish on property
      for each row execute function homes_first_published()`.execute(db);
  } else {
    // ISO 8601 text with milliseconds, as the app writes its timestamps.
    const now = sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`);
    await sql`
      create trigger property_first_published_insert after insert on property
      when new.publish = 1 and new.first_published_at is null
      begin
        update property set first_published_at = ${now} where id = new.id;
      end`.execute(db);
    await sql`
      create trigger property_first_published_update after update of publish on property
      when new.publish = 1 and new.first_published_at is null
      begin
        update property set first_published_at = ${now} where id = new.id;
      end`.execute(db);
  }
  await db.schema
    .createIndex("property_first_published_idx")
    .on("property")
    .column("first_published_at")
    .execute();

  await db.schema
    .createTable("search_alert")
    .addColumn("id", id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    /** Trimmed and lower-cased. */
    .addColumn("email", "text", (col) => col.notNull())
    /** The /search query string, normalised (lib/property-search.ts's parameters, sorted). */
    .addColumn("query", "text", (col) => col.notNull())
    /** Random; with the server's secret it derives the alert's confirm and unsubscribe tokens. */
    .addColumn("salt", "text", (col) => col.notNull())
    .addColumn("confirm_token_hash", "text", (col) => col.notNull().unique())
    .addColumn("unsubscribe_token_hash", "text", (col) => col.notNull().unique())
    /** The same on every alert of the address: the manage page lists them all. */
    .addColumn("manage_token_hash", "text", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("confirmed_at", timestamp)
    /** The newest first_published_at already considered: a digest lists only later ones. */
    .addColumn("published_mark", timestamp)
    /** The UTC day (YYYY-MM-DD) of the last digest run for this alert. */
    .addColumn("last_digest_on", "text")
    .addUniqueConstraint("search_alert_email_query_key", ["email", "query"])
    .execute();
  await db.schema
    .createIndex("search_alert_manage_idx")
    .on("search_alert")
    .column("manage_token_hash")
    .execute();
  await db.schema
    .createIndex("search_alert_due_idx")
    .on("search_alert")
    .columns(["last_digest_on", "id"])
    .execute();

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("dedupe_key", "text", (col) => col.notNull().unique())
    /** 'alert-confirm' or 'alert-digest'. */
    .addColumn("kind", "text", (col) => col.notNull())
    /** Its alert: deleting the alert (unsubscribe) drops its mails not yet sent too. */
    .addColumn("alert_id", "integer", (col) =>
      col.references("search_alert.id").onDelete("cascade"),
    )
    /** JSON: what the mail lists (a digest's listing ids). */
    .addColumn("payload", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("status", "text", (col) => col.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", timestamp, (col) => col.notNull())
    .addColumn("locked_until", timestamp)
    .addColumn("last_error", "text")
    .addColumn("sent_at", timestamp)
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("mail_outbox_due_idx")
    .on("mail_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("mail_outbox_alert_idx")
    .on("mail_outbox")
    .column("alert_id")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  await db.schema.dropTable("mail_outbox").execute();
  await db.schema.dropTable("search_alert").execute();
  await db.schema.dropIndex("property_first_published_idx").execute();
  if (postgres) {
    await sql`drop trigger if exists property_first_published on property`.execute(db);
    await sql`drop function if exists homes_first_published()`.execute(db);
  } else {
    await sql`drop trigger if exists property_first_published_insert`.execute(db);
    await sql`drop trigger if exists property_first_published_update`.execute(db);
  }
  await db.schema.alterTable("property").dropColumn("first_published_at").execute();
}
