/**
 * Importing and exporting listings in the back office (decision 096): an owner opens "Import
 * and export" from the listings page, uploads a small CSV made from the factory, sees its dry
 * run (two rows to add, one refused with its reason and row), applies it, finds the listings
 * in the table and downloads every listing as CSV, the new ones in it; an empty file is refused
 * beside the field. The upload and its dry run work without JavaScript too. Axe-clean at 1280
 * and 390 px, with screenshots of the dry run. Adds listings: the last spec of the "changes"
 * chain.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { formatCsv } from "../../lib/csv.ts";
import { csvRows } from "../../server/content/import-file.ts";
import { type PropertyColumn, propertyColumns } from "../../server/content/property-record.ts";
import { buildPropertyImportRow } from "../support/factories.ts";
import { newOwner } from "./admin.ts";
import { expectNoSeriousViolations } from "./axe.ts";
import { keepScreenshot, screenshotsWanted } from "./screenshots.ts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

/** Factory rows with codes of this run's own (other specs import the factory's codes too). */
function uniqueRows(count: number, overrides: Partial<Record<PropertyColumn, string>>[] = []) {
  const run = randomBytes(3).toString("hex").toUpperCase();
  return Array.from({ length: count }, (_, index) =>
    buildPropertyImportRow({
      code: `UP-${run}-${index + 1}`,
      slug: `uploaded-home-${run.toLowerCase()}-${index + 1}`,
      headline: `Uploaded home ${run} ${index + 1}`,
      ...overrides[index],
    }),
  );
}

/** A CSV file of the rows, written where the browser can pick it. */
function csvFile(rows: Record<PropertyColumn, string>[], name: string): string {
  const path = join(test.info().outputPath(), name);
  mkdirSync(test.info().outputPath(), { recursive: true });
  writeFileSync(
    path,
    formatCsv(
      propertyColumns,
      rows.map((row) => propertyColumns.map((column) => row[column])),
    ),
  );
  return path;
}

async function checkFile(page: Page, path: string) {
  await page.getByLabel("CSV or JSON file").setInputFiles(path);
  await page.getByRole("button", { name: "Check the file" }).click();
}

test("an owner uploads a CSV, sees its dry run, applies it and downloads every listing", async ({
  page,
}) => {
  await newOwner(page, "import");
  await page.goto("/admin/listings");
  if (screenshotsWanted) {
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, "listings-390");
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await page.getByRole("link", { name: "Import and export" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import and export" })).toBeVisible();

  // An empty file: refused with its reason beside the field, the form kept.
  const empty = join(test.info().outputPath(), "empty.csv");
  mkdirSync(test.info().outputPath(), { recursive: true });
  writeFileSync(empty, "");
  await checkFile(page, empty);
  await expect(page.getByText("empty.csv is empty")).toBeVisible();
  await expect(page.getByLabel("CSV or JSON file")).toHaveAttribute("aria-invalid", "true");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "empty-file-390");
  await page.setViewportSize({ width: 1280, height: 900 });

  const rows = uniqueRows(3, [{}, { price: "lots" }, {}]);
  const [first, refused, second] = rows as [
    Record<PropertyColumn, string>,
    Record<PropertyColumn, string>,
    Record<PropertyColumn, string>,
  ];
  await checkFile(page, csvFile(rows, "new-listings.csv"));
  await expect(page.getByRole("heading", { name: "Dry run of new-listings.csv" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/listings\/import-export\?upload=[\w-]+$/);
  await expect(
    page.getByText("2 listings to add, 0 to update, 0 unchanged, 1 row refused"),
  ).toBeVisible();
  const refusedTable = page.getByRole("table", { name: /Refused rows/ });
  await expect(refusedTable.getByRole("row", { name: /row 3/ })).toContainText(refused.code);
  await expect(refusedTable).toContainText("price");
  const toAdd = page.getByRole("table", { name: /To add/ });
  await expect(toAdd.getByRole("row", { name: /row 2/ })).toContainText(first.code);
  await expect(toAdd.getByRole("row", { name: /row 4/ })).toContainText(second.code);

  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "dry-run-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "dry-run-390");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: "Apply: add 2, update 0" }).click();
  await expect(page.getByRole("status")).toContainText(
    "2 listings added, 0 updated, 0 unchanged, 1 row refused",
  );
  await expect(page.getByRole("button", { name: /^Apply/ })).toHaveCount(0);
  await keepScreenshot(page, "applied-1280");

  await page.goto(`/admin/listings?q=${encodeURIComponent(first.code)}`);
  await expect(page.getByRole("link", { name: first.headline })).toBeVisible();

  await page.goto("/admin/listings/import-export");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^listings-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = csvRows(readFileSync((await download.path()) as string, "utf8"));
  const codes = exported.map((row) => row.values.code);
  expect(codes).toContain(first.code);
  expect(codes).toContain(second.code);
  expect(codes).not.toContain(refused.code);
  expect(exported.find((row) => row.values.code === first.code)?.values.headline).toBe(
    first.headline,
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the upload and its dry run are plain forms, and a wrong file says why", async ({
    page,
  }) => {
    await newOwner(page, "import-nojs");
    await page.goto("/admin/listings/import-export");
    const wrong = join(test.info().outputPath(), "notes.txt");
    mkdirSync(test.info().outputPath(), { recursive: true });
    writeFileSync(wrong, "not a listing");
    await checkFile(page, wrong);
    await expect(page.getByText("notes.txt is not a CSV or JSON file")).toBeVisible();
    await expect(page.getByLabel("CSV or JSON file")).toHaveAttribute("aria-invalid", "true");

    const rows = uniqueRows(1);
    await checkFile(page, csvFile(rows, "one.csv"));
    await expect(page.getByRole("heading", { name: "Dry run of one.csv" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Apply: add 1, update 0" })).toBeVisible();
  });
});
