/**
 * Issue 27 (decision 077): the property page's Call / Enquire / Book bar at phone widths, with
 * and without JavaScript, hidden at desktop widths and on paper; and the recently viewed homes
 * kept in the browser, shown on another property page and on /shortlist, cleared, withdrawn
 * homes dropped, absent without JavaScript; axe at 390 px.
 */

import { expect, type Page, test } from "@playwright/test";
import { telHref } from "../../app/components/frame/contact-links.ts";
import { buildDemoContent } from "../../db/seed/content.ts";
import type { CompanyProfile, Property } from "../../lib/api-contract.ts";
import { apiData, listProperties } from "./api.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const storageKey = "homes:recently-viewed";

let all: Property[];
let telephone: string;

test.beforeAll(async () => {
  all = await listProperties();
  expect(all.length).toBeGreaterThanOrEqual(4);
  telephone = (await apiData<CompanyProfile>("/company/profile")).telephone;
  expect(telephone, "the seed's profile has a telephone").toBeTruthy();
});

const pathOf = (property: Property) => `/property/${encodeURIComponent(property.slug)}`;
const bookPath = (property: Property) => `${pathOf(property)}/viewing`;
const bar = (page: Page) => page.getByRole("navigation", { name: /^Contact us about / });
const recent = (page: Page) => page.getByRole("region", { name: "Recently viewed" });
const recentTitles = (page: Page) => recent(page).locator(".viewed-card__title");
const messageBox = (page: Page) => page.locator("#enquiry-form textarea[name=message]");
const storedCodes = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]") as string[], storageKey);

/** The bar's links, each checked for its address and a touch target of at least 44 px. */
async function expectBarLinks(page: Page, property: Property) {
  const links = bar(page).getByRole("link");
  await expect(links).toHaveCount(3);
  await expect(bar(page).getByRole("link", { name: "Call" })).toHaveAttribute(
    "href",
    telHref(telephone),
  );
  await expect(bar(page).getByRole("link", { name: "Enquire" })).toHaveAttribute(
    "href",
    "#enquiry-form",
  );
  await expect(bar(page).getByRole("link", { name: "Book a viewing" })).toHaveAttribute(
    "href",
    bookPath(property),
  );
  for (const link of await links.all()) {
    const box = await link.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
  }
}

