/**
 * The back office's Portals page (decision 100):
 *
 * - `feed_run`: one run of a feed that runs (the Rightmove BLM job and `npm run feeds -- blm`):
 *   when it started and finished, whether it worked (and why not), the codes it sent and the
 *   listings it refused with their reasons (JSON text), so every app server shows the same.
 * - `feed_pause`: a feed an owner paused, with who and when; no row is a running feed.
 *
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  const timestamp = postgres ? "timestamptz" : "text";
  await db.schema
    .createTable("feed_run")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("feed", "text", (col) => col.notNull())
    /** `job` or `command`. */
    .addColumn("trigger", "text", (col) => col.notNull())
    .addColumn("started_at", timestamp, (col) => col.notNull())
    .addColumn("finished_at", timestamp, (col) => col.notNull())
    /** Null when it worked; else why not. */
    .addColumn("error", "text")
    .addColumn("file", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("uploaded_to", "text")
    /** JSON: the codes sent. */
    .addColumn("sent", "text", (col) => col.notNull().defaultTo("[]"))
    /** JSON: `[{ code, reasons }]`. */
    .addColumn("refused", "text", (col) => col.notNull().defaultTo("[]"))
    .execute();
  await db.schema.createIndex("feed_run_feed_idx").on("feed_run").columns(["feed", "id"]).execute();
  await db.schema
    .createTable("feed_pause")
    .addColumn("feed", "text", (col) => col.primaryKey())
    .addColumn("paused_at", timestamp, (col) => col.notNull())
    .addColumn("paused_by", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("feed_pause").execute();
  await db.schema.dropTable("feed_run").execute();
}
