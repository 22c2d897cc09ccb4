/**
 * Issue 18, items 7 and 8 (decision 046): areas in sq ft or m² by the URL, without JavaScript,
 * and remembered in the browser with it; availability badges on cards, rows and the detail
 * page, and the /search filter. A listing of exactly 1,000 sq ft, sold subject to contract, is
 * added through the content import, so this spec runs after every other (its own project).
 */

import { expect, test } from "@playwright/test";
import { openDatabase } from "../../db/database.ts";
import { formatCsv } from "../../lib/csv.ts";
import { csvRows } from "../../server/content/import-file.ts";
import { importProperties } from "../../server/content/import-properties.ts";
import { propertyColumns } from "../../server/content/property-record.ts";
import { buildPropertyImportRow } from "../support/factories.ts";
import { e2eDatabaseUrl, listProperties, siteUrl } from "./api.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";
import { keepScreenshot } from "./screenshots.ts";

const row = buildPropertyImportRow({
  code: "UNITS-1000",
  slug: "units-thousand-square-feet",
  headline: "Thousand Square Foot Flat",
  size: "1000",
  price: "425000",
  availability: "Sold STC",
  availability_changed_at: "",
  // The newest listing: first on the listing pages.
  created_at: new Date().toISOString(),
});

test.beforeAll(async () => {
  const database = openDatabase(e2eDatabaseUrl);
  try {
    const csv = formatCsv(propertyColumns, [propertyColumns.map((column) => row[column])]);
    const report = await importProperties(database.db, csvRows(csv), {
      imageDir: "./data/images",
    });
    expect(report.rejected).toEqual([]);
  } finally {
    await database.close();
  }
});

const detailPath = `/property/${row.slug}`;

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the detail page shows 1000 sq ft, and 92.9 m² after choosing m²", async ({ page }) => {
    await page.goto(detailPath);
    const details = page.locator(".property-details");
    await expect(page.locator(".property-header__price")).toHaveText("$425,000.00");
    await expect(details.getByText("1000 sq ft").first()).toBeAttached();
    const toggle = page.getByRole("navigation", { name: "Area unit" });
    await expect(toggle.getByRole("link", { name: "sq ft" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await toggle.getByRole("link", { name: "m²" }).click();
    await expect(page).toHaveURL(/\?area=m2$/);
    await expect(details.getByText("92.9 m²").first()).toBeAttached();
    await expect(page.locator("body")).not.toContainText("1000 sq ft");
    await expect(toggle.getByRole("link", { name: "m²" })).toHaveAttribute("aria-current", "true");
    // The same page's structured data stays one listing, its floor size in the page's unit.
    const jsonLd = await page
      .locator('script[type="application/ld+json"]')
      .allTextContents()
      .then((texts) => texts.map((text) => JSON.parse(text) as Record<string, unknown>));
    const listing = jsonLd.find((data) => data["@type"] === "RealEstateListing") as {
      about: { floorSize: unknown };
      offers: { availability: string; priceCurrency: string };
    };
    expect(listing.about.floorSize).toMatchObject({ value: 92.9, unitCode: "MTK" });
    expect(listing.offers).toMatchObject({
      availability: "https://schema.org/LimitedAvailability",
      priceCurrency: "USD",
    });
    await toggle.getByRole("link", { name: "sq ft" }).click();
    await expect(page.locator(".property-details").getByText("1000 sq ft").first()).toBeAttached();
  });

  test("the list rows and cards show areas in the unit of the URL, kept by the pager", async ({
    page,
  }) => {
    await page.goto("/search?area=m2");
    const first = page.locator(".property-list__item").first();
    await expect(first).toContainText("Thousand Square Foot Flat");
    await expect(first.locator('[data-fact="size"]')).toHaveText("92.9 m²");
    const next = page.getByRole("link", { name: /next/i }).first();
    await expect(next).toHaveAttribute("href", /area=m2/);
    await page.goto("/property");
    await expect(
      page.locator(".property-grid__item").first().locator('[data-fact="size"]'),
    ).toHaveText("1000 sq ft");
  });

  test("the Availability filter lists only listings in that state", async ({ page }) => {
    const all = await listProperties();
    const underOffer = all.filter((property) => property.availability === "under_offer");
    expect(underOffer.length).toBeGreaterThan(0);
    await page.goto("/search");
    await page.getByLabel("Availability").first().selectOption("under_offer");
    await page.getByRole("button", { name: "Search" }).first().click();
    await expect(page).toHaveURL(/availability=under_offer/);
    const rows = page.locator(".property-list__item");
    await expect(rows).toHaveCount(underOffer.length);
    for (const property of underOffer) {
      const item = rows.filter({ hasText: property.headline });
      await expect(item.locator(".listing-badge--availability")).toHaveText("Under offer");
    }
    await page.goto("/search?availability=sold_stc");
    await expect(page.locator(".property-list__item")).toHaveCount(
      all.filter((property) => property.availability === "sold_stc").length,
    );
    await expect(page.locator(".property-list__item").first()).toContainText(row.headline);
  });
});

