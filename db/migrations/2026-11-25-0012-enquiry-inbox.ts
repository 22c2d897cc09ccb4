/**
 * The back office's enquiries inbox (decision 045): each enquiry's status (new, in progress,
 * closed), the member of staff it is assigned to, staff notes, and indexes for the inbox's
 * filters and the data-protection tool's look-up by e-mail address. Frozen in time: imports
 * nothing from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

/** Newest first, optionally one status or one listing: each walks its own index. */
const indexes: [name: string, columns: string[]][] = [
  ["enquiry_inbox_created_idx", ["created_at", "id"]],
  ["enquiry_inbox_status_idx", ["status", "created_at", "id"]],
  ["enquiry_inbox_property_idx", ["property_code", "created_at", "id"]],
  ["enquiry_inbox_assignee_idx", ["assignee_id"]],
];

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  const timestamp = postgres ? "timestamptz" : "text";

  await db.schema
    .alterTable("enquiry")
    .addColumn("status", "text", (col) =>
      col.notNull().defaultTo("new").check(sql`status in ('new', 'in_progress', 'closed')`),
    )
    .execute();
  // A staff_user id, without a foreign key: SQLite cannot drop a column that has one (down),
  // and the inbox reads it through a left join, so an id whose account is gone shows nobody.
  await db.schema.alterTable("enquiry").addColumn("assignee_id", "integer").execute();
  await db.schema.alterTable("enquiry").addColumn("updated_at", timestamp).execute();

  await db.schema
    .createTable("enquiry_note")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("enquiry_id", "integer", (col) =>
      col.notNull().references("enquiry.id").onDelete("cascade"),
    )
    .addColumn("author_id", "integer", (col) =>
      col.references("staff_user.id").onDelete("set null"),
    )
    // Who wrote it, kept when their account is gone.
    .addColumn("author_email", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("enquiry_note_enquiry_idx")
    .on("enquiry_note")
    .columns(["enquiry_id", "id"])
    .execute();

  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on("enquiry").columns(columns).execute();
  }
  // The data-protection tool finds an address whatever its case.
  await sql`create index enquiry_email_lower_idx on enquiry (lower(email))`.execute(db);
  // PostgreSQL: the text filter through a trigram index on the very expression it compares,
  // where pg_trgm is installed (migration 0006 installs it when it may).
  if (postgres) {
    const { rows } = await sql<{ installed: boolean }>`
      select exists (select 1 from pg_extension where extname = 'pg_trgm') as installed`.execute(
      db,
    );
    if (rows[0]?.installed === true) {
      await sql`
        create index enquiry_inbox_text_trgm_idx on enquiry using gin
        ((lower(fullname || ' ' || email || ' ' || message)) gin_trgm_ops)`.execute(db);
    }
  }
  await sql`analyze enquiry`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists enquiry_inbox_text_trgm_idx`.execute(db);
  await sql`drop index if exists enquiry_email_lower_idx`.execute(db);
  for (const [name] of indexes) await db.schema.dropIndex(name).execute();
  await db.schema.dropTable("enquiry_note").execute();
  await db.schema.alterTable("enquiry").dropColumn("updated_at").execute();
  await db.schema.alterTable("enquiry").dropColumn("assignee_id").execute();
  await db.schema.alterTable("enquiry").dropColumn("status").execute();
}
