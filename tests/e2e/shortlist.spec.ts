/**
 * Issue 17, items 4 and 5 (decision 047): the shortlist kept in the browser (hearts on cards,
 * rows and the detail page, the header's count), its shareable server-rendered page, a property
 * no longer published, the comparison of two to four properties, at 390 px, by keyboard, with
 * axe, and what works without JavaScript.
 */

import { expect, type Locator, type Page, test } from "@playwright/test";
import { buildDemoContent } from "../../db/seed/content.ts";
import type { Property } from "../../lib/api-contract.ts";
import { comparePath, shortlistPath } from "../../lib/property-codes.ts";
import { listProperties } from "./api.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";
import { keepScreenshot } from "./screenshots.ts";

let all: Property[];
/** A code of the seed whose property exists but is not published (a draft). */
let draftCode: string;

test.beforeAll(async () => {
  all = await listProperties();
  expect(all.length).toBeGreaterThanOrEqual(6);
  const drafts = buildDemoContent().properties.filter((property) => !property.publish);
  draftCode = drafts[0]!.code;
  expect(all.map((property) => property.code)).not.toContain(draftCode);
});

const heart = (scope: Page | Locator, property: Property) =>
  scope.getByRole("button", { name: `Shortlist ${property.headline}`, exact: true });
const headerLink = (page: Page) => page.locator("a[data-shortlist-link]");
const headerCount = (page: Page) => page.locator("[data-shortlist-count]");
const headerStatus = (page: Page) => page.locator("[data-shortlist-status]");
const shortlistHeadlines = (page: Page) =>
  page.locator(".shortlist__item").locator(".property-card__title, .shortlist-missing__code");

test("a card's heart keeps the property, the header counts it, and every page shows it kept", async ({
  page,
}) => {
  await gotoHydrated(page, "/property");
  const first = page.locator(".property-card").first();
  const headline = (await first.locator(".property-card__title").innerText()).trim();
  const property = all.find((item) => item.headline === headline)!;
  const button = heart(page, property);
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await expect(headerLink(page)).toBeVisible();
  await expect(headerCount(page)).toHaveText("0");

  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect(headerCount(page)).toHaveText("1");
  await expect(headerLink(page)).toHaveAccessibleName("Shortlist 1 property");
  // Announced politely: a status beside the link.
  await expect(headerStatus(page)).toHaveAttribute("role", "status");
  await expect(headerStatus(page)).toHaveText(
    `${property.headline} added to your shortlist. 1 property on your shortlist.`,
  );
  await expect(headerLink(page)).toHaveAttribute("href", shortlistPath([property.code]));

  // The list rows of /search show the same property kept, as does the home page (no React).
  await gotoHydrated(page, "/search");
  await expect(heart(page, property)).toHaveAttribute("aria-pressed", "true");
  // The home page runs the enhancement module instead of React (decision 021): its hearts too.
  await gotoHydrated(page, "/");
  await expect(headerCount(page)).toHaveText("1");
  const homeHeart = page.locator(".listing-card .shortlist-toggle").first();
  await expect(homeHeart).toBeVisible();
  const homePressed = (await homeHeart.getAttribute("aria-pressed")) === "true";
  await homeHeart.click();
  await expect(homeHeart).toHaveAttribute("aria-pressed", String(!homePressed));
  await expect(headerCount(page)).toHaveText(homePressed ? "0" : "2");
  await homeHeart.click();
  await expect(headerCount(page)).toHaveText("1");

  // Pressed again, it leaves the shortlist.
  await gotoHydrated(page, "/property");
  await heart(page, property).click();
  await expect(heart(page, property)).toHaveAttribute("aria-pressed", "false");
  await expect(headerCount(page)).toHaveText("0");
  await expect(headerStatus(page)).toContainText("removed from your shortlist");
});

test("the detail page's heart, /shortlist moving to the stored list, and that address in a fresh browser", async ({
  page,
  browser,
}) => {
  const [a, b] = [all[1]!, all[2]!];
  await gotoHydrated(page, `/property/${encodeURIComponent(a.slug)}`);
  const detailHeart = page.locator(".property-header").getByRole("button", {
    name: `Shortlist ${a.headline}`,
  });
  await expect(detailHeart).toHaveText("Shortlist");
  await detailHeart.click();
  await expect(detailHeart).toHaveAttribute("aria-pressed", "true");
  await gotoHydrated(page, `/property/${encodeURIComponent(b.slug)}`);
  await page
    .locator(".property-header")
    .getByRole("button", { name: /^Shortlist / })
    .click();
  await expect(headerCount(page)).toHaveText("2");

  // Typed without codes, the page moves to the stored list's shareable address.
  await page.goto("/shortlist");
  await expect(page).toHaveURL(shortlistPath([a.code, b.code]));
  await expect(shortlistHeadlines(page)).toHaveText([a.headline, b.headline]);
  const shared = page.url();

  // Another visitor, with nothing stored, sees the same list at that address.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await gotoHydrated(otherPage, shared);
    await expect(otherPage).toHaveURL(shared);
    await expect(shortlistHeadlines(otherPage)).toHaveText([a.headline, b.headline]);
    await expect(heart(otherPage, a)).toHaveAttribute("aria-pressed", "false");
    await expect(headerCount(otherPage)).toHaveText("0");
  } finally {
    await other.close();
  }
});

