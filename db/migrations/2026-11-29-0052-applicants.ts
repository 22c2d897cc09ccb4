/**
 * Applicants and matching (issue 31, decision 103):
 *
 * - `applicant`: a person looking for a home, one per e-mail address (lower case, unique):
 *   name, phone, consent to be mailed homes (with when, from what and a note), and the
 *   requirements' single values (buy or rent, budget, minimum bedrooms). `last_activity_at`
 *   is what the retention purge reads.
 * - `applicant_area`, `applicant_category`, `applicant_amenity`: the requirements' lists (the
 *   areas as listings name their city or province, lower case; the categories; the
 *   must-have amenities). No row: any.
 * - `applicant_note`: a member of staff's note on the applicant.
 * - `applicant_consent_change`: each change of the consent, for the timeline.
 * - `applicant_mail`: each mail of homes queued for the applicant (its outbox row's key);
 *   `applicant_offer`: each listing it offered at its price, unique per applicant, listing
 *   and price (a listing offered again only once its price changes).
 * - `applicant_intake_mark`: how far the intake job has read each source (enquiries,
 *   viewings, confirmed alerts, confirmed newsletter addresses).
 *
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  const timestamp = postgres ? "timestamptz" : "text";
  const id = postgres ? "serial" : "integer";
  await db.schema
    .createTable("applicant")
    .addColumn("id", id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("phone", "text", (col) => col.notNull().defaultTo(""))
    /** 1: may be mailed homes; 0: not. */
    .addColumn("consent", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("consent_at", timestamp)
    /** 'alert', 'newsletter', 'staff' or 'stop-link'; null before any. */
    .addColumn("consent_source", "text")
    .addColumn("consent_note", "text", (col) => col.notNull().defaultTo(""))
    /** 'buy' or 'rent'; null: no requirements yet (matches nothing). */
    .addColumn("wants", "text")
    .addColumn("budget_min", "integer")
    .addColumn("budget_max", "integer")
    .addColumn("min_beds", "integer")
    /** Where the record came from first: 'staff', 'enquiry', 'viewing', 'alert', 'newsletter'. */
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .addColumn("updated_at", timestamp, (col) => col.notNull())
    .addColumn("last_activity_at", timestamp, (col) => col.notNull())
    .execute();
  // A listing's matching applicants: those who want its offer, by budget.
  await db.schema
    .createIndex("applicant_wants_idx")
    .on("applicant")
    .columns(["wants", "budget_max", "id"])
    .execute();
  await db.schema
    .createIndex("applicant_activity_idx")
    .on("applicant")
    .columns(["last_activity_at", "id"])
    .execute();
  await db.schema
    .createIndex("applicant_updated_idx")
    .on("applicant")
    .columns(["updated_at", "id"])
    .execute();
  await sql`create index applicant_name_lower_idx on applicant (lower(name))`.execute(db);

  const listTable = async (table: string, column: string, type: "text" | "integer") => {
    await db.schema
      .createTable(table)
      .addColumn("applicant_id", "integer", (col) =>
        col.notNull().references("applicant.id").onDelete("cascade"),
      )
      .addColumn(column, type, (col) => col.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ["applicant_id", column])
      .execute();
    await db.schema
      .createIndex(`${table}_value_idx`)
      .on(table)
      .columns([column, "applicant_id"])
      .execute();
  };
  await listTable("applicant_area", "area", "text");
  await listTable("applicant_category", "category_id", "integer");
  await listTable("applicant_amenity", "amenity_id", "integer");

  await db.schema
    .createTable("applicant_note")
    .addColumn("id", id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("applicant_id", "integer", (col) =>
      col.notNull().references("applicant.id").onDelete("cascade"),
    )
    .addColumn("author_email", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("applicant_note_applicant_idx")
    .on("applicant_note")
    .columns(["applicant_id", "id"])
    .execute();

  await db.schema
    .createTable("applicant_consent_change")
    .addColumn("id", id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("applicant_id", "integer", (col) =>
      col.notNull().references("applicant.id").onDelete("cascade"),
    )
    .addColumn("consent", "integer", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("note", "text", (col) => col.notNull().defaultTo(""))
    /** The member of staff's address, or the source's name. */
    .addColumn("changed_by", "text", (col) => col.notNull())
    .addColumn("at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("applicant_consent_change_applicant_idx")
    .on("applicant_consent_change")
    .columns(["applicant_id", "id"])
    .execute();

  await db.schema
    .createTable("applicant_mail")
    .addColumn("id", id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("applicant_id", "integer", (col) =>
      col.notNull().references("applicant.id").onDelete("cascade"),
    )
    /** The outbox row's `dedupe_key`. */
    .addColumn("outbox_key", "text", (col) => col.notNull().unique())
    /** JSON: the listings' codes, as mailed. */
    .addColumn("codes", "text", (col) => col.notNull())
    .addColumn("sent_by", "text", (col) => col.notNull())
    .addColumn("created_at", timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("applicant_mail_applicant_idx")
    .on("applicant_mail")
    .columns(["applicant_id", "id"])
    .execute();

  await db.schema
    .createTable("applicant_offer")
    .addColumn("applicant_id", "integer", (col) =>
      col.notNull().references("applicant.id").onDelete("cascade"),
    )
    .addColumn("property_id", "integer", (col) =>
      col.notNull().references("property.id").onDelete("cascade"),
    )
    .addColumn("price", "double precision", (col) => col.notNull())
    .addColumn("mail_id", "integer", (col) =>
      col.notNull().references("applicant_mail.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("applicant_offer_pk", ["applicant_id", "property_id", "price"])
    .execute();
  await db.schema
    .createIndex("applicant_offer_property_idx")
    .on("applicant_offer")
    .columns(["property_id", "price", "applicant_id"])
    .execute();

  await db.schema
    .createTable("applicant_intake_mark")
    .addColumn("source", "text", (col) => col.primaryKey())
    /** The last row read: its id, or (alerts, newsletter) its confirmation time and id. */
    .addColumn("last_id", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_at", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  for (const source of ["enquiry", "viewing", "alert", "newsletter"]) {
    await db.insertInto("applicant_intake_mark").values({ source }).execute();
  }
  // The intake finds confirmations by when they were confirmed.
  await db.schema
    .createIndex("search_alert_confirmed_idx")
    .on("search_alert")
    .columns(["confirmed_at", "id"])
    .execute();
  await db.schema
    .createIndex("newsletter_subscriber_confirmed_idx")
    .on("newsletter_subscriber")
    .columns(["confirmed_at", "id"])
    .execute();
  // An applicant's viewings on the timeline and in the data requests, whatever the case.
  await sql`create index viewing_email_lower_idx on viewing (lower(visitor_email))`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("viewing_email_lower_idx").execute();
  await db.schema.dropIndex("newsletter_subscriber_confirmed_idx").execute();
  await db.schema.dropIndex("search_alert_confirmed_idx").execute();
  for (const table of [
    "applicant_intake_mark",
    "applicant_offer",
    "applicant_mail",
    "applicant_consent_change",
    "applicant_note",
    "applicant_amenity",
    "applicant_category",
    "applicant_area",
    "applicant",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
