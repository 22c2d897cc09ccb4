/**
 * One outbox (decision 081): `enquiry_outbox` (an enquiry to e-mail to the company) and
 * `mail_outbox` (alert and newsletter mails) become one table, `outbox`, whose `kind` says what
 * a row is ('enquiry', 'alert-confirm', 'alert-digest', 'alert-link', 'newsletter-confirm').
 * Every row moves with its state: a pending one is still pending (and claimed by the one worker
 * after the upgrade), a sent one stays sent. An enquiry's row has `enquiry_id` (unique: one per
 * enquiry, deleted with it) and the dedupe key `enquiry:<id>`; the other columns are
 * `mail_outbox`'s. Rows get new ids (nothing refers to them); enquiries first, each table's rows
 * in their old order.
 *
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

const states = "status, attempts, next_attempt_at, locked_until, last_error, sent_at, created_at";

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  const timestamp = postgres ? "timestamptz" : "text";
  const id = postgres ? "serial" : "integer";

  await db.schema
    .createTable("outbox")
    .addColumn("id", id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("dedupe_key", "text", (col) => col.notNull().unique())
    .addColumn("enquiry_id", "integer", (col) =>
      col.unique().references("enquiry.id").onDelete("cascade"),
    )
    .addColumn("alert_id", "integer", (col) =>
      col.references("search_alert.id").onDelete("cascade"),
    )
    .addColumn("subscriber_id", "integer", (col) =>
      col.references("newsletter_subscriber.id").onDelete("cascade"),
    )
    .addColumn("payload", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("status", "text", (col) => col.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", timestamp, (col) => col.notNull())
    .addColumn("locked_until", timestamp)
    .addColumn("last_error", "text")
    .addColumn("sent_at", timestamp)
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .execute();

  await sql
    .raw(
      `insert into outbox (kind, dedupe_key, enquiry_id, payload, ${states})
       select 'enquiry', 'enquiry:' || enquiry_id, enquiry_id, '{}', ${states}
       from enquiry_outbox order by id`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into outbox (kind, dedupe_key, alert_id, subscriber_id, payload, ${states})
       select kind, dedupe_key, alert_id, subscriber_id, payload, ${states}
       from mail_outbox order by id`,
    )
    .execute(db);

  await db.schema.dropTable("enquiry_outbox").execute();
  await db.schema.dropTable("mail_outbox").execute();

  await db.schema
    .createIndex("outbox_due_idx")
    .on("outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema.createIndex("outbox_alert_idx").on("outbox").column("alert_id").execute();
  await db.schema
    .createIndex("outbox_subscriber_idx")
    .on("outbox")
    .column("subscriber_id")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  const timestamp = postgres ? "timestamptz" : "text";
  const id = postgres ? "serial" : "integer";

  await db.schema
    .createTable("enquiry_outbox")
    .addColumn("id", id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("enquiry_id", "integer", (col) =>
      col.notNull().unique().references("enquiry.id").onDelete("cascade"),
    )
    .addColumn("status", "text", (col) => col.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", timestamp, (col) => col.notNull())
    .addColumn("locked_until", timestamp)
    .addColumn("last_error", "text")
    .addColumn("sent_at", timestamp)
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("enquiry_outbox_due_idx")
    .on("enquiry_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("dedupe_key", "text", (col) => col.notNull().unique())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("alert_id", "integer", (col) =>
      col.references("search_alert.id").onDelete("cascade"),
    )
    .addColumn("payload", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("status", "text", (col) => col.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", timestamp, (col) => col.notNull())
    .addColumn("locked_until", timestamp)
    .addColumn("last_error", "text")
    .addColumn("sent_at", timestamp)
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("subscriber_id", "integer", (col) =>
      col.references("newsletter_subscriber.id").onDelete("cascade"),
    )
    .execute();
  await db.schema
    .createIndex("mail_outbox_due_idx")
    .on("mail_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("mail_outbox_alert_idx")
    .on("mail_outbox")
    .column("alert_id")
    .execute();
  await db.schema
    .createIndex("mail_outbox_subscriber_idx")
    .on("mail_outbox")
    .column("subscriber_id")
    .execute();

  await sql
    .raw(
      `insert into enquiry_outbox (enquiry_id, ${states})
       select enquiry_id, ${states} from outbox where kind = 'enquiry' order by id`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into mail_outbox (dedupe_key, kind, alert_id, subscriber_id, payload, ${states})
       select dedupe_key, kind, alert_id, subscriber_id, payload, ${states}
       from outbox where kind <> 'enquiry' order by id`,
    )
    .execute(db);
  await db.schema.dropTable("outbox").execute();
}
