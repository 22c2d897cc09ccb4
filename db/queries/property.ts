import { type CompiledQuery, type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { Property } from "../../lib/api-contract.ts";
import type { PropertySearch, PropertySort } from "../../lib/property-search.ts";
import {
  type Database,
  type NewPropertyRow,
  type PropertyRow,
  type PropertyUpdate,
  preparePostgresStatement,
} from "../database.ts";
import { readWhileUnchanged } from "../read-cache.ts";
import { isPostgres, toCount, toFlag, toIsoString } from "./columns.ts";

/** A property row with its category's title, as the property queries select it. */
export type PropertyWithCategoryRow = PropertyRow & { category: string | null };

/**
 * The SPEC §7 property. JSON list fields stay JSON text, as the original backend sent them;
 * `category` and `balcony` are this project's additions.
 */
export function toProperty(row: PropertyWithCategoryRow): Property {
  return {
    code: row.code,
    slug: row.slug,
    headline: row.headline,
    cover_image: row.cover_image,
    price: row.price,
    address: row.address,
    bedroom: row.bedroom,
    bathroom: row.bathroom,
    room: row.room,
    floor: row.floor,
    size: row.size,
    rating: row.rating,
    garage: row.garage,
    offer_type: row.offer_type,
    publish: toFlag(row.publish),
    created_at: toIsoString(row.created_at),
    description: row.description,
    reference_no: row.reference_no,
    property_status: row.property_status,
    city: row.city,
    province: row.province,
    country: row.country,
    youtube: row.youtube,
    google_map: row.google_map,
    features: row.features,
    image_list: row.image_list,
    related_product: row.related_product,
    category: row.category,
    balcony: row.balcony,
  };
}

function selectPublished(db: Kysely<Database>) {
  return db
    .selectFrom("property")
    .leftJoin("category", "category.id", "property.category_id")
    .selectAll("property")
    .select("category.title as category")
    .where("property.publish", "=", 1);
}

/**
 * The same, for a few rows chosen by id: the category's title by a subquery on its key, not a
 * join. SQLite gave the join a Bloom filter sized for the whole table on every run, which made
 * a one-row read ten times slower.
 */
function selectPublishedFew(db: Kysely<Database>) {
  return db
    .selectFrom("property")
    .selectAll("property")
    .select((eb) =>
      eb
        .selectFrom("category")
        .select("category.title")
        .whereRef("category.id", "=", "property.category_id")
        .as("category"),
    )
    .where("property.publish", "=", 1);
}

/** Every published property, newest first (SPEC §7 `GET /property/display/all`). */
export async function listPublishedProperties(db: Kysely<Database>): Promise<Property[]> {
  const rows = await selectPublished(db)
    .orderBy("property.created_at", "desc")
    .orderBy("property.id", "desc")
    .execute();
  return rows.map(toProperty);
}

/** The placeholder that a compiled template of {@link findPublishedProperty} holds. */
const codeOrSlugPlaceholder = "\u0000code or slug\u0000";

/** The published property ids whose slug or code is the placeholder. */
function matchId(db: Kysely<Database>, column: "slug" | "code") {
  return db
    .selectFrom("property")
    .select("property.id")
    .where(`property.${column}`, "=", codeOrSlugPlaceholder)
    .where("property.publish", "=", 1);
}

/** That query, compiled once per database: building it cost 20 times its SQLite run time. */
const findTemplates = new WeakMap<Kysely<Database>, CompiledQuery<PropertyWithCategoryRow>>();

/**
 * A published property by slug or by code (the site links by slug and calls it the code;
 * collections and related lists name properties by code).
 */
export async function findPublishedProperty(
  db: Kysely<Database>,
  codeOrSlug: string,
): Promise<Property | undefined> {
  let template = findTemplates.get(db);
  if (template === undefined) {
    // The lowest id among the slug match and the code match. The planners disagree on how:
    // SQLite runs `slug = ? or code = ?` as a multi-index OR and a sort (10x slower than two
    // unique-index lookups), PostgreSQL plans the two lookups' union twice as long as the OR.
    const base = selectPublishedFew(db);
    template = (
      isPostgres(db)
        ? base
            .where((eb) =>
              eb.or([
                eb("property.slug", "=", codeOrSlugPlaceholder),
                eb("property.code", "=", codeOrSlugPlaceholder),
              ]),
            )
            .orderBy("property.id")
            .limit(1)
        : base.where("property.id", "=", (eb) =>
            eb
              .selectFrom(matchId(db, "slug").unionAll(matchId(db, "code")).as("match"))
              .select((inner) => inner.fn.min("match.id").as("id")),
          )
    ).compile();
    // PostgreSQL planned it in 0.25 ms and ran it in 0.03 ms: plan it once per connection.
    if (isPostgres(db)) preparePostgresStatement(template.sql);
    findTemplates.set(db, template);
  }
  return readWhileUnchanged(db, `property ${codeOrSlug}`, async () => {
    const parameters = template.parameters.map((value) =>
      value === codeOrSlugPlaceholder ? codeOrSlug : value,
    );
    const { rows } = await db.executeQuery<PropertyWithCategoryRow>({ ...template, parameters });
    const row = rows[0];
    return row === undefined ? undefined : toProperty(row);
  });
}

/** Words of a keyword search, escaped for LIKE (`\` is the escape character). */
function likePatterns(keyword: string): string[] {
  return keyword
    .toLowerCase()
    .split(" ")
    .filter(Boolean)
    .slice(0, 6)
    .map((word) => `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
}

/**
 * One page of the published properties that match a search, and how many match in all
 * (`GET /api/property/display/all` with parameters). Runs two indexed queries; never loads
 * the non-matching rows. The page's ids are chosen first (from the listing indexes of
 * migration 0003, so OFFSET skips index entries, not rows), then only those rows are read.
 */
export async function searchPublishedProperties(
  db: Kysely<Database>,
  search: PropertySearch,
): Promise<{ properties: Property[]; total: number }> {
  // No join: the category filter is a subquery on its unique title, so the count and the
  // page's ids read the property table (and its indexes) alone.
  const matching = db
    .selectFrom("property")
    .where("property.publish", "=", 1)
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (search.keyword) {
        for (const pattern of likePatterns(search.keyword)) {
          conditions.push(
            eb.or(
              (["headline", "address", "city", "description"] as const).map((column) =>
                eb(
                  sql`lower(${sql.ref(`property.${column}`)})`,
                  "like",
                  sql`${pattern} escape '\\'`,
                ),
              ),
            ),
          );
        }
      }
      if (search.status) conditions.push(eb("property.offer_type", "=", search.status));
      if (search.type) {
        // `=` on the unique title's id, not `in`: an equality lets the planner read the
        // category's listing index (migration 0004) in order.
        conditions.push(
          eb(
            "property.category_id",
            "=",
            eb
              .selectFrom("category")
              .select("category.id")
              .where("category.title", "=", search.type),
          ),
        );
      }
      if (search.location) {
        const place = search.location;
        conditions.push(
          eb.or([
            eb("property.city", "=", place),
            eb("property.province", "=", place),
            eb("property.country", "=", place),
          ]),
        );
      }
      if (search.minArea !== undefined) conditions.push(eb("property.size", ">=", search.minArea));
      if (search.maxArea !== undefined) conditions.push(eb("property.size", "<=", search.maxArea));
      if (search.minPrice !== undefined) {
        conditions.push(eb("property.price", ">=", search.minPrice));
      }
      if (search.maxPrice !== undefined) {
        conditions.push(eb("property.price", "<=", search.maxPrice));
      }
      for (const field of ["bedroom", "bathroom", "balcony", "garage"] as const) {
        const at =
          search[field === "bedroom" ? "bedrooms" : field === "bathroom" ? "bathrooms" : field];
        if (at !== undefined) conditions.push(eb(`property.${field}`, ">=", at));
      }
      if (search.codes?.length) conditions.push(eb("property.code", "in", search.codes));
      return eb.and(conditions);
    });

  // The count reads every match (O(n)); it is computed once per database state.
  const countQuery = matching.select((eb) => eb.fn.countAll<number | string>().as("total"));
  const compiled = countQuery.compile();
  const total = await readWhileUnchanged(
    db,
    `${compiled.sql}\n${JSON.stringify(compiled.parameters)}`,
    async () => toCount((await countQuery.executeTakeFirst())?.total),
  );

  const [column, direction] = sortOrder[search.sort];
  const offset = (search.page - 1) * search.limit;
  if (offset >= total) return { properties: [], total };
  const pageIds = matching
    .select("property.id")
    .orderBy(`property.${column}`, direction)
    .orderBy("property.id", direction)
    .limit(search.limit)
    .offset(offset);
  const rows = await selectPublishedFew(db)
    .where("property.id", "in", pageIds)
    .orderBy(`property.${column}`, direction)
    .orderBy("property.id", direction)
    .execute();
  return { properties: rows.map(toProperty), total };
}

const sortOrder: Record<PropertySort, [column: "created_at" | "price", direction: "asc" | "desc"]> =
  {
    new: ["created_at", "desc"],
    old: ["created_at", "asc"],
    price_desc: ["price", "desc"],
    price_asc: ["price", "asc"],
  };

/** Every property, published or not, with its category's title, oldest first (the export). */
export async function listAllPropertyRows(
  db: Kysely<Database>,
): Promise<PropertyWithCategoryRow[]> {
  return db
    .selectFrom("property")
    .leftJoin("category", "category.id", "property.category_id")
    .selectAll("property")
    .select("category.title as category")
    .orderBy("property.id")
    .execute();
}

/** A property by its code, published or not. */
export async function findPropertyRowByCode(
  db: Kysely<Database>,
  code: string,
): Promise<PropertyRow | undefined> {
  return db.selectFrom("property").selectAll().where("code", "=", code).executeTakeFirst();
}

/** The code of the property that has this slug, if any. */
export async function findPropertyCodeBySlug(
  db: Kysely<Database>,
  slug: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("property")
    .select("code")
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row?.code;
}

/** Whether each of these codes' property is published; a code without a property is absent. */
export async function findPublishByCodes(
  db: Kysely<Database>,
  codes: readonly string[],
): Promise<Map<string, boolean>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom("property")
    .select(["code", "publish"])
    .where("code", "in", [...codes])
    .execute();
  return new Map(rows.map((row) => [row.code, toFlag(row.publish) === 1]));
}

export async function insertProperty(db: Kysely<Database>, values: NewPropertyRow): Promise<void> {
  await db.insertInto("property").values(values).execute();
}

export async function updatePropertyByCode(
  db: Kysely<Database>,
  code: string,
  values: PropertyUpdate,
): Promise<void> {
  await db.updateTable("property").set(values).where("code", "=", code).execute();
}

/**
 * Publishes or unpublishes the property `code`. Answers what happened: `missing` when no
 * property has that code, `unchanged` when it already was in that state.
 */
export async function updatePropertyPublish(
  db: Kysely<Database>,
  code: string,
  publish: boolean,
): Promise<"changed" | "unchanged" | "missing"> {
  const flag = publish ? 1 : 0;
  const result = await db
    .updateTable("property")
    .set({ publish: flag })
    .where("code", "=", code)
    .where("publish", "<>", flag)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return "changed";
  return (await findPropertyRowByCode(db, code)) === undefined ? "missing" : "unchanged";
}
