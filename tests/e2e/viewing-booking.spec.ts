/**
 * Viewings booked online (decision 101), in the browser, on the demo's viewing hours (two
 * members of staff, seeded with the demo content): a visitor books a time without JavaScript,
 * another with it, and two visitors racing for one time: one has it, the other is told it was
 * just taken and offered the times left, with what they typed kept. Each test takes the last time
 * of its own day (one only one member of staff hosts), so no run takes another's. axe (which
 * needs JavaScript) at 390 px on the times and the booked state, at 1280 px on the time taken.
 */

import { type Browser, expect, type Page, test } from "@playwright/test";
import type { Property } from "../../lib/api-contract.ts";
import { baseURL, listProperties } from "./api.ts";
import { seriousViolations } from "./axe.ts";

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
test.describe.configure({ timeout: 90_000 });

let homes: Property[];

test.beforeAll(async () => {
  homes = (await listProperties()).slice(4, 7);
  expect(homes).toHaveLength(3);
});

const bookingPath = (home: Property) => `/property/${encodeURIComponent(home.slug)}/viewing`;

/**
 * The last time of the `fromEnd`-th day from the end of the list (1: the last day), its day
 * opened first (later days start closed: a plain <details>, which opens without JavaScript too).
 */
async function lastTimeOfDay(page: Page, fromEnd: number) {
  const day = page.locator(".viewing-form__day-group").nth(-fromEnd);
  if ((await day.getAttribute("open")) === null) await day.locator("summary").click();
  return day.locator("input[name=slot]").last();
}

/** Fills the visitor's fields and answers the sum puzzle the page asks. */
async function fillIn(page: Page, name: string) {
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Telephone").fill("+44 20 7946 0000");
  await page.getByLabel("Email").fill(`${name.split(" ")[0]?.toLowerCase()}@example.com`);
  const question = (await page.getByText(/^What is \d \+ \d\?$/).textContent()) ?? "";
  const [, a, b] = /(\d) \+ (\d)/.exec(question) ?? [];
  await page.getByLabel(question).fill(String(Number(a) + Number(b)));
}

async function book(page: Page, fromEnd: number, name: string): Promise<string> {
  const time = await lastTimeOfDay(page, fromEnd);
  const value = (await time.getAttribute("value")) ?? "";
  await time.check();
  await fillIn(page, name);
  await page.getByRole("button", { name: "Request this viewing" }).click();
  return value;
}

const booked = (page: Page) =>
  page.getByRole("status").getByText("Viewing requested — tentative until we confirm");

test.describe("without JavaScript at 390 px", () => {
  test.use({ viewport: phone, javaScriptEnabled: false });

  test("a visitor books a time from the property page's link", async ({ page }) => {
    const home = homes[0]!;
    await page.goto(`/property/${encodeURIComponent(home.slug)}`);
    await page.locator(".property-header").getByRole("link", { name: "Book a viewing" }).click();
    await expect(page).toHaveURL(new RegExp(`${bookingPath(home)}$`));
    await book(page, 2, "Nadia Nojs");
    await expect(booked(page)).toBeVisible();
  });
});

test.describe("with JavaScript at 390 px", () => {
  test.use({ viewport: phone });

  test("a visitor books a time", async ({ page }) => {
    const home = homes[1]!;
    await page.goto(bookingPath(home));
    await expect(page.getByRole("group", { name: "Choose a time" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await book(page, 3, "Jamie Script");
    await expect(booked(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

async function visitor(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: desktop });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

test("two visitors racing for one time: one has it, the other is told and offered the next", async ({
  browser,
}) => {
  const home = homes[2]!;
  const [first, second] = await Promise.all([
    visitor(browser, bookingPath(home)),
    visitor(browser, bookingPath(home)),
  ]);
  const slots = await Promise.all([
    (async () => {
      const time = await lastTimeOfDay(first, 1);
      await time.check();
      await fillIn(first, "First Racer");
      return time.getAttribute("value");
    })(),
    (async () => {
      const time = await lastTimeOfDay(second, 1);
      await time.check();
      await fillIn(second, "Second Racer");
      return time.getAttribute("value");
    })(),
  ]);
  expect(slots[0]).toBe(slots[1]);
  await Promise.all([
    first.getByRole("button", { name: "Request this viewing" }).click(),
    second.getByRole("button", { name: "Request this viewing" }).click(),
  ]);
  const taken = (page: Page) => page.getByRole("alert").getByText(/That time has just been taken/);
  await expect(booked(first).or(taken(first))).toBeVisible();
  await expect(booked(second).or(taken(second))).toBeVisible();
  const outcomes = [await booked(first).count(), await booked(second).count()];
  expect([...outcomes].sort()).toEqual([0, 1]);
  const loser = outcomes[0] === 1 ? second : first;
  const loserName = loser === first ? "First Racer" : "Second Racer";
  await expect(taken(loser)).toBeVisible();
  await expect(loser.getByLabel("Full Name")).toHaveValue(loserName);
  // The time is gone from the list; the next ones are offered.
  await expect(loser.locator(`input[name=slot][value="${slots[0]}"]`)).toHaveCount(0);
  expect(await loser.locator("input[name=slot]").count()).toBeGreaterThan(5);
  expect(await seriousViolations(loser)).toEqual([]);
  await first.context().close();
  await second.context().close();
});
