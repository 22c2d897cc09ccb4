/**
 * Applicants (decision 103) as staff use them: add an applicant, set requirements, see the
 * matching homes, record consent, tick two homes and send them (the mail is queued in the
 * outbox: the page says so and the timeline shows it queued); a listing's matching applicants.
 * axe finds no serious or critical violation on each new page state, at 1280 and 390 px. With
 * E2E_SCREENSHOTS=folder set, screenshots go there for a person to look at.
 */
import { expect, test } from "@playwright/test";
import { newOwner } from "./admin.ts";
import { baseURL } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";
import { keepScreenshot } from "./screenshots.ts";

test.describe.configure({ timeout: 180_000 });

test("staff add an applicant, set requirements, see matches and send two homes", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await newOwner(page, "applicants");
  await page.getByRole("link", { name: "Applicants" }).first().click();
  await expect(page.getByRole("heading", { name: "Applicants", level: 1 })).toBeVisible();
  await gotoHydrated(page, "/admin/applicants/new");

  const email = `buyer-${Date.now()}@example.com`;
  await page.getByLabel("Name").fill("Grace Buyer");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Add the applicant" }).click();
  await expect(page.getByRole("status")).toContainText("The applicant has been added");
  await expect(page.getByRole("heading", { name: "Grace Buyer", level: 1 })).toBeVisible();
  await expect(page.getByText("Set whether they buy or rent")).toBeVisible();

  await page.getByLabel("Looking to").selectOption("buy");
  await page.getByLabel("Budget up to").fill("5000000");
  await page.getByRole("button", { name: "Save the requirements" }).click();
  await expect(page.getByRole("status")).toContainText("The requirements have been saved");
  const homes = page.getByRole("group", { name: /Tick the homes to send/ }).getByRole("checkbox");
  expect(await homes.count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole("button", { name: "Send these homes" })).toBeDisabled();

  await page.getByLabel("How they agreed").fill("Agreed by phone today");
  await page.getByRole("button", { name: "Record consent to homes by e-mail" }).click();
  await expect(page.getByRole("status")).toContainText("The consent has been recorded");
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "applicant-matches-1280");

  await homes.nth(0).check();
  await homes.nth(1).check();
  await page.getByRole("button", { name: "Send these homes" }).click();
  await expect(page.getByRole("status")).toContainText(
    `2 homes are queued to be e-mailed to ${email}`,
  );
  await expect(page.getByText(/Homes mailed .* \(queued\)/)).toBeVisible();
  await expect(page.getByText("Agreed to homes by e-mail")).toBeVisible();
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "applicant-sent-1280");

  await gotoHydrated(page, `/admin/applicants?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole("link", { name: "Grace Buyer" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "applicants-1280");

  await gotoHydrated(page, "/admin/listings/HP-1001/applicants");
  await expect(page.getByRole("heading", { name: "Applicants for HP-1001" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "listing-applicants-1280");

  // The same pages at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, `/admin/applicants?q=${encodeURIComponent(email)}`);
  await keepScreenshot(page, "applicants-390");
  await expectNoSeriousViolations(page);
  await page.getByRole("link", { name: "Grace Buyer" }).click();
  await expect(page.getByRole("heading", { name: "Grace Buyer", level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "applicant-390");
  await gotoHydrated(page, "/admin/listings/HP-1001/applicants");
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "listing-applicants-390");
  await context.close();
});
