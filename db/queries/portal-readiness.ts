/**
 * lib/portal-readiness.ts's rules as SQL (decision 104), so a feed's query keeps only the
 * listings ready for it and pages and counts them in the database:
 *
 * - RESO: exactly the module's rules (street address, city, postcode, price, description, a
 *   country the portals know), so `$top`, `$count` and `@odata.nextLink` count only what the
 *   feed serves. A description without text is stored as "" by every write that takes one
 *   (lib/description-html.ts, migration 0053 for older rows), so "has a description" is
 *   `description <> ''`; text is blank when it holds spaces, tabs and line breaks only, in both.
 * - The push and Rightmove: a condition every listing it holds is ready for (a cover photo,
 *   Rightmove's postcode by Royal Mail's letters, …): the Portals page reads the listings
 *   outside it and lets the module say which of them lack something and why, so it reads the
 *   few incomplete listings rather than all of them.
 *
 * db/queries/portal-readiness.test.ts checks, on both dialects, that the SQL and the module
 * agree on listings made to fail each rule.
 */
import {
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
  sql,
} from "kysely";
import { countryNameIndex } from "../../lib/countries.ts";
import type { PortalFeed } from "../../lib/portal-readiness.ts";
import { ukCountryNames } from "../../lib/postcode.ts";
import type { Database } from "../database.ts";

export type PortalReadinessDialect = "sqlite" | "postgres";

type PropertyBuilder = ExpressionBuilder<Database, "property">;

/** A column with the blanks of lib/portal-readiness.ts's `blank` trimmed from its ends. */
function trimmed(column: string, dialect: PortalReadinessDialect): RawBuilder<string> {
  const ref = sql.ref(`property.${column}`);
  return dialect === "postgres"
    ? sql<string>`btrim(${ref}, E' \\t\\n\\r')`
    : sql<string>`trim(${ref}, char(32, 9, 10, 13))`;
}

function filled(column: string, dialect: PortalReadinessDialect): RawBuilder<SqlBool> {
  return sql<SqlBool>`${trimmed(column, dialect)} <> ''`;
}

/** The country folded as lib/countries.ts folds it: spaces trimmed, ASCII letters lowered. */
export function foldedCountryName(dialect: PortalReadinessDialect): RawBuilder<string> {
  return dialect === "postgres"
    ? sql<string>`translate(btrim(property.country, ' '), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`
    : sql<string>`lower(trim(property.country, ' '))`;
}

/** Whether the folded country is one of `names`: one bound value, a list of them. */
function countryIn(names: readonly string[], dialect: PortalReadinessDialect): RawBuilder<SqlBool> {
  return dialect === "postgres"
    ? sql<SqlBool>`${foldedCountryName(dialect)} = any(${[...names]}::text[])`
    : sql<SqlBool>`${foldedCountryName(dialect)} in (select value from json_each(${JSON.stringify(names)}))`;
}

let knownNames: string[] | undefined;

/** Every folded name lib/countries.ts maps to a code. */
function knownCountryNames(): string[] {
  knownNames ??= [...countryNameIndex().keys()];
  return knownNames;
}

/** What every feed needs (lib/portal-readiness.ts's `commonReasons`), exactly. */
function commonReady(dialect: PortalReadinessDialect): RawBuilder<SqlBool>[] {
  return [
    filled("address", dialect),
    filled("city", dialect),
    filled("postcode", dialect),
    sql<SqlBool>`property.price > 0`,
    filled("description", dialect),
  ];
}

/** A full UK postcode by Royal Mail's letters, its spaces left out (lib/postcode.ts's pattern). */
function ukPostcode(dialect: PortalReadinessDialect): RawBuilder<SqlBool> {
  const code = sql`upper(replace(property.postcode, ' ', ''))`;
  if (dialect === "postgres") {
    const pattern =
      "^(GIR|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRV-Y]))[0-9][ABD-HJLNP-UW-Z]{2}$";
    return sql<SqlBool>`${code} ~ ${pattern}`;
  }
  const area = "[A-PR-UWYZ]";
  const inward = "[0-9][ABD-HJLNP-UW-Z][ABD-HJLNP-UW-Z]";
  const outwards = [
    `${area}[0-9]`,
    `${area}[0-9][0-9]`,
    `${area}[A-HK-Y][0-9]`,
    `${area}[A-HK-Y][0-9][0-9]`,
    `${area}[0-9][A-HJKPSTUW]`,
    `${area}[A-HK-Y][0-9][ABEHMNPRV-Y]`,
    "GIR",
  ];
  return sql<SqlBool>`(${sql.join(
    outwards.map((outward) => sql`${code} glob ${outward + inward}`),
    sql` or `,
  )})`;
}

/** How many of the listing's amenities exist (the module counts those it can name). */
function amenityCount(dialect: PortalReadinessDialect): RawBuilder<number> {
  return dialect === "postgres"
    ? sql<number>`(case when property.features ~ '^\\[[0-9, ]*\\]$' then (select count(*) from json_array_elements_text(property.features::json) as item join amenity on amenity.id = item::int) else 0 end)`
    : sql<number>`(case when json_valid(property.features) then (select count(*) from json_each(property.features) as item join amenity on amenity.id = item.value where item.type = 'integer') else 0 end)`;
}

/** The rules of each feed beyond the common ones (for push and Rightmove: enough, not all). */
function feedReady(feed: PortalFeed, dialect: PortalReadinessDialect): RawBuilder<SqlBool>[] {
  if (feed === "reso") return [countryIn(knownCountryNames(), dialect)];
  // A cover photo is a photo; listings with photos but no cover are left to the module.
  const photo = filled("cover_image", dialect);
  if (feed === "push") {
    return [
      filled("headline", dialect),
      sql<SqlBool>`property.offer_type in ('For Sale', 'For Rent')`,
      sql<SqlBool>`exists (select 1 from category where category.id = property.category_id and ${sql.raw(
        dialect === "postgres"
          ? "btrim(category.title, E' \\t\\n\\r')"
          : "trim(category.title, char(32, 9, 10, 13))",
      )} <> '')`,
      countryIn(knownCountryNames(), dialect),
      filled("display_address", dialect),
      photo,
    ];
  }
  return [
    countryIn(ukCountryNames, dialect),
    ukPostcode(dialect),
    filled("display_address", dialect),
    sql<SqlBool>`${amenityCount(dialect)} >= 3`,
    photo,
  ];
}

/**
 * The listings Rightmove refuses whatever else they hold: their country is not the United
 * Kingdom (lib/postcode.ts's `isUkCountry`, folded the same way).
 */
export function outsideRightmove(
  dialect: PortalReadinessDialect,
): (eb: PropertyBuilder) => Expression<SqlBool> {
  return (eb) => eb.not(eb.and([countryIn(ukCountryNames, dialect)]));
}

/**
 * The listings ready for `feed` by the SQL's reckoning: for RESO exactly those
 * lib/portal-readiness.ts finds nothing missing in; for the others a part of them.
 */
export function readyForFeed(
  feed: PortalFeed,
  dialect: PortalReadinessDialect,
): (eb: PropertyBuilder) => Expression<SqlBool> {
  const conditions = [...commonReady(dialect), ...feedReady(feed, dialect)];
  return (eb) => eb.and(conditions);
}

/** Whether the RESO feed serves the listing's content (switches and publishing aside). */
export function readyForReso(dialect: PortalReadinessDialect) {
  return readyForFeed("reso", dialect);
}
