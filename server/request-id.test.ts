/**
 * One request id per page view: the site's §7 calls, in process or over HTTP to a §7 API (its
 * own here), and the enquiry post, log under the page's id, the one a proxy sent when it sent
 * one, never under new ids of their own. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiryPuzzlePath } from "#app-context";
import { auth, createTestSiteApp, type TestApp } from "../tests/support/app.ts";
import { buildContactEnquiry } from "../tests/support/factories.ts";

interface LogLine {
  reqId?: string;
  msg?: string;
  req?: { url?: string };
}

describe.each([
  ["page cache on", "in process", "30"],
  ["page cache off", "in process", "0"],
  ["page cache on", "over HTTP", "30"],
  ["page cache off", "over HTTP", "0"],
])("one request id per page view (%s, API %s)", (_label, client, pageCacheTtl) => {
  const apiOverHttp = client === "over HTTP";
  const lines: LogLine[] = [];
  let test: TestApp;
  /** Two property pages: each is visited once, so neither comes from the page cache. */
  let propertyPaths: [string, string];

  beforeAll(async () => {
    test = await createTestSiteApp(
      "sqlite",
      // Every read reaches the API, so each page view makes several calls; the in-process
      // client logs each at debug level.
      { LOG_LEVEL: "debug", PAGE_CACHE_TTL: pageCacheTtl, API_CACHE_TTL: "0" },
      { logStream: { write: (line: string) => void lines.push(JSON.parse(line)) }, apiOverHttp },
    );
    const listing = await test.app.inject({ url: "/api/property/display/all", headers: auth });
    const [first, second] = listing.json<{ data: { slug: string }[] }>().data;
    propertyPaths = [`/property/${first?.slug}`, `/property/${second?.slug}`];
  });
  afterAll(() => test.close());

  /** The log lines written while `visit` runs. */
  async function linesOf(visit: () => Promise<unknown>): Promise<LogLine[]> {
    const start = lines.length;
    await visit();
    return lines.slice(start);
  }

  /** The §7 calls a page view made: the API's requests, or the in-process client's reads. */
  const apiCalls = (written: LogLine[]) =>
    written.filter((line) =>
      apiOverHttp
        ? line.msg === "incoming request" && line.req?.url?.startsWith("/api/")
        : line.msg === "api read",
    );

  it("logs a property page and all its API calls under the page's new id", async () => {
    let id = "";
    const written = await linesOf(async () => {
      const page = await test.app.inject({ url: propertyPaths[0] });
      expect(page.statusCode).toBe(200);
      id = String(page.headers["x-request-id"]);
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(apiCalls(written).length).toBeGreaterThan(1);
    expect(new Set(written.map((line) => line.reqId))).toEqual(new Set([id]));
  });

  it("logs a page view under the X-Request-Id the proxy sent", async () => {
    const given = "edge-7c1e.42";
    const written = await linesOf(async () => {
      const page = await test.app.inject({
        url: propertyPaths[1],
        headers: { "x-request-id": given },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers["x-request-id"]).toBe(given);
    });
    expect(apiCalls(written).length).toBeGreaterThan(1);
    expect(new Set(written.map((line) => line.reqId))).toEqual(new Set([given]));
  });

  it("logs an enquiry sent through the site's form under the form post's id", async () => {
    // The form reads its puzzle from the puzzle endpoint (pages carry none, decision 031).
    const issued = (await test.app.inject({ url: enquiryPuzzlePath })).json().puzzle as {
      num1: string;
      num2: string;
      token: string;
    };
    const puzzle = { num1: issued.num1, num2: issued.num2, puzzle_token: issued.token };
    expect(puzzle.puzzle_token).not.toBe("");
    const { fullname, telephone, email, how_you_hear, message } = buildContactEnquiry();
    const form = {
      ...{ fullname, telephone, email, how_you_hear, message, website: "" },
      ...puzzle,
      puzzle: String(Number(puzzle.num1) + Number(puzzle.num2)),
    };
    const given = "edge-enquiry-9";
    const written = await linesOf(async () => {
      const sent = await test.app.inject({
        method: "POST",
        url: "/contact",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-request-id": given },
        payload: new URLSearchParams(form).toString(),
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.body).toContain("Success!");
    });
    const stored = written.filter((line) => line.msg === "enquiry stored");
    expect(stored).toHaveLength(1);
    expect(new Set(written.map((line) => line.reqId))).toEqual(new Set([given]));
  });
});
