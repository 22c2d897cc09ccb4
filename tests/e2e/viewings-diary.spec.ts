/**
 * The viewings diary (decision 102), as staff use it: an owner opens Viewings from the back
 * office's menu, looks at their day, confirms one viewing and cancels it (which asks first),
 * tries to move another onto a booked slot (refused in plain words, the typed time kept),
 * moves it to a free time, and the diary shows the new time, then opens the viewing hours. axe
 * finds no serious or critical violation on the day, the week, a viewing's page, the refusal
 * and the viewing hours, at desktop and phone widths; at phone width nothing scrolls the page
 * sideways. Each test's viewings are its own owner's, on their own diary.
 */
import { expect, type Page, test } from "@playwright/test";
import { openDatabase } from "../../db/database.ts";
import {
  addDays,
  defaultOfficeTimeZone,
  instantOf,
  localDateTime,
} from "../../lib/admin-viewings.ts";
import { insertViewing } from "../support/factories.ts";
import { newOwner } from "./admin.ts";
import { baseURL, e2eDatabaseUrl } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";
import { keepScreenshot } from "./screenshots.ts";

test.describe.configure({ timeout: 120_000 });

async function expectNoSidewaysScroll(page: Page) {
  const wider = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(wider, page.url()).toBe(false);
}

/** Two tentative viewings of `email`'s on `day` (10:00 and 14:00) and one confirmed at 11:00. */
async function seedViewings(email: string, day: string) {
  const database = openDatabase(e2eDatabaseUrl);
  try {
    const db = database.db;
    const staff = await db
      .selectFrom("staff_user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const property = await db
      .selectFrom("property")
      .select("id")
      .where("publish", "=", 1)
      .orderBy("id")
      .limit(1)
      .executeTakeFirstOrThrow();
    const at = (time: string) => instantOf(day, time, defaultOfficeTimeZone);
    const common = { propertyId: property.id, staffUserId: staff.id };
    await insertViewing(db, {
      ...common,
      startsAt: at("10:00"),
      visitorName: "Connie Confirm",
      visitorEmail: "connie.confirm@example.com",
      message: "Could we see the garden too?",
    });
    await insertViewing(db, {
      ...common,
      startsAt: at("11:00"),
      status: "confirmed",
      visitorName: "Carl Confirmed",
      visitorEmail: "carl.confirmed@example.com",
    });
    await insertViewing(db, {
      ...common,
      startsAt: at("14:00"),
      visitorName: "Milo Move",
      visitorEmail: "milo.move@example.com",
      visitorPhone: "+44 1632 960777",
    });
    return staff.id;
  } finally {
    await database.close();
  }
}

for (const [label, width] of [
  ["desktop", 1280],
  ["phone", 390],
] as const) {
  test(`an owner confirms one viewing and moves another in the diary (${label})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    const email = await newOwner(page, `diary-${label}`);
    const day = addDays(localDateTime(new Date(), defaultOfficeTimeZone).date, 2);
    const staffId = await seedViewings(email, day);

    // Viewings from the menu: today's diary, then the seeded day of this owner's.
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Viewings" })
      .click();
    await expect(page).toHaveURL(/\/admin\/viewings$/);
    await expect(page.getByRole("heading", { name: "Viewings", level: 1 })).toBeVisible();
    await page.getByLabel("Member of staff").selectOption(String(staffId));
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`staff=${staffId}`));
    await page.goto(`/admin/viewings?view=day&date=${day}&staff=${staffId}`);
    const diary = page.locator(".admin-diary__days");
    await expect(diary.getByRole("article")).toHaveCount(3);
    await expect(diary).toContainText("Could we see the garden too?");
    await expectNoSeriousViolations(page);
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, `diary-day-${label}`);

    // Confirm Connie's.
    await page.getByRole("button", { name: /^Confirm the viewing of Connie Confirm/ }).click();
    await expect(page.getByRole("status")).toContainText("The viewing is confirmed");
    const connie = diary.getByRole("article", { name: /Connie Confirm/ });
    await expect(connie).toContainText("Confirmed");
    await expect(connie.getByRole("button", { name: /^Confirm the viewing/ })).toHaveCount(0);

    // Cancelling it asks first, saying who is told; only the second press cancels it.
    const cancelIt = connie.getByRole("button", { name: /^Yes, cancel it: the viewing of Connie/ });
    await expect(cancelIt).toBeHidden();
    await connie.getByText("Cancel", { exact: true }).click();
    await expect(connie).toContainText(
      "The visitor and the agent are e-mailed that it is cancelled.",
    );
    await expect(connie).toContainText("Confirmed");
    await expectNoSeriousViolations(page);
    await keepScreenshot(page, `diary-cancel-asks-${label}`);
    await cancelIt.click();
    await expect(page.getByRole("status")).toContainText("The viewing is cancelled");
    await expect(connie).toContainText("Cancelled");
    await expect(connie.getByText("Cancel", { exact: true })).toHaveCount(0);

    // The week, Monday to Sunday.
    await page.getByRole("link", { name: "Week", exact: true }).click();
    await expect(page).toHaveURL(/view=week/);
    await expect(page.locator(".admin-diary__day-title")).toHaveCount(7);
    await expect(page.locator(".admin-diary__days")).toContainText("Milo Move");
    await expectNoSeriousViolations(page);
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, `diary-week-${label}`);

    // Milo's page: onto Carl's booked 11:00 first, refused; then 16:00.
    await page.getByRole("link", { name: /^Open the viewing of Milo Move/ }).click();
    await expect(page.getByRole("heading", { name: "Viewing with Milo Move" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, `viewing-${label}`);
    const move = page.getByRole("form", { name: "Move it" });
    await move.getByLabel("Date").fill(day);
    await move.getByLabel(/Start time/).fill("11:00");
    await move.getByRole("button", { name: "Move the viewing" }).click();
    await expect(move.getByRole("alert")).toContainText(
      "That time is already booked for that member of staff",
    );
    await expect(move.getByLabel(/Start time/)).toHaveValue("11:00");
    await expectNoSeriousViolations(page);
    await keepScreenshot(page, `viewing-refused-${label}`);
    await move.getByLabel(/Start time/).fill("16:00");
    await move.getByRole("button", { name: "Move the viewing" }).click();
    await expect(page.getByRole("status")).toContainText("The viewing is moved");
    await expect(page.locator(".admin-facts")).toContainText("16:00–16:30");

    // Back in the diary, at its new time.
    await page.getByRole("link", { name: "Back to the diary" }).click();
    await page.goto(`/admin/viewings?view=day&date=${day}&staff=${staffId}`);
    await expect(
      page.locator(".admin-diary__days").getByRole("article", { name: /Milo Move/ }),
    ).toContainText("16:00–16:30");

    // The diary's header leads to the viewing hours (decision 101).
    await page.getByRole("link", { name: "Viewing hours" }).click();
    await expect(page.getByRole("heading", { name: "Viewing hours", level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectNoSidewaysScroll(page);
    // Nor does the hours table inside its card: on a phone each of its rows is a card.
    const hours = page.locator(".admin-table-wrap", { has: page.locator(".viewing-hours") });
    await expect(hours.locator("tbody tr").first()).toBeVisible();
    expect(
      await hours.evaluate((wrap) => wrap.scrollWidth > wrap.clientWidth),
      "the hours table scrolls sideways",
    ).toBe(false);
    await context.close();
  });
}
