/**
 * The back office's site-content pages (decision 057) in a browser: each change shows on the
 * public site at once (the page cache is warmed just before, so a stale page would be served
 * without the content-change path); sliders and a collection are reordered with the keyboard,
 * the focus staying on the moved item; axe finds no serious or critical violation at 1280 and
 * 390 px. Every test puts back what it changed (a slider removed, a collection emptied of its
 * addition, the profile's texts, an amenity's and a category's names, a category's listings
 * moved back into a category of its name, without JavaScript) and runs in its own project
 * after the other back-office specs, since the home page and every page's frame show this
 * content. Screenshots go to E2E_SCREENSHOTS when it is set.
 */
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { newListing, newOwner } from "./admin.ts";
import { apiData, baseURL, listProperties } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";
import { keepScreenshot } from "./screenshots.ts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

/** Axe and screenshots of the page at 1280 and 390 px. */
async function check(page: Page, name: string) {
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A public page's HTML as a visitor gets it now. */
async function publicHtml(page: Page, path: string): Promise<string> {
  return (await page.request.get(path)).text();
}

async function imageFile(name: string, width: number, height: number, color: string) {
  mkdirSync(test.info().outputPath(), { recursive: true });
  const path = test.info().outputPath(name);
  await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toFile(path);
  return path;
}

async function signedInOwner(browser: import("@playwright/test").Browser, prefix: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await newOwner(page, prefix);
  return { context, page };
}

test("sliders: add, reorder by keyboard, change and remove, each on the home page at once", async ({
  browser,
}) => {
  const { context, page } = await signedInOwner(browser, "sliders");
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Sliders" })
    .click();
  await expect(page.getByRole("heading", { name: "Sliders", level: 1 })).toBeVisible();
  const titles = page.locator(".admin-content__title");
  const before = (await titles.allTextContents()).map((text) => text.replace(/^\d+\.\s*/, ""));
  expect(before.length).toBeGreaterThan(1);

  await page.getByRole("link", { name: "Add a slider" }).click();
  await check(page, "slider-new");
  const title = `Autumn lettings ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Link").fill("/property");
  await page.getByLabel("Image").setInputFiles(await imageFile("slider.png", 1920, 800, "#2a6f97"));
  await publicHtml(page, "/");
  await page.getByRole("button", { name: "Add slider" }).click();
  await expect(page).toHaveURL(/\/admin\/sliders\?done=added/);
  await expect(page.getByRole("status")).toContainText(`“${title}” is added last`);
  expect(await publicHtml(page, "/")).toContain(title);

  // Keyboard: the new (last) slider moves up twice; the focus stays on its button.
  const moveUp = page.getByRole("button", { name: `Move up “${title}”` });
  await moveUp.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/done=moved/);
  await expect(page.getByRole("button", { name: `Move up “${title}”` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect
    .poll(async () => (await titles.allTextContents()).map((text) => text.replace(/^\d+\.\s*/, "")))
    .toEqual([...before.slice(0, -2), title, ...before.slice(-2)]);
  await expect(page.getByRole("button", { name: `Move up “${title}”` })).toBeFocused();
  const home = await publicHtml(page, "/");
  const last = before.at(-1) ?? "";
  expect(home.indexOf(title)).toBeGreaterThan(-1);
  expect(home.indexOf(title)).toBeLessThan(home.indexOf(last));
  await check(page, "sliders");

  // Change its texts and image.
  await page.getByRole("link", { name: `Change “${title}”` }).click();
  await page.getByLabel("Title").fill(`${title} (changed)`);
  await page
    .getByLabel("Replace the image")
    .setInputFiles(await imageFile("slider-2.png", 1920, 800, "#f4a261"));
  await check(page, "slider-edit");
  await publicHtml(page, "/");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/done=saved/);
  expect(await publicHtml(page, "/")).toContain(`${title} (changed)`);

  // Remove it, after the confirmation: the other sliders are as they were.
  await page.getByRole("link", { name: `Remove “${title} (changed)”` }).click();
  await expect(
    page.getByRole("heading", { name: `Remove the slider “${title} (changed)”?` }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Remove slider" }).click();
  await expect(page.getByRole("status")).toContainText("is removed");
  expect(await publicHtml(page, "/")).not.toContain(title);
  expect((await titles.allTextContents()).map((text) => text.replace(/^\d+\.\s*/, ""))).toEqual(
    before,
  );
  await context.close();
});

test("a featured collection: a listing found, added, moved by keyboard, saved, on the home page", async ({
  browser,
}) => {
  const listing = await newListing();
  const { context, page } = await signedInOwner(browser, "collections");
  await page.goto("/admin/collections");
  await check(page, "collections");
  await page.getByRole("link", { name: "Change “Product Layout 1”" }).click();
  await expect(page.getByRole("heading", { name: "Change “Product Layout 1”" })).toBeVisible();
  const items = page.locator("ol.admin-content__list .admin-content__title");
  const before = await items.allTextContents();

  await page.getByLabel("Find a listing by code or headline").fill(listing.code);
  await page.getByRole("button", { name: "Find", exact: true }).click();
  await page.getByRole("button", { name: `Add ${listing.code}` }).click();
  await expect(items).toHaveCount(before.length + 1);
  // Up once by keyboard: the focus follows the moved listing.
  await page.getByRole("button", { name: `Move up ${listing.code}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: `Move up ${listing.code}` })).toBeFocused();
  await expect(items.nth(before.length - 1)).toContainText(listing.code);
  await check(page, "collection-edit");
  await publicHtml(page, "/");
  await page.getByRole("button", { name: "Save the collection" }).click();
  await expect(page).toHaveURL(/\/admin\/collections\?saved=/);
  expect(await publicHtml(page, "/")).toContain(listing.headline);

  // Put it back as it was.
  await page.getByRole("link", { name: "Change “Product Layout 1”" }).click();
  await page.getByRole("button", { name: `Take out ${listing.code}` }).click();
  await page.getByRole("button", { name: "Save the collection" }).click();
  await expect(page).toHaveURL(/\/admin\/collections\?saved=/);
  expect(await publicHtml(page, "/")).not.toContain(listing.headline);
  await page.getByRole("link", { name: "Change “Product Layout 1”" }).click();
  await expect(items).toHaveText(before);
  await context.close();
});

