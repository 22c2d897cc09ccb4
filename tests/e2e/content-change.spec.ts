/**
 * The page cache's staleness bound without Redis: a property added straight into the database
 * shows on the cached listing page within twice the page TTL plus the §7 answer TTL.
 */
import { expect, test } from "@playwright/test";
import { openDatabase } from "../../db/database.ts";
import { fillWithGeneratedProperties } from "../../db/seed/generate.ts";
import { e2eApiCacheTtl, e2eDatabaseUrl, e2ePageCacheTtl } from "./api.ts";

const listedTotal = (html: string) => Number(/Showing 1–\d+ of (\d+)/.exec(html)?.[1]);

test("a new property shows up in the cached listing within the configured time", async ({
  request,
}) => {
  const first = await request.get("/property");
  const before = listedTotal(await first.text());
  expect(before).toBeGreaterThan(0);
  // Served from the cache: the same bytes, validated by their ETag.
  const etag = first.headers().etag ?? "";
  expect(etag).not.toBe("");
  const revalidated = await request.get("/property", { headers: { "if-none-match": etag } });
  expect(revalidated.status()).toBe(304);

  const database = openDatabase(e2eDatabaseUrl);
  try {
    await fillWithGeneratedProperties(database, { count: 1 });
  } finally {
    await database.close();
  }
  const added = Date.now();
  const boundMs = (2 * e2ePageCacheTtl + e2eApiCacheTtl) * 1000;
  await expect
    .poll(async () => listedTotal(await (await request.get("/property")).text()), {
      timeout: boundMs + 2_000,
      intervals: [250],
    })
    .toBe(before + 1);
  expect(Date.now() - added).toBeLessThanOrEqual(boundMs + 2_000);
});
