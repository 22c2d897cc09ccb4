/**
 * Listing imports in the back office (decision 096): a file an owner uploads is checked (a dry
 * run) and its rows kept here until they apply it, so the dry run's page need not post the
 * file again and any app server can apply it.
 *
 * - `listing_import`: one upload, `id` the SHA-256 of the token its page carries; `user_id`
 *   its owner (only they may see or apply it; deleted with them); `rows` the parsed rows (JSON,
 *   emptied once applied); `report` the dry run's report, then the applied one's (JSON);
 *   `state` 'checked' until applied ('applying' while it runs), 'applied' or 'failed' after.
 *   Rows are deleted once `expires_at` is past.
 *
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

const states = ["checked", "applying", "applied", "failed"];

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  const timestamp = postgres ? "timestamptz" : "text";
  const allowed = sql.join(states.map((value) => sql.lit(value)));

  await db.schema
    .createTable("listing_import")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) =>
      col.notNull().references("staff_user.id").onDelete("cascade"),
    )
    .addColumn("file_name", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) =>
      col.notNull().defaultTo("checked").check(sql`state in (${allowed})`),
    )
    .addColumn("rows", "text", (col) => col.notNull())
    .addColumn("report", "text", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("applied_at", timestamp)
    .addColumn("expires_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("listing_import_user_idx")
    .on("listing_import")
    .column("user_id")
    .execute();
  await db.schema
    .createIndex("listing_import_expires_idx")
    .on("listing_import")
    .column("expires_at")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("listing_import").execute();
}