test("the company profile and logo: saved, shown on the About page at once, then put back", async ({
  browser,
}) => {
  const { context, page } = await signedInOwner(browser, "profile");
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Profile" })
    .click();
  await expect(page.getByRole("heading", { name: "Company profile", level: 1 })).toBeVisible();
  const telephone = page.getByLabel("Telephone");
  const was = await telephone.inputValue();
  const changed = `+1 (212) 555-${String(Date.now()).slice(-4)}`;
  await telephone.fill(changed);
  await page.getByLabel("Website").fill("not an address");
  await page.getByRole("button", { name: "Save the profile" }).click();
  await expect(page.getByRole("alert")).toContainText("Website must be an http(s) address");
  await expect(page.getByLabel("Website")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Telephone")).toHaveValue(changed);
  await check(page, "profile");

  await page.getByLabel("Website").fill("https://homes.example.com");
  await page
    .getByLabel("Replace the logo")
    .setInputFiles(await imageFile("logo.png", 240, 64, "#1d3557"));
  await publicHtml(page, "/about");
  await page.getByRole("button", { name: "Save the profile" }).click();
  await expect(page).toHaveURL(/\/admin\/profile\?done=saved$/);
  const about = await publicHtml(page, "/about");
  expect(about).toContain(changed);
  expect(about).toMatch(/src="[^"]*\/logo-[0-9a-f]{12}\.png"/);

  // From the page without ?done=saved, so that waiting for it waits for this save.
  await page.goto("/admin/profile");
  await page.getByLabel("Telephone").fill(was);
  await page.getByRole("button", { name: "Save the profile" }).click();
  await expect(page).toHaveURL(/done=saved$/);
  expect(await publicHtml(page, "/about")).not.toContain(changed);
  await context.close();
});

test("amenities and categories: renamed on the property page at once, added and removed", async ({
  browser,
}) => {
  const { context, page } = await signedInOwner(browser, "terms");
  const properties = (await listProperties()).filter((property) => property.publish === 1);
  const amenities = await apiData<{ id: number; title: string }[]>("/amenity/view");
  // A published listing with an amenity, and one in the Houses category.
  const idsOf = (features: unknown): number[] => {
    const list = typeof features === "string" ? (JSON.parse(features) as unknown) : features;
    return Array.isArray(list) ? list.map(Number) : [];
  };
  const featured = properties.find((property) => idsOf(property.features).length > 0);
  const amenity = amenities.find((found) => found.id === idsOf(featured?.features)[0]);
  const house = properties.find((property) => property.category === "Houses");
  if (!featured || !amenity || !house) throw new Error("the seed has such listings");

  await page.goto("/admin/amenities");
  await check(page, "amenities");
  const amenityRow = page
    .locator("tbody tr")
    .filter({ has: page.locator("th", { hasText: new RegExp(`^${amenity.title}$`) }) });
  await publicHtml(page, `/property/${featured.code}`);
  await amenityRow
    .getByLabel(`New title for “${amenity.title}”`)
    .fill(`${amenity.title} (renamed)`);
  await amenityRow.getByRole("button", { name: `Rename “${amenity.title}”` }).click();
  await expect(page.getByRole("status")).toContainText(`“${amenity.title} (renamed)” is renamed`);
  expect(await publicHtml(page, `/property/${featured.code}`)).toContain(
    `${amenity.title} (renamed)`,
  );
  const renamedAmenity = page
    .locator("tbody tr")
    .filter({ has: page.locator("th", { hasText: `${amenity.title} (renamed)` }) });
  await renamedAmenity.getByLabel(`New title for “${amenity.title} (renamed)”`).fill(amenity.title);
  await renamedAmenity.getByRole("button", { name: `Rename “${amenity.title} (renamed)”` }).click();
  await expect(page.getByRole("status")).toContainText(`“${amenity.title}” is renamed`);

  await page.getByLabel("Title", { exact: true }).fill("Rooftop cinema");
  await page.getByRole("button", { name: "Add amenity" }).click();
  await expect(page.getByRole("status")).toContainText("“Rooftop cinema” is added.");
  await page.getByRole("link", { name: "Remove “Rooftop cinema”" }).click();
  await expect(page.getByText("No listing has this amenity.")).toBeVisible();
  await page.getByRole("button", { name: "Remove amenity" }).click();
  await expect(page.getByRole("status")).toContainText("“Rooftop cinema” is removed.");

  await page.goto("/admin/categories");
  await check(page, "categories");
  const row = page.locator("tbody tr").filter({ has: page.locator("th", { hasText: /^Houses$/ }) });
  await publicHtml(page, `/property/${house.code}`);
  await row.getByLabel("New title for “Houses”").fill("Family houses");
  await row.getByRole("button", { name: "Rename “Houses”" }).click();
  await expect(page.getByRole("status")).toContainText("“Family houses” is renamed");
  expect(await publicHtml(page, `/property/${house.code}`)).toContain("Family houses");

  // In use: removing it asks first where its listings go; kept, its name is put back.
  await page.getByRole("link", { name: "Remove “Family houses”" }).click();
  await expect(page.getByRole("heading", { name: "Remove “Family houses”?" })).toBeVisible();
  await expect(page.getByLabel("Move its listings to")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove category" })).toHaveCount(0);
  await page.getByRole("link", { name: "Keep it" }).click();
  const renamed = page
    .locator("tbody tr")
    .filter({ has: page.locator("th", { hasText: /^Family houses$/ }) });
  await renamed.getByLabel("New title for “Family houses”").fill("Houses");
  await renamed.getByRole("button", { name: "Rename “Family houses”" }).click();
  await expect(page.getByRole("status")).toContainText("“Houses” is renamed");
  expect(await publicHtml(page, `/property/${house.code}`)).not.toContain("Family houses");
  await context.close();
});

test("a category in use: its listings moved to another as it is removed, on the public site at once", async ({
  browser,
}) => {
  const { context, page } = await signedInOwner(browser, "category-move");
  const garages = (await listProperties()).filter(
    (property) => property.publish === 1 && property.category === "Garages",
  );
  // The published ones fit on one page of the search.
  expect(garages.length).toBeGreaterThan(0);
  expect(garages.length).toBeLessThanOrEqual(10);
  const search = (type: string) => publicHtml(page, `/search?type=${encodeURIComponent(type)}`);
  const listed = (html: string) =>
    garages.filter((property) => html.includes(`href="/property/${property.slug}"`)).length;
  const counted = (html: string, title: string) =>
    new RegExp(
      `category-list__title">${title}</span><span class="category-list__total">(\\d+)<`,
    ).exec(html)?.[1];

  await page.goto("/admin/categories");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByLabel("Title", { exact: true }).fill("Parking spaces");
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByRole("status")).toContainText("“Parking spaces” is added.");
  const row = page
    .locator("tbody tr")
    .filter({ has: page.locator("th", { hasText: /^Garages$/ }) });
  const inGarages = Number(await row.locator('td[data-label="Listings"]').textContent());
  const count = inGarages === 1 ? "1 listing" : `${inGarages} listings`;

  // Step one: where they go.
  await row.getByRole("link", { name: "Remove “Garages”" }).click();
  await expect(page.getByRole("heading", { name: "Remove “Garages”?" })).toBeVisible();
  await expect(
    page.getByText(`${count} ${inGarages === 1 ? "is" : "are"} in this category.`),
  ).toBeVisible();
  await check(page, "category-move-choose");
  await page.getByLabel("Move its listings to").selectOption({ label: "Parking spaces" });
  await page.getByRole("button", { name: "Continue" }).click();

  // Step two: how many, and where.
  await expect(
    page.getByRole("heading", {
      name: `Move ${count} to “Parking spaces” and remove “Garages”?`,
    }),
  ).toBeVisible();
  await check(page, "category-move-confirm");
  expect(listed(await search("Garages"))).toBe(garages.length);
  expect(listed(await search("Parking spaces"))).toBe(0);
  await page.getByRole("button", { name: `Move ${count} and remove` }).click();
  await expect(page.getByRole("status")).toContainText(
    `“Garages” is removed; its ${count} ${inGarages === 1 ? "is" : "are"} in “Parking spaces” now`,
  );
  await expect(page.locator("tbody th", { hasText: /^Garages$/ })).toHaveCount(0);
  const moved = await search("Parking spaces");
  expect(listed(moved)).toBe(garages.length);
  expect(counted(moved, "Parking spaces")).toBe(String(garages.length));
  expect(counted(moved, "Garages")).toBeUndefined();
  expect(listed(await search("Garages"))).toBe(0);

  // Put back without JavaScript, the same two steps as plain forms: Garages again, then
  // Parking spaces removed, its listings moved to it.
  const plain = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  const back = await plain.newPage();
  await back.goto("/admin/categories");
  await back.getByLabel("Title", { exact: true }).fill("Garages");
  await back.getByRole("button", { name: "Add category" }).click();
  await expect(back.getByRole("status")).toContainText("“Garages” is added.");
  await back.getByRole("link", { name: "Remove “Parking spaces”" }).click();
  await back.getByLabel("Move its listings to").selectOption({ label: "Garages" });
  await back.getByRole("button", { name: "Continue" }).click();
  await expect(back).toHaveURL(/\?remove=\d+&to=\d+$/);
  await back.getByRole("button", { name: `Move ${count} and remove` }).click();
  await expect(back.getByRole("status")).toContainText(
    `“Parking spaces” is removed; its ${count} ${inGarages === 1 ? "is" : "are"} in “Garages” now`,
  );
  expect(listed(await search("Garages"))).toBe(garages.length);
  await plain.close();
  await context.close();
});

test("the amenity and category add forms are empty after an add, the text kept on a refusal", async ({
  browser,
}) => {
  const { context, page } = await signedInOwner(browser, "add-forms");
  for (const [path, one] of [
    ["/admin/amenities", "amenity"],
    ["/admin/categories", "category"],
  ] as const) {
    await page.goto(path);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const title = page.getByLabel("Title", { exact: true });
    const add = page.getByRole("button", { name: `Add ${one}` });
    const name = `Solar panels ${one}`;
    await title.fill(name);
    await add.click();
    await expect(page.getByRole("status")).toContainText(`“${name}” is added.`);
    await expect(title).toHaveValue("");
    // The same title again is refused: what was typed stays to be corrected.
    await title.fill(name);
    await add.click();
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(title).toHaveValue(name);

    await page.getByRole("link", { name: `Remove “${name}”` }).click();
    await page.getByRole("button", { name: `Remove ${one}` }).click();
    await expect(page.getByRole("status")).toContainText(`“${name}” is removed.`);
  }
  await context.close();
});