test("the page is the same HTML for every visitor, noindex, and in no sitemap", async ({
  request,
}) => {
  for (const path of [shortlistPath([all[0]!.code]), comparePath([all[0]!.code, all[1]!.code])]) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/);
    // Hearts and the header link wait, hidden and not pressed, for the script.
    expect(html).toMatch(/aria-pressed="false"[^>]*hidden/);
    expect(html).not.toContain('aria-pressed="true"');
    expect(html).toMatch(
      /<a class="shortlist-link" href="\/shortlist" data-shortlist-link[^>]* hidden/,
    );
  }
  // Decision 031: another visitor (other cookies, a stored shortlist or not) gets the same bytes.
  const path = shortlistPath([all[0]!.code, all[1]!.code]);
  const html = await (await request.get(path)).text();
  const again = await request.get(path, { headers: { cookie: "someone=else" } });
  expect(await again.text()).toBe(html);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).not.toMatch(/\/(shortlist|compare)/);
});

test("a property no longer published keeps its place and says so", async ({ page }) => {
  const [a, b] = [all[0]!, all[3]!];
  await gotoHydrated(page, shortlistPath([a.code, draftCode, b.code, "not a code!"]));
  await expect(shortlistHeadlines(page)).toHaveText([a.headline, draftCode, b.headline]);
  const missing = page.locator(`[data-missing-code="${draftCode}"]`);
  await expect(missing).toContainText("This property is no longer available.");
  // It can be taken off the list from there.
  await missing.getByRole("button", { name: `Shortlist ${draftCode}` }).click();
  await expect(headerCount(page)).toHaveText("1");
  await missing.getByRole("button", { name: `Shortlist ${draftCode}` }).click();
  await expect(headerCount(page)).toHaveText("0");

  // The comparison leaves it out, saying so.
  await gotoHydrated(page, comparePath([a.code, draftCode, b.code]));
  await expect(
    page.getByText(`${draftCode} is no longer available, so it is not compared.`),
  ).toBeVisible();
  await expect(page.locator(".compare-table thead th")).toHaveCount(2);
});

/** Two published properties with the same number of bathrooms and different prices. */
function sameBathsPair(): [Property, Property] {
  for (const a of all) {
    const b = all.find(
      (other) => other !== a && other.bathroom === a.bathroom && other.price !== a.price,
    );
    if (b) return [a, b];
  }
  throw new Error("the seed has no two properties with as many bathrooms");
}

