/**
 * The fields the portals need (decision 093, added through lib/property-fields.ts): the postal
 * code and the public one-line address (text, "" until given), a deposit, an EPC score and an
 * HOA fee a month (whole numbers, null when not given), the date it is available from
 * (`YYYY-MM-DD` text in both dialects, null when not given), the UK council tax band (a to h,
 * or i, Wales's band above h) and the per-listing "send to" switches of the three feeds, on
 * for every listing, as a new one starts. Not in the listing indexes: nothing filters on them.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

const bands = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
const switches = ["send_to_rightmove", "send_to_push", "send_to_reso"];

const added = [
  "postcode",
  "display_address",
  "deposit",
  "available_from",
  "energy_score",
  "council_tax_band",
  "hoa_fee",
  ...switches,
];

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  // SQLite adds one column a statement.
  const add = (
    build: (table: ReturnType<AnyDb["schema"]["alterTable"]>) => { execute(): Promise<void> },
  ) => build(db.schema.alterTable("property")).execute();
  await add((table) => table.addColumn("postcode", "text", (col) => col.notNull().defaultTo("")));
  await add((table) =>
    table.addColumn("display_address", "text", (col) => col.notNull().defaultTo("")),
  );
  await add((table) =>
    table.addColumn("deposit", "integer", (col) => col.check(sql`deposit >= 0`)),
  );
  await add((table) =>
    table.addColumn("available_from", "text", (col) =>
      col.check(sql`available_from like '____-__-__'`),
    ),
  );
  await add((table) =>
    table.addColumn("energy_score", "integer", (col) =>
      col.check(sql`energy_score between 1 and 100`),
    ),
  );
  const allowed = sql.join(bands.map((band) => sql.lit(band)));
  await add((table) =>
    table.addColumn("council_tax_band", "text", (col) =>
      col.check(sql`council_tax_band in (${allowed})`),
    ),
  );
  await add((table) =>
    table.addColumn("hoa_fee", "integer", (col) => col.check(sql`hoa_fee >= 0`)),
  );
  for (const name of switches) {
    await add((table) =>
      table.addColumn(name, postgres ? "boolean" : "integer", (col) =>
        col.notNull().defaultTo(postgres ? true : 1),
      ),
    );
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const name of [...added].reverse()) {
    await db.schema.alterTable("property").dropColumn(name).execute();
  }
}
