/**
 * The back office's listing editor (decision 044): a `revision` counter on each listing, raised
 * by every write to it, which the edit form carries and a save compares, so the second of two
 * people editing one listing is refused instead of overwriting the first (optimistic
 * concurrency). Frozen in time: imports nothing from the app.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("property")
    .addColumn("revision", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("property").dropColumn("revision").execute();
}
