import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSearchFacets } from "../../db/queries/search-facets.ts";
import type { Property } from "../../lib/api-contract.ts";
import { maxSearchLimit, pointInPolygon, polygonBounds } from "../../lib/property-search.ts";
import { searchFacetsOf } from "../../lib/search-facets.ts";
import { auth, createTestApp, type TestApp } from "../../tests/support/app.ts";
import { testDialects } from "../../tests/support/test-database.ts";

describe.each(testDialects)("GET /api/property/display/all with parameters on %s", (dialect) => {
  let test: TestApp;
  let all: Property[];

  beforeAll(async () => {
    test = await createTestApp(dialect);
    all = (await test.app.inject({ url: "/api/property/display/all", headers: auth })).json().data;
  });
  afterAll(() => test.close());

  async function search(query: string) {
    const response = await test.app.inject({
      url: `/api/property/display/all?${query}`,
      headers: auth,
    });
    expect(response.statusCode, query).toBe(200);
    return response.json() as {
      data: Property[];
      meta: { total: number; page: number; limit: number };
    };
  }
  const codes = (properties: Property[]) => properties.map((property) => property.code).sort();
  const byNewest = (a: Property, b: Property) => b.created_at.localeCompare(a.created_at);

  it("answers one page and the meta, newest first by default", async () => {
    const body = await search("page=2&limit=5");
    expect(body.meta).toEqual({ total: all.length, page: 2, limit: 5 });
    expect(body.data.map((property) => property.code)).toEqual(
      [...all]
        .sort(byNewest)
        .slice(5, 10)
        .map((property) => property.code),
    );
  });

  it.each([
    ["status=For%20Rent", (property: Property) => property.offer_type === "For Rent"],
    ["type=Houses", (property: Property) => property.category === "Houses"],
    [
      "min_price=1000&max_price=900000",
      (property: Property) => property.price >= 1000 && property.price <= 900000,
    ],
    [
      "min_area=1500&max_area=3000",
      (property: Property) => property.size >= 1500 && property.size <= 3000,
    ],
    [
      "bedrooms=3&bathrooms=2",
      (property: Property) => property.bedroom >= 3 && property.bathroom >= 2,
    ],
    [
      "garage=1&balcony=1",
      (property: Property) => property.garage >= 1 && (property.balcony ?? 0) >= 1,
    ],
  ])("filters by %s", async (query, matches) => {
    const body = await search(`${query}&limit=${maxSearchLimit}`);
    const expected = all.filter(matches);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.meta.total).toBe(expected.length);
    expect(codes(body.data)).toEqual(codes(expected));
  });

  it("answers each property's availability and filters by it, on its own and with others", async () => {
    // The demo's taken listings: three under offer, one let agreed (their free-text status).
    const taken = all.filter((property) => property.availability !== "available");
    expect(taken.map((property) => property.availability).sort()).toEqual([
      "let_agreed",
      "under_offer",
      "under_offer",
      "under_offer",
    ]);
    for (const property of all) {
      expect(property.availability_changed_at === null, property.code).toBe(
        property.availability === "available",
      );
    }
    for (const [query, matches] of [
      ["availability=under_offer", (p: Property) => p.availability === "under_offer"],
      ["availability=available", (p: Property) => p.availability === "available"],
      [
        "availability=under_offer&status=For%20Sale&sort=price_asc",
        (p: Property) => p.availability === "under_offer" && p.offer_type === "For Sale",
      ],
    ] as const) {
      const body = await search(`${query}&limit=${maxSearchLimit}`);
      const expected = all.filter(matches);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(body.meta.total, query).toBe(expected.length);
      expect(codes(body.data), query).toEqual(codes(expected));
    }
    expect((await search("availability=sold_stc")).meta.total).toBe(0);
    // An unknown value is no filter (as for the other text parameters).
    expect((await search("availability=gone")).meta.total).toBe(all.length);

    // A change in the database shows in the next answer and search.
    const home = all.find((property) => property.availability === "available")!;
    await test.app.database.db
      .updateTable("property")
      .set({ availability: "sold_stc", availability_changed_at: "2026-11-20T09:00:00.000Z" })
      .where("code", "=", home.code)
      .execute();
    try {
      const one = (
        await test.app.inject({ url: `/api/property/show/one/${home.code}`, headers: auth })
      ).json().data as Property;
      expect(one.availability).toBe("sold_stc");
      expect(Date.parse(one.availability_changed_at ?? "")).toBe(
        Date.parse("2026-11-20T09:00:00.000Z"),
      );
      expect(codes((await search("availability=sold_stc")).data)).toEqual([home.code]);
    } finally {
      await test.app.database.db
        .updateTable("property")
        .set({ availability: "available", availability_changed_at: null })
        .where("code", "=", home.code)
        .execute();
    }
  });

  it("answers each property's rent period, monthly by default, and filters on the stored price", async () => {
    expect(new Set(all.map((property) => property.rent_period))).toEqual(new Set(["month"]));
    const rental = all.find((property) => property.offer_type === "For Rent")!;
    await test.app.database.db
      .updateTable("property")
      .set({ rent_period: "week" })
      .where("code", "=", rental.code)
      .execute();
    try {
      const one = (
        await test.app.inject({ url: `/api/property/show/one/${rental.code}`, headers: auth })
      ).json().data as Property;
      expect(one.rent_period).toBe("week");
      // The price filter reads the stored price, whatever its period: no conversion.
      const around = `min_price=${rental.price}&max_price=${rental.price}&limit=${maxSearchLimit}`;
      expect(codes((await search(around)).data)).toContain(rental.code);
    } finally {
      await test.app.database.db
        .updateTable("property")
        .set({ rent_period: "month" })
        .where("code", "=", rental.code)
        .execute();
    }
  });

  it("filters by the property schema's fields that have a filter (tenure, furnished), read from lib/property-fields.ts", async () => {
    const [first, second, third] = all;
    const set = (code: string, values: { tenure?: string | null; furnished?: string | null }) =>
      test.app.database.db
        .updateTable("property")
        .set(values as { tenure: null })
        .where("code", "=", code)
        .execute();
    // The demo sets a tenure and furnishing where they fit (decision 093): start from none.
    const saved = await test.app.database.db
      .selectFrom("property")
      .select(["code", "tenure", "furnished"])
      .execute();
    await test.app.database.db
      .updateTable("property")
      .set({ tenure: null, furnished: null })
      .execute();
    await set(first!.code, { tenure: "freehold", furnished: "furnished" });
    await set(second!.code, { tenure: "freehold", furnished: "unfurnished" });
    await set(third!.code, { tenure: "leasehold" });
    try {
      expect(codes((await search("tenure=freehold")).data)).toEqual(
        [first!.code, second!.code].sort(),
      );
      // By value or label, in any case, as the import reads a choice.
      expect(codes((await search("tenure=Share%20of%20Freehold")).data)).toEqual([]);
      expect(codes((await search("tenure=LEASEHOLD")).data)).toEqual([third!.code]);
      expect(codes((await search("tenure=freehold&furnished=furnished")).data)).toEqual([
        first!.code,
      ]);
      // With the SPEC's filters: all of them apply.
      const status = first!.offer_type;
      expect(
        codes((await search(`tenure=freehold&status=${encodeURIComponent(status)}`)).data),
      ).toEqual(
        [first!, second!].filter((property) => property.offer_type === status).map((p) => p.code),
      );
      // An unknown choice is no filter, as for the other text parameters.
      expect((await search("furnished=maybe")).meta.total).toBe(all.length);
      // The answer carries the values under their API names.
      const one = (await search("furnished=unfurnished")).data[0] as Property & {
        tenure?: string;
      };
      expect(one).toMatchObject({
        code: second!.code,
        tenure: "freehold",
        furnished: "unfurnished",
      });
      // The map's markers read the same filters.
      const markers = await test.app.inject({
        url: "/api/property/display/map?tenure=leasehold",
        headers: auth,
      });
      expect((markers.json().data as { code: string }[]).map((marker) => marker.code)).toEqual(
        third!.latitude === null ? [] : [third!.code],
      );
    } finally {
      for (const row of saved) {
        await set(row.code, { tenure: row.tenure, furnished: row.furnished });
      }
    }
  });

  it("matches a location against the city, province or country", async () => {
    const { city, country } = all[0]!;
    for (const place of [city, country]) {
      const body = await search(`location=${encodeURIComponent(place)}&limit=${maxSearchLimit}`);
      const expected = all.filter((property) =>
        [property.city, property.province, property.country].includes(place),
      );
      expect(codes(body.data)).toEqual(codes(expected));
    }
  });

  it("finds keywords in the headline, address, city and description, any case", async () => {
    const word = all[0]!.headline.split(" ").find((part) => part.length > 4)!;
    const body = await search(
      `keyword=${encodeURIComponent(word.toUpperCase())}&limit=${maxSearchLimit}`,
    );
    const expected = all.filter((property) =>
      [property.headline, property.address, property.city, property.description].some((text) =>
        text.toLowerCase().includes(word.toLowerCase()),
      ),
    );
    expect(codes(body.data)).toEqual(codes(expected));
  });

  it("combines filters", async () => {
    const body = await search(
      `status=For%20Sale&bedrooms=2&sort=price_asc&limit=${maxSearchLimit}`,
    );
    const expected = all.filter(
      (property) => property.offer_type === "For Sale" && property.bedroom >= 2,
    );
    expect(codes(body.data)).toEqual(codes(expected));
  });

  it.each([
    ["price_asc", (a: Property, b: Property) => a.price - b.price],
    ["price_desc", (a: Property, b: Property) => b.price - a.price],
    ["new", (a: Property, b: Property) => b.created_at.localeCompare(a.created_at)],
    ["old", (a: Property, b: Property) => a.created_at.localeCompare(b.created_at)],
  ])("sorts by %s", async (sort, order) => {
    const body = await search(`sort=${sort}&limit=${maxSearchLimit}`);
    const keys = body.data.map((property) =>
      sort.startsWith("price") ? property.price : property.created_at,
    );
    const sorted = [...body.data]
      .sort(order)
      .map((property) => (sort.startsWith("price") ? property.price : property.created_at));
    expect(keys).toEqual(sorted);
    expect(body.data).toHaveLength(all.length);
  });

  it("selects a collection's codes", async () => {
    const wanted = all.slice(0, 3).map((property) => property.code);
    const body = await search(`codes=${wanted.join(",")}`);
    expect(codes(body.data)).toEqual([...wanted].sort());
  });

  it.each([
    "page=-3",
    "page=abc&limit=-1",
    "limit=100000",
    "sort=drop%20table",
    "keyword=%27%3B%20DROP%20TABLE%20property%3B%20--",
    "keyword=100%25_off%5C",
    "location=%00%01",
    "page=99999999999999999999",
  ])("answers bad values (%s) without a 5xx", async (query) => {
    const body = await search(query);
    expect(body.meta.page).toBeGreaterThanOrEqual(1);
    expect(body.meta.limit).toBeGreaterThanOrEqual(1);
    expect(body.meta.limit).toBeLessThanOrEqual(maxSearchLimit);
    expect(Array.isArray(body.data)).toBe(true);
  });

  it.each([
    ["min_area=1.5", "min_area"],
    ["max_area=100.5", "max_area"],
    ["min_area=3000000000", "min_area"],
    ["bedrooms=-2", "bedrooms"],
    ["garage=two", "garage"],
    ["max_area=1e309", "max_area"],
    ["min_price=NaN", "min_price"],
    ["max_price=2e12", "max_price"],
  ])("refuses a number its column cannot hold (%s) with a 400 naming it", async (query, name) => {
    const response = await test.app.inject({
      url: `/api/property/display/all?${query}&page=1`,
      headers: auth,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = response.json();
    expect(body).toMatchObject({ status: 400, message: "Please correct the search parameters." });
    expect(Object.keys(body.errors)).toEqual([name]);
  });

  it("answers the largest whole number and an empty value as filters that fit", async () => {
    expect((await search("min_area=2147483647")).meta.total).toBe(0);
    expect((await search("min_area=&bedrooms=%20&max_price=99.5")).meta.total).toBe(
      all.filter((property) => property.price <= 99.5).length,
    );
  });

  it("still has every property after SQL text in the keyword", async () => {
    await search("keyword=%27%3B%20DELETE%20FROM%20property%3B%20--");
    const after = (
      await test.app.inject({ url: "/api/property/display/all", headers: auth })
    ).json().data;
    expect(after).toHaveLength(all.length);
  });

  it("filters by a bounding box (bbox, decision 054), as the list and the map do", async () => {
    const toronto = { west: -79.6, south: 43.5, east: -79.2, north: 43.85 };
    const inside = all.filter(
      (p) =>
        p.latitude != null &&
        p.longitude != null &&
        p.latitude >= toronto.south &&
        p.latitude <= toronto.north &&
        p.longitude >= toronto.west &&
        p.longitude <= toronto.east,
    );
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.length).toBeLessThan(all.length);
    const body = await search(`bbox=-79.6,43.5,-79.2,43.85&limit=${maxSearchLimit}`);
    expect(body.meta.total).toBe(inside.length);
    expect(codes(body.data)).toEqual(codes(inside));
    // A bbox that does not parse is no filter.
    expect((await search("bbox=nonsense")).meta.total).toBe(all.length);

    const map = await test.app.inject({
      url: "/api/property/display/map?bbox=-79.6,43.5,-79.2,43.85&sort=price_asc&page=9",
      headers: auth,
    });
    expect(map.statusCode).toBe(200);
    const markers = map.json() as {
      data: { code: string; latitude: number; longitude: number }[];
      meta: { more: boolean; limit: number };
    };
    expect(markers.meta.more).toBe(false);
    expect(markers.data.map((marker) => marker.code).sort()).toEqual(codes(inside));
    // Newest first, whatever sort and page were asked.
    expect(markers.data.map((marker) => marker.code)).toEqual(
      [...inside].sort(byNewest).map((property) => property.code),
    );
  });

  it("filters by a drawn area (polygon, decision 075) in the database: total, pages and markers", async () => {
    // The south-west half of the box around Toronto's homes: its box holds them all, the
    // triangle only some.
    const toronto = all.filter((p) => p.city === "Toronto" && p.latitude != null);
    const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;
    const west = round(Math.min(...toronto.map((p) => p.longitude!)) - 0.001);
    const east = round(Math.max(...toronto.map((p) => p.longitude!)) + 0.001);
    const south = round(Math.min(...toronto.map((p) => p.latitude!)) - 0.001);
    const north = round(Math.max(...toronto.map((p) => p.latitude!)) + 0.001);
    const triangle: [number, number][] = [
      [west, south],
      [east, south],
      [west, north],
    ];
    const polygon = triangle.map(([lon, lat]) => `${lon} ${lat}`).join(",");
    const placed = all.filter((p) => p.latitude != null && p.longitude != null);
    const inside = placed.filter((p) => pointInPolygon(p.longitude!, p.latitude!, triangle));
    const inBox = placed.filter((p) => {
      const box = polygonBounds(triangle);
      return (
        p.latitude! >= box.south &&
        p.latitude! <= box.north &&
        p.longitude! >= box.west &&
        p.longitude! <= box.east
      );
    });
    expect(inside.length).toBeGreaterThan(1);
    // The box alone would let more through: the polygon itself decides.
    expect(inBox.length).toBeGreaterThan(inside.length);

    const query = `polygon=${encodeURIComponent(polygon)}`;
    const body = await search(`${query}&limit=${maxSearchLimit}`);
    expect(body.meta.total).toBe(inside.length);
    expect(codes(body.data)).toEqual(codes(inside));
    // Paged in the database: the pages together are the same homes, in order.
    const first = await search(`${query}&limit=1&page=1&sort=price_asc`);
    const second = await search(`${query}&limit=1&page=2&sort=price_asc`);
    expect(first.meta.total).toBe(inside.length);
    const byPrice = [...inside].sort((a, b) => a.price - b.price);
    expect([first.data[0]!.price, second.data[0]!.price]).toEqual([
      byPrice[0]!.price,
      byPrice[1]!.price,
    ]);
    // With the other filters and a box too.
    const rent = inside.filter((p) => p.offer_type === "For Rent");
    expect((await search(`${query}&status=For+Rent`)).meta.total).toBe(rent.length);
    const middle = round((west + east) / 2);
    expect((await search(`${query}&bbox=${middle},${south},${east},${north}`)).meta.total).toBe(
      inside.filter((p) => p.longitude! >= middle).length,
    );
    // An unusable polygon is no filter.
    expect((await search("polygon=1+1,2+2")).meta.total).toBe(all.length);
    expect((await search("polygon=nonsense")).meta.total).toBe(all.length);

    const map = await test.app.inject({
      url: `/api/property/display/map?${query}`,
      headers: auth,
    });
    expect(map.statusCode).toBe(200);
    const markers = map.json() as { data: { code: string }[] };
    expect(markers.data.map((marker) => marker.code).sort()).toEqual(codes(inside));
  });

  it("counts a self-crossing drawing's doubly wound middle as inside, on both dialects", async () => {
    // A five-pointed star drawn in one stroke around Toronto's homes.
    const placed = all.filter((p) => p.city === "Toronto" && p.latitude != null);
    expect(placed.length).toBeGreaterThan(2);
    const lat = placed.reduce((sum, p) => sum + p.latitude!, 0) / placed.length;
    const lon = placed.reduce((sum, p) => sum + p.longitude!, 0) / placed.length;
    const star: [number, number][] = [0, 2, 4, 1, 3].map((k) => {
      const angle = (k * 2 * Math.PI) / 5 + Math.PI / 2;
      return [
        Math.round((lon + 0.05 * Math.cos(angle)) * 1e5) / 1e5,
        Math.round((lat + 0.05 * Math.sin(angle)) * 1e5) / 1e5,
      ];
    });
    const inside = all.filter(
      (p) => p.latitude != null && pointInPolygon(p.longitude!, p.latitude!, star),
    );
    const polygon = star.map(([x, y]) => `${x} ${y}`).join(",");
    const body = await search(`polygon=${encodeURIComponent(polygon)}&limit=${maxSearchLimit}`);
    expect(codes(body.data)).toEqual(codes(inside));
  });

  it("answers every placed property as a marker, and refuses a number that does not fit", async () => {
    const map = await test.app.inject({ url: "/api/property/display/map", headers: auth });
    const placed = all.filter((property) => property.latitude != null);
    const { data } = map.json() as { data: Record<string, unknown>[] };
    expect(data).toHaveLength(placed.length);
    expect(Object.keys(data[0]!).sort()).toEqual(
      [
        "code",
        "headline",
        "latitude",
        "longitude",
        "offer_type",
        "rent_period",
        "price",
        "slug",
      ].sort(),
    );
    // A rent's marker says its period (decision 073); the seed's are monthly.
    expect(data[0]!.rent_period).toBe("month");
    const refused = await test.app.inject({
      url: "/api/property/display/map?bedrooms=1.5",
      headers: auth,
    });
    expect(refused.statusCode).toBe(400);
    const unauthorised = await test.app.inject({ url: "/api/property/display/map" });
    expect(unauthorised.statusCode).toBe(401);
  });

  it("caps the limit and answers an empty page past the end", async () => {
    expect((await search("limit=100000")).meta.limit).toBe(maxSearchLimit);
    const past = await search("page=500&limit=6");
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(all.length);
  });

  it("filters by any of several types (types=, decision 074), none for a type no category has", async () => {
    const body = await search(`types=Apartments,Houses,Villas&limit=${maxSearchLimit}`);
    const expected = all.filter((property) =>
      ["Apartments", "Houses", "Villas"].includes(property.category ?? ""),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    expect(body.meta.total).toBe(expected.length);
    expect(codes(body.data)).toEqual(codes(expected.slice(0, maxSearchLimit)));
    expect((await search("types=Land")).meta.total).toBe(0);
    expect((await search("types=Land,Houses&type=Houses")).meta.total).toBe(
      all.filter((property) => property.category === "Houses").length,
    );
    // An empty list is no filter.
    expect((await search("types=,")).meta.total).toBe(all.length);
  });

  it("counts the cities and finds the top price per offer type (the search facets)", async () => {
    const facets = await listSearchFacets(test.app.database.db);
    expect(facets).toEqual(searchFacetsOf(all));
    expect(facets.cities.length).toBeGreaterThan(4);
    expect(Object.keys(facets.maxPrice).sort()).toEqual(["For Rent", "For Sale"]);
  });
});
