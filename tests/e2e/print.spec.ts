/**
 * Issue 18, item 5 (the print half): a property page printed is a clean brochure
 * (app/styles/print.css). Every tab's content prints under its heading, whichever tab the
 * screen showed; the navigation, forms, controls, embedded map and video, similar listings and
 * the sidebar stay off the paper; the company's contact details close it.
 */
import { expect, test } from "@playwright/test";
import type { Property } from "../../lib/api-contract.ts";
import { formatPrice } from "../../lib/format.ts";
import { listProperties } from "./api.ts";
import { gotoHydrated } from "./hydrated.ts";

let property: Property;

test.beforeAll(async () => {
  const properties = await listProperties();
  const found = properties.find((each) => each.offer_type === "For Sale") ?? properties[0];
  if (!found) throw new Error("the demo data has no property");
  property = found;
});

test("a property page prints as a brochure: facts and every panel, no screen controls", async ({
  page,
}) => {
  await gotoHydrated(page, `/property/${property.slug}`);
  // On screen: the tab list, the first panel only, the forms.
  await expect(page.getByRole("tablist")).toBeVisible();
  await expect(page.getByText("Reference No", { exact: true })).toBeHidden();

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { level: 1, name: property.headline })).toBeVisible();
  await expect(page.getByText(formatPrice(property.price)).first()).toBeVisible();
  for (const heading of ["Description", "Floor Plans", "Details"]) {
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  // The Details panel prints although its tab was not chosen.
  await expect(page.getByText("Reference No", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Contact Info" })).toBeVisible();

  await expect(page.getByRole("tablist")).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Similar Properties", exact: true })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Location", exact: true })).toBeHidden();
  await expect(page.locator("iframe, video").filter({ visible: true })).toHaveCount(0);
  await expect(page.locator("form").filter({ visible: true })).toHaveCount(0);
  await expect(page.getByRole("button").filter({ visible: true })).toHaveCount(0);
});
