/**
 * The listing on a generated catalogue large enough for deep pages (past the first bookmark)
 * and for index plans: every page of a search, read one after another, is its matches in
 * order, each once; and no listing query reads the property table from end to end.
 */
import type { CompiledQuery, Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Property } from "../../lib/api-contract.ts";
import { maxSearchLimit, type PropertySearch } from "../../lib/property-search.ts";
import { insideBox } from "../../lib/property-search-memory.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import type { Database } from "../database.ts";
import { setChangeClock } from "../read-cache.ts";
import { generateProperties } from "../seed/generate.ts";
import { listPublishedProperties } from "./property.ts";
import {
  bookmarkEvery,
  bookmarksAfterSkipping,
  searchPropertyMarkers,
  searchPublishedProperties,
} from "./property-search.ts";
import { updatePropertyByCode, updatePropertyPublish } from "./property-writes.ts";

/** Generated listings: deep pages lie past several bookmarks, and the planners prefer indexes. */
const catalogue = 2_000;

type Filters = Omit<PropertySearch, "sort" | "page" | "limit">;

const londonBox = { west: -0.2, south: 51.48, east: -0.08, north: 51.53 };
const chicagoBox = { west: -88, south: 41.5, east: -87, north: 42.2 };

/** Representative searches and what each one matches, written out for the test. */
const searches: [label: string, filters: Filters, matches: (property: Property) => boolean][] = [
  ["everything", {}, () => true],
  ["For Rent", { status: "For Rent" }, (p) => p.offer_type === "For Rent"],
  [
    "For Sale in a country",
    { status: "For Sale", location: "Canada" },
    (p) => p.offer_type === "For Sale" && [p.city, p.province, p.country].includes("Canada"),
  ],
  [
    "a category in a city",
    { type: "Apartments", location: "London" },
    (p) => p.category === "Apartments" && [p.city, p.province, p.country].includes("London"),
  ],
  [
    "area range and bedrooms",
    { minArea: 800, maxArea: 3000, bedrooms: 2 },
    (p) => p.size >= 800 && p.size <= 3000 && p.bedroom >= 2,
  ],
  [
    "price range, bathrooms, garage, balcony",
    { minPrice: 500, maxPrice: 900_000, bathrooms: 1, garage: 1, balcony: 0 },
    (p) => p.price >= 500 && p.price <= 900_000 && p.bathroom >= 1 && p.garage >= 1,
  ],
  // The availability sits at the end of every listing index (migration 0010).
  [
    "available, For Sale",
    { availability: "available", status: "For Sale" },
    (p) => p.availability === "available" && p.offer_type === "For Sale",
  ],
  ["under offer", { availability: "under_offer" }, (p) => p.availability === "under_offer"],
  ["a common keyword", { keyword: "the" }, (p) => hasWords(p, ["the"])],
  // A few hundred listings: few enough for the kept ids (see fewMatches), several pages.
  ["a keyword of some hundred listings", { keyword: "Loft" }, (p) => hasWords(p, ["loft"])],
  ["a rare keyword", { keyword: "sunlit LOFT" }, (p) => hasWords(p, ["sunlit", "loft"])],
  // A map's visible area (decision 054): central London, and a box round Chicago For Rent.
  ["a box in London", { bbox: londonBox }, (p) => insideBox(p, londonBox)],
  [
    "For Rent in a box round Chicago",
    { status: "For Rent", bbox: chicagoBox },
    (p) => p.offer_type === "For Rent" && insideBox(p, chicagoBox),
  ],
];

function hasWords(property: Property, words: string[]): boolean {
  const text = [property.headline, property.address, property.city, property.description]
    .join(" ")
    .toLowerCase();
  return words.every((word) => text.includes(word));
}

const sorts: [PropertySearch["sort"], (a: Property, b: Property) => number][] = [
  ["new", (a, b) => b.created_at.localeCompare(a.created_at)],
  ["old", (a, b) => a.created_at.localeCompare(b.created_at)],
  ["price_desc", (a, b) => b.price - a.price],
  ["price_asc", (a, b) => a.price - b.price],
];

