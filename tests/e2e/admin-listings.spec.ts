/**
 * The back office's listings table (decision 041), as staff use it: an owner made by
 * `npm run users` signs in, opens Listings from the home page, searches for a listing, and
 * unpublishes, archives, restores and publishes it, the public page following each change at
 * once; then deletes it after the confirmation page. axe finds no serious or critical
 * violation on the table or the confirmation page, at desktop and phone widths.
 */
import { expect, test } from "@playwright/test";
import { newListing, newOwner } from "./admin.ts";
import { baseURL } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";

// One test after the other: each adds a listing, and two at once would draw the same code.
test.describe.configure({ mode: "default", timeout: 120_000 });

for (const [label, width] of [
  ["desktop", 1280],
  ["phone", 390],
] as const) {
  test(`an owner finds a listing, unpublishes, archives, restores and deletes it (${label})`, async ({
    browser,
  }) => {
    const listing = await newListing();
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    const visitor = await context.newPage();
    const publicPage = async () => {
      await visitor.goto(`/property/${listing.slug}`);
      return new URL(visitor.url()).pathname;
    };
    expect(await publicPage()).toBe(`/property/${listing.slug}`);

    await newOwner(page);
    await page
      .getByRole("link", { name: /^Listings/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "Listings", level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.getByLabel("Search code, headline or city").fill(listing.code.toLowerCase());
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${listing.code.toLowerCase()}`));
    const row = page.getByRole("row", { name: new RegExp(listing.code) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Published");
    await expect(row.getByRole("link", { name: listing.headline })).toHaveAttribute(
      "href",
      `/property/${listing.slug}`,
    );
    await expectNoSeriousViolations(page);

    await page.getByRole("button", { name: `Unpublish ${listing.code}` }).click();
    await expect(page.getByRole("status")).toHaveText(
      `${listing.code} is unpublished: it is no longer on the public site.`,
    );
    await expect(row).toContainText("Unpublished");
    // Gone from the public site at once: its page sends the visitor home.
    expect(await publicPage()).toBe("/");

    await page.getByRole("button", { name: `Archive ${listing.code}` }).click();
    await expect(page.getByRole("status")).toContainText(`${listing.code} is archived`);
    await expect(row).toHaveCount(0);
    await page.getByLabel("Show").selectOption("archived");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(row).toContainText("Archived");
    await expectNoSeriousViolations(page);
    await page.getByRole("button", { name: `Restore ${listing.code}` }).click();
    await expect(page.getByRole("status")).toHaveText(`${listing.code} is restored, unpublished.`);
    await page.getByLabel("Show").selectOption("current");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("button", { name: `Publish ${listing.code}` }).click();
    await expect(row).toContainText("Published");
    expect(await publicPage()).toBe(`/property/${listing.slug}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toContainText(listing.headline);

    await row.getByRole("link", { name: `Delete ${listing.code}` }).click();
    await expect(page.getByRole("heading", { name: `Delete ${listing.code}?` })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole("link", { name: "Keep it" }).click();
    await expect(page.getByRole("heading", { name: "Listings", level: 1 })).toBeVisible();
    await page.goto(`/admin/listings/${listing.code}/delete`);
    await page.getByRole("button", { name: "Delete for good" }).click();
    await expect(page.getByRole("status")).toHaveText(`${listing.code} is deleted.`);
    expect(await publicPage()).toBe("/");
    await context.close();
  });
}
