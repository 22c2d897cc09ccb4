import { describe, expect, it } from "vitest";
import type { Property } from "../../lib/api-contract.ts";
import { buildContactEnquiry } from "../../tests/support/factories.ts";
import { createHttpApi, type HttpApiOptions } from "./http-client.server.ts";

function property(code: string, price: number, createdAt: string): Partial<Property> {
  return {
    code,
    slug: code.toLowerCase(),
    headline: `Home ${code}`,
    price,
    created_at: createdAt,
    offer_type: price > 1000 ? "For Sale" : "For Rent",
  };
}

const all = [
  property("A", 900, "2026-01-04T00:00:00Z"),
  property("B", 250000, "2026-01-03T00:00:00Z"),
  property("C", 1200, "2026-01-02T00:00:00Z"),
  property("D", 500, "2026-01-01T00:00:00Z"),
];

interface Answer {
  status?: number;
  body: unknown;
}

/**
 * The HTTP client over a fake API that answers `answer(url)` as JSON (or what a promise of it
 * resolves to) and records the URLs asked.
 */
function httpApi(
  answer: (url: URL) => Answer | Promise<Answer>,
  options: Partial<HttpApiOptions> = {},
) {
  const urls: URL[] = [];
  const fake: typeof fetch = async (input) => {
    const url = new URL(String(input));
    urls.push(url);
    const { status = 200, body } = await answer(url);
    return new Response(JSON.stringify(body), { status });
  };
  const api = createHttpApi({
    apiBaseUrl: "http://api.test/api/",
    apiToken: "t",
    fetch: fake,
    cacheTtlMs: 0,
    ...options,
  });
  return { api, client: api.clientFor({}), urls };
}

describe("searchProperties", () => {
  it("sends the search as parameters and answers the API's page and meta", async () => {
    const { client, urls } = httpApi(() => ({
      body: { data: [all[1]], meta: { total: 2, page: 2, limit: 1 } },
    }));
    const result = await client.searchProperties({
      status: "For Sale",
      sort: "price_desc",
      page: 2,
      limit: 1,
    });
    expect(urls[0]?.pathname).toBe("/api/property/display/all");
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({
      status: "For Sale",
      sort: "price_desc",
      page: "2",
      limit: "1",
    });
    expect(result.properties.map((item) => item.code)).toEqual(["B"]);
    expect(result).toMatchObject({ total: 2, page: 2, limit: 1 });
  });

  it("filters, sorts and pages in memory when a §7 backend ignores the parameters", async () => {
    const { client } = httpApi(() => ({ body: { data: all } }));
    const result = await client.searchProperties({
      status: "For Rent",
      sort: "price_asc",
      page: 1,
      limit: 1,
    });
    expect(result.properties.map((item) => item.code)).toEqual(["D"]);
    expect(result).toMatchObject({ total: 2, page: 1, limit: 1 });
  });

  it("answers an empty page when the API fails", async () => {
    const { client } = httpApi(() => ({ status: 500, body: { error: "boom" } }));
    expect(await client.searchProperties({ sort: "new", page: 3, limit: 6 })).toEqual({
      properties: [],
      total: 0,
      page: 3,
      limit: 6,
    });
  });
});

describe("searchPropertyMarkers (decision 054)", () => {
  const placed = all.map((each, at) => ({ ...each, latitude: 43 + at / 10, longitude: -79 }));

  it("asks /property/display/map with the filters and answers its markers", async () => {
    const marker = {
      code: "A",
      slug: "a",
      headline: "Home A",
      price: "900",
      offer_type: "For Rent",
      latitude: "43.1",
      longitude: -79,
    };
    const { client, urls } = httpApi(() => ({
      body: { data: [marker, { code: "broken" }], meta: { more: true, limit: 3000 } },
    }));
    const result = await client.searchPropertyMarkers({
      status: "For Rent",
      bbox: { west: -80, south: 43, east: -78, north: 44 },
    });
    expect(urls.map((url) => `${url.pathname}${url.search}`)).toEqual([
      "/api/property/display/map?status=For+Rent&bbox=-80%2C43%2C-78%2C44",
    ]);
    expect(result).toEqual({
      markers: [{ ...marker, price: 900, latitude: 43.1 }],
      more: true,
    });
  });

  it("places a §7 backend's properties in memory when it has no map read", async () => {
    const { client } = httpApi((url) =>
      url.pathname.endsWith("/map")
        ? { status: 404, body: { data: null } }
        : { body: { data: [...placed, property("E", 700, "2026-01-05T00:00:00Z")] } },
    );
    const result = await client.searchPropertyMarkers({
      status: "For Rent",
      bbox: { west: -80, south: 43, east: -78, north: 43.25 },
    });
    // A (43.0) is inside; D (43.3) is outside the box; E has no coordinates.
    expect(result.markers.map((marker) => marker.code)).toEqual(["A"]);
    expect(result.more).toBe(false);
  });
});