test("compare from the shortlist: differences marked in words, the rest hidden on request", async ({
  page,
}) => {
  const [a, b] = sameBathsPair();
  const c = all.find((item) => item !== a && item !== b)!;
  await gotoHydrated(page, shortlistPath([a.code, b.code, c.code]));
  for (const property of [a, b]) {
    await page.getByRole("checkbox", { name: `Compare ${property.headline}` }).check();
  }
  await page.getByRole("button", { name: "Compare selected" }).click();
  await expect(page).toHaveURL(comparePath([a.code, b.code]));

  const table = page.locator(".compare-table");
  await expect(table.locator("thead th")).toHaveText([
    new RegExp(a.headline.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    new RegExp(b.headline.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
  ]);
  const row = (label: RegExp) =>
    table.locator("tbody tr").filter({ has: page.getByRole("rowheader", { name: label }) });
  const priceRow = row(/^Price/);
  await expect(priceRow.getByRole("rowheader")).toContainText("Differs");
  await expect(priceRow).toHaveAttribute("data-differs", "true");
  const bathsRow = row(/^Baths$/);
  await expect(bathsRow.getByRole("rowheader")).not.toContainText("Differs");
  await expect(bathsRow).not.toHaveAttribute("data-differs", "true");
  await expect(bathsRow.locator("td")).toHaveText([String(a.bathroom), String(b.bathroom)]);

  // Only the differences: rows that are the same for both hide; the differing ones stay.
  await page.getByRole("checkbox", { name: "Show only the differences" }).check();
  await expect(bathsRow).toBeHidden();
  await expect(priceRow).toBeVisible();
});

test("compare 3 and 4, and a fifth refused on the shortlist and in the address", async ({
  page,
}) => {
  const five = all.slice(0, 5);
  await gotoHydrated(page, shortlistPath(five.map((property) => property.code)));
  const box = (property: Property) =>
    page.getByRole("checkbox", { name: `Compare ${property.headline}` });
  for (const property of five.slice(0, 4)) await box(property).check();
  // The fifth tick is refused where it is pressed: never ticked (no change event at all), the
  // reason in the live note beside it, which the box names as its description; focus stays.
  await page.evaluate(() => {
    (window as unknown as { changes: number }).changes = 0;
    document.addEventListener("change", () => {
      (window as unknown as { changes: number }).changes += 1;
    });
  });
  await box(five[4]!).focus();
  await page.keyboard.press("Space");
  await expect(box(five[4]!)).not.toBeChecked();
  await expect(box(five[4]!)).toBeFocused();
  const refused = "You can compare up to 4 properties at a time. Untick one to choose another.";
  const note = (index: number) => page.locator(".shortlist__item").nth(index).getByRole("status");
  const fifthNote = note(4);
  await expect(fifthNote).toHaveText(refused, { useInnerText: true });
  await expect(fifthNote).toBeVisible();
  await expect(box(five[4]!)).toHaveAccessibleDescription(refused);
  expect(await page.evaluate(() => (window as unknown as { changes: number }).changes)).toBe(0);
  await expect(page.locator("[data-compare-status]")).toBeEmpty();
  expect(await seriousViolations(page)).toEqual([]);
  // By mouse, the same; unticking another clears the note and lets the fifth in.
  await box(five[4]!).click();
  await expect(box(five[4]!)).not.toBeChecked();
  await expect(fifthNote).toHaveText(refused, { useInnerText: true });
  await box(five[0]!).uncheck();
  await expect(fifthNote).toHaveText("", { useInnerText: true });
  await box(five[4]!).check();
  await box(five[0]!).click();
  await expect(box(five[0]!)).not.toBeChecked();
  await expect(note(0)).toHaveText(refused, { useInnerText: true });
  await box(five[4]!).uncheck();
  await box(five[0]!).check();
  await page.getByRole("button", { name: "Compare selected" }).click();
  await expect(page).toHaveURL(comparePath(five.slice(0, 4).map((property) => property.code)));
  await expect(page.locator(".compare-table thead th")).toHaveCount(4);

  // Three.
  await gotoHydrated(page, comparePath(five.slice(0, 3).map((property) => property.code)));
  await expect(page.locator(".compare-table thead th")).toHaveCount(3);

  // Five in the address: the first four are compared and the page says which was left out.
  await gotoHydrated(page, comparePath(five.map((property) => property.code)));
  await expect(page.getByRole("alert")).toHaveText(
    `You can compare up to 4 properties at a time: ${five[4]!.code} was left out.`,
  );
  await expect(page.locator(".compare-table thead th")).toHaveCount(4);
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the comparison scrolls inside its region with the row labels kept in view", async ({
    page,
  }) => {
    const four = all.slice(0, 4).map((property) => property.code);
    await gotoHydrated(page, comparePath(four));
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
    const region = page.getByRole("region", { name: /4 properties side by side/ });
    const { scrollWidth, clientWidth } = await region.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    const label = page.getByRole("rowheader", { name: /^Price/ });
    const before = await label.boundingBox();
    await region.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect
      .poll(async () => (await page.getByRole("columnheader").last().boundingBox())?.x ?? 0)
      .toBeLessThan(390);
    expect((await label.boundingBox())?.x).toBeCloseTo(before!.x, 0);
    await keepScreenshot(page, "shortlist-e2e-compare-390");

    await gotoHydrated(page, shortlistPath(four));
    await heart(page, all[0]!).click();
    await expect(headerCount(page)).toHaveText("1");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await keepScreenshot(page, "shortlist-e2e-shortlist-390");
  });
});

