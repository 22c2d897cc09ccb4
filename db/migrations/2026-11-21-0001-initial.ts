/**
 * The initial schema. Frozen in time: it imports nothing from the app and types the database
 * as `any`, so later changes to db/database.ts cannot change what it does.
 */
import { type ColumnDefinitionBuilder, type Kysely, PostgresIntrospector } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

/** The dialects differ on auto-increment keys, booleans and timestamps; nothing else. */
function typesOf(db: AnyDb) {
  const postgres = db.introspection instanceof PostgresIntrospector;
  return {
    id: postgres ? ("serial" as const) : ("integer" as const),
    idColumn: (col: ColumnDefinitionBuilder) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    boolean: postgres ? ("boolean" as const) : ("integer" as const),
    timestamp: postgres ? ("timestamptz" as const) : ("text" as const),
  };
}

export async function up(db: AnyDb): Promise<void> {
  const t = typesOf(db);

  await db.schema
    .createTable("company_profile")
    .addColumn("id", t.id, t.idColumn)
    .addColumn("business_name", "text", (col) => col.notNull())
    .addColumn("page_description", "text", (col) => col.notNull())
    .addColumn("image_url", "text", (col) => col.notNull())
    .addColumn("website", "text", (col) => col.notNull())
    .addColumn("telephone", "text", (col) => col.notNull())
    .addColumn("email_address", "text", (col) => col.notNull())
    .addColumn("address", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("slider")
    .addColumn("id", t.id, t.idColumn)
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("image_url", "text", (col) => col.notNull())
    .addColumn("link", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("slider_position_idx").on("slider").column("position").execute();

  await db.schema
    .createTable("amenity")
    .addColumn("id", t.id, t.idColumn)
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("icon", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("category")
    .addColumn("id", t.id, t.idColumn)
    .addColumn("title", "text", (col) => col.notNull().unique())
    .execute();

  await db.schema
    .createTable("property")
    .addColumn("id", t.id, t.idColumn)
    .addColumn("code", "text", (col) => col.notNull().unique())
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("headline", "text", (col) => col.notNull())
    .addColumn("cover_image", "text", (col) => col.notNull())
    .addColumn("price", "double precision", (col) => col.notNull())
    .addColumn("address", "text", (col) => col.notNull())
    .addColumn("bedroom", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("bathroom", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("room", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("floor", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("size", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("rating", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("garage", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("balcony", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("offer_type", "text", (col) => col.notNull())
    .addColumn("publish", t.boolean, (col) => col.notNull())
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("reference_no", "text", (col) => col.notNull())
    .addColumn("property_status", "text", (col) => col.notNull())
    .addColumn("city", "text", (col) => col.notNull())
    .addColumn("province", "text", (col) => col.notNull())
    .addColumn("country", "text", (col) => col.notNull())
    .addColumn("youtube", "text")
    .addColumn("google_map", "text")
    .addColumn("features", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("image_list", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("related_product", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("category_id", "integer", (col) =>
      col.references("category.id").onDelete("set null"),
    )
    .execute();
  // The listing reads published properties newest first; the rest serve filters and sorts.
  await db.schema
    .createIndex("property_publish_created_at_idx")
    .on("property")
    .columns(["publish", "created_at"])
    .execute();
  await db.schema.createIndex("property_price_idx").on("property").column("price").execute();
  await db.schema
    .createIndex("property_offer_type_idx")
    .on("property")
    .column("offer_type")
    .execute();
  await db.schema.createIndex("property_city_idx").on("property").column("city").execute();
  await db.schema
    .createIndex("property_category_id_idx")
    .on("property")
    .column("category_id")
    .execute();

  await db.schema
    .createTable("collection")
    .addColumn("id", t.id, t.idColumn)
    .addColumn("title", "text", (col) => col.notNull().unique())
    .addColumn("item_list", "text", (col) => col.notNull().defaultTo("[]"))
    .execute();

  await db.schema
    .createTable("enquiry")
    .addColumn("id", t.id, t.idColumn)
    .addColumn("fullname", "text", (col) => col.notNull())
    .addColumn("telephone", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("property_code", "text")
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("how_you_hear", "text", (col) => col.notNull())
    .addColumn("num1", "text", (col) => col.notNull())
    .addColumn("num2", "text", (col) => col.notNull())
    .addColumn("answer", "text", (col) => col.notNull())
    .addColumn("puzzle", "text", (col) => col.notNull())
    .addColumn("ip", "text", (col) => col.notNull())
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("enquiry_created_at_idx")
    .on("enquiry")
    .column("created_at")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    "enquiry",
    "collection",
    "property",
    "category",
    "amenity",
    "slider",
    "company_profile",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