describe("findPropertiesByCodes", () => {
  it("asks for the codes and answers them in the list's order, each once", async () => {
    const { client, urls } = httpApi((url) => {
      const codes = url.searchParams.get("codes")?.split(",") ?? [];
      const data = all.filter((item) => codes.includes(item.code!));
      return { body: { data, meta: { total: data.length, page: 1, limit: 60 } } };
    });
    const found = await client.findPropertiesByCodes(["C", "X", "A", "C"]);
    expect(found.map((item) => item.code)).toEqual(["C", "A"]);
    expect(urls[0]?.searchParams.get("codes")).toBe("C,X,A");
  });

  it("matches the codes in memory against a §7 backend without search", async () => {
    const { client } = httpApi(() => ({ body: { data: all } }));
    const found = await client.findPropertiesByCodes(["D", "B"]);
    expect(found.map((item) => item.code)).toEqual(["D", "B"]);
  });

  it("asks nothing for no codes", async () => {
    const { client, urls } = httpApi(() => ({ body: { data: all } }));
    expect(await client.findPropertiesByCodes([])).toEqual([]);
    expect(urls).toHaveLength(0);
  });
});

describe("reads", () => {
  it("parse leniently: numbers sent as text, items that do not fit dropped, a failure empty", async () => {
    const { client } = httpApi((url) =>
      url.pathname.endsWith("/amenity/view")
        ? { body: { data: [{ id: "4", title: "Pool", icon: "pool" }, "junk"] } }
        : { status: 404, body: { data: null } },
    );
    expect(await client.getAmenities()).toEqual([{ id: 4, title: "Pool", icon: "pool" }]);
    expect(await client.getProperty("gone")).toBeUndefined();
    expect(await client.getCategoryCounters()).toEqual([]);
  });
});

describe("coordinates", () => {
  it("read as numbers when a backend sends them, and stay absent when it does not", async () => {
    const answers: Record<string, Record<string, unknown>> = {
      placed: { latitude: 43.6709, longitude: "-79.3957" },
      unplaced: { latitude: null, longitude: null },
      other: {},
      empty: { latitude: "", longitude: "" },
      wrong: { latitude: 91, longitude: "east" },
    };
    const { client } = httpApi((url) => {
      const code = url.pathname.split("/").at(-1)!;
      return {
        body: { data: { ...property(code, 900, "2026-01-01T00:00:00Z"), ...answers[code] } },
      };
    });
    const read = async (code: string) => {
      const found = await client.getProperty(code);
      return { latitude: found?.latitude, longitude: found?.longitude };
    };
    expect(await read("placed")).toEqual({ latitude: 43.6709, longitude: -79.3957 });
    expect(await read("unplaced")).toEqual({ latitude: null, longitude: null });
    expect(await read("other")).toEqual({ latitude: undefined, longitude: undefined });
    // An empty text is no place, not 0° 0°; an impossible value is no place either.
    expect(await read("empty")).toEqual({ latitude: null, longitude: null });
    expect(await read("wrong")).toEqual({ latitude: null, longitude: null });
    expect(await client.getProperty("other")).not.toHaveProperty("latitude");
  });
});

describe("availability", () => {
  it("reads a known value or label, and stays absent for a backend without it", async () => {
    const answers: Record<string, Record<string, unknown>> = {
      offer: { availability: "under_offer", availability_changed_at: "2026-11-01T00:00:00Z" },
      label: { availability: "Sold STC" },
      other: {},
      wrong: { availability: "gone", availability_changed_at: 7 },
    };
    const { client } = httpApi((url) => {
      const code = url.pathname.split("/").at(-1)!;
      return {
        body: { data: { ...property(code, 900, "2026-01-01T00:00:00Z"), ...answers[code] } },
      };
    });
    expect(await client.getProperty("offer")).toMatchObject({
      availability: "under_offer",
      availability_changed_at: "2026-11-01T00:00:00Z",
    });
    expect((await client.getProperty("label"))?.availability).toBe("sold_stc");
    expect(await client.getProperty("other")).not.toHaveProperty("availability");
    const wrong = await client.getProperty("wrong");
    expect(wrong?.availability).toBeUndefined();
    expect(wrong?.availability_changed_at).toBeNull();
  });
});

