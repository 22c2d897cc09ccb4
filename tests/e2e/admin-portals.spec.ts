/**
 * The Portals page (decision 100) as an owner uses it: reach it from the back office's home,
 * see each feed with the listings it leaves out, pause the listings push and resume it (the
 * push feed, not set up on the test server, so no other spec's reads are disturbed; no listing
 * changes); axe finds no serious or critical violation at 1280 and 390 px. With
 * E2E_SCREENSHOTS=folder set, screenshots go there for a person to look at.
 */
import { expect, test } from "@playwright/test";
import { newOwner } from "./admin.ts";
import { baseURL } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";
import { keepScreenshot } from "./screenshots.ts";

// One after the other: both pause and resume the one push feed.
test.describe.configure({ timeout: 120_000, mode: "serial" });

for (const [label, width] of [
  ["desktop", 1280],
  ["phone", 390],
] as const) {
  test(`an owner sees each portal feed and pauses and resumes the push (${label})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await newOwner(page, `portals-${label}`);
    await page.getByRole("link", { name: /^Portals: each feed/ }).click();
    await expect(page.getByRole("heading", { name: "Portals", level: 1 })).toBeVisible();
    for (const feed of ["Rightmove", "Listings push", "RESO Web API"]) {
      await expect(page.getByRole("heading", { name: feed, level: 2 })).toBeVisible();
    }
    await expect(
      page.getByRole("link", { name: "Make or revoke a consumer's token" }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
    await keepScreenshot(page, `portals-${width}`);

    const push = page.getByRole("region", { name: "Listings push" });
    await push.getByRole("button", { name: "Pause Listings push" }).click();
    await expect(page.getByRole("status")).toHaveText("The feed is paused.");
    await expect(page.getByRole("region", { name: "Listings push" })).toContainText("Paused since");
    await expectNoSeriousViolations(page);
    await keepScreenshot(page, `portals-paused-${width}`);
    await page
      .getByRole("region", { name: "Listings push" })
      .getByRole("button", { name: "Resume Listings push" })
      .click();
    await expect(page.getByRole("status")).toHaveText("The feed is resumed.");
    // Not set up on the test server: it says so, and not that it runs.
    const resumed = page.getByRole("region", { name: "Listings push" });
    await expect(resumed).toContainText("Not set up.");
    await expect(resumed).not.toContainText("Paused since");
    await expect(resumed).not.toContainText("Running.");
    // Portals is in the menu; its page leads to Feeds, and Feeds leads back.
    await page.getByRole("link", { name: "Make or revoke a consumer's token" }).click();
    await expect(page.getByRole("heading", { name: "Feeds", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: /^Back to Portals/ }).click();
    await expect(page.getByRole("heading", { name: "Portals", level: 1 })).toBeVisible();
    await context.close();
  });
}
