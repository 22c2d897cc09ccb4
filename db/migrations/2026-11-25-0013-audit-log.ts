/**
 * The back office's audit log (decision 050): one row per write, who made it (a staff account's
 * id and e-mail address, the address kept as text so the row outlives the account, or `cli` for
 * the content and users commands), what (an action name), to what (a subject type and its id or
 * code) and a small JSON of what changed. Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

/** Newest first, optionally one actor, one action or one subject: each walks its own index. */
const indexes: [name: string, columns: string[]][] = [
  ["audit_event_at_idx", ["at", "id"]],
  ["audit_event_actor_idx", ["actor_email", "at", "id"]],
  ["audit_event_action_idx", ["action", "at", "id"]],
  ["audit_event_subject_idx", ["subject_type", "subject_id", "at", "id"]],
];

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  await db.schema
    .createTable("audit_event")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("at", postgres ? "timestamptz" : "text", (col) => col.notNull())
    // No foreign key: the row stays when the account goes, and names it by its address.
    .addColumn("actor_id", "integer")
    .addColumn("actor_email", "text", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("subject_type", "text", (col) => col.notNull())
    .addColumn("subject_id", "text")
    .addColumn("detail", "text", (col) => col.notNull().defaultTo("{}"))
    .execute();
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on("audit_event").columns(columns).execute();
  }
  await sql`analyze audit_event`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of indexes) await db.schema.dropIndex(name).execute();
  await db.schema.dropTable("audit_event").execute();
}