test("badges show on cards, rows and the detail page, never for an available listing", async ({
  page,
}) => {
  const all = await listProperties();
  await gotoHydrated(page, "/search");
  const rows = page.locator(".property-list__item");
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const item = rows.nth(index);
    const headline = (await item.locator(".property-card__title").textContent())?.trim();
    const property = all.find((candidate) => candidate.headline === headline);
    const badge = item.locator(".listing-badge--availability");
    if (property?.availability === "available") await expect(badge).toHaveCount(0);
    else await expect(badge).toHaveCount(1);
  }
  await expect(rows.first().locator(".listing-badge--availability")).toHaveText("Sold STC");
  await gotoHydrated(page, "/property");
  await expect(
    page.locator(".property-grid__item").first().locator(".listing-badge--availability"),
  ).toHaveText("Sold STC");
  await gotoHydrated(page, detailPath);
  await expect(page.locator(".property-header__badges .listing-badge--availability")).toHaveText(
    "Sold STC",
  );
  await expect(page.locator(".property-details", { hasText: "Availability" })).toContainText(
    "Sold STC",
  );
});

test.describe("share links (issue 18, item 6)", () => {
  const canonical = `${siteUrl}${detailPath}`;

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("are plain links carrying the page's canonical URL", async ({ page }) => {
      await page.goto(`${detailPath}?area=m2&utm_source=x`);
      const box = page.getByRole("region", { name: "Share this property" });
      await expect(box.getByRole("link", { name: "Copy link" })).toHaveAttribute("href", canonical);
      const email = await box.getByRole("link", { name: "E-mail" }).getAttribute("href");
      expect(email).toMatch(/^mailto:\?subject=/);
      expect(decodeURIComponent(email!.split("body=")[1]!)).toBe(`${row.headline} ${canonical}`);
      const whatsapp = await box.getByRole("link", { name: "WhatsApp" }).getAttribute("href");
      expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
      expect(decodeURIComponent(whatsapp!.split("text=")[1]!)).toBe(`${row.headline} ${canonical}`);
      // The browser's own share sheet needs JavaScript: not offered without it.
      await expect(box.getByRole("button", { name: "Share…" })).toBeHidden();
      // No third-party script on the page.
      const scripts = await page
        .locator("script[src]")
        .evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).src));
      for (const src of scripts) expect(new URL(src).host).toBe(new URL(page.url()).host);
    });
  });

  test("copy the canonical URL to the clipboard and say so", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await gotoHydrated(page, `${detailPath}?area=m2`);
    const box = page.getByRole("region", { name: "Share this property" });
    await box.getByRole("link", { name: "Copy link" }).click();
    await expect(box.getByRole("status")).toHaveText("Link copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
    await expect(page).toHaveURL(new RegExp(`${detailPath}\\?area=m2$`));
  });
});

test("with JavaScript the chosen unit is remembered on pages whose URL names none", async ({
  page,
}) => {
  await gotoHydrated(page, detailPath);
  await page
    .getByRole("navigation", { name: "Area unit" })
    .getByRole("link", { name: "m²" })
    .click();
  await expect(page).toHaveURL(/area=m2/);
  await gotoHydrated(page, "/search");
  await expect(
    page.locator(".property-list__item").first().locator('[data-fact="size"]'),
  ).toHaveText("92.9 m²");
  // The server's page is the same for everyone: the remembered unit is applied in the browser.
  const html = await (await page.request.get("/search")).text();
  expect(html).toContain("1000</span>");
  // A client-side navigation to the next page shows its areas in the remembered unit too.
  await page.getByRole("link", { name: "Next page" }).first().click();
  await expect(page).toHaveURL(/page=2/);
  const sizes = page.locator('.property-list__item [data-fact="size"]');
  await expect(sizes.first()).toBeVisible();
  await expect
    .poll(async () => (await sizes.allTextContents()).filter((text) => !/^[\d.,]+ m²$/.test(text)))
    .toEqual([]);
  await gotoHydrated(page, `${detailPath}?area=sqft`);
  await expect(page.locator(".property-details").getByText("1000 sq ft").first()).toBeAttached();
});

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`the badge, the toggle and the filter have no serious axe violation (${label})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    for (const path of [detailPath, "/search?availability=sold_stc&area=m2", "/property"]) {
      await gotoHydrated(page, path);
      expect(await seriousViolations(page), path).toEqual([]);
      await keepScreenshot(page, `brochure-units-${label}-${path.replace(/[^a-z0-9]+/gi, "-")}`);
    }
  });
}
