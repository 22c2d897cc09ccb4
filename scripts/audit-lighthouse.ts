/**
 * `npm run audit:lighthouse [-- --build] [--form-factor mobile|desktop|both] [--runs N]`: Lighthouse in
 * Debian's Chromium (CHROMIUM_PATH overrides /usr/bin/chromium) on `/`, `/property`, `/search`,
 * `/search?view=map` (without tiles: the audit server has no MAP_TILE_URL), `/property/{slug}`,
 * `/contact`, and `/shortlist` and `/compare` of three properties of the production server on a freshly seeded database, as a
 * phone (Lighthouse's default: simulated slow 4G and a slowed CPU) and as a desktop. Prints each
 * category's score and LCP, CLS and TBT per page against the targets (the median of N runs per
 * page), and names the audits that cost points. It reports only: a missed target never fails the run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse, { desktopConfig, type Result } from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { ensureBuild, startAuditServer } from "./audit-server.ts";
import { auditChromiumFlags, chromiumPath } from "./chromium.ts";

const auditedPaths = [
  "/",
  "/property",
  "/search",
  "/search?view=map",
  "/property/{slug}",
  "/contact",
  "/shortlist?codes={codes}",
  "/compare?codes={codes}",
] as const;

type FormFactor = "mobile" | "desktop";

/** Scores are 0–100. */
const categoryTargets = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
} as const;
type CategoryId = keyof typeof categoryTargets;
const categoryIds = Object.keys(categoryTargets) as CategoryId[];

const metricTargets = {
  "largest-contentful-paint": { label: "LCP", max: 1500, unit: "ms" },
  "cumulative-layout-shift": { label: "CLS", max: 0.02, unit: "" },
  "total-blocking-time": { label: "TBT", max: 100, unit: "ms" },
} as const;
type MetricId = keyof typeof metricTargets;
const metricIds = Object.keys(metricTargets) as MetricId[];

interface PageResult {
  path: string;
  formFactor: FormFactor;
  scores: Record<CategoryId, number | null>;
  metrics: Record<MetricId, number | null>;
  /** The lowest and highest performance score over the runs. */
  performanceRange: [number, number] | null;
  /** The audits that cost points in a category under its target. */
  losses: string[];
  error?: string;
}

const usage = `Usage: npm run audit:lighthouse -- [--build] [--form-factor mobile|desktop|both] [--runs N]
                                       [--only PATH]… [--save DIR]

  --build        run \`npm run build\` first even if build/ exists (by default only when missing)
  --form-factor  which Lighthouse presets to run (default both)
  --runs         Lighthouse runs per page and form factor, 1 to 9 (default 3); the report shows
                 the median run, as Lighthouse's own docs advise, and the range of the scores
  --only         audit only this page, as listed above (such as /search or /property/{slug});
                 may be given more than once
  --save         write each page's median report as JSON into DIR (open it in the Lighthouse
                 viewer, or read its audits' details)`;

interface Options {
  build: boolean;
  formFactors: FormFactor[];
  runs: number;
  /** The audited pages to run; empty for all. */
  only: string[];
  /** Where to write the median reports, if anywhere. */
  saveDir?: string;
}

function parseArgs(args: readonly string[]): Options | null {
  const options: Options = {
    build: false,
    formFactors: ["mobile", "desktop"],
    runs: 3,
    only: [],
  };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = (args[i] as string).split("=", 2);
    if (flag === "--help" || flag === "-h") return null;
    if (flag === "--build") options.build = true;
    else if (flag === "--form-factor") {
      const value = inline ?? args[++i];
      if (value === "both") options.formFactors = ["mobile", "desktop"];
      else if (value === "mobile" || value === "desktop") options.formFactors = [value];
      else throw new Error(`--form-factor must be mobile, desktop or both (got "${value ?? ""}").`);
    } else if (flag === "--runs") {
      const value = Number(inline ?? args[++i]);
      if (!Number.isInteger(value) || value < 1 || value > 9)
        throw new Error("--runs must be a whole number from 1 to 9.");
      options.runs = value;
    } else if (flag === "--only") {
      const value = inline ?? args[++i] ?? "";
      if (!(auditedPaths as readonly string[]).includes(value))
        throw new Error(`--only must be one of ${auditedPaths.join(", ")} (got "${value}").`);
      options.only.push(value);
    } else if (flag === "--save") {
      const value = inline ?? args[++i];
      if (!value) throw new Error("--save needs a folder.");
      options.saveDir = value;
    } else throw new Error(`Unknown argument "${args[i]}".\n\n${usage}`);
  }
  return options;
}

