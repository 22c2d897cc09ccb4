/**
 * A listing link that finds nothing, and homes like a listing (decision 072), on the built site
 * (run `npm run build` first): a missing property still redirects home (SPEC §2): a code that
 * never was a listing to `/` itself, a withdrawn listing to `/?gone={code}`, whose page says why
 * with similar homes (a hand-typed unknown `gone` more gently) and is a shareable page like
 * any other; the Similar tab tops up a short
 * hand-picked list with "More homes like this", of the same offer.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { codesOf } from "../../app/components/property/match-codes.ts";
import { listPublishedProperties } from "../../db/queries/property.ts";
import { searchPublishedProperties } from "../../db/queries/property-search.ts";
import { updatePropertyPublish } from "../../db/queries/property-writes.ts";
import type { Property } from "../../lib/api-contract.ts";
import { findSimilarHomes, type SearchProperties } from "../../lib/similar-homes.ts";
import { createTestSiteApp, type TestApp } from "../../tests/support/app.ts";

/** React's text escaping of a headline, as the page's HTML carries it. */
const asHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

describe("a withdrawn listing's link, and homes like a listing", () => {
  let test: TestApp;
  let published: Property[];
  let searchProperties: SearchProperties;

  beforeAll(async () => {
    test = await createTestSiteApp("sqlite");
    const { db } = test.app.database;
    published = await listPublishedProperties(db);
    searchProperties = (search) => searchPublishedProperties(db, search);
  });
  afterAll(() => test.close());

  /** A published listing that has homes like it, and those homes. */
  async function listingWithSimilarHomes(skip: readonly string[] = []) {
    for (const property of published) {
      if (skip.includes(property.code)) continue;
      const similar = await findSimilarHomes(searchProperties, property, { count: 3 });
      if (similar.length > 0) return { property, similar };
    }
    throw new Error("the seed has a listing with similar homes");
  }

  it("redirects a withdrawn listing home with its code; the home page says so, with similar homes", async () => {
    const { property } = await listingWithSimilarHomes();
    await updatePropertyPublish(test.app.database.db, property.code, false);
    onTestFinished(async () => {
      await updatePropertyPublish(test.app.database.db, property.code, true);
    });
    // What the page shows now that it is withdrawn (itself left out: it is unpublished).
    const similar = await findSimilarHomes(searchProperties, property, { count: 3 });
    expect(similar.length).toBeGreaterThan(0);

    const link = await test.app.inject({ url: `/property/${property.slug}` });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe(`/?gone=${encodeURIComponent(property.slug)}`);
    // A shared cache may keep the redirect as long as a page, and so replaces its copy of the
    // listing's page within the TTL; a browser asks again each time (decision 088).
    expect(link.headers["cache-control"]).toBe(
      `public, max-age=0, s-maxage=${test.app.config.PAGE_CACHE_TTL}, stale-while-revalidate=${test.app.config.PAGE_CACHE_TTL}`,
    );

    const home = await test.app.inject({ url: link.headers.location as string });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain("That home is no longer on the market");
    for (const other of similar) {
      expect(home.body).toContain(`href="/property/${other.slug}"`);
      expect(other.offer_type).toBe(property.offer_type);
    }
    expect(home.body).not.toContain(`href="/property/${property.slug}"`);
    // The same for every visitor: kept and shared like any public page (decisions 031, 072).
    expect(home.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+/);
  });

  it("sends a code that never was a listing to the home page itself (SPEC §2)", async () => {
    const link = await test.app.inject({ url: "/property/NO-SUCH-HOME" });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe("/");
    expect(link.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=[1-9]/);
  });

  it("says something gentler for a `gone` code that never was a listing", async () => {
    const home = await test.app.inject({ url: "/?gone=NO-SUCH-HOME" });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain("We couldn’t find that home");
    expect(home.body).not.toContain("That home is no longer on the market");
    expect(home.body).toContain('href="/property">Browse all homes</a>');
  });

  it("shows no notice on the home page without the parameter", async () => {
    const home = await test.app.inject({ url: "/" });
    expect(home.body).not.toContain("gone-notice");
  });

  it("tops up a Similar tab with fewer than three hand-picked homes with homes like it", async () => {
    const publishedCodes = new Set(published.map((each) => each.code));
    let found: { property: Property; more: Property[] } | undefined;
    for (const property of published) {
      const handPicked = codesOf(property.related_product).filter(
        (code) => code !== property.code && publishedCodes.has(code),
      );
      if (handPicked.length >= 3) continue;
      const more = await findSimilarHomes(searchProperties, property, {
        count: 3 - handPicked.length,
        exclude: handPicked,
      });
      if (more.length > 0) {
        found = { property, more };
        break;
      }
    }
    expect(found).toBeDefined();
    const { property, more } = found!;
    const page = await test.app.inject({ url: `/property/${property.slug}` });
    expect(page.statusCode).toBe(200);
    const tab = page.body.slice(page.body.indexOf("More homes like this"));
    expect(tab).not.toBe("");
    for (const other of more) {
      expect(tab).toContain(asHtml(other.headline));
      expect(other.offer_type).toBe(property.offer_type);
    }
  });

  it("leaves a Similar tab of three hand-picked homes as it is", async () => {
    const codes = new Set(published.map((each) => each.code));
    const full = published.find(
      (property) =>
        codesOf(property.related_product).filter(
          (code) => code !== property.code && codes.has(code),
        ).length >= 3,
    );
    expect(full).toBeDefined();
    const page = await test.app.inject({ url: `/property/${full!.slug}` });
    expect(page.body).not.toContain("More homes like this");
  });
});
