/**
 * The back office's preview of a listing (decision 070), on the built site (`npm run build`
 * first) over SQLite and PostgreSQL: signed-in staff only, any state, rendered as the public
 * page would be, private and never indexed, while the public address of a listing that is not
 * published still sends visitors home.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingPreviewPath } from "../../app/listing-preview-path.ts";
import type { StaffRole } from "../../db/database.ts";
import { insertEnquiry } from "../../db/queries/enquiry.ts";
import { listFloorPlans } from "../../db/queries/floor-plan.ts";
import { findPropertyRowByCode } from "../../db/queries/property.ts";
import { buildPropertyEnquiry } from "../../tests/support/factories.ts";
import {
  type AdminBrowser,
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
  publishedListings,
  signInFor,
} from "../../tests/support/staff.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";
import { isCacheablePath } from "../plugins/page-cache.ts";

describe.each(testDialects)("a listing's preview on %s", (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const nextListing = publishedListings(() => database);

  async function signedIn(role: StaffRole): Promise<AdminBrowser> {
    const { email, password } = await createStaffMember(app, role);
    const browser = adminBrowser(app);
    expect((await browser.signIn(email, password)).headers.location).toBe("/admin/");
    return browser;
  }

  /** A listing of the seed moved to `state` through the listings table, as staff do it. */
  async function listingIn(state: "archive" | "unpublish", staff: AdminBrowser) {
    const listing = await nextListing();
    const csrf = await staff.tokenFrom("/admin/listings");
    const changed = await staff.post("/admin/listings", {
      csrf,
      code: listing.code,
      intent: state,
    });
    expect(changed.statusCode).toBe(302);
    return listing;
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

  it("sends a signed-out request, or its data request, to the sign-in page, showing nothing", async () => {
    const { code, headline } = await nextListing();
    const url = listingPreviewPath(code);
    const page = await app.inject({ url });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(signInFor(url));
    expect(page.body).toBe("");
    expect(page.headers["cache-control"]).toBe("no-store, private");
    const data = await app.inject({ url: `${url}.data` });
    expect(data.body).toContain("/admin/sign-in");
    expect(data.body).not.toContain(headline);
  });

  it.each<StaffRole>(["agent", "owner"])(
    "shows an %s an archived listing as its public page would, while its public page sends visitors home",
    async (role) => {
      const staff = await signedIn(role);
      const { code, slug, headline, id } = await listingIn("archive", staff);
      const row = await findPropertyRowByCode(database.handle.db, code);
      expect(row?.archived_at).not.toBeNull();

      const preview = await staff.get(listingPreviewPath(code));
      expect(preview.statusCode).toBe(200);
      const html = preview.body;
      // The property page's own components: header, photos, tabs with the floor plans.
      expect(html).toContain(`<h1 class="property-header__title">${headline}</h1>`);
      expect(html).toContain(`/images/property/${row?.cover_image}`);
      expect(html).toContain('data-enhance="thumbnail-gallery"');
      for (const tab of ["Description", "Floor Plans", "Details", "Video", "Location"]) {
        expect(html).toContain(`>${tab}</button>`);
      }
      const plans = await listFloorPlans(database.handle.db, id);
      expect(plans.length).toBeGreaterThan(0);
      for (const plan of plans) expect(html).toContain(plan.label);
      // Marked as a preview of an archived listing, with the way back to the editor.
      expect(html).toContain("Preview · Archived");
      expect(html).toContain("It is archived, so not live");
      expect(html).toContain(`href="/admin/listings/${code}/edit"`);
      // A public page's document: the site's frame and the enhancement module, no React.
      expect(html).toContain('class="site-main"');
      expect(html).toMatch(/<script type="module" src="\/assets\/entry\.enhance-[\w-]+\.js">/);
      expect(html).not.toContain("window.__reactRouterContext");
      // No enquiry about a listing visitors cannot see.
      expect(html).not.toContain('data-enhance="enquiry-form"');

      const visitor = await app.inject({ url: `/property/${slug}` });
      expect(visitor.statusCode).toBe(302);
      // Home (SPEC §2), naming the withdrawn listing there (decision 072).
      expect(visitor.headers.location).toBe(`/?gone=${slug}`);
      expect((await app.inject({ url: `/property/${code}` })).headers.location).toBe(
        `/?gone=${code}`,
      );
    },
  );

  it("is private to the browser that asked and never indexed", async () => {
    const staff = await signedIn("agent");
    const { code } = await listingIn("unpublish", staff);
    const url = listingPreviewPath(code);
    const preview = await staff.get(url);
    expect(preview.statusCode).toBe(200);
    const cacheControl = String(preview.headers["cache-control"]).split(/,\s*/);
    expect(cacheControl.toSorted()).toEqual(["no-store", "private"]);
    expect(preview.headers.etag).toBeUndefined();
    expect(preview.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(preview.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(preview.body).toContain("Preview · Unpublished");
    // Neither the page cache nor the guide's proxy (its `location ~ ^/admin(/|$)`) keeps it: a
    // signed-out request right after a signed-in one still goes to sign in.
    expect(isCacheablePath(url)).toBe(false);
    expect((await app.inject({ url })).statusCode).toBe(302);
  });

  it("links a published listing's preview to its public page, and answers 404 for no listing", async () => {
    const staff = await signedIn("agent");
    const { code, slug } = await nextListing();
    const preview = await staff.get(listingPreviewPath(code));
    expect(preview.body).toContain("Preview · Published");
    expect(preview.body).toContain(`href="/property/${slug}">View on the site</a>`);
    expect((await staff.get(listingPreviewPath("NO-SUCH-CODE"))).statusCode).toBe(404);
  });

  it("is where the editor, the table and an enquiry send staff for a listing that is not published", async () => {
    const staff = await signedIn("owner");
    const { code, slug } = await listingIn("archive", staff);
    const editor = await staff.get(`/admin/listings/${code}/edit`);
    expect(editor.body).toMatch(
      new RegExp(`href="/admin/listings/${code}/preview"[^>]*>Public page \\(not live\\)`),
    );
    expect(editor.body).not.toContain(`href="/property/${slug}"`);
    const photos = await staff.get(`/admin/listings/${code}/photos`);
    expect(photos.body).toContain(`href="/admin/listings/${code}/preview"`);
    const table = await staff.get(`/admin/listings?status=archived&q=${code}`);
    expect(table.body).toContain(`href="/admin/listings/${code}/preview"`);
    // An enquiry about it (sent while it was published): its page offers the preview now.
    const enquiry = await insertEnquiry(database.handle.db, {
      ...buildPropertyEnquiry(code),
      ip: "127.0.0.1",
    });
    const inbox = await staff.get(`/admin/enquiries/${enquiry.id}`);
    expect(inbox.body).toContain(
      `href="/admin/listings/${code}/preview">Preview (not on the public site)</a>`,
    );

    const published = await nextListing();
    const live = await staff.get(`/admin/listings/${published.code}/edit`);
    expect(live.body).toMatch(
      new RegExp(`href="/property/${published.slug}"[^>]*>View on the site`),
    );
  });
});
