/**
 * PostgreSQL only: every committed write to a content table sends a notification on the
 * channel `homes_content_changed` (its payload: the table's name), whoever writes it: an app
 * server, the content command, `db:generate` or plain SQL. App servers listen for it
 * (db/change-feed.ts) to drop cached reads at once. SQLite needs nothing: its
 * `PRAGMA data_version` already tells a connection that another one committed.
 *
 * Statement-level triggers: one notification per statement, and PostgreSQL folds identical
 * ones of a transaction into one, delivered at commit (none after a rollback). Frozen in
 * time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

const contentTables = [
  "company_profile",
  "slider",
  "amenity",
  "category",
  "property",
  "collection",
];

function isPostgres(db: AnyDb): boolean {
  return db.introspection instanceof PostgresIntrospector;
}

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function homes_notify_content_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('homes_content_changed', tg_table_name);
      return null;
    end
    $$`.execute(db);
  for (const table of contentTables) {
    await sql`
      create trigger ${sql.id(`${table}_content_changed`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function homes_notify_content_change()`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of contentTables) {
    await sql`drop trigger if exists ${sql.id(`${table}_content_changed`)} on ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`drop function if exists homes_notify_content_change()`.execute(db);
}
