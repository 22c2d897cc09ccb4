/**
 * The site's two §7 clients give the same answers and the same pages: the in-process one
 * (the default) and the HTTP one (API_BASE_URL), both reading one seeded database, the HTTP one
 * through this project's own /api. Pages need `npm run build`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../../app/api/client.server.ts";
import { createHttpApi } from "../../app/api/http-client.server.ts";
import { loadConfig } from "../../config/env.ts";
import { listEnquiries } from "../../db/queries/enquiry.ts";
import { collectionNames } from "../../lib/collection-names.ts";
import type { PropertySearch } from "../../lib/property-search.ts";
import { createTestImageDir, sideBySideLimits, testToken } from "../../tests/support/app.ts";
import { buildContactEnquiry, buildPropertyEnquiry } from "../../tests/support/factories.ts";
import { freePort } from "../../tests/support/server-process.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database.ts";
import { buildApp } from "../app.ts";
import { createInProcessApi } from "./in-process-client.ts";

let database: TestDatabase;
/** The site reading in process; it also serves the §7 API the other one reads. */
let inProcessSite: FastifyInstance;
/** The site reading inProcessSite's /api over HTTP. */
let httpSite: FastifyInstance;
let apiBaseUrl: string;

async function site(env: Record<string, string>, port: number) {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    HOST: "127.0.0.1",
    PORT: String(port),
    API_TOKEN: testToken,
    DATABASE_URL: database.url,
    IMAGE_DIR: createTestImageDir(),
    SEED_DEMO_CONTENT: "false",
    CONTACT_RATE_LIMIT: "4/1m",
    SITE_URL: "https://homes.example",
    // Every page rendered for its request, every read asked.
    PAGE_CACHE_TTL: "0",
    API_CACHE_TTL: "0",
    ...sideBySideLimits,
    ...env,
  });
  return buildApp({ config, database: database.handle, site: true });
}

beforeAll(async () => {
  database = await createTestDatabase("sqlite", { seed: true });
  const port = await freePort();
  apiBaseUrl = `http://127.0.0.1:${port}/api`;
  inProcessSite = await site({}, port);
  await inProcessSite.listen({ host: "127.0.0.1", port });
  httpSite = await site({ API_BASE_URL: apiBaseUrl }, await freePort());
  await httpSite.ready();
}, 60_000);

afterAll(async () => {
  await httpSite?.close();
  await inProcessSite?.close();
  await database?.drop();
});

/** A visitor's request as the in-process client sees it. */
function visitorRequest(ip: string): FastifyRequest {
  return {
    id: `test-${ip}`,
    ip,
    log: inProcessSite.log,
    routeOptions: { config: {} },
  } as unknown as FastifyRequest;
}

function clients(ip = "198.51.100.40"): { inProcess: ApiClient; http: ApiClient } {
  return {
    inProcess: createInProcessApi(inProcessSite).clientFor(visitorRequest(ip)),
    http: createHttpApi({ apiBaseUrl, apiToken: testToken, cacheTtlMs: 0 }).clientFor({
      clientIp: ip,
    }),
  };
}

/** Equal, key order and absent keys included. */
function expectSame(inProcess: unknown, http: unknown) {
  expect(inProcess).toStrictEqual(http);
  expect(JSON.stringify(inProcess)).toBe(JSON.stringify(http));
}