/** Starts Chromium with a DevTools port and a throwaway profile; answers the port. */
async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), "audit-lighthouse-"));
  const child: ChildProcess = spawn(
    chromiumPath,
    [
      ...auditChromiumFlags,
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    await rm(profile, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolvePort, reject) => {
      let output = "";
      const timer = setTimeout(
        () => reject(new Error("Chromium did not start within 30 s.")),
        30_000,
      );
      child.stderr?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolvePort(Number(match[1]));
        }
      });
      child.once("error", reject);
      void exited.then(() => reject(new Error(`Chromium exited while starting:\n${output}`)));
    });
    return { port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Visits `url` until the page cache answers it compressed, so what is measured is the page as
 * its visitors get it, not the server's cold start: a shareable page is compressed for the
 * cache from its second visit on and sent uncompressed until then (decision 028). Pages that
 * are never kept (personal ones) are compressed per response, so the first answer tells.
 */
async function warmUp(url: string): Promise<void> {
  for (let visit = 0; visit < 10; visit++) {
    const response = await fetch(url, { headers: { "accept-encoding": "br, gzip" } });
    await response.arrayBuffer();
    if (response.headers.get("content-encoding")) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A short line for one row of an audit's details table (the first field that names it). */
function describeItem(item: Record<string, unknown>): string {
  const node = item.node as { snippet?: string; selector?: string } | undefined;
  const text = [
    item.issueType,
    item.text,
    item.description,
    node?.snippet,
    item.url,
    item.href,
  ].find((value) => typeof value === "string" && value.length > 0) as string | undefined;
  return (text ?? JSON.stringify(item)).replace(/\s+/g, " ").slice(0, 160);
}

/** The audits that lost points in `category`, worst first: "id (score): first items". */
function lossesIn(lhr: Result, category: CategoryId): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .flatMap((ref) => {
      const audit = lhr.audits[ref.id];
      return audit && audit.score !== null && audit.score < 1 ? [audit] : [];
    })
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .map((audit) => {
      const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
      const items = (details?.items ?? []).slice(0, 3).map(describeItem);
      const score = Math.round((audit.score ?? 0) * 100);
      return `${category}: ${audit.id} (${score})${items.length > 0 ? `: ${items.join(" | ")}` : ""}`;
    });
}

/** One Lighthouse run of `url`. */
async function runLighthouse(url: string, formFactor: FormFactor, port: number): Promise<Result> {
  const answer = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: categoryIds },
    formFactor === "desktop" ? desktopConfig : undefined,
  );
  if (!answer) throw new Error("Lighthouse returned no result");
  if (answer.lhr.runtimeError) throw new Error(answer.lhr.runtimeError.message);
  return answer.lhr;
}

/**
 * `runs` Lighthouse runs of `url`, reported by their median run: simulated throttling replays
 * what one real load observed, so a single run can be an outlier either way.
 */
