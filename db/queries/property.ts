/**
 * A listing's row as SPEC §7's property, and its reads by id, code or slug (published or not:
 * the site, the export, the preview and a withdrawn listing's notice). The search and the map
 * are in ./property-search.ts, the writes in ./property-writes.ts, the alerts' reads in
 * ./property-alerts.ts.
 */
import type { CompiledQuery, Kysely } from "kysely";
import type { Property } from "../../lib/api-contract.ts";
import { readAvailability } from "../../lib/availability.ts";
import { schemaApiValuesOf } from "../../lib/property-fields.ts";
import { defaultRentPeriod, readRentPeriod } from "../../lib/rent-period.ts";
import { type Database, type PropertyRow, preparePostgresStatement } from "../database.ts";
import { readWhileUnchanged } from "../read-cache.ts";
import { isPostgres, toFlag, toIsoString } from "./columns.ts";
import { listFloorPlans } from "./floor-plan.ts";
import { listPriceHistory } from "./price-history.ts";

/** A property row with its category's title, as the property queries select it. */
export type PropertyWithCategoryRow = PropertyRow & { category: string | null };

/**
 * The SPEC §7 property. JSON list fields stay JSON text, as the original backend sent them;
 * `category`, `balcony`, `latitude`, `longitude`, `availability`, `availability_changed_at`
 * and `rent_period` are this project's additions.
 */
export function toProperty(row: PropertyWithCategoryRow): Property {
  // The contract's order, which stays as it is (SPEC §7's fields are a contract).
  const written = {
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
    latitude: row.latitude,
    longitude: row.longitude,
    availability: readAvailability(row.availability) ?? "available",
    availability_changed_at:
      row.availability_changed_at === null ? null : toIsoString(row.availability_changed_at),
    rent_period: readRentPeriod(row.rent_period) ?? defaultRentPeriod,
  };
  // The fields of lib/property-fields.ts: those above keep their places (and values), the ones
  // added there since follow.
  return Object.assign(written, schemaApiValuesOf(row));
}

export function selectPublished(db: Kysely<Database>) {
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
export function selectPublishedFew(db: Kysely<Database>) {
  return selectFewWithCategory(db).where("property.publish", "=", 1);
}

/** Any few properties with their category's title, published or not (see selectPublishedFew). */
export function selectFewWithCategory(db: Kysely<Database>) {
  return db
    .selectFrom("property")
    .selectAll("property")
    .select((eb) =>
      eb
        .selectFrom("category")
        .select("category.title")
        .whereRef("category.id", "=", "property.category_id")
        .as("category"),
    );
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
 * collections and related lists name properties by code), with its floor plans (decision 052:
 * this one answer carries them, the lists do not).
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
    if (row === undefined) return undefined;
    return {
      ...toProperty(row),
      floor_plans: await listFloorPlans(db, row.id),
      price_history: await listPriceHistory(db, row.id),
    };
  });
}

/**
 * Up to `limit` properties after id `afterId`, published or not, with their category's title,
 * oldest first: the export's pages (decision 096), so a streamed export holds one page at once.
 */
export async function listPropertyRowsAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
): Promise<PropertyWithCategoryRow[]> {
  return db
    .selectFrom("property")
    .leftJoin("category", "category.id", "property.category_id")
    .selectAll("property")
    .select("category.title as category")
    .where("property.id", ">", afterId)
    .orderBy("property.id")
    .limit(limit)
    .execute();
}

/** Every property, published or not, with its category's title, oldest first. */
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

/**
 * A property by its code, published or not, as the property page shows it (with its floor
 * plans): the back office's preview of a listing (decision 070). Never cached: staff preview
 * what they have just saved.
 */
export async function findPropertyForPreview(
  db: Kysely<Database>,
  code: string,
): Promise<Property | undefined> {
  const row = await selectFewWithCategory(db).where("property.code", "=", code).executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    ...toProperty(row),
    floor_plans: await listFloorPlans(db, row.id),
    price_history: await listPriceHistory(db, row.id),
  };
}

/**
 * What a visitor's old link to a withdrawn listing may still tell (decision 072): the offer,
 * category, city and price its similar homes are matched on. A listing that was never
 * published (a draft) reads as unknown, so its existence never leaks.
 */
export interface WithdrawnListing {
  code: string;
  offer_type: string;
  category: string;
  city: string;
  price: number;
}

/**
 * The withdrawn listing (published once, not now) by code or slug, as the property page's
 * URL names it: two unique-index lookups (code, slug), one row.
 */
export async function findWithdrawnListing(
  db: Kysely<Database>,
  codeOrSlug: string,
): Promise<WithdrawnListing | undefined> {
  const row = await selectFewWithCategory(db)
    .where((eb) =>
      eb.or([eb("property.code", "=", codeOrSlug), eb("property.slug", "=", codeOrSlug)]),
    )
    .where("property.publish", "=", 0)
    .where("property.first_published_at", "is not", null)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    code: row.code,
    offer_type: row.offer_type,
    category: row.category ?? "",
    city: row.city,
    price: Number(row.price),
  };
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
