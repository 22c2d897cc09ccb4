/**
 * `app_secret`: secrets the servers make themselves when none is configured (decision 066),
 * such as the keys of the enquiry puzzle and the search alert links. Generated once by the
 * first server that needs one and read by every other, so several app servers share them
 * without configuration. Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  await db.schema
    .createTable("app_secret")
    /** What the secret is for: 'puzzle', 'alert'. */
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("created_at", postgres ? "timestamptz" : "text", (col) => col.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("app_secret").execute();
}
