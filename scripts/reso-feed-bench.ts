/**
 * `node scripts/reso-feed-bench.ts [--dialect sqlite|postgres|both] [--count N]`: how long the
 * RESO feed (decision 094) takes to answer at N generated listings (100,000 by default), on a
 * fresh database of each dialect: the server built in process (no site) and asked through
 * `app.inject`, so the times are the feed's own (token check, parsing, SQL, JSON), without a
 * network. For each query: the first answer, then the median and the slowest of 20 more; CPU
 * time on SQLite (it runs in process, so other load on the machine does not count), the
 * clock's on PostgreSQL.
 * PostgreSQL is the server of BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { StaffSession } from "#app-context";
import { loadConfig } from "../config/env.ts";
import { type Dialect, openDatabase } from "../db/database.ts";
import { fillWithGeneratedProperties } from "../db/seed/generate.ts";
import { buildApp } from "../server/app.ts";
import { createAdminPortals } from "../server/staff/portals.ts";
import { createBenchDatabase } from "./bench-database.ts";

const queries = [
  "$filter=ListPrice gt 500000&$top=200",
  "$filter=ListPrice gt 500000&$top=200&$count=true",
  "$filter=ListPrice gt 500000&$orderby=ListPrice desc&$top=200",
  "$filter=ModificationTimestamp gt 2020-01-01T00:00:00Z&$orderby=ModificationTimestamp&$top=200",
  "$filter=contains(City,'York') and BedroomsTotal ge 3&$top=200&$expand=Media",
  "$top=200&$skip=50000&$select=ListingKey,ListPrice",
];

const repeats = 20;

const { values } = parseArgs({
  options: {
    dialect: { type: "string", default: "both" },
    count: { type: "string", default: "100000" },
  },
});
const count = Number(values.count);
if (!Number.isSafeInteger(count) || count < 1 || count > 1_000_000) {
  throw new Error("--count must be a whole number from 1 to 1,000,000");
}
const dialects: Dialect[] =
  values.dialect === "both" ? ["sqlite", "postgres"] : [values.dialect as Dialect];
if (!dialects.every((dialect) => dialect === "sqlite" || dialect === "postgres")) {
  throw new Error("--dialect must be sqlite, postgres or both");
}
const adminPostgresUrl =
  process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const milliseconds = (value: number) => `${value.toFixed(1)} ms`;

async function benchDialect(dialect: Dialect) {
  const database = await createBenchDatabase(dialect, adminPostgresUrl);
  const handle = openDatabase(database.url);
  try {
    const imageDir = mkdtempSync(join(tmpdir(), "homes-reso-bench-images-"));
    mkdirSync(join(imageDir, "property"));
    console.error(`${dialect}: generating ${count.toLocaleString("en-US")} listings…`);
    await fillWithGeneratedProperties(handle, { count, imageDir });
    const config = loadConfig({
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      DATABASE_URL: database.url,
      IMAGE_DIR: imageDir,
      SEED_DEMO_CONTENT: "false",
      FEEDS_RATE_LIMIT: "off",
      MAX_EVENT_LOOP_DELAY_MS: "0",
      API_TOKEN: randomBytes(16).toString("hex"),
    });
    const app = await buildApp({ config, database: handle, site: false });
    try {
      const added = await app.feedConsumers.add({ id: null, email: "cli" }, "Bench");
      if (!added.ok) throw new Error(added.message);
      const headers = { authorization: `Bearer ${added.token}` };
      const unit = dialect === "sqlite" ? "CPU time" : "wall-clock time";
      console.log(`\n${dialect}, ${count.toLocaleString("en-US")} listings (${unit})`);
      // The page 50,000 deep again, as a consumer following the next links reaches it: by the
      // $skiptoken of the page before it (decision 110).
      const before = await app.inject({
        url: "/odata/Property?$skip=49800&$select=ListingKey,ListPrice",
        headers,
      });
      const link = (before.json() as { "@odata.nextLink"?: string })["@odata.nextLink"] ?? "";
      const byToken = `$top=200&${link.slice(link.indexOf("?") + 1)}`;
      for (const query of [...queries, byToken]) {
        const url = `/odata/Property?${query.replaceAll(" ", "%20")}`;
        // SQLite runs in this process: its CPU time is the feed's whole cost, whatever else
        // the machine is doing. PostgreSQL's work is in its server: the clock's time.
        const ask = async () => {
          const started = performance.now();
          const cpu = process.cpuUsage();
          const response = await app.inject({ url, headers });
          const used = process.cpuUsage(cpu);
          const took =
            dialect === "sqlite" ? (used.user + used.system) / 1000 : performance.now() - started;
          if (response.statusCode !== 200) throw new Error(`${query}: ${response.body}`);
          return { took, listings: (response.json() as { value: unknown[] }).value.length };
        };
        const first = await ask();
        const times: number[] = [];
        for (let i = 0; i < repeats; i += 1) times.push((await ask()).took);
        times.sort((a, b) => a - b);
        console.log(
          `  ${query}\n    ${first.listings} listings; first ${milliseconds(first.took)}, ` +
            `median ${milliseconds(times[Math.floor(repeats / 2)] ?? 0)}, ` +
            `slowest ${milliseconds(times[repeats - 1] ?? 0)}`,
        );
      }
      // The back office's Portals page (decision 104): each feed's readiness, in SQL, then
      // the refused listings' reasons; wall-clock time on both dialects.
      const portals = createAdminPortals({
        database: handle,
        config,
        consumers: app.feedConsumers,
      });
      const owner = {
        user: { id: 1, email: "owner@example.com", role: "owner" },
        csrfToken: "",
      } as unknown as StaffSession;
      const overview = async () => {
        const started = performance.now();
        const feeds = await portals.overview(owner);
        return { took: performance.now() - started, feeds };
      };
      const firstOverview = await overview();
      const overviewTimes: number[] = [];
      for (let i = 0; i < 5; i += 1) overviewTimes.push((await overview()).took);
      overviewTimes.sort((a, b) => a - b);
      console.log(
        `  the Portals page's overview (wall-clock)\n    ${firstOverview.feeds
          .map((feed) => `${feed.feed} ${feed.refusedCount} refused of ${feed.switchedOn}`)
          .join(", ")}; first ${milliseconds(firstOverview.took)}, median ${milliseconds(
          overviewTimes[2] ?? 0,
        )}, slowest ${milliseconds(overviewTimes[4] ?? 0)}`,
      );
    } finally {
      await app.close();
      rmSync(imageDir, { recursive: true, force: true });
    }
  } finally {
    await handle.close();
    await database.drop();
  }
}

for (const dialect of dialects) await benchDialect(dialect);
