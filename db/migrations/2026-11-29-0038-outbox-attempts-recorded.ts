/**
 * Every mail attempt recorded before it is made (decision 092): `attempt_started_at` is set when
 * the outbox job begins an attempt on a row and cleared when its outcome (sent, or failed) is
 * recorded, so a row claimed again with it still set had an attempt whose outcome was never
 * recorded — the mail may already have been delivered — and `resends` counts those attempts.
 * Existing rows start with neither: nothing is known of their earlier attempts.
 *
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  await db.schema
    .alterTable("outbox")
    .addColumn("attempt_started_at", postgres ? "timestamptz" : "text")
    .execute();
  await db.schema
    .alterTable("outbox")
    .addColumn("resends", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("outbox").dropColumn("resends").execute();
  await db.schema.alterTable("outbox").dropColumn("attempt_started_at").execute();
}
