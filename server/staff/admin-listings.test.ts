import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingPagePath } from "../../app/listing-preview-path.ts";
import type { StaffRole } from "../../db/database.ts";
import { findAdminListing } from "../../db/queries/admin-listing.ts";
import { listAllPropertyRows } from "../../db/queries/property.ts";
import { auth } from "../../tests/support/app.ts";
import {
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
  formTokenOf,
  signInFor,
} from "../../tests/support/staff.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";

describe.each(testDialects)("the back office's listings on %s", (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  async function signedIn(role: StaffRole) {
    const { email, password } = await createStaffMember(app, role);
    const browser = adminBrowser(app);
    expect((await browser.signIn(email, password)).headers.location).toBe("/admin/");
    return { email, browser };
  }

  /** A published listing of the seed, a different one for each test. */
  let taken = 0;
  async function publishedListing() {
    const rows = (await listAllPropertyRows(database.handle.db)).filter(
      (row) => row.publish === 1 || row.publish === true,
    );
    const row = rows[taken++];
    if (!row) throw new Error("the seed has too few published listings");
    return row;
  }

  const gone = { page: "to /", api: 404, listed: false };
  /** A listing once published and no longer: home, naming itself there (decision 072). */
  const withdrawn = (slug: string) => ({ ...gone, page: `to /?gone=${slug}` });

  /** What the public site shows of a listing: its page (or where it sends), its API record, the list's codes. */
  async function publicView(slug: string, code: string) {
    const page = await app.inject({ method: "GET", url: `/property/${slug}` });
    const api = await app.inject({ url: `/api/property/show/one/${slug}`, headers: auth });
    const all = await app.inject({ url: "/api/property/display/all", headers: auth });
    return {
      // A missing listing's page sends the visitor home (SPEC §2).
      page: page.statusCode === 302 ? `to ${page.headers.location}` : page.statusCode,
      api: api.statusCode,
      listed: all.body.includes(`"code":"${code}"`),
    };
  }

  beforeAll(async () => {
    ({ app, database } = await createBackOfficeApp(dialect, {
      CONTACT_RATE_LIMIT: "off",
      PAGE_CACHE_TTL: "600",
    }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("sends a signed-out request to the sign-in page and refuses its posts", async () => {
    const { code } = await publishedListing();
    for (const url of [
      "/admin/listings",
      "/admin/listings?q=a",
      `/admin/listings/${code}/delete`,
    ]) {
      const answer = await app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(302);
      expect(answer.headers.location, url).toBe(signInFor(url));
    }
    expect((await app.inject({ url: "/admin/listings.data" })).body).toContain("/admin/sign-in");
    const stranger = adminBrowser(app);
    const csrf = await stranger.tokenFrom("/admin/sign-in");
    const posts: [string, Record<string, string>][] = [
      ["/admin/listings", { csrf, code, intent: "unpublish" }],
      [`/admin/listings/${code}/delete`, { csrf }],
    ];
    for (const [url, fields] of posts) {
      const answer = await stranger.post(url, fields);
      expect(answer.statusCode, url).toBe(302);
      expect(answer.headers.location, url).toBe("/admin/sign-in");
    }
    expect((await findAdminListing(database.handle.db, code))?.status).toBe("published");
  });

  it.each<StaffRole>(["agent", "owner"])(
    "shows the table to an %s, linked from home",
    async (role) => {
      const { browser } = await signedIn(role);
      const home = await browser.get("/admin/");
      expect(home.body).toContain('href="/admin/listings"');
      const page = await browser.get("/admin/listings");
      expect(page.statusCode).toBe(200);
      expect(page.headers["cache-control"]).toContain("no-store");
      // The table's first row: newest first, the later id first between equal times.
      const newest = (await listAllPropertyRows(database.handle.db)).toSorted(
        (a, b) =>
          new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || b.id - a.id,
      )[0]!;
      const { code, slug, headline } = newest;
      const published = newest.publish === 1 || newest.publish === true;
      expect(page.body).toContain(code);
      expect(page.body).toContain(`href="${listingPagePath({ code, slug, published })}"`);
      expect(page.body).toContain(headline.replaceAll("&", "&amp;"));
    },
  );

  it("searches, orders and pages through a GET form", async () => {
    const { browser } = await signedIn("agent");
    const rows = await listAllPropertyRows(database.handle.db);
    const target = rows[5]!;
    const byCode = await browser.get(
      `/admin/listings?q=${encodeURIComponent(target.code.toLowerCase())}`,
    );
    expect(byCode.body).toContain(`>${target.code}<`);
    const others = rows.filter(
      (row) => !row.code.toLowerCase().includes(target.code.toLowerCase()),
    );
    expect(byCode.body).not.toContain(`>${others[0]!.code}<`);
    expect(byCode.body).toContain(`value="${target.code.toLowerCase()}"`);

    const cheapest = rows
      .filter((row) => row.publish === 1 || row.publish === true)
      .toSorted((a, b) => a.price - b.price || a.id - b.id);
    const byPrice = await browser.get("/admin/listings?status=published&sort=price_asc");
    expect(byPrice.body.indexOf(`>${cheapest[0]!.code}<`)).toBeGreaterThan(0);
    expect(byPrice.body.indexOf(`>${cheapest[0]!.code}<`)).toBeLessThan(
      byPrice.body.indexOf(`>${cheapest[1]!.code}<`),
    );

    // Pages: 25 rows, then a next page that starts where the first ended.
    const first = await browser.get("/admin/listings?sort=headline");
    const next = /href="(\/admin\/listings\?[^"]*after=[^"]+)"/.exec(first.body)?.[1];
    expect(next).toBeDefined();
    const second = await browser.get((next as string).replaceAll("&amp;", "&"));
    expect(second.statusCode).toBe(200);
    const codesOf = (html: string) =>
      [...html.matchAll(/data-label="Code">(?:<span[^>]*>)?([^<]+)</g)].map((m) => m[1]);
    expect(codesOf(first.body)).toHaveLength(25);
    const secondCodes = codesOf(second.body);
    expect(secondCodes.length).toBeGreaterThan(0);
    for (const code of secondCodes) expect(codesOf(first.body)).not.toContain(code);
    expect(second.body).toMatch(/href="\/admin\/listings\?[^"]*before=/);
  });

  it("refuses each row action without its valid form token, and changes nothing", async () => {
    const { code } = await publishedListing();
    const owner = await signedIn("owner");
    const other = await signedIn("agent");
    const otherToken = formTokenOf((await other.browser.get("/admin/listings")).body);
    const posts: [string, Record<string, string>][] = [
      ...["unpublish", "archive"].map((intent): [string, Record<string, string>] => [
        "/admin/listings",
        { code, intent },
      ]),
      [`/admin/listings/${code}/delete`, {}],
    ];
    for (const [url, fields] of posts) {
      for (const csrf of [undefined, "", otherToken]) {
        const answer = await owner.browser.post(
          url,
          csrf === undefined ? fields : { ...fields, csrf },
        );
        expect(answer.statusCode, `${url} ${fields.intent} ${csrf}`).toBe(403);
        expect(answer.body).toContain("This form has expired or did not come from this site.");
      }
    }
    expect((await findAdminListing(database.handle.db, code))?.status).toBe("published");
    // The same for restore and publish, on an archived listing.
    const csrf = formTokenOf((await owner.browser.get("/admin/listings")).body);
    await owner.browser.post("/admin/listings", { csrf, code, intent: "archive" });
    for (const intent of ["restore", "publish"]) {
      const answer = await owner.browser.post("/admin/listings", {
        csrf: otherToken,
        code,
        intent,
      });
      expect(answer.statusCode).toBe(403);
    }
    expect((await findAdminListing(database.handle.db, code))?.status).toBe("archived");
  });

  it("unpublishes and publishes: the public page and API follow at once", async () => {
    const { code, slug } = await publishedListing();
    const { browser } = await signedIn("agent");
    // Warm the page cache, then change the listing.
    expect(await publicView(slug, code)).toEqual({ page: 200, api: 200, listed: true });
    expect(await publicView(slug, code)).toEqual({ page: 200, api: 200, listed: true });
    const csrf = formTokenOf((await browser.get("/admin/listings")).body);
    const unpublished = await browser.post("/admin/listings", {
      csrf,
      code,
      intent: "unpublish",
      return: "sort=price_asc",
    });
    expect(unpublished.statusCode).toBe(302);
    expect(unpublished.headers.location).toBe(
      `/admin/listings?sort=price_asc&done=unpublish&code=${code}`,
    );
    expect(await publicView(slug, code)).toEqual(withdrawn(slug));
    const notice = await browser.get(unpublished.headers.location as string);
    expect(notice.body).toContain(`${code} is unpublished: it is no longer on the public site.`);

    await browser.post("/admin/listings", { csrf, code, intent: "publish" });
    expect(await publicView(slug, code)).toEqual({ page: 200, api: 200, listed: true });
  });

  it("archives out of the public site, lists the archived, and restores", async () => {
    const { code, slug } = await publishedListing();
    const { browser } = await signedIn("owner");
    expect(await publicView(slug, code)).toEqual({ page: 200, api: 200, listed: true });
    const csrf = formTokenOf((await browser.get("/admin/listings")).body);
    await browser.post("/admin/listings", { csrf, code, intent: "archive" });
    expect(await publicView(slug, code)).toEqual(withdrawn(slug));

    const current = await browser.get(`/admin/listings?q=${code}`);
    expect(current.body).not.toContain(`>${code}<`);
    const archived = await browser.get(`/admin/listings?q=${code}&status=archived`);
    expect(archived.body).toContain(`>${code}<`);
    expect(archived.body).toContain(`aria-label="Restore ${code}"`);
    expect(archived.body).not.toContain(`href="/property/${slug}"`);

    await browser.post("/admin/listings", { csrf, code, intent: "restore" });
    expect((await findAdminListing(database.handle.db, code))?.status).toBe("unpublished");
    expect(await publicView(slug, code)).toEqual(withdrawn(slug));
    await browser.post("/admin/listings", { csrf, code, intent: "publish" });
    expect(await publicView(slug, code)).toEqual({ page: 200, api: 200, listed: true });
  });

  it("deletes only after its confirmation page, and the public site forgets the listing", async () => {
    const { code, slug, headline } = await publishedListing();
    const { browser } = await signedIn("agent");
    expect(await publicView(slug, code)).toEqual({ page: 200, api: 200, listed: true });
    // The table's Delete is a link to the confirmation page; the table's own form will not delete.
    const table = await browser.get(`/admin/listings?q=${code}`);
    expect(table.body).toContain(`href="/admin/listings/${code}/delete"`);
    const csrf = formTokenOf(table.body);
    expect(
      (await browser.post("/admin/listings", { csrf, code, intent: "delete" })).statusCode,
    ).toBe(400);
    expect(await findAdminListing(database.handle.db, code)).toBeDefined();

    const confirm = await browser.get(`/admin/listings/${code}/delete`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain(`Delete ${code}?`);
    expect(confirm.body).toContain(headline.replaceAll("&", "&amp;"));
    const deleted = await browser.post(`/admin/listings/${code}/delete`, {
      csrf: formTokenOf(confirm.body),
    });
    expect(deleted.headers.location).toBe(`/admin/listings?done=delete&code=${code}`);
    expect(await findAdminListing(database.handle.db, code)).toBeUndefined();
    expect(await publicView(slug, code)).toEqual(gone);
    expect((await browser.get(`/admin/listings/${code}/delete`)).statusCode).toBe(404);
  });

  it("shows a stored script in a listing as text", async () => {
    const { code } = await publishedListing();
    const script = "<script>alert(1)</script>";
    await database.handle.db
      .updateTable("property")
      .set({ headline: `Flat ${script}` })
      .where("code", "=", code)
      .execute();
    const { browser } = await signedIn("agent");
    const page = await browser.get(`/admin/listings?q=${code}`);
    expect(page.body).toContain("Flat &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page.body).not.toContain(script);
  });
});
