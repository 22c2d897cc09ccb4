/**
 * The search alert pages on the built site (decision 055), reading the alert API in process and
 * over HTTP (API_BASE_URL, the site/server separation): the /search form, the save and its
 * refusals (a bad address, the honeypot, the rate limit), and the link pages' answers for a
 * link that names nothing, never kept by the page cache. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSiteApp, type TestApp } from "../testing/app.ts";

const form = (fields: Record<string, string>) => ({
  method: "POST" as const,
  headers: { "content-type": "application/x-www-form-urlencoded" },
  payload: new URLSearchParams(fields).toString(),
});

describe.each(["in process", "over HTTP"])("the alert pages (API %s)", (client) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestSiteApp(
      "sqlite",
      { CONTACT_RATE_LIMIT: "3/10m", PAGE_CACHE_TTL: "30", MAX_EVENT_LOOP_DELAY_MS: "0" },
      { apiOverHttp: client === "over HTTP" },
    );
  });
  afterAll(() => test.close());

  const alerts = () => test.app.database.db.selectFrom("search_alert").selectAll().execute();

  it("/search carries the form for its filters, the same for every visitor", async () => {
    const page = await test.app.inject({ url: "/search?status=For+Sale&bedrooms=2" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="/alerts"');
    expect(page.body).toContain('name="query" value="bedrooms=2&amp;status=For+Sale"');
    expect(page.body).toContain("For Sale, 2+ bedrooms");
  });

  it("saves the search and answers 'check your inbox'", async () => {
    const saved = await test.app.inject({
      url: "/alerts",
      ...form({ email: "Page@Example.com", query: "bedrooms=2&status=For+Sale", website: "" }),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers["cache-control"]).toBe("no-store");
    expect(saved.headers["x-robots-tag"]).toBe("noindex");
    expect(saved.body).toContain("Check your inbox");
    expect(saved.body).not.toContain("page@example.com");
    expect(await alerts()).toEqual([
      expect.objectContaining({ email: "page@example.com", query: "bedrooms=2&status=For+Sale" }),
    ]);
  });

  it("answers a bad address with the form and its message, and a filled honeypot with 400", async () => {
    const bad = await test.app.inject({
      url: "/alerts",
      ...form({ email: "nope", query: "status=For+Rent", website: "" }),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("Please enter valid email address");
    expect(bad.body).toContain('value="nope"');
    const trapped = await test.app.inject({
      url: "/alerts",
      ...form({ email: "bot@example.com", query: "", website: "x" }),
    });
    expect(trapped.statusCode).toBe(400);
    expect((await alerts()).map((row) => row.email)).toEqual(["page@example.com"]);
  });

  it("limits saves per visitor like enquiries", async () => {
    // Three saves in ten minutes: the first test's and the refused address's count.
    const third = await test.app.inject({
      url: "/alerts",
      ...form({ email: "third@example.com", query: "", website: "" }),
    });
    expect(third.statusCode).toBe(200);
    const fourth = await test.app.inject({
      url: "/alerts",
      ...form({ email: "fourth@example.com", query: "", website: "" }),
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.body).toContain("Too many requests from your address");
    expect((await alerts()).map((row) => row.email)).not.toContain("fourth@example.com");
  });

  it("answers a link that names nothing with 404, never from the page cache", async () => {
    for (const token of ["a".repeat(43), "b".repeat(43)]) {
      const manage = await test.app.inject({ url: `/alerts/manage?token=${token}` });
      expect(manage.statusCode).toBe(404);
      expect(manage.headers["cache-control"]).toBe("no-store");
      expect(manage.headers["referrer-policy"]).toBe("same-origin");
      expect(manage.body).toContain("This link is not valid any more");
      const unsubscribe = await test.app.inject({
        url: `/alerts/unsubscribe?token=${token}`,
        ...form({ "List-Unsubscribe": "One-Click" }),
      });
      expect(unsubscribe.statusCode).toBe(404);
    }
    const confirmPage = await test.app.inject({ url: `/alerts/confirm?token=${"c".repeat(43)}` });
    expect(confirmPage.statusCode).toBe(200);
    expect(confirmPage.body).toContain("Confirm my alert");
  });
});