async function audit(
  url: string,
  path: string,
  formFactor: FormFactor,
  port: number,
  runs: number,
  saveTo?: string,
) {
  const result: PageResult = {
    path,
    formFactor,
    scores: { performance: null, accessibility: null, "best-practices": null, seo: null },
    metrics: {
      "largest-contentful-paint": null,
      "cumulative-layout-shift": null,
      "total-blocking-time": null,
    },
    performanceRange: null,
    losses: [],
  };
  try {
    // A run can fail on its own (Chromium sometimes records no navigation start): the page is
    // reported from the runs that worked, and fails only when none did.
    const lhrs: Result[] = [];
    let lastError: unknown;
    for (let run = 0; run < runs; run++) {
      try {
        lhrs.push(await runLighthouse(url, formFactor, port));
      } catch (error) {
        lastError = error;
      }
    }
    if (lhrs.length === 0) throw lastError;
    const valid = filterToValidRuns(lhrs);
    const lhr = computeMedianRun(valid.length > 0 ? valid : lhrs);
    if (saveTo) await writeFile(saveTo, JSON.stringify(lhr));
    const performance = lhrs.map((run) =>
      Math.round((run.categories.performance?.score ?? 0) * 100),
    );
    result.performanceRange = [Math.min(...performance), Math.max(...performance)];
    for (const id of categoryIds) {
      const score = lhr.categories[id]?.score;
      result.scores[id] = typeof score === "number" ? Math.round(score * 100) : null;
      if (result.scores[id] !== null && (result.scores[id] ?? 0) < categoryTargets[id]) {
        result.losses.push(...lossesIn(lhr, id));
      }
    }
    for (const id of metricIds) result.metrics[id] = lhr.audits[id]?.numericValue ?? null;
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  }
  return result;
}

function table(rows: string[][]): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(" | ")} |`;
  const [head, ...body] = rows;
  return [
    line(head ?? []),
    `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`,
    ...body.map(line),
  ].join("\n");
}

/** A value with a `*` when it misses its target. */
function mark(text: string, missed: boolean): string {
  return missed ? `${text}*` : text;
}

function report(results: readonly PageResult[]): string {
  const head = ["page", "form", "perf", "range", "a11y", "best", "seo", "LCP ms", "CLS", "TBT ms"];
  const rows = results.map((result) => {
    const scores = categoryIds.map((id) => {
      const score = result.scores[id];
      return score === null ? "-" : mark(String(score), score < categoryTargets[id]);
    });
    const metrics = metricIds.map((id) => {
      const value = result.metrics[id];
      if (value === null) return "-";
      const text = id === "cumulative-layout-shift" ? value.toFixed(3) : value.toFixed(0);
      return mark(text, value > metricTargets[id].max);
    });
    const range = result.performanceRange ? result.performanceRange.join("–") : "-";
    const [performance, ...others] = scores;
    return [result.path, result.formFactor, performance ?? "-", range, ...others, ...metrics];
  });
  const out = [table([head, ...rows])];
  out.push(
    "Each row is the median of the runs (Lighthouse's computeMedianRun); range is the lowest " +
      "and highest performance score of the runs.",
    "Targets: performance ≥ 95, accessibility 100, best practices 100, SEO 100; " +
      "LCP ≤ 1500 ms, CLS ≤ 0.02, TBT ≤ 100 ms. * marks a missed target.",
  );
  const notes = results.flatMap((result) => [
    ...(result.error ? [`${result.path} (${result.formFactor}): failed: ${result.error}`] : []),
    ...result.losses.map((loss) => `${result.path} (${result.formFactor}): ${loss}`),
  ]);
  if (notes.length > 0)
    out.push("", "Audits that cost points:", ...notes.map((note) => `  ${note}`));
  return out.join("\n");
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!options) {
    console.log(usage);
    return;
  }
  ensureBuild(options.build);
  const server = await startAuditServer();
  const results: PageResult[] = [];
  try {
    const chromium = await launchChromium();
    try {
      for (const formFactor of options.formFactors) {
        const routes = options.only.length > 0 ? options.only : auditedPaths;
        if (options.saveDir) await mkdir(options.saveDir, { recursive: true });
        for (const route of routes) {
          const path = route
            .replace("{slug}", encodeURIComponent(server.slug))
            .replace("{codes}", encodeURIComponent(server.codes));
          console.error(`Lighthouse (${formFactor}): ${path}`);
          await warmUp(`${server.base}${path}`);
          results.push(
            await audit(
              `${server.base}${path}`,
              path,
              formFactor,
              chromium.port,
              options.runs,
              options.saveDir &&
                join(options.saveDir, `${formFactor}-${route.replace(/[^a-z0-9]+/gi, "_")}.json`),
            ),
          );
        }
      }
    } finally {
      await chromium.stop();
    }
  } finally {
    await server.stop();
  }
  console.log(report(results));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
