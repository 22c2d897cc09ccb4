/**
 * Every listing's figures (decision 099): page views and shortlist adds counted without cookies
 * or personal data, and alert matches, per listing per UTC day.
 *
 * - `listing_day_figures`: one row per listing and day (`YYYY-MM-DD`, UTC), upserted by each
 *   counted event; deleted with its listing.
 * - `figure_salt`: the day's random salt of the visitor hash, one row per day, made by the first
 *   app server to need it (so every server hashes alike); rows of past days are deleted by the
 *   next day's first count, so a day's salt is never kept past it.
 * - `figure_visitor`: the hashes (HMAC-SHA-256 of the event, listing, address and browser under
 *   the day's salt) already counted today, so a visitor counts once a day; deleted with the salt.
 *
 * Frozen in time: imports nothing from the app.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("listing_day_figures")
    .addColumn("property_id", "integer", (col) =>
      col.notNull().references("property.id").onDelete("cascade"),
    )
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("views", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("shortlist_adds", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("alert_matches", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("listing_day_figures_pkey", ["property_id", "day"])
    .execute();
  await db.schema
    .createTable("figure_salt")
    .addColumn("day", "text", (col) => col.primaryKey())
    .addColumn("salt", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("figure_visitor")
    .addColumn("hash", "text", (col) => col.primaryKey())
    .addColumn("day", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("figure_visitor_day_idx")
    .on("figure_visitor")
    .column("day")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("figure_visitor").execute();
  await db.schema.dropTable("figure_salt").execute();
  await db.schema.dropTable("listing_day_figures").execute();
}
