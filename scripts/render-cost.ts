/**
 * `npm run render:cost [-- --count 20000 --pages 2000] [--kind property|list|search]`: what one
 * uncached page costs the server's thread. Builds the production app in process (`npm run
 * build` first) on a fresh SQLite database of `--count` generated properties, with the page
 * cache off, and asks `--pages` distinct pages through `app.inject()`, each once: the CPU time
 * per page (process.cpuUsage, so other load on the machine does not count) after a warm-up on
 * other pages. SQLite runs in process, so the figure includes the queries. The pages are the
 * bench's (bench-traffic.ts): property pages (the default), `/property?page=N` list pages up to
 * the last, or filtered `/search` pages.
 *
 * NODE_ENV must be production, as the server runs (React's development build costs several
 * times more). `--profile FILE` writes a CPU profile of the timed renders alone (open it in
 * Chrome's DevTools, Performance panel) to see where the time goes.
 *
 * `--dump DIR` writes the timed pages' HTML to DIR (one file a page, asked again after the timed
 * run), on a database generated at a fixed moment: two builds' dumps are the same files when a
 * change to rendering leaves every page as it was (`diff -r`).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config/env.ts";
import { openDatabase } from "../db/database.ts";
import { fillWithGeneratedProperties } from "../db/seed/generate.ts";
import { buildApp } from "../server/app.ts";
import { drawTraffic } from "./bench-traffic.ts";
import { serveCommand } from "./serve-command.ts";

if (process.env.NODE_ENV !== "production") {
  throw new Error("run with NODE_ENV=production (npm run render:cost does)");
}
// The figure is the server's only under the server's heap flags (decision 040): say so when
// they differ from `npm run serve`'s (an experiment, or package.json's two scripts drifting).
const serveFlags = serveCommand().nodeFlags;
if (serveFlags.some((flag) => !process.execArgv.includes(flag))) {
  console.warn(`not npm run serve's heap flags (${serveFlags.join(" ")}): not the server's figure`);
}

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "20000" },
    pages: { type: "string", default: "2000" },
    warmup: { type: "string", default: "300" },
    kind: { type: "string", default: "property" },
    profile: { type: "string" },
    dump: { type: "string" },
  },
});
const count = Number(values.count);
const pages = Number(values.pages);
const warmup = Number(values.warmup);

const dir = mkdtempSync(join(tmpdir(), "homes-render-cost-"));
const url = `file:${join(dir, "app.db")}`;
const imageDir = join(dir, "images");

const handle = openDatabase(url);
// Dates shown (JSON-LD's datePosted) are relative to the generation: fixed for a dump.
const dumpNow = new Date("2026-01-01T00:00:00Z");
await fillWithGeneratedProperties(handle, {
  count,
  imageDir,
  ...(values.dump ? { now: dumpNow } : {}),
});
const traffic = await drawTraffic(handle.db, pages + warmup);
const urlsOfKind: Record<string, string[]> = {
  property: traffic.propertyPages,
  list: traffic.listPages,
  search: traffic.searches,
};
const chosen = urlsOfKind[values.kind];
if (!chosen) throw new Error("--kind is property, list or search");
if (chosen.length < pages + warmup) {
  throw new Error(`${chosen.length} ${values.kind} pages: too few for --pages and --warmup`);
}

const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  DATABASE_URL: url,
  IMAGE_DIR: imageDir,
  SEED_DEMO_CONTENT: "false",
  PAGE_CACHE_TTL: "0",
  // A loaded machine must not turn pages into 503s: this measures CPU, not overload.
  MAX_EVENT_LOOP_DELAY_MS: "0",
  API_TOKEN: randomBytes(24).toString("hex"),
  SITE_URL: "https://homes.example",
});
const app = await buildApp({ config, database: handle, site: true });
await app.ready();

async function page(url: string): Promise<string> {
  const answer = await app.inject({ url });
  if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode}`);
  return answer.body;
}

async function ask(url: string): Promise<number> {
  return (await page(url)).length;
}

try {
  for (const url of chosen.slice(pages, pages + warmup)) await ask(url);
  const session = values.profile ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
  }
  let bytes = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (const url of chosen.slice(0, pages)) bytes += await ask(url);
  const used = process.cpuUsage(cpu);
  const wall = performance.now() - started;
  const cpuMs = (used.user + used.system) / 1000;
  if (session && values.profile) {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(values.profile, JSON.stringify(profile));
    session.disconnect();
  }
  console.log(
    `${pages} distinct ${values.kind} pages of ${count.toLocaleString("en-US")} properties: ` +
      `${(cpuMs / pages).toFixed(2)} ms CPU a page, ${(wall / pages).toFixed(2)} ms wall, ` +
      `${Math.round(bytes / pages).toLocaleString("en-US")} bytes a page`,
  );
  if (values.dump) {
    mkdirSync(values.dump, { recursive: true });
    for (const [index, url] of chosen.slice(0, pages).entries()) {
      writeFileSync(join(values.dump, `${String(index).padStart(5, "0")}.html`), await page(url));
    }
    console.log(`${pages} pages written to ${values.dump}`);
  }
} finally {
  await app.close();
  handle.close();
  rmSync(dir, { recursive: true, force: true });
}
