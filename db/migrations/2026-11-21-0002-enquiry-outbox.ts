/**
 * The enquiry outbox: one row per enquiry to e-mail to the company, written in the same
 * transaction as the enquiry, so an acknowledged enquiry is always delivered eventually.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  const timestamp = postgres ? "timestamptz" : "text";

  await db.schema
    .createTable("enquiry_outbox")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("enquiry_id", "integer", (col) =>
      col.notNull().unique().references("enquiry.id").onDelete("cascade"),
    )
    .addColumn("status", "text", (col) => col.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", timestamp, (col) => col.notNull())
    .addColumn("locked_until", timestamp)
    .addColumn("last_error", "text")
    .addColumn("sent_at", timestamp)
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("enquiry_outbox_due_idx")
    .on("enquiry_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("enquiry_outbox").execute();
}
