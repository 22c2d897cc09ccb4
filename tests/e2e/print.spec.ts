/**
 * Issue 18, item 5 (the print half): a property page printed is a clean brochure
 * (app/styles/print.css). Every tab's content prints under its heading, whichever tab the
 * screen showed; the navigation, forms, controls, embedded map and video, similar listings and
 * the sidebar stay off the paper; the company's contact details close it.
 */
import { expect, test } from "@playwright/test";
import type { Property } from "../../lib/api-contract.ts";
import { formatPrice } from "../../lib/format.ts";
import { apiData, listProperties } from "./api.ts";
import { gotoHydrated } from "./hydrated.ts";

/** A property for sale with floor plans, and one without plans. */
let property: Property;
let withoutPlans: Property;

test.beforeAll(async () => {
  const details = await Promise.all(
    (await listProperties()).map((each) => apiData<Property>(`/property/show/one/${each.slug}`)),
  );
  const found = details.find(
    (each) => each.offer_type === "For Sale" && (each.floor_plans?.length ?? 0) > 0,
  );
  const plain = details.find((each) => each.floor_plans?.length === 0);
  if (!found || !plain) throw new Error("the demo data has no property with and without plans");
  property = found;
  withoutPlans = plain;
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
  // The floor plans print, each drawing under its label (decision 052).
  const plans = (property.floor_plans ?? []).filter((plan) => plan.kind === "image");
  await expect(page.getByRole("img", { name: /^Floor plan: / })).toHaveCount(plans.length);
  for (const plan of plans) {
    await expect(page.getByRole("img", { name: `Floor plan: ${plan.label}` })).toBeVisible();
  }
});

test("a property without floor plans prints no Floor Plans heading", async ({ page }) => {
  await gotoHydrated(page, `/property/${withoutPlans.slug}`);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { name: "Details", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Floor Plans", exact: true })).toBeHidden();
  await expect(page.getByText("No floor plans available for this property.")).toBeHidden();
});