describe.each(testDialects)("the listing at scale on %s", (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    db = test.handle.db;
    await generateProperties(db, {
      count: catalogue,
      dialect,
      now: new Date("2026-11-20T12:00:00.000Z"),
    });
  }, 120_000);
  afterAll(() => test?.drop());

  /** Every page of a search, one after another. */
  async function readAllPages(search: Omit<PropertySearch, "page">) {
    const pages: Property[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const answer = await searchPublishedProperties(db, { ...search, page });
      total = answer.total;
      if (answer.properties.length === 0) break;
      pages.push(...answer.properties);
    }
    return { pages, total };
  }

  it.each(searches)(
    "pages through %s in order, each match once",
    async (_label, filters, matches) => {
      const expected = (await listPublishedProperties(db)).filter(matches);
      // Both directions for each search; all four orders when nothing filters.
      const orders = filters === searches[0]![1] ? sorts : [sorts[0]!, sorts[3]!];
      for (const [sort, order] of orders) {
        const { pages, total } = await readAllPages({ ...filters, sort, limit: maxSearchLimit });
        expect(total, sort).toBe(expected.length);
        const codes = pages.map((property) => property.code);
        expect(new Set(codes).size, sort).toBe(codes.length);
        expect([...codes].sort(), sort).toEqual(expected.map((property) => property.code).sort());
        for (let i = 1; i < pages.length; i++) {
          expect(order(pages[i - 1]!, pages[i]!), `${sort} at ${i}`).toBeLessThanOrEqual(0);
        }
      }
    },
  );

  it("answers a deep page as the same slice of the whole order, after a change too", async () => {
    const search = { sort: "price_desc", limit: 7 } as const;
    const { pages } = await readAllPages({ ...search, limit: maxSearchLimit });
    const deep = Math.floor((bookmarkEvery * 3) / search.limit) + 2;
    const before = await searchPublishedProperties(db, { ...search, page: deep });
    const from = (deep - 1) * search.limit;
    expect(before.properties.map((p) => p.code)).toEqual(
      pages.slice(from, from + search.limit).map((p) => p.code),
    );

    // Unpublishing the first listing moves every later one up by one place.
    const first = pages[0]!.code;
    expect(await updatePropertyPublish(db, first, false)).toBe("changed");
    try {
      const after = await searchPublishedProperties(db, { ...search, page: deep });
      expect(after.total).toBe(before.total - 1);
      expect(after.properties.map((p) => p.code)).toEqual(
        pages.slice(from + 1, from + 1 + search.limit).map((p) => p.code),
      );
    } finally {
      await updatePropertyPublish(db, first, true);
    }
  });

  it("answers a deep page the same by OFFSET from either end and from a bookmark", async () => {
    for (const sort of ["new", "price_asc"] as const) {
      const search = { sort, limit: 9 } as const;
      const { pages, total } = await readAllPages({ ...search, limit: maxSearchLimit });
      expect(total).toBeGreaterThan(2 * bookmarkEvery + 2 * search.limit);
      const last = Math.ceil(total / search.limit);
      const slice = (page: number) =>
        pages
          .slice((page - 1) * search.limit, page * search.limit)
          .map((property) => property.code);
      const read = async (page: number) =>
        (await searchPublishedProperties(db, { ...search, page })).properties.map(
          (property) => property.code,
        );
      // Pages near the end are read backwards from it, the last one part full.
      for (const page of [last, last - 1, last - Math.floor(bookmarkEvery / search.limit)]) {
        expect(await read(page), `${sort} page ${page} of ${last}`).toEqual(slice(page));
      }
      // Deep pages: by OFFSET from the nearer end at first, from a bookmark once the deep
      // pages have skipped `bookmarksAfterSkipping` times the matches.
      const deep = [Math.ceil(last / 2), Math.ceil(last / 2) + 1, last - 60, 60];
      for (let round = 0; round <= 2 * bookmarksAfterSkipping; round++) {
        for (const page of deep) {
          expect(await read(page), `${sort} page ${page}, round ${round}`).toEqual(slice(page));
        }
      }
    }
  });

  it("reads every listing query through an index, never the whole table", async () => {
    const captured: CompiledQuery[] = [];
    const capturing = db.withPlugin({
      transformQuery: ({ node, queryId }) => {
        captured.push(db.getExecutor().compileQuery(node, queryId));
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    // A read cache for the capturing instance too (nothing changes during the test), so that
    // its deep pages take bookmarks as the server's do.
    setChangeClock(capturing, { read: async () => "unchanged" });
    for (const [, filters] of searches) {
      for (const [sort] of sorts) {
        const search = { ...filters, sort, limit: 10 };
        const { total } = await searchPublishedProperties(capturing, { ...search, page: 1 });
        // The last page (by OFFSET from that end), then the middle page until the search
        // takes its bookmarks and seeks from one.
        const last = Math.max(1, Math.ceil(total / 10));
        await searchPublishedProperties(capturing, { ...search, page: last });
        for (let i = 0; i <= 2 * bookmarksAfterSkipping; i++) {
          await searchPublishedProperties(capturing, { ...search, page: Math.ceil(last / 2) });
        }
      }
    }
    // A limit below the catalogue: answering every row, reading the table is the right plan.
    for (const [, filters] of searches) await searchPropertyMarkers(capturing, filters, 50);
    const listingQueries = [
      ...new Map(
        captured
          .filter((query) => /from "property"/.test(query.sql))
          .map((query) => [`${query.sql}\n${JSON.stringify(query.parameters)}`, query]),
      ).values(),
    ];
    expect(listingQueries.length).toBeGreaterThan(searches.length * sorts.length * 2);
    // The bookmarks' pass and the seek from a bookmark are among them.
    expect(listingQueries.some((query) => /row_number\(\)/.test(query.sql))).toBe(true);

    for (const query of listingQueries) {
      const plan = await explain(query);
      if (dialect === "sqlite") {
        // "SCAN property" alone is a full table scan; "SCAN property USING … INDEX" is not.
        expect(plan, query.sql).not.toMatch(/^SCAN property$/m);
        // Nor may a count or a bookmarks' pass read every row through the publish flag: only
        // a page, which stops after its rows, walks an index in order reading rows.
        if (!/\blimit\b/.test(query.sql)) {
          expect(plan, query.sql).not.toMatch(/^SEARCH property USING INDEX \w+ \(publish=\?\)$/m);
          // Without a keyword (whose LIKE must read the row), no row at all: a category with
          // another filter was counted through the narrow category index, a row per listing
          // of the category (migration 0020). A map's box (decision 054) reads the rows
          // inside the box through the coordinates index (migration 0009): bounded by the box.
          if (!/ like /.test(query.sql) && !/"latitude" >=/.test(query.sql)) {
            expect(plan, query.sql).not.toMatch(/^SEARCH property USING INDEX /m);
          }
        }
      } else {
        expect(plan, query.sql).not.toMatch(/Seq Scan on property\b/);
      }
    }
  });

  it.each(searches)(
    "answers the map's markers of %s: every placed match",
    async (_l, filters, matches) => {
      const expected = (await listPublishedProperties(db)).filter(
        (p) => matches(p) && p.latitude != null && p.longitude != null,
      );
      const { markers, more } = await searchPropertyMarkers(db, filters);
      expect(more).toBe(false);
      expect(markers.map((marker) => marker.code).sort()).toEqual(
        expected.map((p) => p.code).sort(),
      );
      const byCode = new Map(expected.map((p) => [p.code, p]));
      for (const marker of markers) {
        const property = byCode.get(marker.code)!;
        expect(marker).toEqual({
          code: property.code,
          slug: property.slug,
          headline: property.headline,
          price: property.price,
          offer_type: property.offer_type,
          rent_period: property.rent_period,
          latitude: property.latitude,
          longitude: property.longitude,
        });
      }
    },
  );

  it("answers at most the limit of markers, newest first, and says there are more", async () => {
    const few = await searchPropertyMarkers(db, {}, 25);
    expect(few.more).toBe(true);
    expect(few.markers).toHaveLength(25);
    const newest = (await listPublishedProperties(db)).filter((p) => p.latitude != null);
    expect(few.markers.map((marker) => marker.code)).toEqual(
      newest.slice(0, 25).map((p) => p.code),
    );
  });

  /** The planner's plan for a captured query, one step a line. */
  async function explain(query: CompiledQuery): Promise<string> {
    const prefix = dialect === "sqlite" ? "explain query plan " : "explain ";
    const { rows } = await db.executeQuery<Record<string, unknown>>({
      ...query,
      sql: `${prefix}${query.sql}`,
    });
    return rows
      .map((row) => String(dialect === "sqlite" ? row.detail : row["QUERY PLAN"]).trim())
      .join("\n");
  }

  it("finds a keyword written after the listing was created, and forgets it when it goes", async () => {
    const { code, headline } = (await listPublishedProperties(db)).at(-1)!;
    const keyword = "Qzwxyv";
    const write = { source: "staff", at: new Date().toISOString() } as const;
    const codesFor = async () =>
      (
        await searchPublishedProperties(db, { keyword, sort: "new", page: 1, limit: 10 })
      ).properties.map((property) => property.code);
    await updatePropertyByCode(db, code, { headline: `${headline} ${keyword}` }, write);
    expect(await codesFor()).toEqual([code]);
    await updatePropertyByCode(db, code, { headline }, write);
    expect(await codesFor()).toEqual([]);
  });
});
