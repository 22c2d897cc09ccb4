/**
 * Whether a listing comes furnished (decision 082, added through lib/property-fields.ts):
 * `furnished`, one of furnished, part_furnished and unfurnished, or null when not given (every
 * listing until staff say; mostly said of rentals). Not in the listing indexes: nothing filters
 * on it yet. Frozen in time: imports nothing from the app.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

const values = ["furnished", "part_furnished", "unfurnished"];

export async function up(db: AnyDb): Promise<void> {
  const allowed = sql.join(values.map((value) => sql.lit(value)));
  await db.schema
    .alterTable("property")
    .addColumn("furnished", "text", (col) => col.check(sql`furnished in (${allowed})`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("property").dropColumn("furnished").execute();
}
