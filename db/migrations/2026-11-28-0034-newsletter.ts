/**
 * The newsletter (decision 078): the home page's and the footer's subscribe boxes subscribe an
 * address, confirmed by a link (double opt-in) before it is on the list.
 *
 * - `newsletter_subscriber`: one row per address (trimmed, lower-cased, unique); `status`
 *   'pending' until the confirmation link is used, then 'confirmed', 'unsubscribed' after the
 *   one-click link. `token_hash`: the SHA-256 of the pending confirmation link's token (null
 *   once used: the link is single-use); `salt` signs the unsubscribe link.
 * - `mail_outbox.subscriber_id`: a newsletter mail's subscriber; deleting the subscriber drops
 *   its mails not yet sent, as an alert's do.
 *
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

const statuses = ["pending", "confirmed", "unsubscribed"];

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  const timestamp = postgres ? "timestamptz" : "text";
  const id = postgres ? "serial" : "integer";
  const allowed = sql.join(statuses.map((value) => sql.lit(value)));

  await db.schema
    .createTable("newsletter_subscriber")
    .addColumn("id", id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("status", "text", (col) =>
      col.notNull().defaultTo("pending").check(sql`status in (${allowed})`),
    )
    .addColumn("salt", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.unique())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("confirmed_at", timestamp)
    .addColumn("unsubscribed_at", timestamp)
    .execute();
  await db.schema
    .createIndex("newsletter_subscriber_list_idx")
    .on("newsletter_subscriber")
    .columns(["created_at", "id"])
    .execute();

  await db.schema
    .alterTable("mail_outbox")
    .addColumn("subscriber_id", "integer", (col) =>
      col.references("newsletter_subscriber.id").onDelete("cascade"),
    )
    .execute();
  await db.schema
    .createIndex("mail_outbox_subscriber_idx")
    .on("mail_outbox")
    .column("subscriber_id")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("mail_outbox_subscriber_idx").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("subscriber_id").execute();
  await db.schema.dropTable("newsletter_subscriber").execute();
}
