/**
 * A rent's price says its period (decision 073) on the card, the property page and the map's
 * marker and card. The demo's rentals are monthly (the default): this spec only reads.
 */
import { expect, test } from "@playwright/test";
import type { Property } from "../../lib/api-contract.ts";
import { formatCompactPrice, formatPrice } from "../../lib/format.ts";
import { listProperties } from "./api.ts";
import { gotoHydrated } from "./hydrated.ts";

let rental: Property;

test.beforeAll(async () => {
  const properties = await listProperties();
  rental = properties.find(
    (property) => property.offer_type === "For Rent" && property.latitude != null,
  )!;
});

test("a rental's card, property page and map marker say 'a month'", async ({ page }) => {
  const monthly = `${formatPrice(rental.price)} a month`;
  await page.goto(`/search?status=For%20Rent&keyword=${encodeURIComponent(rental.headline)}`);
  const card = page.locator(".property-card", { hasText: rental.headline }).first();
  await expect(card.locator(".property-card__price")).toHaveText(monthly);

  await page.goto(`/property/${rental.slug}`);
  await expect(page.locator(".property-header__price")).toHaveText(monthly);

  await gotoHydrated(
    page,
    `/search?view=map&status=For%20Rent&location=${encodeURIComponent(rental.city)}`,
  );
  await page.locator(".property-map").scrollIntoViewIfNeeded();
  await expect(page.locator('.property-map[data-map-state="ready"]')).toHaveCount(1);
  // Zoom into groups until the rental's own pill shows.
  const pill = page.locator(".map-pin", { hasText: `${formatCompactPrice(rental.price)}/mo` });
  for (let step = 0; step < 6 && (await pill.count()) === 0; step++) {
    await page.locator(".map-group").first().click();
    await page.waitForTimeout(400);
  }
  await expect(pill.first()).toBeVisible();
  await pill.first().click();
  await expect(page.locator(".map-card__price")).toHaveText(/^\$[\d,]+\.\d{2} a month$/);
});