describe("the in-process and the HTTP client answer the same", () => {
  it("lists, profile and counters", async () => {
    const { inProcess, http } = clients();
    for (const call of [
      "getSliders",
      "getCompanyProfile",
      "getAmenities",
      "getProperties",
      "getCategoryCounters",
    ] as const) {
      const answer = await inProcess[call]();
      expect(answer, call).toBeDefined();
      expectSame(answer, await http[call]());
    }
  });

  it("collections and properties, found or not", async () => {
    const { inProcess, http } = clients();
    for (const name of collectionNames) {
      const collection = await inProcess.getCollection(name);
      expect(collection).toBeDefined();
      expectSame(collection, await http.getCollection(name));
    }
    const [first] = await inProcess.getProperties();
    expect(first).toBeDefined();
    // This project's additions travel through both: the coordinates, as numbers.
    expect(first).toMatchObject({ latitude: expect.any(Number), longitude: expect.any(Number) });
    expect(await http.getProperty(first!.code)).toMatchObject({
      latitude: first!.latitude,
      longitude: first!.longitude,
    });
    for (const code of [
      first!.slug,
      first!.code,
      "no-such-home",
      "bad\u0000code",
      "x".repeat(201),
    ]) {
      expectSame(await inProcess.getProperty(code), await http.getProperty(code));
    }
    const codes = [first!.code, "no-such-home", first!.code];
    const found = await inProcess.findPropertiesByCodes(codes);
    expect(found).toHaveLength(1);
    expectSame(found, await http.findPropertiesByCodes(codes));
  });

  it("searches: filters, sorts, pages past the end, bounded sizes and refused numbers", async () => {
    const { inProcess, http } = clients();
    const searches: PropertySearch[] = [
      { sort: "new", page: 1, limit: 10 },
      { sort: "price_asc", page: 2, limit: 3, status: "For Rent" },
      { sort: "old", page: 1, limit: 500, keyword: "  garden   house " },
      { sort: "price_desc", page: 1, limit: 6, minPrice: 100, maxPrice: 1e9, bedrooms: 2 },
      { sort: "new", page: 9_999, limit: 12 },
      { sort: "new", page: 1, limit: 12, minArea: 1.5 },
    ];
    for (const search of searches) {
      expectSame(await inProcess.searchProperties(search), await http.searchProperties(search));
    }
    expect((await inProcess.searchProperties(searches[0]!)).total).toBeGreaterThan(3);
  });

  it("the enquiry: refused fields, stored enquiries, and the visitor's one rate-limit counter", async () => {
    const ip = "198.51.100.41";
    const { inProcess, http } = clients(ip);
    const invalid = buildContactEnquiry({ email: "not an e-mail" });
    const refused = await inProcess.addContact(invalid);
    expect(refused).toMatchObject({ kind: "answer", httpStatus: 422 });
    expectSame(refused, await http.addContact(invalid));

    const [property] = await inProcess.getProperties();
    const stored = await inProcess.addContact(buildPropertyEnquiry(property!.code));
    expect(stored).toEqual({
      kind: "answer",
      httpStatus: 200,
      answer: { status: 200, message: expect.stringMatching(/^Thank you/) },
    });
    expectSame(stored, await http.addContact(buildContactEnquiry()));
    const rows = await listEnquiries(database.handle.db);
    expect(rows.filter((row) => row.ip === ip)).toHaveLength(2);

    // The limit (4 a minute, refused posts included) counts both ways in one counter, and
    // refuses both ways alike.
    const overInProcess = await inProcess.addContact(buildContactEnquiry());
    const overHttp = await http.addContact(buildContactEnquiry());
    expect(overInProcess).toMatchObject({ httpStatus: 429, answer: { status: 429 } });
    expect(overHttp).toMatchObject({ httpStatus: 429, answer: { status: 429 } });
    const words = (result: typeof overHttp) =>
      result.kind === "answer" ? result.answer.message.replace(/\d+/g, "N") : "";
    expect(words(overInProcess)).toMatch(/^Too many enquiries from your address/);
    expect(words(overInProcess)).toBe(words(overHttp));
    expect((await listEnquiries(database.handle.db)).filter((row) => row.ip === ip)).toHaveLength(
      2,
    );
  });
});

/**
 * A page's bytes with what differs per response put aside: the CSP nonce, the render time and
 * the enquiry puzzles. A page with puzzles also loses its loader data's script, whose value
 * references depend on the random digits; the answers it is made of are compared above.
 */
function comparable(html: string): string {
  const page = html
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/(\\"(?:renderedAt|cspNonce)\\",\\")[^\\]*\\"/g, '$1\\"');
  if (!page.includes('name="puzzle_token"')) return page;
  return page
    .replace(/(name="(?:num1|num2|puzzle_token)" value=")[^"]*"/g, '$1"')
    .replace(/What is \d+ \+ \d+\?/g, "What is ?")
    .replace(/placeholder="\d+ \+ \d+ =\?"/g, 'placeholder="?"')
    .replace(
      /streamController\.enqueue\(.*?\);<\/script>/gs,
      "streamController.enqueue();</script>",
    );
}

describe("the site gives the same pages through either client", () => {
  it("every page type, listings with filters, a missing property and the sitemap", async () => {
    const { inProcess } = clients();
    const [first] = await inProcess.getProperties();
    const urls = [
      "/",
      "/property",
      "/property?page=2",
      "/search?property-status=For+Rent&sort=price_asc",
      "/search?keyword=house&page=99",
      // The map view and its markers, with an area (decision 054).
      "/search?view=map&status=For+Rent",
      "/search/markers?status=For+Rent",
      "/search/markers?bbox=-80,43,-79,44",
      `/property/${first!.slug}`,
      "/property/no-such-home",
      "/gallery",
      "/contact",
      "/about",
      "/sitemap.xml",
    ];
    for (const url of urls) {
      const [viaInProcess, viaHttp] = await Promise.all([
        inProcessSite.inject({ url }),
        httpSite.inject({ url }),
      ]);
      expect(viaInProcess.statusCode, url).toBe(viaHttp.statusCode);
      expect(viaInProcess.headers.location, url).toBe(viaHttp.headers.location);
      expect(comparable(viaInProcess.body), url).toBe(comparable(viaHttp.body));
    }
    // The pages show content, not empty answers on both sides.
    const home = await inProcessSite.inject({ url: `/property/${first!.slug}` });
    expect(home.body).toContain(first!.headline);
  });
});
