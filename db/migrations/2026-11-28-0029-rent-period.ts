/**
 * What a rent's price is for (decision 073): `rent_period`, one of week, month (the default),
 * quarter and year. Every listing starts monthly, as every rent was read before; a sale's
 * period is stored but never shown. Not in the listing indexes: nothing filters on it (a price
 * filter reads the stored price, whatever its period). Frozen in time: imports nothing from the
 * app.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

const values = ["week", "month", "quarter", "year"];

export async function up(db: AnyDb): Promise<void> {
  const allowed = sql.join(values.map((value) => sql.lit(value)));
  await db.schema
    .alterTable("property")
    .addColumn("rent_period", "text", (col) =>
      col.notNull().defaultTo("month").check(sql`rent_period in (${allowed})`),
    )
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("property").dropColumn("rent_period").execute();
}
