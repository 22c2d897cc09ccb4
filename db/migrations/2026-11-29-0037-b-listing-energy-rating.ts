/**
 * A listing's energy rating (decision 085, added through lib/property-fields.ts alone): the
 * energy performance certificate's band, `energy_rating`, one of a to g, or null when not
 * given. A filter of the search, narrowing what the listing indexes find (no index of its own).
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

const values = ["a", "b", "c", "d", "e", "f", "g"];

export async function up(db: AnyDb): Promise<void> {
  const allowed = sql.join(values.map((value) => sql.lit(value)));
  await db.schema
    .alterTable("property")
    .addColumn("energy_rating", "text", (col) => col.check(sql`energy_rating in (${allowed})`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("property").dropColumn("energy_rating").execute();
}
