/**
 * A listing's price history (decision 076): `price_change`, one row per price a listing was
 * given: its first price when it was added (`old_price` null, `changed_at` its `created_at`),
 * then each change of its price (or of a rent's period), with when and by what (`source`:
 * 'staff', 'import', 'api', 'seed', 'generator', 'migration'). `rent_period` is the rent's
 * period after the change, null for a sale. Rows go with their listing.
 *
 * Every listing already stored gets its first row here, dated its `created_at` at today's
 * price (source 'migration'): nothing older was kept. On PostgreSQL a write to the table
 * notifies the content-change channel like the other content tables (migration 0005), so a
 * cached property page is dropped even by a write that touches no `property` row. Frozen in
 * time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

const periods = ["week", "month", "quarter", "year"];
const sources = ["staff", "import", "api", "seed", "generator", "migration"];

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  const list = (values: string[]) => sql.join(values.map((value) => sql.lit(value)));
  await db.schema
    .createTable("price_change")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("property_id", "integer", (col) =>
      col.notNull().references("property.id").onDelete("cascade"),
    )
    .addColumn("old_price", "double precision")
    .addColumn("new_price", "double precision", (col) => col.notNull())
    .addColumn("rent_period", "text", (col) =>
      col.check(sql`rent_period is null or rent_period in (${list(periods)})`),
    )
    .addColumn("changed_at", postgres ? "timestamptz" : "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull().check(sql`source in (${list(sources)})`))
    .execute();
  // A listing's history in order: the property page's one read.
  await db.schema
    .createIndex("price_change_property_idx")
    .on("price_change")
    .columns(["property_id", "changed_at", "id"])
    .execute();
  await sql`
    insert into price_change (property_id, old_price, new_price, rent_period, changed_at, source)
    select id, null, price,
      case when lower(trim(offer_type)) = 'for rent' then rent_period else null end,
      created_at, 'migration'
    from property`.execute(db);
  if (postgres) {
    await sql`
      create trigger price_change_content_changed
      after insert or update or delete or truncate on price_change
      for each statement execute function homes_notify_content_change()`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  // The trigger goes with its table.
  await db.schema.dropTable("price_change").execute();
}
