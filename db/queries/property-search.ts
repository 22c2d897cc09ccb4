/**
 * The published listings' search (SPEC §7 `/property/search`, decisions 006, 033, 058, 074, 075):
 * keyword, filters and a drawn area; pages by keyset at any depth; counts; the map's markers.
 */
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { Property, PropertyMarker } from "../../lib/api-contract.ts";
import { propertyField } from "../../lib/property-fields.ts";
import {
  filterableFields,
  type Polygon,
  type PropertyFilters,
  type PropertySearch,
  type PropertySort,
  polygonBounds,
  polygonParam,
} from "../../lib/property-search.ts";
import { defaultRentPeriod, readRentPeriod } from "../../lib/rent-period.ts";
import type { Database } from "../database.ts";
import { readWhileUnchanged } from "../read-cache.ts";
import { isPostgres, toCount, toFlag } from "./columns.ts";

import { selectFewWithCategory, toProperty } from "./property.ts";

/** A keyword search's words, lower-cased, as many as it searches. */
function keywordWords(keyword: string): string[] {
  return keyword.toLowerCase().split(" ").filter(Boolean).slice(0, 6);
}

/** A word as a LIKE pattern for "contains" (`\\` is the escape character). */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The text a keyword is looked for in: the four searched columns, lower-cased, joined by
 * spaces. A word holds no space, so it occurs in this text exactly when it occurs in one of
 * the columns. PostgreSQL's trigram index (migration 0006) is on this very expression.
 */
const keywordText = sql<string>`lower(${sql.ref("property.headline")} || ' ' || ${sql.ref("property.address")} || ' ' || ${sql.ref("property.city")} || ' ' || ${sql.ref("property.description")})`;

/**
 * SQLite's trigram full-text query for these words (migration 0006's `property_text`, which
 * keeps trigrams only, not their positions): every trigram of every word of three or more
 * characters. It finds a superset of the rows whose text holds the words, and the LIKE then
 * decides, so results are those of the LIKE alone. Undefined when no word is long enough.
 */
function trigramQuery(words: readonly string[]): string | undefined {
  const trigrams = new Set<string>();
  for (const word of words) {
    const characters = [...word];
    for (let i = 0; i + 3 <= characters.length; i++) {
      trigrams.add(characters.slice(i, i + 3).join(""));
    }
  }
  if (trigrams.size === 0) return undefined;
  return [...trigrams].map((trigram) => `"${trigram.replaceAll('"', '""')}"`).join(" AND ");
}

/** A drawn area as PostgreSQL's polygon text, `((x,y),…)` with x the longitude. */
function postgresPolygon(polygon: Polygon): string {
  return `(${polygon.map(([lon, lat]) => `(${lon},${lat})`).join(",")})`;
}

/**
 * The published properties that match a search's filters, from the property table alone.
 * `trigrams: false` leaves out SQLite's trigram lookup (the LIKE alone decides anyway).
 */