test("keyboard only: keep a property, open the shortlist, tick two and compare", async ({
  page,
}) => {
  await gotoHydrated(page, "/search");
  const focused = () =>
    page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
  // Tab until the first row's heart has focus, then press it with the space bar.
  let found = "";
  for (let step = 0; step < 60 && !found.startsWith("Shortlist "); step += 1) {
    await page.keyboard.press("Tab");
    found = await focused();
  }
  expect(found).toMatch(/^Shortlist /);
  await page.keyboard.press("Space");
  await expect(page.locator(":focus")).toHaveAttribute("aria-pressed", "true");
  // The next heart, with Enter.
  found = "";
  for (let step = 0; step < 20 && !found.startsWith("Shortlist "); step += 1) {
    await page.keyboard.press("Tab");
    found = await focused();
  }
  await page.keyboard.press("Enter");
  await expect(headerCount(page)).toHaveText("2");

  // The header link, reached by keyboard, opens the stored list.
  await headerLink(page).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/shortlist\?codes=/);
  await expect(page.locator(".shortlist__item")).toHaveCount(2);
  for (const box of await page.getByRole("checkbox", { name: /^Compare / }).all()) {
    await box.focus();
    await page.keyboard.press("Space");
    await expect(box).toBeChecked();
  }
  await page.getByRole("button", { name: "Compare selected" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/compare\?codes=/);
  await expect(page.locator(".compare-table thead th")).toHaveCount(2);
  // The table's region takes focus, so the keyboard can scroll it.
  await page.getByRole("region", { name: /side by side/ }).focus();
  await expect(page.getByRole("region", { name: /side by side/ })).toBeFocused();
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`axe: no serious or critical violation on /shortlist and /compare at ${viewport.width} px`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const codes = all.slice(0, 3).map((property) => property.code);
    await gotoHydrated(page, shortlistPath([...codes, draftCode]));
    await heart(page, all[0]!).click();
    await page.getByRole("checkbox", { name: `Compare ${all[0]!.headline}` }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await gotoHydrated(page, comparePath([...codes, draftCode, all[4]!.code]));
    expect(await seriousViolations(page)).toEqual([]);
    await gotoHydrated(page, "/shortlist?codes=");
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("no heart or header link shows; a shared list opens and its comparison works", async ({
    page,
  }) => {
    const [a, b] = sameBathsPair();
    const three = [a, b, all.find((item) => item !== a && item !== b)!];
    await page.goto(`/property/${encodeURIComponent(three[0]!.slug)}`);
    await expect(page.getByRole("button", { name: /^Shortlist / })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Shortlist/ })).toHaveCount(0);

    await page.goto(shortlistPath(three.map((property) => property.code)));
    await expect(shortlistHeadlines(page)).toHaveText(three.map((property) => property.headline));
    for (const property of three.slice(0, 2)) {
      await page.getByRole("checkbox", { name: `Compare ${property.headline}` }).check();
    }
    await page.getByRole("button", { name: "Compare selected" }).click();
    await expect(page).toHaveURL(/\/compare\?codes=.+&codes=/);
    await expect(page.locator(".compare-table thead th")).toHaveCount(2);
    // The differences switch is CSS alone.
    await page.getByRole("checkbox", { name: "Show only the differences" }).check();
    const baths = page.getByRole("rowheader", { name: "Baths", exact: true });
    await expect(page.locator(".compare-table tbody tr:not([data-differs])")).not.toHaveCount(0);
    await expect(baths).toBeHidden();

    await page.goto("/shortlist");
    await expect(page.getByText("Your shortlist is empty.")).toBeVisible();
    await expect(page.getByText("Keeping a shortlist needs JavaScript.")).toBeVisible();
  });
});

test.describe("without JavaScript, five ticked", () => {
  test.use({ javaScriptEnabled: false });

  test("the fifth tick says beside it that it will be left out, and the comparison says so", async ({
    page,
  }) => {
    const five = all.slice(0, 5);
    await page.goto(shortlistPath(five.map((property) => property.code)));
    const item = (index: number) => page.locator(".shortlist__item").nth(index);
    const over = "You can compare up to 4 properties at a time: this one will be left out.";
    const tick = (index: number) =>
      page.getByRole("checkbox", { name: `Compare ${five[index]!.headline}` });
    for (const index of [0, 1, 2, 3]) await tick(index).check();
    await expect(page.getByText(over)).toHaveCount(5);
    for (const index of [0, 1, 2, 3, 4]) await expect(item(index).getByText(over)).toBeHidden();
    // Nothing refuses the tick without a script: the note shows beside each tick the compare
    // page leaves out (past the fourth, in the list's order).
    await tick(4).check();
    await expect(item(4).getByRole("status")).toHaveText(`${over} Untick one to choose another.`, {
      useInnerText: true,
    });
    await expect(item(4).getByText(over)).toBeVisible();
    for (const index of [0, 1, 2, 3]) await expect(item(index).getByText(over)).toBeHidden();
    await tick(2).uncheck();
    await expect(item(4).getByText(over)).toBeHidden();
    await tick(2).check();
    await page.getByRole("button", { name: "Compare selected" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      `You can compare up to 4 properties at a time: ${five[4]!.code} was left out.`,
    );
  });
});

test("another tab of the same browser follows each change", async ({ context }) => {
  const property = all[0]!;
  const [one, two] = [await context.newPage(), await context.newPage()];
  await gotoHydrated(one, "/property");
  await gotoHydrated(two, "/search");
  await heart(one, property).click();
  await expect(headerCount(two)).toHaveText("1");
  await expect(heart(two, property)).toHaveAttribute("aria-pressed", "true");
  await heart(two, property).click();
  await expect(heart(one, property)).toHaveAttribute("aria-pressed", "false");
  await expect(headerCount(one)).toHaveText("0");
});
