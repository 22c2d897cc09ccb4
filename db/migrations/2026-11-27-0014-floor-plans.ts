/**
 * A property's floor plans (decision 052): zero or more per property, in order, each an image
 * or a PDF with a label ("Ground floor"). `file` is a file name under the images' property/
 * folder, or an http(s) address or a site path. They go with their property. Frozen in time:
 * imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  await db.schema
    .createTable("floor_plan")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("property_id", "integer", (col) =>
      col.notNull().references("property.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("label", "text", (col) => col.notNull())
    .addColumn("file", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('image', 'pdf')`))
    .execute();
  // A property's plans in order: the detail page's one read, and one position per plan.
  await db.schema
    .createIndex("floor_plan_property_position_idx")
    .on("floor_plan")
    .columns(["property_id", "position"])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("floor_plan_property_position_idx").execute();
  await db.schema.dropTable("floor_plan").execute();
}
