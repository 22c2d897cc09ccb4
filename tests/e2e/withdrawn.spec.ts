/**
 * A withdrawn listing's old link and homes like a listing (decision 072): the link still lands
 * on the home page (SPEC §2), which says the home is no longer on the market and shows similar
 * homes of the same offer, with and without JavaScript; a Similar tab with fewer than three
 * hand-picked homes adds "More homes like this". Axe-clean at desktop and phone widths.
 * Withdraws a listing (and puts it back): runs after every other spec.
 */

import { expect, type Page, test } from "@playwright/test";
import { codesOf } from "../../app/components/property/match-codes.ts";
import { openDatabase } from "../../db/database.ts";
import { searchPublishedProperties } from "../../db/queries/property-search.ts";
import { updatePropertyPublish } from "../../db/queries/property-writes.ts";
import type { Property } from "../../lib/api-contract.ts";
import { findSimilarHomes, type SearchProperties } from "../../lib/similar-homes.ts";
import { e2eDatabaseUrl, e2ePageCacheTtl, listProperties } from "./api.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";

test.describe.configure({ mode: "serial", timeout: 90_000 });

// Opened once the server runs (it makes the database): not while Playwright collects tests.
let database: ReturnType<typeof openDatabase>;
const searchProperties: SearchProperties = (search) =>
  searchPublishedProperties(database.db, search);

let published: Property[];
/** The listing withdrawn for these tests, and the homes like it once it is. */
let withdrawn: Property;
let similar: Property[];
/** A listing whose Similar tab has "More homes like this" (found by the tab's test). */
let shortTab: Property;

test.beforeAll(async () => {
  database = openDatabase(e2eDatabaseUrl);
  published = await listProperties();
  for (const property of published) {
    const like = await findSimilarHomes(searchProperties, property, { count: 3 });
    if (like.length > 0) {
      withdrawn = property;
      break;
    }
  }
  expect(withdrawn, "the seed has a listing with similar homes").toBeTruthy();
  await updatePropertyPublish(database.db, withdrawn.code, false);
  similar = await findSimilarHomes(searchProperties, withdrawn, { count: 3 });
});

test.afterAll(async () => {
  await updatePropertyPublish(database.db, withdrawn.code, true);
  await database.close();
});

/** Follows the withdrawn listing's old link (its cached page, if any, expires first). */
async function followOldLink(page: Page) {
  await expect
    .poll(
      async () => {
        await page.goto(`/property/${withdrawn.slug}`);
        return new URL(page.url()).pathname;
      },
      { timeout: (2 * e2ePageCacheTtl + 2) * 1000, intervals: [500] },
    )
    .toBe("/");
  await expect(page).toHaveURL(`/?gone=${encodeURIComponent(withdrawn.slug)}`);
}

async function expectNotice(page: Page) {
  const notice = page.getByRole("region", { name: "That home is no longer on the market" });
  await expect(notice).toBeVisible();
  for (const home of similar) {
    expect(home.offer_type).toBe(withdrawn.offer_type);
    await expect(
      notice.getByRole("link", { name: home.headline, exact: true }).first(),
    ).toHaveAttribute("href", `/property/${home.slug}`);
  }
  await expect(notice.locator(`a[href="/property/${withdrawn.slug}"]`)).toHaveCount(0);
}

test("a withdrawn listing's link says so on the home page, with similar homes", async ({
  page,
}) => {
  await followOldLink(page);
  await expectNotice(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the same notice and similar homes", async ({ page }) => {
    await followOldLink(page);
    await expectNotice(page);
  });
});

test("a Similar tab with fewer than three hand-picked homes adds more of the same offer", async ({
  page,
}) => {
  const codes = new Set(published.map((property) => property.code));
  let found: { property: Property; more: Property[] } | undefined;
  for (const property of published) {
    if (property.code === withdrawn.code) continue;
    const handPicked = codesOf(property.related_product).filter(
      (code) => code !== property.code && codes.has(code) && code !== withdrawn.code,
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
  expect(found, "the seed has a listing with a short Similar tab").toBeTruthy();
  const { property, more } = found!;
  shortTab = property;
  await expect
    .poll(
      async () => {
        await gotoHydrated(page, `/property/${property.slug}`);
        await page.getByRole("tab", { name: "Similar Properties" }).click();
        const region = page.getByRole("region", { name: "More homes like this" });
        return region.getByRole("link", { name: more[0]!.headline, exact: true }).count();
      },
      { timeout: (2 * e2ePageCacheTtl + 2) * 1000, intervals: [500] },
    )
    .toBeGreaterThan(0);
  const region = page.getByRole("region", { name: "More homes like this" });
  for (const home of more) {
    expect(home.offer_type).toBe(property.offer_type);
    await expect(
      region.getByRole("link", { name: home.headline, exact: true }).first(),
    ).toBeVisible();
  }
});

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`the notice and the Similar tab have no serious axe violation (${label})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await followOldLink(page);
    await expect(page.locator("html[data-enhanced='true']")).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await gotoHydrated(page, `/property/${shortTab.slug}`);
    await page.getByRole("tab", { name: "Similar Properties" }).click();
    await expect(page.getByRole("region", { name: "More homes like this" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
