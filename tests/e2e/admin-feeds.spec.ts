/**
 * The feed tokens' page (decision 094) as an owner uses it: make a token for a portal, see it
 * once, read the feed with it, revoke it; axe finds no serious or critical violation at 1280
 * and 390 px. With E2E_SCREENSHOTS=folder set, screenshots go there for a person to look at
 * (never into the repo).
 */
import { expect, test } from "@playwright/test";
import { newOwner } from "./admin.ts";
import { baseURL } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";
import { keepScreenshot } from "./screenshots.ts";

test.describe.configure({ timeout: 120_000 });

for (const [label, width] of [
  ["desktop", 1280],
  ["phone", 390],
] as const) {
  test(`an owner makes a portal's feed token, the feed reads with it, and revoking it shuts it out (${label})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await newOwner(page, `feeds-${label}`);
    await page.getByRole("link", { name: /^Portals: each feed/ }).click();
    await page.getByRole("link", { name: "Make or revoke a consumer's token" }).click();
    await expect(page.getByRole("heading", { name: "Feeds", level: 1 })).toBeVisible();
    await gotoHydrated(page, "/admin/feeds");

    const name = `Portal ${label} ${Date.now()}`;
    await page.getByLabel("Consumer's name").fill(name);
    await page.getByRole("button", { name: "Make a token" }).click();
    const notice = page.getByRole("status").filter({ hasText: `The token of ${name}` });
    await expect(notice).toBeVisible();
    const token = (await notice.locator("code").textContent())?.trim() ?? "";
    expect(token).toMatch(/^[\w-]{43}$/);
    await expectNoSeriousViolations(page);
    await keepScreenshot(page, `feeds-made-${width}`);

    const read = await page.request.get(
      "/odata/Property?$top=2&$select=ListingKey,ListPrice,City",
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(read.status()).toBe(200);
    expect((await read.json()).value).toHaveLength(2);

    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("Active");
    await row.getByRole("button", { name: `Revoke the token of ${name}` }).click();
    await expect(page.getByRole("status")).toContainText(`${name}'s token is revoked`);
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Revoked");
    await expectNoSeriousViolations(page);
    await keepScreenshot(page, `feeds-revoked-${width}`);
    const refused = await page.request.get("/odata/Property", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(401);
    await context.close();
  });
}
