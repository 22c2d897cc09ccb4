/**
 * A listing's availability (decision 046): `availability`, one of available (the default),
 * under_offer, sold_stc and let_agreed, and `availability_changed_at`, when it last changed
 * (null: never since the listing was added). The six listing indexes of 0006 are rebuilt with
 * the column after their other filter columns, so a search filtered by availability is still
 * counted, bookmarked and paged inside an index (decision 033). Frozen in time: imports nothing
 * from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

const values = ["available", "under_offer", "sold_stc", "let_agreed"];

/** 0006's filter columns, after each index's leading columns. */
const filters = [
  "offer_type",
  "category_id",
  "price",
  "size",
  "bedroom",
  "bathroom",
  "garage",
  "balcony",
  "city",
  "province",
  "country",
];

/** 0006's listing indexes: their names and leading columns. */
const leads: [name: string, columns: string[]][] = [
  ["property_filter_created_at_idx", ["publish", "created_at", "id"]],
  ["property_filter_price_idx", ["publish", "price", "id"]],
  ["property_filter_offer_created_at_idx", ["publish", "offer_type", "created_at", "id"]],
  ["property_filter_offer_price_idx", ["publish", "offer_type", "price", "id"]],
  ["property_filter_category_created_at_idx", ["publish", "category_id", "created_at", "id"]],
  ["property_filter_category_price_idx", ["publish", "category_id", "price", "id"]],
];

async function rebuildIndexes(db: AnyDb, extra: string[]): Promise<void> {
  for (const [name, columns] of leads) {
    const rest = filters.filter((column) => !columns.includes(column));
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on("property")
      .columns([...columns, ...rest, ...extra])
      .execute();
  }
}

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  const allowed = sql.join(values.map((value) => sql.lit(value)));
  await db.schema
    .alterTable("property")
    .addColumn("availability", "text", (col) =>
      col.notNull().defaultTo("available").check(sql`availability in (${allowed})`),
    )
    .execute();
  await db.schema
    .alterTable("property")
    .addColumn("availability_changed_at", postgres ? "timestamptz" : "text")
    .execute();
  // Listings whose free-text status already says so start in that state, changed now: when
  // it really changed is unknown, and "now" keeps them in the sitemap for the full period.
  const now = postgres ? sql`now()` : sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  for (const [value, label] of [
    ["under_offer", "under offer"],
    ["sold_stc", "sold stc"],
    ["let_agreed", "let agreed"],
  ] as const) {
    await db
      .updateTable("property")
      .set({ availability: value, availability_changed_at: now })
      .where(sql`lower(trim(property_status))`, "=", label)
      .execute();
  }
  await rebuildIndexes(db, ["availability"]);
  await sql`analyze property`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await rebuildIndexes(db, []);
  await db.schema.alterTable("property").dropColumn("availability_changed_at").execute();
  await db.schema.alterTable("property").dropColumn("availability").execute();
}
