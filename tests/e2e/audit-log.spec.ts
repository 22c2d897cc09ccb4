/**
 * The audit log (decision 050) as an owner reads it: an edit made in the listing editor shows
 * at the top, with who made it, the field changed (by its label, before and after) and a link
 * back to the listing's editor; photo and floor-plan changes read as counts, places and labels,
 * never as the files' hashed names; the filters work through the URL; axe finds no serious or
 * critical violation. Screenshots at 1280 and 390 px go to
 * E2E_SCREENSHOTS when it is set.
 */
import { expect, type Page, test } from "@playwright/test";
import { buildPdfBytes, buildPhotoBytes } from "../support/factories.ts";
import { newListing, newOwner } from "./admin.ts";
import { baseURL } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";
import { keepScreenshot } from "./screenshots.ts";

test.describe.configure({ timeout: 120_000 });

/**
 * On the listing's photos page: a photo uploaded, made the cover with its alt text, the last
 * one removed; a floor plan uploaded and labelled. Answers the two files' stored names.
 */
async function changePhotosAndPlans(page: Page, code: string): Promise<string[]> {
  await gotoHydrated(page, `/admin/listings/${code}/photos`);
  const photos = page.locator(".admin-photos:not(.admin-floor-plans) .admin-photos__list > li");
  const count = await photos.count();
  await page.getByLabel("Choose photos").setInputFiles([
    {
      name: "living-room.jpg",
      mimeType: "image/jpeg",
      buffer: await buildPhotoBytes({ color: "#e63946" }),
    },
  ]);
  await expect(photos).toHaveCount(count + 1);
  const photo = (await photos.last().getAttribute("data-file")) ?? "";
  await photos.last().getByLabel("Cover photo").check();
  await expect(photos.first()).toHaveAttribute("data-file", photo);
  await photos.first().getByLabel("Alt text of photo 1").fill("Bright living room");
  await photos.last().getByLabel("Remove").check();
  await page.getByRole("button", { name: "Save photos" }).click();
  await expect(page).toHaveURL(/\?done=saved&/);

  const plans = page.getByRole("region", { name: "Floor plans" });
  await page
    .getByLabel("Choose floor plans")
    .setInputFiles([
      { name: "ground.pdf", mimeType: "application/pdf", buffer: buildPdfBytes("audit plan") },
    ]);
  const plan = plans.locator(".admin-photos__list > li");
  await expect(plan).toHaveCount(1);
  const planFile = (await plan.getAttribute("data-file")) ?? "";
  await plan.getByRole("textbox").fill("Ground floor");
  await plans.getByRole("button", { name: "Save floor plans" }).click();
  await expect(page).toHaveURL(/\?done=plans-saved&/);
  return [photo, planFile];
}

test("edits of a listing, its photos and floor plans show in the audit log in staff's words", async ({
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

  const files = await changePhotosAndPlans(page, listing.code);

  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Audit log" })
    .click();
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  const rows = page.locator("tbody tr");
  const row = (action: string) =>
    rows.filter({ hasText: listing.code }).filter({ hasText: action });
  await expect(row("Floor plans changed")).toContainText(
    "Label of a plan: Floor plan 1 → Ground floor",
  );
  await expect(row("Floor plans added")).toContainText(
    "1 floor plan added (1 in all): Floor plan 1",
  );
  const photosChanged = row("Photos changed").locator("li");
  await expect(photosChanged).toHaveText([
    "Cover photo changed",
    "Alt text of photo 1: (empty) → Bright living room",
    "Order changed",
    "1 photo removed",
  ]);
  await expect(row("Photos added")).toContainText(/1 photo added \(\d+ in all\)/);
  await expect(row("Listing saved")).toContainText(owner);
  await expect(row("Listing saved")).toContainText(`Headline: ${listing.headline} → ${headline}`);
  // The new account, named by its address.
  await expect(rows.filter({ hasText: "Staff added" }).filter({ hasText: owner })).toContainText(
    `Staff account ${owner}`,
  );
  const html = await page.content();
  for (const file of files) expect(html).not.toContain(file.slice(0, 16));
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "audit-log-1280");

  // The filters stay in the URL: this listing's events only.
  await page.getByLabel("Listing code or enquiry number").fill(listing.code);
  await page.getByLabel("Action").selectOption("listing.save");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`subject=${listing.code}`));
  await expect(page).toHaveURL(/action=listing\.save/);
  await expect(rows).toHaveCount(1);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "audit-log-390");

  await rows
    .first()
    .getByRole("link", { name: `Listing ${listing.code}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/listings/${listing.code}/edit$`));
  await expect(page.getByLabel("Headline", { exact: true })).toHaveValue(headline);
  await context.close();
});
