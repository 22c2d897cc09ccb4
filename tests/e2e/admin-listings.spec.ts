/**
 * The back office's listings table (decision 041), as staff use it: an owner made by
 * `npm run users` signs in, opens Listings from the home page, searches for a listing, and
 * unpublishes, archives, restores and publishes it, the public page following each change at
 * once; then deletes it after the confirmation page. axe finds no serious or critical
 * violation on the table or the confirmation page, at desktop and phone widths.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { openDatabase } from "../../db/database.ts";
import { findPropertyRowByCode } from "../../db/queries/property.ts";
import { fillWithGeneratedProperties } from "../../db/seed/generate.ts";
import { baseURL, e2eDatabaseUrl, siteUrl } from "./api.ts";

const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

// One test after the other: each adds a listing, and two at once would draw the same code.
test.describe.configure({ mode: "default", timeout: 120_000 });

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`,
    );
  expect(serious, page.url()).toEqual([]);
}

/** A new owner, made by `npm run users`, with a password set: their e-mail and password. */
async function newOwner(page: Page) {
  const id = randomBytes(4).toString("hex");
  const email = `listings-owner-${id}@example.com`;
  const password = `owner password ${id}`;
  const printed = execFileSync(process.execPath, ["server/cli/users.ts", "add", "--owner", email], {
    env: { ...process.env, NODE_ENV: "test", DATABASE_URL: e2eDatabaseUrl, SITE_URL: siteUrl },
    encoding: "utf8",
  });
  const path = /https?:\/\/[^/\s]+(\/admin\/set-password\/[\w-]{43})/.exec(printed)?.[1];
  if (!path) throw new Error(`no set-password link in: ${printed}`);
  await page.goto(path);
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in\?password=set$/);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/$/);
}

/** A listing of this test's own, so other specs' listings stay as they are. */
async function newListing() {
  const database = openDatabase(e2eDatabaseUrl);
  try {
    const { firstCode } = await fillWithGeneratedProperties(database, { count: 1 });
    const row = await findPropertyRowByCode(database.db, firstCode);
    if (!row) throw new Error(`${firstCode} was not added`);
    return { code: row.code, slug: row.slug, headline: row.headline };
  } finally {
    await database.close();
  }
}

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
