/**
 * The back office's staff accounts (decision 036): users with a role, their server-side
 * sessions, and the one-time set-password links. Session and link ids are SHA-256 hashes of
 * the secrets the browser holds, so a copy of the database opens no session. Frozen in time:
 * imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  const timestamp = postgres ? "timestamptz" : "text";

  await db.schema
    .createTable("staff_user")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("password_hash", "text")
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("password_changed_at", timestamp)
    .execute();

  await db.schema
    .createTable("staff_session")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) =>
      col.notNull().references("staff_user.id").onDelete("cascade"),
    )
    .addColumn("csrf_token", "text", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("last_seen_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("staff_session_user_idx")
    .on("staff_session")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("staff_token")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) =>
      col.notNull().references("staff_user.id").onDelete("cascade"),
    )
    .addColumn("purpose", "text", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("expires_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("staff_token_user_idx").on("staff_token").column("user_id").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("staff_token").execute();
  await db.schema.dropTable("staff_session").execute();
  await db.schema.dropTable("staff_user").execute();
}
