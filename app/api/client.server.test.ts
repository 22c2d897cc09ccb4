import { describe, expect, it } from "vitest";
import type { Property } from "../../lib/api-contract.ts";
import { buildContactEnquiry } from "../../tests/support/factories.ts";
import { createApiClient } from "./client.server.ts";

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

/** A client over a fake API that answers `answer(url)` as JSON and records the URLs asked. */
function client(answer: (url: URL) => { status?: number; body: unknown }) {
  const urls: URL[] = [];
  const fake: typeof fetch = async (input) => {
    const url = new URL(String(input));
    urls.push(url);
    const { status = 200, body } = answer(url);
    return new Response(JSON.stringify(body), { status });
  };
  const api = createApiClient({
    apiBaseUrl: "http://api.test/api/",
    apiToken: "t",
    fetch: fake,
  });
  return { api, urls };
}

describe("searchProperties", () => {
  it("sends the search as parameters and answers the API's page and meta", async () => {
    const { api, urls } = client(() => ({
      body: { data: [all[1]], meta: { total: 2, page: 2, limit: 1 } },
    }));
    const result = await api.searchProperties({
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

  it("filters, sorts and pages in memory when an older API ignores the parameters", async () => {
    const { api } = client(() => ({ body: { data: all } }));
    const result = await api.searchProperties({
      status: "For Rent",
      sort: "price_asc",
      page: 1,
      limit: 1,
    });
    expect(result.properties.map((item) => item.code)).toEqual(["D"]);
    expect(result).toMatchObject({ total: 2, page: 1, limit: 1 });
  });

  it("answers an empty page when the API fails", async () => {
    const { api } = client(() => ({ status: 500, body: { error: "boom" } }));
    expect(await api.searchProperties({ sort: "new", page: 3, limit: 6 })).toEqual({
      properties: [],
      total: 0,
      page: 3,
      limit: 6,
    });
  });
});

describe("findPropertiesByCodes", () => {
  it("asks for the codes and answers them in the list's order, each once", async () => {
    const { api, urls } = client((url) => {
      const codes = url.searchParams.get("codes")?.split(",") ?? [];
      const data = all.filter((item) => codes.includes(item.code!));
      return { body: { data, meta: { total: data.length, page: 1, limit: 60 } } };
    });
    const found = await api.findPropertiesByCodes(["C", "X", "A", "C"]);
    expect(found.map((item) => item.code)).toEqual(["C", "A"]);
    expect(urls[0]?.searchParams.get("codes")).toBe("C,X,A");
  });

  it("matches the codes in memory against an older API", async () => {
    const { api } = client(() => ({ body: { data: all } }));
    const found = await api.findPropertiesByCodes(["D", "B"]);
    expect(found.map((item) => item.code)).toEqual(["D", "B"]);
  });

  it("asks nothing for no codes", async () => {
    const { api, urls } = client(() => ({ body: { data: all } }));
    expect(await api.findPropertiesByCodes([])).toEqual([]);
    expect(urls).toHaveLength(0);
  });
});

describe("request id", () => {
  it("is sent as X-Request-Id on reads and on the enquiry post, so the API logs under the page's id", async () => {
    const sent: (string | null)[] = [];
    const api = createApiClient({
      apiBaseUrl: "http://api.test/api",
      apiToken: "t",
      requestId: "edge-5d1.7",
      fetch: async (_input, init) => {
        sent.push(new Headers(init?.headers).get("x-request-id"));
        return new Response(JSON.stringify({ status: 200, message: "ok", data: [] }));
      },
    });
    await api.getAmenities();
    await api.addContact(buildContactEnquiry());
    expect(sent).toEqual(["edge-5d1.7", "edge-5d1.7"]);
  });
});
