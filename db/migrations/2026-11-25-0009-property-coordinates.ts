/**
 * Each property's place on a map (decision 042): nullable `latitude` and `longitude` in
 * decimal degrees (WGS 84), each in its range, set both or neither, and an index for the
 * bounding-box reads a map search makes. Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresIntrospector, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  // PostgreSQL's float8 reads back as a JavaScript number (numeric would read as text).
  const degrees = postgres ? "double precision" : "real";

  await db.schema
    .alterTable("property")
    .addColumn("latitude", degrees, (col) => col.check(sql`latitude between -90 and 90`))
    .execute();
  // SQLite adds no table constraint to an existing table, but a column's check may name
  // another column; PostgreSQL gets the pair rule as a table constraint of its own.
  await db.schema
    .alterTable("property")
    .addColumn("longitude", degrees, (col) =>
      col.check(
        postgres
          ? sql`longitude between -180 and 180`
          : sql`longitude between -180 and 180 and (latitude is null) = (longitude is null)`,
      ),
    )
    .execute();
  if (postgres) {
    await db.schema
      .alterTable("property")
      .addCheckConstraint(
        "property_coordinates_pair_check",
        sql`(latitude is null) = (longitude is null)`,
      )
      .execute();
  }
  // A map's bounds are a latitude range and a longitude range on published properties: the
  // index narrows by the flag and the latitude range and checks the longitude inside it.
  await db.schema
    .createIndex("property_coordinates_idx")
    .on("property")
    .columns(["publish", "latitude", "longitude"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("property_coordinates_idx").execute();
  if (db.introspection instanceof PostgresIntrospector) {
    await db.schema
      .alterTable("property")
      .dropConstraint("property_coordinates_pair_check")
      .execute();
  }
  // Longitude first: on SQLite its check names the latitude.
  await db.schema.alterTable("property").dropColumn("longitude").execute();
  await db.schema.alterTable("property").dropColumn("latitude").execute();
}