describe("rent period", () => {
  it("reads a value, label or usual spelling, and stays absent for a backend without it", async () => {
    const answers: Record<string, Record<string, unknown>> = {
      weekly: { rent_period: "week" },
      label: { rent_period: "Quarterly" },
      annual: { rent_period: "annual" },
      other: {},
      wrong: { rent_period: "fortnight" },
    };
    const { client } = httpApi((url) => {
      const code = url.pathname.split("/").at(-1)!;
      return {
        body: { data: { ...property(code, 900, "2026-01-01T00:00:00Z"), ...answers[code] } },
      };
    });
    expect((await client.getProperty("weekly"))?.rent_period).toBe("week");
    expect((await client.getProperty("label"))?.rent_period).toBe("quarter");
    expect((await client.getProperty("annual"))?.rent_period).toBe("year");
    // Absent or unknown: absent, and a rental then reads as monthly (lib/rent-period.ts).
    expect(await client.getProperty("other")).not.toHaveProperty("rent_period");
    expect((await client.getProperty("wrong"))?.rent_period).toBeUndefined();
  });
});

describe("the visitor", () => {
  it("is sent as X-Forwarded-For and X-Request-Id on reads and on the enquiry post", async () => {
    const sent: [string | null, string | null][] = [];
    const api = createHttpApi({
      apiBaseUrl: "http://api.test/api",
      apiToken: "t",
      cacheTtlMs: 0,
      fetch: async (_input, init) => {
        const headers = new Headers(init?.headers);
        sent.push([headers.get("x-request-id"), headers.get("x-forwarded-for")]);
        return new Response(JSON.stringify({ status: 200, message: "ok", data: [] }));
      },
    });
    const client = api.clientFor({ requestId: "edge-5d1.7", clientIp: "203.0.113.9" });
    await client.getAmenities();
    await client.addContact(buildContactEnquiry());
    expect(sent).toEqual([
      ["edge-5d1.7", "203.0.113.9"],
      ["edge-5d1.7", "203.0.113.9"],
    ]);
  });
});

describe("the answer cache", () => {
  const amenities = (title: string) => ({ body: { data: [{ id: 1, title, icon: "" }] } });

  it("reuses an answer for its TTL, then asks again", async () => {
    let now = 5000;
    let asked = 0;
    const { client, urls } = httpApi(() => amenities(`answer ${++asked}`), {
      cacheTtlMs: 1000,
      now: () => now,
    });
    expect((await client.getAmenities())[0]?.title).toBe("answer 1");
    now = 5999;
    expect((await client.getAmenities())[0]?.title).toBe("answer 1");
    expect(urls).toHaveLength(1);
    now = 6001;
    expect((await client.getAmenities())[0]?.title).toBe("answer 2");
    expect(urls).toHaveLength(2);
  });

  it("is shared by every request's client; the enquiry post never goes through it", async () => {
    const { api, urls } = httpApi(() => amenities("shared"), { cacheTtlMs: 60_000 });
    await api.clientFor({ requestId: "a" }).getAmenities();
    await api.clientFor({ requestId: "b" }).getAmenities();
    expect(urls).toHaveLength(1);
    await api.clientFor({}).addContact(buildContactEnquiry());
    await api.clientFor({}).addContact(buildContactEnquiry());
    expect(urls).toHaveLength(3);
  });

  it("shares one request among concurrent identical reads", async () => {
    let finish: (answer: Answer) => void = () => {};
    const { client, urls } = httpApi(() => new Promise<Answer>((resolve) => (finish = resolve)), {
      cacheTtlMs: 60_000,
    });
    const reads = [client.getAmenities(), client.getAmenities(), client.getAmenities()];
    await new Promise((resolve) => setTimeout(resolve, 0));
    finish(amenities("once"));
    const answers = await Promise.all(reads);
    expect(answers.map((list) => list[0]?.title)).toEqual(["once", "once", "once"]);
    expect(urls).toHaveLength(1);
  });

  it("does not keep a failure", async () => {
    let fail = true;
    const { client, urls } = httpApi(
      () => (fail ? { status: 500, body: {} } : amenities("recovered")),
      { cacheTtlMs: 60_000 },
    );
    expect(await client.getAmenities()).toEqual([]);
    fail = false;
    expect((await client.getAmenities())[0]?.title).toBe("recovered");
    expect(urls).toHaveLength(2);
  });

  it("forgets everything on clearCache(), and keeps no answer that was in flight", async () => {
    const pending: ((answer: Answer) => void)[] = [];
    let title = "before the change";
    const { api, client, urls } = httpApi(
      () =>
        title === "before the change"
          ? new Promise<Answer>((resolve) => pending.push(resolve))
          : amenities(title),
      { cacheTtlMs: 60_000 },
    );
    const early = client.getAmenities();
    await new Promise((resolve) => setTimeout(resolve, 0));
    api.clearCache();
    title = "after the change";
    const fresh = await client.getAmenities();
    pending[0]?.(amenities("before the change"));
    expect((await early)[0]?.title).toBe("before the change");
    expect(fresh[0]?.title).toBe("after the change");
    expect((await client.getAmenities())[0]?.title).toBe("after the change");
    expect(urls).toHaveLength(2);
  });

  it("keeps at most cacheMaxEntries answers, least recently used first out", async () => {
    // Each collection name is a path of its own.
    const { client, urls } = httpApi(() => ({ body: { data: { title: "x", item_list: "[]" } } }), {
      cacheTtlMs: 60_000,
      cacheMaxEntries: 2,
    });
    await client.getCollection("Product Layout 1");
    await client.getCollection("Product Layout 2");
    await client.getCollection("Product Layout 1");
    await client.getCollection("Product Layout 3");
    expect(urls).toHaveLength(3);
    await client.getCollection("Product Layout 1");
    expect(urls).toHaveLength(3);
    await client.getCollection("Product Layout 2");
    expect(urls).toHaveLength(4);
  });

  it("does not keep a missing record's answer", async () => {
    const { client, urls } = httpApi(() => ({ status: 404, body: { data: null } }), {
      cacheTtlMs: 60_000,
    });
    expect(await client.getCollection("Product Layout 1")).toBeUndefined();
    expect(await client.getCollection("Product Layout 1")).toBeUndefined();
    expect(urls).toHaveLength(2);
  });
});

