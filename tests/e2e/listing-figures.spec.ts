/**
 * A listing's figures (decision 099): a visitor opens a property page and its beacon counts the
 * view (a reload the same day does not count again), shortlisting the home counts an add; an
 * owner opens the listing's figures from the listings table, sees this week's counts, and
 * downloads the vendor report as PDF and CSV. Axe-clean at 1280 and 390 px.
 * A listing of its own; counts views on it: at the end of the "changes" chain.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { newListing, newOwner } from "./admin.ts";
import { expectNoSeriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";
import { keepScreenshot } from "./screenshots.ts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

/** A visitor's browser: headless Chromium names itself so, and bots are not counted. */
const visitorAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

const beaconAnswer = (page: Page) =>
  page.waitForResponse(
    (response) => response.url().endsWith("/figures/beacon") && response.status() === 204,
  );

test("a visitor's view and shortlist add reach the listing's figures and its vendor report", async ({
  browser,
  page,
}) => {
  const listing = await newListing();
  const visitor = await browser.newContext({ userAgent: visitorAgent });
  const visit = await visitor.newPage();
  const seen = beaconAnswer(visit);
  await gotoHydrated(visit, `/property/${encodeURIComponent(listing.slug)}`);
  await seen;
  // The same visitor again today: the beacon fires, the count stays.
  const again = beaconAnswer(visit);
  await visit.reload();
  await again;
  const added = beaconAnswer(visit);
  await visit
    .getByRole("button", { name: `Shortlist ${listing.headline}` })
    .first()
    .click();
  await added;
  expect(await visitor.cookies()).toEqual([]);
  await visitor.close();

  await newOwner(page, "figures");
  await page.goto(`/admin/listings?q=${encodeURIComponent(listing.code)}`);
  await page.getByRole("link", { name: `Figures of ${listing.code}` }).click();
  await expect(page.getByRole("heading", { name: `Figures of ${listing.code}` })).toBeVisible();
  const table = page.getByRole("table");
  // This week's row first: one view, no enquiry, one shortlist add, no alert match.
  const thisWeek = table.getByRole("row").nth(1);
  await expect(thisWeek.getByRole("cell")).toHaveText(
    ["*", "1", "0", "1", "0"].map((text) => (text === "*" ? /\d{1,2} \w{3} \d{4}/ : text)),
  );
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "figures-1280");

  const pdf = page.waitForEvent("download");
  await page.getByRole("link", { name: "Vendor report (PDF)" }).click();
  const pdfFile = await pdf;
  expect(pdfFile.suggestedFilename()).toMatch(
    new RegExp(`^vendor-report-${listing.code}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
  );
  expect(
    readFileSync(await pdfFile.path())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  const csv = page.waitForEvent("download");
  await page.getByRole("link", { name: "Vendor report (CSV)" }).click();
  const csvText = readFileSync(await (await csv).path(), "utf8");
  expect(csvText).toMatch(/\r?\nlast_12_weeks,1,0,1,0,\r?\n/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { name: `Figures of ${listing.code}` })).toBeVisible();
  // Nothing wider than the phone's screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "figures-390");
});
