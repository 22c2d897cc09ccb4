/**
 * A listing's tenure (decision 082, the first field added through lib/property-fields.ts):
 * `tenure`, one of freehold, leasehold, share_of_freehold and commonhold, or null when not
 * given (every listing until staff say). Not in the listing indexes: nothing filters on it yet.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

const values = ["freehold", "leasehold", "share_of_freehold", "commonhold"];

export async function up(db: AnyDb): Promise<void> {
  const allowed = sql.join(values.map((value) => sql.lit(value)));
  await db.schema
    .alterTable("property")
    .addColumn("tenure", "text", (col) => col.check(sql`tenure in (${allowed})`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("property").dropColumn("tenure").execute();
}
