/**
 * Issue 18 item 3 (decision 049): a self-hosted MP4 in a listing's `youtube` field plays in a
 * `<video controls preload="none">` that fetches nothing before play. The listing is added
 * through the content import, so this spec runs after every other (its own project).
 */
import { expect, test } from "@playwright/test";
import { openDatabase } from "../../db/database.ts";
import { formatCsv } from "../../lib/csv.ts";
import { csvRows } from "../../server/content/import-file.ts";
import { importProperties } from "../../server/content/import-properties.ts";
import { propertyColumns } from "../../server/content/property-record.ts";
import { buildPropertyImportRow } from "../support/factories.ts";
import { e2eDatabaseUrl, siteUrl } from "./api.ts";
import { gotoHydrated } from "./hydrated.ts";

const row = buildPropertyImportRow({
  code: "VIDEO-MP4",
  slug: "video-tour-flat",
  headline: "Flat with a Video Tour",
  // The site's own address: served by the site, which the CSP's media-src allows.
  youtube: `${siteUrl}/media/video-tour-flat.mp4`,
  created_at: "2020-01-01T10:00:00.000Z",
});

test.beforeAll(async () => {
  const database = openDatabase(e2eDatabaseUrl);
  try {
    const csv = formatCsv(propertyColumns, [propertyColumns.map((column) => row[column])]);
    const report = await importProperties(database.db, csvRows(csv), {
      imageDir: "./data/images",
    });
    expect(report.rejected).toEqual([]);
  } finally {
    await database.close();
  }
});

test("a self-hosted MP4 plays in a video element that loads nothing before play", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(".mp4")) fetched.push(request.url());
  });
  const response = await gotoHydrated(page, `/property/${row.slug}`);
  expect(response?.headers()["content-security-policy"]).toMatch(/media-src 'self'/);
  await page.getByRole("tab", { name: "Video" }).click();
  const video = page.getByRole("tabpanel").locator("video");
  await expect(video).toHaveAttribute("src", "/media/video-tour-flat.mp4");
  await expect(video).toHaveAttribute("controls", "");
  await expect(video).toHaveAttribute("preload", "none");
  await expect(video).toHaveAttribute("aria-label", `Video of ${row.headline}`);
  await expect(page.locator("iframe[src*='youtube']")).toHaveCount(0);
  expect(fetched).toEqual([]);
});