export function selectMatching(
  db: Kysely<Database>,
  search: PropertyFilters,
  { trigrams: useTrigrams = true }: { trigrams?: boolean } = {},
) {
  // No join: the category filter is a subquery on its unique title, so the count and the
  // page's ids read the property indexes alone.
  return db
    .selectFrom("property")
    .where("property.publish", "=", 1)
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (search.keyword) {
        const words = keywordWords(search.keyword);
        const trigrams = isPostgres(db) || !useTrigrams ? undefined : trigramQuery(words);
        if (trigrams !== undefined) {
          conditions.push(
            eb(
              "property.id",
              "in",
              sql<number>`(select rowid from property_text where property_text match ${trigrams})`,
            ),
          );
        }
        for (const word of words) {
          conditions.push(eb(keywordText, "like", sql<string>`${likePattern(word)} escape '\\'`));
        }
      }
      if (search.status) conditions.push(eb("property.offer_type", "=", search.status));
      if (search.availability) {
        conditions.push(eb("property.availability", "=", search.availability));
      }
      if (search.type) {
        // `=` on the unique title's id, not `in`: an equality lets the planner read the
        // category's listing index in order.
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
      if (search.types?.length) {
        conditions.push(
          eb(
            "property.category_id",
            "in",
            eb
              .selectFrom("category")
              .select("category.id")
              .where("category.title", "in", search.types),
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
      // The property schema's filters (decision 085), in the table's order.
      for (const { name } of filterableFields()) {
        const filter = search.fields?.[name];
        const column = propertyField(name).column;
        if (!filter || column === null) continue;
        const ref = sql.ref<string | number | null>(`property.${column}`);
        if ("equals" in filter) conditions.push(eb(ref, "=", filter.equals));
        else {
          if (filter.min !== undefined) conditions.push(eb(ref, ">=", filter.min));
          if (filter.max !== undefined) conditions.push(eb(ref, "<=", filter.max));
        }
      }
      for (const box of [search.bbox, search.polygon && polygonBounds(search.polygon)]) {
        if (!box) continue;
        // A range on each coordinate (an unplaced property's nulls never match), read from
        // property_coordinates_idx (publish, latitude, longitude) when the box is narrow; a
        // drawn area's box first narrows the rows its polygon test then reads.
        const { west, south, east, north } = box;
        conditions.push(eb("property.latitude", ">=", south), eb("property.latitude", "<=", north));
        conditions.push(
          west <= east
            ? eb.and([eb("property.longitude", ">=", west), eb("property.longitude", "<=", east)])
            : eb.or([eb("property.longitude", ">=", west), eb("property.longitude", "<=", east)]),
        );
      }
      if (search.polygon) {
        // Inside the drawn area or on its edge (decision 075): PostgreSQL's own geometry; on
        // SQLite the deterministic function db/database.ts registers, with the same rule.
        conditions.push(
          isPostgres(db)
            ? sql<SqlBool>`cast(${postgresPolygon(search.polygon)} as polygon) @> point(${sql.ref("property.longitude")}, ${sql.ref("property.latitude")})`
            : sql<SqlBool>`point_in_polygon(${polygonParam(search.polygon)}, ${sql.ref("property.longitude")}, ${sql.ref("property.latitude")}) = 1`,
        );
      }
      return eb.and(conditions);
    });
}

/**
 * One bookmark every this many matches: a deep page seeks to the bookmark before it and skips
 * fewer than this many index entries, whatever its number.
 */
export const bookmarkEvery = 500;

/**
 * A search's bookmarks are taken once its deep pages, read by OFFSET, have skipped this many
 * times its matches in all (decision 058). The bookmarks' pass numbers every match with a
 * window, which on SQLite costs 1.5 to 10 times a walk over all of them (46 ms against 4.5 ms
 * for 100,000 listings), and it runs on the event loop; a deep page read by OFFSET from the
 * nearer end walks at most half of them, a quarter on average. So a search asked for a few
 * deep pages never pays for a pass, and one paged through often pays for it once, after
 * about 16 average deep pages, then reads every page from a bookmark.
 */
export const bookmarksAfterSkipping = 4;

/** The sort key and id of one match: where a page's keyset seek starts. */
interface Bookmark {
  value: string | number | Date;
  id: number;
}

/**
 * The sort keys of matches number `bookmarkEvery`, 2 × `bookmarkEvery`, … (0-based) of a
 * search in descending order of `column` (the ascending order reads them from the other end):
 * one pass over the matching index entries, numbered by a window.
 */
async function readBookmarks(
  db: Kysely<Database>,
  search: PropertyFilters,
  column: "created_at" | "price",
): Promise<Bookmark[]> {
  const direction = "desc";
  const numbered = selectMatching(db, search).select((eb) => [
    `property.${column} as value`,
    "property.id as id",
    eb.fn
      .agg<number>("row_number")
      .over((over) =>
        over.orderBy(`property.${column}`, direction).orderBy("property.id", direction),
      )
      .as("position"),
  ]);
  const rows = await db
    .selectFrom(numbered.as("numbered"))
    .select(["numbered.value", "numbered.id"])
    .where("numbered.position", ">", 1)
    .where(sql<number>`(${sql.ref("numbered.position")} - 1) % ${sql.lit(bookmarkEvery)}`, "=", 0)
    .orderBy("numbered.position")
    .execute();
  return rows.map((row) => ({ value: row.value, id: Number(row.id) }));
}

/**
 * How many matches a search's deep pages in one order (both directions) have skipped by
 * OFFSET in this database state: a counter kept in the read cache, so it starts again at 0
 * when the data changes, as the bookmarks do. Without a read cache (a transaction) it is a
 * new counter each time, and deep pages are always read by OFFSET.
 */
interface DeepReads {
  skipped: number;
}

/**
 * One page of the published properties that match a search, and how many match in all
 * (`GET /api/property/display/all` with parameters). Never loads the non-matching rows, and
 * a deep page costs little (decisions 033 and 058):
 * - the match count is read once per database state (db/read-cache.ts), from the listing
 *   indexes of migration 0006, which hold every filter column;
 * - a page is read by OFFSET over index entries from the nearer end of the order, so it skips
 *   at most half the matches; once a search's deep pages have skipped enough, it takes its
 *   bookmarks (every `bookmarkEvery`-th match's sort key, read once per database state for
 *   both directions of an order) and a deep page seeks from the one before it, skipping at
 *   most `bookmarkEvery` entries (see pageOfMatches);
 * - a keyword with few matches keeps their ids in order instead (read once per database
 *   state through the trigram index), and a page is cut from them;
 * - the page's ids are chosen first, then only those rows are read by key.
 */
export async function searchPublishedProperties(
  db: Kysely<Database>,
  search: PropertySearch,
): Promise<{ properties: Property[]; total: number }> {
  const { total, searchKey } = await countMatches(db, search);
  const offset = (search.page - 1) * search.limit;
  if (offset >= total) return { properties: [], total };
  const ids =
    search.keyword !== undefined && (await fewMatches(db, total))
      ? await pageOfFewMatches(db, search, searchKey, offset)
      : await pageOfMatches(db, search, searchKey, total, offset);
  if (ids.length === 0) return { properties: [], total };
  // A second statement, not a subquery: given the subquery, SQLite walked the whole listing
  // index in order to spare sorting a dozen rows. By key alone: with `publish = 1` too, SQLite
  // may read the listing index instead; a row unpublished meanwhile is dropped here.
  const rows = await selectFewWithCategory(db).where("property.id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => {
    const row = byId.get(id);
    return row !== undefined && toFlag(row.publish) === 1 ? [row] : [];
  });
  return { properties: ordered.map(toProperty), total };
}

/**
 * The ids of one page of a search (not a keyword with few matches), read in the order's index
 * (decision 033, 058):
 * - within `bookmarkEvery` matches of either end, by OFFSET from that end (the far end's page
 *   is read in the reverse order and turned round: `(key, id)` orders every match, so the
 *   reverse order is exactly the reverse);
 * - deeper, by OFFSET from the nearer end too, until the search's deep pages have skipped
 *   `bookmarksAfterSkipping` times its matches; a keyword search at once, since its pass
 *   costs less than one deep page's walk (each entry walked reads the row for the LIKE);
 * - then from the bookmark at or before the page, skipping fewer than `bookmarkEvery`.
 */
async function pageOfMatches(
  db: Kysely<Database>,
  search: PropertySearch,
  searchKey: string,
  total: number,
  offset: number,
): Promise<number[]> {
  const [column, direction] = sortOrder[search.sort];
  const limit = Math.min(search.limit, total - offset);
  // How many matches lie before the page in the reverse order.
  const fromEnd = total - offset - limit;
  // A keyword with many matches: walk the order's index and check the LIKE, which finds a
  // page within a few times its size; SQLite's trigram lookup would cost a step per match.
  const page = selectMatching(db, search, { trigrams: false }).select("property.id");
  const read = async (
    query: typeof page,
    order: "asc" | "desc",
    skip: number,
  ): Promise<number[]> => {
    const rows = await query
      .orderBy(`property.${column}`, order)
      .orderBy("property.id", order)
      .limit(limit)
      .offset(skip)
      .execute();
    return rows.map((row) => row.id);
  };
  const reverse = direction === "desc" ? "asc" : "desc";
  const byOffset = async () =>
    fromEnd < offset
      ? (await read(page, reverse, fromEnd)).reverse()
      : read(page, direction, offset);

  const nearer = Math.min(offset, fromEnd);
  if (nearer < bookmarkEvery) return byOffset();
  if (search.keyword === undefined) {
    const deep = await readWhileUnchanged<DeepReads>(
      db,
      `deep reads ${column}\n${searchKey}`,
      async () => ({ skipped: 0 }),
    );
    // The one cached value that is changed in place: a count of work, not an answer.
    if (deep.skipped < total * bookmarksAfterSkipping) {
      deep.skipped += nearer;
      return byOffset();
    }
  }

  // bookmarks[j - 1] is the match at position j × bookmarkEvery of the descending order,
  // so at position total - 1 - j × bookmarkEvery of the ascending one.
  const bookmarks = await readWhileUnchanged(db, `bookmarks ${column}\n${searchKey}`, () =>
    readBookmarks(db, search, column),
  );
  const last = total - 1;
  // The bookmark at or before the offset in the page's order.
  const j =
    direction === "desc"
      ? Math.floor(offset / bookmarkEvery)
      : Math.max(1, Math.ceil((last - offset) / bookmarkEvery));
  const seek = bookmarks[j - 1];
  // None: the matches changed since the count (a write between the two reads).
  if (seek === undefined) return byOffset();
  // Row values: both planners seek the (…, sort key, id) index to the bookmark.
  const fromBookmark = page.where(
    sql<SqlBool>`(${sql.ref(`property.${column}`)}, ${sql.ref("property.id")}) ${sql.raw(direction === "desc" ? "<=" : ">=")} (${seek.value}, ${seek.id})`,
  );
  const skip = offset - (direction === "desc" ? j * bookmarkEvery : last - j * bookmarkEvery);
  return read(fromBookmark, direction, skip);
}

/**
 * The ids of one page of a keyword search with few matches (see fewMatches): every match's id
 * in the order, newest or dearest first, read once per database state for both directions
 * (at most about 7,000 ids at 100,000 listings, 4 bytes each), and the page cut from it.
 */
async function pageOfFewMatches(
  db: Kysely<Database>,
  search: PropertySearch,
  searchKey: string,
  offset: number,
): Promise<number[]> {
  const [column, direction] = sortOrder[search.sort];
  const ordered = await readWhileUnchanged(db, `ids ${column}\n${searchKey}`, async () => {
    // Found through the trigram index, then sorted. A materialized table expression, because
    // otherwise both planners walk the order's index and check the LIKE on row after row
    // (PostgreSQL: 250 ms for 'sunlit loft' at 100,000 listings).
    const matches = selectMatching(db, search).select(["property.id", `property.${column} as key`]);
    const rows = await db
      .with(
        (cte) => cte("match").materialized(),
        () => matches,
      )
      .selectFrom("match")
      .select("match.id")
      .orderBy("match.key", "desc")
      .orderBy("match.id", "desc")
      .execute();
    return Int32Array.from(rows, (row) => row.id);
  });
  const count = ordered.length;
  const ids: number[] = [];
  for (let i = offset; i < Math.min(count, offset + search.limit); i++) {
    const id = ordered[direction === "desc" ? i : count - 1 - i];
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

/** How many published properties match these filters, read once per database state. */
async function countMatches(
  db: Kysely<Database>,
  filters: PropertyFilters,
): Promise<{ total: number; searchKey: string }> {
  const countQuery = selectMatching(db, filters).select((eb) =>
    eb.fn.countAll<number | string>().as("total"),
  );
  const compiled = countQuery.compile();
  const searchKey = `${compiled.sql}\n${JSON.stringify(compiled.parameters)}`;
  const total = await readWhileUnchanged(db, searchKey, async () =>
    toCount((await countQuery.executeTakeFirst())?.total),
  );
  return { total, searchKey };
}

/**
 * Whether a keyword's `total` matches are few enough that SQLite should find its page's rows
 * through the trigram table. That costs about one step per match; walking the listing index
 * and checking the LIKE on each row costs about (published / total) steps per row skipped or
 * read, fewer than `bookmarkEvery` + a page. They are even near total² = published ×
 * `bookmarkEvery` (about 7,000 matches of 100,000).
 */
async function fewMatches(db: Kysely<Database>, total: number): Promise<boolean> {
  const { total: published } = await countMatches(db, {});
  return total * total < published * bookmarkEvery;
}

const sortOrder: Record<PropertySort, [column: "created_at" | "price", direction: "asc" | "desc"]> =
  {
    new: ["created_at", "desc"],
    old: ["created_at", "asc"],
    price_desc: ["price", "desc"],
    price_asc: ["price", "asc"],
  };

/** The most markers a map search answers: newest first beyond it (the map says so). */
export const maxMapMarkers = 3_000;

/**
 * The placed published properties that match a search's filters, newest first, at most
 * `limit` of them, and whether more match (`GET /api/property/display/map`). Read once per
 * database state, as the list's count is. The columns a marker needs only, so a few thousand
 * markers stay a small answer. No count: the listing indexes do not hold the coordinates, so
 * counting the placed matches would read every matching row; one row past the limit says
 * whether there are more.
 */
export async function searchPropertyMarkers(
  db: Kysely<Database>,
  filters: PropertyFilters,
  limit = maxMapMarkers,
): Promise<{ markers: PropertyMarker[]; more: boolean }> {
  const query = selectMatching(db, filters)
    .where("property.latitude", "is not", null)
    .where("property.longitude", "is not", null)
    .select([
      "property.code",
      "property.slug",
      "property.headline",
      "property.price",
      "property.offer_type",
      "property.rent_period",
      "property.latitude",
      "property.longitude",
    ])
    .orderBy("property.created_at", "desc")
    .orderBy("property.id", "desc")
    .limit(limit + 1);
  const compiled = query.compile();
  return readWhileUnchanged(
    db,
    `markers\n${compiled.sql}\n${JSON.stringify(compiled.parameters)}`,
    async () => {
      const rows = await query.execute();
      const markers = rows.slice(0, limit).map((row) => ({
        code: row.code,
        slug: row.slug,
        headline: row.headline,
        price: Number(row.price),
        offer_type: row.offer_type,
        rent_period: readRentPeriod(row.rent_period) ?? defaultRentPeriod,
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
      }));
      return { markers, more: rows.length > limit };
    },
  );
}
