/**
 * Viewings booked online and kept in the staff's diary (issue 31):
 *
 * - `viewing_availability`: when a member of staff hosts viewings, one row per weekday span in
 *   the office's local time (`HH:MM`), with the slot length and the buffer after each slot.
 *   A row without `property_id` holds for every listing (the office's hours); a listing with
 *   rows of its own is booked by those alone.
 * - `viewing_day_off`: a day without viewings, for one member of staff or (no staff) the whole
 *   office.
 * - `viewing`: one booked slot, its visitor and its state (`tentative` until staff confirm,
 *   then `confirmed`; `declined` or `cancelled` end it). `uid` is the iCalendar UID every
 *   invite of it carries; `sequence` counts its revisions (RFC 5545 SEQUENCE). `hold_key`
 *   (`<staff id>@<starts_at ISO>`) is set while the viewing holds its slot and cleared when it
 *   ends: its unique index is what refuses a second booking of one slot, on every app server.
 * - `viewing_calendar_feed`: a member of staff's private calendar feed; the secret in its URL
 *   is kept as a SHA-256 hash only; deleting the row revokes it.
 *
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  const timestamp = postgres ? "timestamptz" : "text";
  const id = postgres ? "serial" : "integer";
  await db.schema
    .createTable("viewing_availability")
    .addColumn("id", id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("staff_user_id", "integer", (col) =>
      col.notNull().references("staff_user.id").onDelete("cascade"),
    )
    .addColumn("property_id", "integer", (col) => col.references("property.id").onDelete("cascade"))
    /** ISO weekday: 1 Monday … 7 Sunday. */
    .addColumn("weekday", "integer", (col) => col.notNull())
    .addColumn("start_time", "text", (col) => col.notNull())
    .addColumn("end_time", "text", (col) => col.notNull())
    .addColumn("slot_minutes", "integer", (col) => col.notNull().defaultTo(30))
    .addColumn("buffer_minutes", "integer", (col) => col.notNull().defaultTo(15))
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("viewing_availability_staff_idx")
    .on("viewing_availability")
    .columns(["staff_user_id", "weekday"])
    .execute();
  await db.schema
    .createIndex("viewing_availability_property_idx")
    .on("viewing_availability")
    .column("property_id")
    .execute();

  await db.schema
    .createTable("viewing_day_off")
    .addColumn("id", id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    /** Null: the whole office. */
    .addColumn("staff_user_id", "integer", (col) =>
      col.references("staff_user.id").onDelete("cascade"),
    )
    /** `YYYY-MM-DD`, the office's local date. */
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("note", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createIndex("viewing_day_off_day_idx")
    .on("viewing_day_off")
    .column("day")
    .execute();

  await db.schema
    .createTable("viewing")
    .addColumn("id", id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("uid", "text", (col) => col.notNull().unique())
    .addColumn("property_id", "integer", (col) =>
      col.notNull().references("property.id").onDelete("cascade"),
    )
    .addColumn("staff_user_id", "integer", (col) =>
      col.references("staff_user.id").onDelete("set null"),
    )
    .addColumn("starts_at", timestamp, (col) => col.notNull())
    .addColumn("ends_at", timestamp, (col) => col.notNull())
    /** `tentative`, `confirmed`, `declined` or `cancelled`. */
    .addColumn("status", "text", (col) => col.notNull().defaultTo("tentative"))
    .addColumn("sequence", "integer", (col) => col.notNull().defaultTo(0))
    /** Set while the viewing holds its slot; unique, so one slot is booked once. */
    .addColumn("hold_key", "text", (col) => col.unique())
    .addColumn("visitor_name", "text", (col) => col.notNull())
    .addColumn("visitor_email", "text", (col) => col.notNull())
    .addColumn("visitor_phone", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("message", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("feedback", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("feedback_at", timestamp)
    .addColumn("reminder_sent_at", timestamp)
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("viewing_staff_starts_idx")
    .on("viewing")
    .columns(["staff_user_id", "starts_at"])
    .execute();
  await db.schema.createIndex("viewing_starts_idx").on("viewing").column("starts_at").execute();
  await db.schema
    .createIndex("viewing_property_idx")
    .on("viewing")
    .columns(["property_id", "starts_at"])
    .execute();
  await db.schema.createIndex("viewing_email_idx").on("viewing").column("visitor_email").execute();

  await db.schema
    .createTable("viewing_calendar_feed")
    .addColumn("staff_user_id", "integer", (col) =>
      col.primaryKey().references("staff_user.id").onDelete("cascade"),
    )
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("viewing_calendar_feed").execute();
  await db.schema.dropTable("viewing").execute();
  await db.schema.dropTable("viewing_day_off").execute();
  await db.schema.dropTable("viewing_availability").execute();
}
