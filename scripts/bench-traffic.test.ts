/**
 * The bench's spread traffic is made of real pages: every drawn URL answers 200 on the built
 * site (no search page past its end, which would redirect), the property pages are distinct and
 * the list pages reach beyond the first ones (`npm run build` first).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateProperties } from "../db/seed/generate.ts";
import { createTestSiteApp, type TestApp } from "../tests/support/app.ts";
import { drawTraffic, seededRandom, shuffled, type Traffic } from "./bench-traffic.ts";

let test: TestApp;
let traffic: Traffic;

beforeAll(async () => {
  test = await createTestSiteApp("sqlite");
  const { db, dialect } = test.app.database;
  await generateProperties(db, { count: 300, dialect });
  traffic = await drawTraffic(db, 30);
}, 60_000);
afterAll(() => test?.close());

describe("drawTraffic", () => {
  it("draws distinct URLs of each kind, spread over the catalogue", () => {
    for (const urls of [traffic.propertyPages, traffic.listPages, traffic.searches]) {
      expect(urls).toHaveLength(30);
      expect(new Set(urls).size).toBe(urls.length);
    }
    const pages = traffic.listPages.map((url) =>
      Number(new URL(url, "http://x").searchParams.get("page")),
    );
    expect(Math.max(...pages)).toBeLessThanOrEqual(traffic.lastListPage);
    expect(Math.max(...pages)).toBeGreaterThan(traffic.lastListPage / 2);
    // Filters left out as well as set.
    expect(traffic.searches.some((url) => url.includes("location="))).toBe(true);
    expect(traffic.searches.some((url) => !url.includes("location="))).toBe(true);
  });

  it("draws only pages the site answers with 200", async () => {
    for (const url of [...traffic.propertyPages, ...traffic.listPages, ...traffic.searches]) {
      const answer = await test.app.inject(url);
      expect(answer.statusCode, url).toBe(200);
    }
  }, 120_000);

  it("draws the same URLs on every run", async () => {
    expect(await drawTraffic(test.app.database.db, 30)).toEqual(traffic);
  });
});

describe("shuffled", () => {
  it("keeps every item and depends only on the seed", () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const once = shuffled(items, seededRandom(7));
    expect([...once].sort((a, b) => a - b)).toEqual(items);
    expect(once).not.toEqual(items);
    expect(shuffled(items, seededRandom(7))).toEqual(once);
  });
});