describe("getSearchFacets (decision 074)", () => {
  it("counts a §7 backend's cities and top prices from the full list; none when it fails", async () => {
    const { client, urls } = httpApi(() => ({
      body: {
        data: all.map((home, index) => ({ ...home, city: index % 2 ? "London" : "Austin" })),
      },
    }));
    expect(await client.getSearchFacets()).toEqual({
      cities: [
        { name: "Austin", count: 2 },
        { name: "London", count: 2 },
      ],
      maxPrice: { "For Rent": 900, "For Sale": 250000 },
    });
    expect(urls.map((url) => url.pathname)).toEqual(["/api/property/display/all"]);
    const failing = httpApi(() => ({ status: 500, body: {} }));
    expect(await failing.client.getSearchFacets()).toEqual({ cities: [], maxPrice: {} });
  });
});

describe("a §7 backend that is away (decision 088)", () => {
  const amenities = (title: string) => ({ body: { data: [{ id: 1, title, icon: "" }] } });

  it("makes every read throw a 503 with Retry-After and no-store, kept by no cache", async () => {
    let away: "503" | "504" | "refused" | undefined = "503";
    const { client, urls } = httpApi(
      () => {
        if (away === "refused") throw new TypeError("fetch failed");
        return away ? { status: Number(away), body: {} } : amenities("back");
      },
      { cacheTtlMs: 60_000 },
    );
    for (const state of ["503", "504", "refused"] as const) {
      away = state;
      for (const read of [
        () => client.getAmenities(),
        () => client.getProperty("HP-1001"),
        () => client.searchProperties({ sort: "new", page: 1, limit: 6 }),
        () => client.findPropertiesByCodes(["A"]),
      ]) {
        const thrown = await read().then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(thrown, state).toBeInstanceOf(Response);
        const answer = thrown as Response;
        expect(answer.status).toBe(503);
        expect(answer.headers.get("retry-after")).toBe("5");
        expect(answer.headers.get("cache-control")).toBe("no-store");
      }
    }
    away = undefined;
    const asked = urls.length;
    expect((await client.getAmenities())[0]?.title).toBe("back");
    expect(urls).toHaveLength(asked + 1);
  });

  it("still reads a 404 as missing and a 500 as empty (SPEC §8)", async () => {
    const { client } = httpApi((url) => ({
      status: url.pathname.includes("show/one") ? 404 : 500,
      body: {},
    }));
    expect(await client.getProperty("GONE")).toBeUndefined();
    expect(await client.getAmenities()).toEqual([]);
  });
});