test.describe("the contact bar at 390 px", () => {
  test.use({ viewport: phone });

  test("is stuck to the bottom of the screen with Call, Enquire and Book, and never covers the last content", async ({
    page,
  }) => {
    const property = all[0]!;
    await gotoHydrated(page, pathOf(property));
    await expect(bar(page)).toBeVisible();
    await expectBarLinks(page, property);
    // At the top of the page it sits at the bottom edge of the screen.
    const atTop = (await bar(page).boundingBox())!;
    expect(Math.round(atTop.y + atTop.height)).toBe(phone.height);
    // Scrolled to the end, the page's last content lies wholly above it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = page.locator(".listing-layout__sidebar > :last-child");
    await expect(last).toBeVisible();
    const lastBox = (await last.boundingBox())!;
    const barBox = (await bar(page).boundingBox())!;
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(barBox.y);
    // And nowhere else does it hide anything: the footer follows it.
    const footer = (await page.locator(".site-footer").boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(footer.y + 1);
  });

  test("Enquire focuses the enquiry form and Book opens the booking page", async ({ page }) => {
    const property = all[1]!;
    await gotoHydrated(page, pathOf(property));
    await bar(page).getByRole("link", { name: "Enquire" }).click();
    const fullName = page.locator("#enquiry-form").getByLabel("Full Name");
    await expect(fullName).toBeFocused();
    await expect(fullName).toBeInViewport();
    await expect(messageBox(page)).toHaveValue("Hello, I am interested in ...");

    await page.evaluate(() => window.scrollTo(0, 0));
    await bar(page).getByRole("link", { name: "Book a viewing" }).click();
    await expect(page).toHaveURL(new RegExp(`${bookPath(property)}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Book a viewing" })).toBeVisible();
  });

  test("has no serious or critical axe violation, with recently viewed homes shown", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await gotoHydrated(page, pathOf(all[2]!));
    await gotoHydrated(page, pathOf(all[3]!));
    await expect(recentTitles(page)).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("is not printed", async ({ page }) => {
    await gotoHydrated(page, pathOf(all[0]!));
    await page.emulateMedia({ media: "print" });
    await expect(bar(page)).toBeHidden();
  });
});

test.describe("the contact bar at 1280 px", () => {
  test.use({ viewport: desktop });

  test("is hidden", async ({ page }) => {
    await gotoHydrated(page, pathOf(all[0]!));
    await expect(page.locator("#enquiry-form")).toBeVisible();
    await expect(bar(page)).toBeHidden();
  });
});

test.describe("without JavaScript at 390 px", () => {
  test.use({ viewport: phone, javaScriptEnabled: false });

  test("the bar's plain links lead to the form, and Book to the booking page", async ({ page }) => {
    const property = all[0]!;
    await page.goto(pathOf(property));
    await expect(bar(page)).toBeVisible();
    await expectBarLinks(page, property);

    await bar(page).getByRole("link", { name: "Enquire" }).click();
    await expect(page).toHaveURL(new RegExp(`${pathOf(property)}#enquiry-form$`));
    await expect(page.locator("#enquiry-form")).toBeInViewport();
    await expect(messageBox(page)).toHaveValue("Hello, I am interested in ...");

    await bar(page).getByRole("link", { name: "Book a viewing" }).click();
    await expect(page).toHaveURL(new RegExp(`${bookPath(property)}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Book a viewing" })).toBeVisible();
  });

  test("recently viewed is absent", async ({ page }) => {
    await page.goto(pathOf(all[0]!));
    await page.goto(pathOf(all[1]!));
    await expect(page.locator(".recently-viewed")).toBeHidden();
    await expect(recent(page)).toHaveCount(0);
  });
});

test.describe("recently viewed", () => {
  test.use({ viewport: phone });

  test("three homes viewed show on another home's page and on /shortlist, most recent first; Clear empties", async ({
    page,
  }) => {
    const [first, second, third, fourth] = all as [Property, Property, Property, Property];
    await gotoHydrated(page, pathOf(first));
    // The first visit has nothing else to show.
    await expect(recent(page)).toHaveCount(0);
    await gotoHydrated(page, pathOf(second));
    await gotoHydrated(page, pathOf(third));
    await gotoHydrated(page, pathOf(fourth));
    // The current home is left out; the others are links to their pages, most recent first.
    await expect(recentTitles(page)).toHaveText([third.headline, second.headline, first.headline]);
    await expect(recent(page).getByRole("link").first()).toHaveAttribute("href", pathOf(third));
    expect(await storedCodes(page)).toEqual([fourth.code, third.code, second.code, first.code]);

    // Viewing one again moves it to the front.
    await gotoHydrated(page, pathOf(first));
    await expect(recentTitles(page)).toHaveText([fourth.headline, third.headline, second.headline]);

    await gotoHydrated(page, "/shortlist");
    await expect(recentTitles(page)).toHaveText([
      first.headline,
      fourth.headline,
      third.headline,
      second.headline,
    ]);
    await recent(page).getByRole("button", { name: "Clear recently viewed homes" }).click();
    await expect(recentTitles(page)).toHaveCount(0);
    await expect(recent(page)).toContainText("Your recently viewed homes are cleared.");
    await expect(recent(page).getByRole("heading", { name: "Recently viewed" })).toBeFocused();
    expect(await storedCodes(page)).toEqual([]);

    await gotoHydrated(page, pathOf(second));
    await expect(recent(page)).toHaveCount(0);
  });

  test("a home no longer published drops out of the list", async ({ page }) => {
    const draft = buildDemoContent().properties.find((property) => !property.publish)!;
    expect(all.map((property) => property.code)).not.toContain(draft.code);
    const [first, second] = all as [Property, Property];
    await gotoHydrated(page, pathOf(first));
    await page.evaluate(([key, codes]) => localStorage.setItem(key, JSON.stringify(codes)), [
      storageKey,
      [first.code, draft.code],
    ] as const);
    await gotoHydrated(page, pathOf(second));
    await expect(recentTitles(page)).toHaveText([first.headline]);
    await expect.poll(() => storedCodes(page)).toEqual([second.code, first.code]);
  });
});
