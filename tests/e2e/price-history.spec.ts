/**
 * A listing's price history on its page (decision 076), over the seed's reduced homes (no
 * price is changed here): the listed and reduced dates under the price, the "Price history"
 * table newest first, the JSON-LD's datePosted, with and without JavaScript, and axe.
 */

import type { Page } from "@playwright/test";
import type { Property } from "../../lib/api-contract.ts";
import { formatDate } from "../../lib/format.ts";
import { apiData } from "./api.ts";
import { seriousViolations } from "./axe.ts";
import { expect, test } from "./shared-page.ts";

// A full axe scan takes seconds of CPU.
test.describe.configure({ timeout: 90_000 });

/** The seed's Restored Brooklyn Brownstone: listed at 1,995,000, reduced twice. */
const reducedSale = "HP-1014";
/** The seed's Kitsilano Townhouse: a monthly rent reduced once. */
const reducedRent = "HP-1011";
/** The seed's Sea-Facing Villa in Juhu: its price was raised. */
const raisedSale = "HP-1015";

let reduced: Property;

test.beforeAll(async () => {
  reduced = await apiData<Property>(`/property/show/one/${reducedSale}`);
  expect(reduced.price_history?.length).toBe(3);
});

const header = (page: Page) => page.locator(".property-header");
const historyTable = (page: Page) => page.getByRole("table", { name: "Price history" });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a reduced home says when it was listed and reduced, and lists its prices", async ({
      sharedPage: page,
    }) => {
      await page.goto(`/property/${reduced.slug}`);
      const history = reduced.price_history ?? [];
      const listedOn = formatDate(reduced.created_at);
      const reducedOn = formatDate(history.at(-1)!.changed_at);
      await expect(header(page)).toContainText(`Listed on ${listedOn}`);
      await expect(header(page)).toContainText(`Reduced on ${reducedOn}`);
      await expect(header(page).locator(`time[datetime="${reduced.created_at}"]`)).toHaveText(
        listedOn,
      );

      const table = historyTable(page);
      await expect(table.getByRole("columnheader")).toHaveText(["Date", "Event", "Price"]);
      const rows = table.locator("tbody tr");
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(0)).toHaveText(`${reducedOn}Reduced$1,890,000.00`);
      await expect(rows.nth(1)).toHaveText(
        `${formatDate(history[1]!.changed_at)}Reduced$1,950,000.00`,
      );
      await expect(rows.nth(2)).toHaveText(`${listedOn}Listed$1,995,000.00`);
      await expect(rows.nth(0).getByRole("rowheader")).toHaveText(reducedOn);

      // The structured data's datePosted is the listed date.
      const jsonLd = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "")));
      const listing = jsonLd
        .flatMap((data) => (Array.isArray(data) ? data : (data["@graph"] ?? [data])))
        .find((data) => data["@type"] === "RealEstateListing");
      expect(listing?.datePosted).toBe(reduced.created_at);
    });
  });
}

test("a reduced rent's rows carry its period", async ({ sharedPage: page }) => {
  const rent = await apiData<Property>(`/property/show/one/${reducedRent}`);
  await page.goto(`/property/${rent.slug}`);
  const rows = historyTable(page).locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Reduced$4,200.00 a month");
  await expect(rows.nth(1)).toContainText("Listed$4,500.00 a month");
});

test("a raised price is an increase, with no reduced date", async ({ sharedPage: page }) => {
  const raised = await apiData<Property>(`/property/show/one/${raisedSale}`);
  await page.goto(`/property/${raised.slug}`);
  await expect(header(page)).toContainText(`Listed on ${formatDate(raised.created_at)}`);
  await expect(header(page)).not.toContainText("Reduced on");
  await expect(historyTable(page).locator("tbody tr").first()).toContainText(
    "Increased$1,650,000.00",
  );
});

test("a home never changed says when it was listed, with no table", async ({
  sharedPage: page,
}) => {
  const home = await apiData<Property>("/property/show/one/HP-1003");
  await page.goto(`/property/${home.slug}`);
  await expect(header(page)).toContainText(`Listed on ${formatDate(home.created_at)}`);
  await expect(historyTable(page)).toHaveCount(0);
});

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`${label}: the reduced home's page has no serious axe violations and no sideways scroll`, async ({
    sharedPage: page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(`/property/${reduced.slug}`);
    await expect(historyTable(page)).toBeVisible();
    expect(await seriousViolations(page, [".property-header", ".price-history"])).toEqual([]);
    const box = await historyTable(page).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
  });
}
