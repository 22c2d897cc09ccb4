/**
 * The audit log (decision 050) as an owner reads it: an edit made in the listing editor shows
 * at the top, with who made it, the field changed (before and after) and a link back to the
 * listing's editor; the filters work through the URL; axe finds no serious or critical
 * violation. Screenshots at 1280 and 390 px go to /tmp for a person to look at.
 */
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, newListing, newOwner } from "./admin.ts";
import { baseURL } from "./api.ts";

test.describe.configure({ timeout: 120_000 });

test("an edit in the listing editor shows in the audit log with the field changed", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await newOwner(page, "audit");
  const owner = (await page.locator(".admin-bar__email").textContent())?.trim() ?? "";
  expect(owner).toMatch(/^audit-owner-/);
  const listing = await newListing();

  await page.goto(`/admin/listings/${listing.code}/edit`);
  const headline = `Audited headline ${listing.code}`;
  await page.getByLabel("Headline", { exact: true }).fill(headline);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/listings/${listing.code}/edit\\?done=saved$`));

  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Audit log" })
    .click();
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  const newest = page.locator("tbody tr").first();
  await expect(newest).toContainText(owner);
  await expect(newest).toContainText("Listing saved");
  await expect(newest).toContainText(`headline: ${listing.headline} → ${headline}`);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: "/tmp/audit-log-1280.png", fullPage: true });

  // The filters stay in the URL: this listing's events only.
  await page.getByLabel("Listing code or enquiry number").fill(listing.code);
  await page.getByLabel("Action").selectOption("listing.save");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`subject=${listing.code}`));
  await expect(page).toHaveURL(/action=listing\.save/);
  await expect(page.locator("tbody tr")).toHaveCount(1);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: "/tmp/audit-log-390.png", fullPage: true });

  await newest.getByRole("link", { name: `Listing ${listing.code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/listings/${listing.code}/edit$`));
  await expect(page.getByLabel("Headline", { exact: true })).toHaveValue(headline);
  await context.close();
});
