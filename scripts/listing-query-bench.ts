/**
 * `node scripts/listing-query-bench.ts`: what one listing page costs the database layer, page 1
 * against the last pages, for a few searches, on the database of DATABASE_URL (fill it first
 * with `npm run db:generate -- --count 100000`). Calls `searchPublishedProperties` in process,
 * so it times the queries alone: no HTTP, no rendering.
 *
 * Times are CPU time for SQLite (it runs in process), wall-clock time for PostgreSQL. For each
 * search: the first call (the match count and the page, nothing cached), the first call for
 * a middle page and for the last page (a deep page before the search has bookmarks), then,
 * once the search has been paged deep often enough to take its bookmarks (decision 058), the
 * median of repeated calls near page 1, a middle page and the last page (as between two
 * content changes).
 *
 * Then the spread traffic of `npm run bench` (scripts/bench-traffic.ts), each address once
 * on a fresh read cache, as its cold passes ask them: random list pages and random filtered
 * searches (status, type, place, sort, a page up to the last), each call's time summed and
 * its median, 99th percentile and maximum.
 */

import { readListingSearch } from "../app/listing/listing-search.ts";
import { gridPageSize, listPageSize } from "../app/listing/paging.ts";
import { loadDotEnv } from "../config/env.ts";
import { openDatabase } from "../db/database.ts";
import {
  bookmarksAfterSkipping,
  searchPublishedProperties,
} from "../db/queries/property-search.ts";
import type { PropertySearch } from "../lib/property-search.ts";
import { drawTraffic } from "./bench-traffic.ts";

const searches: [label: string, search: Omit<PropertySearch, "page">][] = [
  ["/property (6 a page)", { sort: "new", limit: 6 }],
  ["/search by price (10)", { sort: "price_asc", limit: 10 }],
  ["For Rent, oldest", { sort: "old", limit: 10, status: "For Rent" }],
  ["For Sale, London", { sort: "new", limit: 10, status: "For Sale", location: "London" }],
  [
    "Villas, Canada, by price",
    { sort: "price_desc", limit: 10, type: "Villas", location: "Canada" },
  ],
  [
    "area 1000-3000, 3+ beds",
    { sort: "new", limit: 10, minArea: 1000, maxArea: 3000, bedrooms: 3 },
  ],
  [
    "price 1000-5000, 2+ baths, garage",
    { sort: "price_asc", limit: 10, minPrice: 1000, maxPrice: 5000, bathrooms: 2, garage: 1 },
  ],
  ["keyword 'garden'", { sort: "new", limit: 10, keyword: "garden" }],
  ["keyword 'sunlit loft'", { sort: "price_desc", limit: 10, keyword: "sunlit loft" }],
];

const repeats = 15;

/**
 * Milliseconds a call took: of this process's CPU for SQLite (the queries run in process, so
 * other load on the machine does not count), of the clock for PostgreSQL.
 */
async function time<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await run();
  if (!inProcess) return [performance.now() - started, result];
  const used = process.cpuUsage(cpu);
  return [(used.user + used.system) / 1000, result];
}

let inProcess = true;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/** Addresses of each kind of spread traffic, as `npm run bench` draws them by default. */
const spreadUrls = 5_000;

async function main(): Promise<void> {
  loadDotEnv();
  const url = process.env.DATABASE_URL?.trim() || "file:./data/app.db";
  const handle = openDatabase(url);
  const db = handle.db;
  inProcess = handle.dialect === "sqlite";
  console.log(inProcess ? "SQLite, CPU time of the process" : "PostgreSQL, wall-clock time");
  try {
    console.log(
      "| search | matches | first call | first call, middle page | first call, last page | page 1 | middle page | last page |",
    );
    console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for (const [label, search] of searches) {
      const [first, { total }] = await time(() =>
        searchPublishedProperties(db, { ...search, page: 1 }),
      );
      const last = Math.max(1, Math.ceil(total / search.limit));
      const middle = Math.max(1, Math.floor(last / 2));
      const [firstMiddle] = await time(() =>
        searchPublishedProperties(db, { ...search, page: middle }),
      );
      const [firstLast] = await time(() =>
        searchPublishedProperties(db, { ...search, page: last }),
      );
      // Deep pages until the search takes its bookmarks, as one paged through often does.
      for (let i = 0; i < 2 * bookmarksAfterSkipping; i++) {
        await searchPublishedProperties(db, { ...search, page: middle });
      }
      const cells: string[] = [];
      for (const page of [1, middle, last]) {
        const runs: number[] = [];
        for (let i = 0; i < repeats; i++) {
          // A page near the chosen one each time, as random traffic would ask.
          const near = Math.min(last, Math.max(1, page - i));
          runs.push(
            (await time(() => searchPublishedProperties(db, { ...search, page: near })))[0],
          );
        }
        cells.push(`${median(runs).toFixed(2)} ms (p. ${page})`);
      }
      console.log(
        `| ${label} | ${total.toLocaleString("en-US")} | ${first.toFixed(1)} ms | ${firstMiddle.toFixed(1)} ms | ${firstLast.toFixed(1)} ms | ${cells.join(" | ")} |`,
      );
    }
  } finally {
    await handle.close();
  }

  console.log("\n| spread traffic, each address once | calls | total | median | p99 | max |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  // A fresh connection, so nothing the searches above read is cached.
  const fresh = openDatabase(url);
  try {
    const traffic = await drawTraffic(fresh.db, spreadUrls);
    for (const [label, urls, limit] of [
      ["random list pages", traffic.listPages, gridPageSize],
      ["random filtered searches", traffic.searches, listPageSize],
    ] as const) {
      const runs: number[] = [];
      for (const address of urls) {
        const { filters, sort, page } = readListingSearch(
          new URL(address, "http://x").searchParams,
        );
        runs.push(
          (
            await time(() => searchPublishedProperties(fresh.db, { ...filters, sort, page, limit }))
          )[0],
        );
      }
      const sum = runs.reduce((total, run) => total + run, 0);
      console.log(
        `| ${label} | ${runs.length} | ${(sum / 1000).toFixed(2)} s | ${median(runs).toFixed(2)} ms | ${percentile(runs, 0.99).toFixed(1)} ms | ${Math.max(...runs).toFixed(1)} ms |`,
      );
    }
  } finally {
    await fresh.close();
  }
}

await main();
