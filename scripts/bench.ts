/**
 * `npm run bench [-- --dialect sqlite|postgres|both]`: load-tests the production server on a
 * database of 100,000 generated properties, per dialect, and prints req/s, p50/p95/p99 latency,
 * non-2xx answers and the server's peak RSS against the targets. It reports only: a missed
 * target never fails the run. Decision 034 says what is measured and why.
 *
 * Traffic as users cause it (issue 15): each run spread over the catalogue, thousands of
 * distinct property pages, list pages up to the last and filter combinations of /search
 * (scripts/bench-traffic.ts), each kind once cold (every URL asked for the first time since
 * the server started) and once warm (the same URLs again), with the page cache's hit share.
 *
 * Single URL (each URL the same on every request, so after the first it measures the page
 * cache): `/`, list pages, a search, a property page and its API record (decision 009), and
 * a page of the RESO feed, `$filter=ListPrice gt 500000&$top=200` (never cached; decision 094).
 *
 * Through the proxy: `/` through docs/deployment.md's nginx block as written (its proxy_cache),
 * beside the same nginx serving the same bytes as a static file (scripts/bench-nginx.ts).
 *
 * Static baseline: the HTML of `/` and `/property/{slug}` is saved and served, byte for byte,
 * by a plain node:http server in its own process, loaded the same way; the site's requests/s
 * are reported as a share of that server's (target ≥ 50 %, with the site's p99 ≤ 50 ms).
 *
 * Under cache busting (issue 14): `/` (cached) is loaded again while 32 more connections ask
 * for a new keyword search on every request, each a page cache miss; its latency is reported
 * with the busting client's answers by status. It shows whether misses starve cached pages.
 *
 * SQLite: a fresh file under data/bench/ (deleted after). PostgreSQL: a fresh database on
 * BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped after.
 * Every request goes to 127.0.0.1; each load run is bounded in time and in count.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { get } from "node:http";
import { createServer } from "node:net";
import os from "node:os";
import { join, resolve } from "node:path";
import autocannon, { type Instance } from "autocannon";
import { type Dialect, openDatabase } from "../db/database.ts";
import { fillWithGeneratedProperties, generatedCode } from "../db/seed/generate.ts";
import { createProgressBar } from "../db/seed/progress.ts";
import { createFeedConsumers } from "../server/feeds/consumers.ts";
import { createBenchDatabase } from "./bench-database.ts";
import { hasNginx, startBenchNginx } from "./bench-nginx.ts";
import { drawTraffic, seededRandom, shuffled, type Traffic } from "./bench-traffic.ts";
import { serveCommand } from "./serve-command.ts";

const root = resolve(import.meta.dirname, "..");
const adminPostgresUrl =
  process.env.BENCH_POSTGRES_URL?.trim() || "postgres://postgres@127.0.0.1:5432/postgres";

const targets = {
  listingP95Ms: 30,
  detailP95Ms: 15,
  rssMb: 300,
  staticShare: 0.5,
  cachedPageP99Ms: 50,
};

/** Issue 15's targets, at 32 connections, for traffic spread over the catalogue. */
const spreadTargets = {
  property: { requestsPerSecond: 800, p99Ms: 100 },
  listing: { requestsPerSecond: 400, p99Ms: 150 },
  cachedShareOfNode: 0.5,
  cachedP99Ms: 20,
  proxyShareOfNginx: 0.8,
};

/** The server runs as `npm run serve` runs it: its malloc settings and V8 heap sizes. */
const serve = serveCommand();
const defaultServerNodeOptions = serve.nodeFlags.join(" ");
/** `npm run serve`'s glibc malloc settings (MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_). */
const serverMallocEnv = Object.fromEntries(
  Object.entries(serve.env).filter(([name]) => name.startsWith("MALLOC_")),
);

const usage = `Usage: npm run bench -- [--dialect sqlite|postgres|both] [--count N] [--duration S]
                      [--connections C] [--urls N] [--build] [--busting-only]

  --dialect      which databases to measure (default both)
  --count        generated properties (default 100,000; at most 1,000,000)
  --duration     seconds of load per URL, and per pass of the spread traffic (default 10; 1 to 60)
  --connections  concurrent connections (default 32; 1 to 200)
  --urls         distinct URLs per kind of spread traffic (default 5,000; 100 to 100,000)
  --build        run \`npm run build\` first even if build/ exists (by default only when missing)
  --busting-only only the line of \`/\` while 32 connections bust the cache
  --server-node-options "FLAGS"
                 NODE_OPTIONS for the server, to try V8 heap sizes, such as
                 "--max-semi-space-size=16 --max-old-space-size=256"
                 (default: "${defaultServerNodeOptions}", as npm start)

Environment: BENCH_POSTGRES_URL, the server whose database is used to CREATE and DROP the
bench database (default postgres://postgres@127.0.0.1:5432/postgres).`;

interface Options {
  dialects: Dialect[];
  count: number;
  duration: number;
  connections: number;
  urls: number;
  build: boolean;
  bustingOnly: boolean;
  serverNodeOptions: string;
}

class UsageError extends Error {}

function parseArgs(args: readonly string[]): Options | "help" {
  const options: Options = {
    dialects: ["sqlite", "postgres"],
    count: 100_000,
    duration: 10,
    connections: 32,
    urls: 5_000,
    build: false,
    bustingOnly: false,
    serverNodeOptions: defaultServerNodeOptions,
  };
  const whole = (name: string, value: string | undefined, min: number, max: number) => {
    const number = Number((value ?? "").replace(/[_,]/g, ""));
    if (
      !/^\d[\d_,]*$/.test(value ?? "") ||
      !Number.isInteger(number) ||
      number < min ||
      number > max
    ) {
      throw new UsageError(
        `--${name} must be a whole number from ${min} to ${max} (got "${value ?? ""}").`,
      );
    }
    return number;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const equals = arg.indexOf("=");
    const flag = equals === -1 ? arg : arg.slice(0, equals);
    const inline = equals === -1 ? undefined : arg.slice(equals + 1);
    const value = () => inline ?? args[++i];
    switch (flag) {
      case "--help":
      case "-h":
        return "help";
      case "--dialect": {
        const dialect = value();
        if (dialect === "both") options.dialects = ["sqlite", "postgres"];
        else if (dialect === "sqlite" || dialect === "postgres") options.dialects = [dialect];
        else
          throw new UsageError(
            `--dialect must be sqlite, postgres or both (got "${dialect ?? ""}").`,
          );
        break;
      }
      case "--count":
        options.count = whole("count", value(), 1, 1_000_000);
        break;
      case "--duration":
        options.duration = whole("duration", value(), 1, 60);
        break;
      case "--connections":
        options.connections = whole("connections", value(), 1, 200);
        break;
      case "--urls":
        options.urls = whole("urls", value(), 100, 100_000);
        break;
      case "--build":
        options.build = true;
        break;
      case "--busting-only":
        options.bustingOnly = true;
        break;
      case "--server-node-options": {
        const flags = value() ?? "";
        if (!/^(\s*--[\w-]+(=[\w.-]+)?)*\s*$/.test(flags)) {
          throw new UsageError(`--server-node-options takes V8/Node flags only (got "${flags}").`);
        }
        options.serverNodeOptions = flags.trim();
        break;
      }
      default:
        throw new UsageError(`Unknown argument "${args[i]}".`);
    }
  }
  return options;
}

/** What is measured; `kind` picks the p95 target (the home page is held to the listing's). */
interface Target {
  label: string;
  path: string;
  kind: "home" | "listing" | "detail";
  headers?: Record<string, string>;
}

interface Measurement {
  target: Target;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** autocannon's own p97.5, for comparison with its reports. */
  p97_5: number;
  requests: number;
  non2xx: number;
  errors: number;
  peakRssMb: number;
  /** Set when the URL was not loaded: one warm-up request alone was too slow. */
  skipped?: string;
}

/** A page of the site against the same bytes from a plain static server. */
interface BaselineComparison {
  label: string;
  bytes: number;
  site: Measurement;
  static: Measurement;
}

interface DialectReport {
  dialect: Dialect;
  baseline: BaselineComparison[];
  /** Traffic spread over the catalogue, cold and warm, by kind. */
  spread: SpreadMeasurement[];
  /** A page through the guide's nginx proxy cache against nginx serving its bytes as a file. */
  proxy?: ProxyComparison;
  /** Why there is no proxy row (nginx missing, say). */
  proxySkipped?: string;
  lastListPage: number;
  generateSeconds: number;
  startRssMb: number;
  peakRssMb: number;
  /** The machine's 1-minute load average when the load runs began: others' work competes. */
  loadAverage: number;
  measurements: Measurement[];
  underCacheBusting?: CacheBustingMeasurement;
}

/** A warm-up request slower than this means load would only pile up work: the URL is skipped. */
const slowProbeMs = 5_000;

// Cleanup that must run however the run ends (error, Ctrl-C).
const cleanups = new Set<() => Promise<void> | void>();
let interrupted = false;
/** The load runs in progress, stopped on Ctrl-C. */
const running = new Set<Instance>();

async function runCleanups(): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    cleanups.delete(cleanup);
  }
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function rssMbOf(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

type RssSampler = ReturnType<typeof sampleRss>;

/** Samples a process's RSS every 100 ms; `peak` since start, `phasePeak` since `resetPhase`. */
function sampleRss(pid: number) {
  const state = { peak: 0, phasePeak: 0 };
  const sample = () => {
    const rss = rssMbOf(pid);
    if (rss === undefined) return;
    state.peak = Math.max(state.peak, rss);
    state.phasePeak = Math.max(state.phasePeak, rss);
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    get peak() {
      return state.peak;
    },
    get phasePeak() {
      return state.phasePeak;
    },
    resetPhase() {
      sample();
      state.phasePeak = rssMbOf(pid) ?? 0;
    },
    stop() {
      clearInterval(timer);
      sample();
    },
  };
}

/** Starts `node server/index.ts` in production mode and waits until /readyz answers. */
async function startServer(databaseUrl: string, apiToken: string, nodeOptions: string) {
  const port = await freePort();
  // Metrics on a loopback port of their own: the page cache's hits and misses per run.
  const metricsPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    API_TOKEN: apiToken,
    CONTACT_RATE_LIMIT: "off",
    FEEDS_RATE_LIMIT: "off",
    LOG_LEVEL: "warn",
    IMAGE_DIR: "./data/images",
    SEED_DEMO_CONTENT: "false",
    // Stopped between runs with no proxy in front: no drain (decision 091).
    SHUTDOWN_DRAIN_MS: "0",
    METRICS_PORT: String(metricsPort),
    // As `npm run serve`: two malloc arenas, not one per thread (decision 034's addendum), and
    // large blocks given back when freed (decision 038's addendum).
    ...serverMallocEnv,
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
  };
  const child: ChildProcess = spawn(process.execPath, ["server/index.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const stop = async () => {
    if (exited || child.exitCode !== null) return;
    const gone = new Promise<void>((done) => child.once("exit", () => done()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await gone;
    clearTimeout(timer);
  };
  cleanups.add(stop);

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error("The server exited while starting (see its output above).");
    if (Date.now() > deadline) throw new Error("The server did not become ready within 60 s.");
    try {
      const answer = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (answer.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  if (child.pid === undefined) throw new Error("The server has no process id.");
  return { base, metricsBase: `http://127.0.0.1:${metricsPort}`, pid: child.pid, stop };
}

/** The server's page cache lookups so far (its /metrics). */
async function pageCacheLookups(metricsBase: string): Promise<{ hit: number; miss: number }> {
  const text = await (
    await fetch(`${metricsBase}/metrics`, { signal: AbortSignal.timeout(5_000) })
  ).text();
  const count = (result: string) =>
    Number(
      new RegExp(`^page_cache_lookups_total\\{result="${result}"\\} (\\S+)$`, "m").exec(
        text,
      )?.[1] ?? Number.NaN,
    );
  return { hit: count("hit"), miss: count("miss") };
}

async function load(
  base: string,
  target: Target,
  connections: number,
  duration: number,
): Promise<{ times: number[]; result: Awaited<Instance> }> {
  const times: number[] = [];
  const instance = autocannon({
    url: `${base}${target.path}`,
    connections,
    duration,
    timeout: 10,
    // Bounded in count as well as in time.
    maxOverallRequests: 50_000 * duration,
    ...(target.headers ? { headers: target.headers } : {}),
  });
  running.add(instance);
  instance.on("response", (_client, _status, _bytes, responseTimeMs) => {
    times.push(responseTimeMs);
  });
  try {
    const result = await instance;
    return { times: times.sort((a, b) => a - b), result };
  } finally {
    running.delete(instance);
  }
}

/** Connections of the client that asks for a new search on every request (issue 14). */
const cacheBustingConnections = 32;
/** Connections that meanwhile load the cached page. */
const cachedPageConnections = 10;

/** The `n`th visitor's address (TEST-NET-2 and -3, RFC 5737), for X-Forwarded-For. */
function visitorAddress(n: number): string {
  return `${n % 2 ? "198.51.100" : "203.0.113"}.${(n >> 1) % 250}`;
}

/** A cached page's latency while another client misses the page cache on every request. */
interface CacheBustingMeasurement {
  cached: Measurement;
  /** The busting client's answers by status (0: no answer, an error or a time-out). */
  bustingStatuses: Map<number, number>;
}

/**
 * Loads `target` (a cached page) while `cacheBustingConnections` more connections ask for
 * `/search?email=<a new word each time>`: a keyword search the site must render, every one a
 * page cache miss, as a hostile client would send them.
 */
async function loadWhileBustingCache(
  base: string,
  target: Target,
  duration: number,
): Promise<CacheBustingMeasurement> {
  const word = `bust${randomBytes(3).toString("hex")}`;
  let counter = 0;
  const busting = autocannon({
    url: `${base}/search`,
    connections: cacheBustingConnections,
    duration,
    timeout: 10,
    maxOverallRequests: 50_000 * duration,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: `/search?email=${word}${counter++}`,
          // One hostile client, as the trusted proxy in front (loopback) names it.
          headers: { ...(request.headers ?? {}), "x-forwarded-for": "198.51.100.66" },
        }),
      },
    ],
  });
  running.add(busting);
  const bustingStatuses = new Map<number, number>();
  busting.on("response", (_client, status: number) => {
    bustingStatuses.set(status, (bustingStatuses.get(status) ?? 0) + 1);
  });
  try {
    const [{ times, result }, bustingResult] = await Promise.all([
      load(base, target, cachedPageConnections, duration),
      busting,
    ]);
    const unanswered = bustingResult.errors + bustingResult.timeouts;
    if (unanswered > 0) bustingStatuses.set(0, unanswered);
    return { cached: measurementOf(target, times, result, 0), bustingStatuses };
  } finally {
    running.delete(busting);
  }
}

/**
 * One pass of spread traffic. Rate and percentiles count the pages answered (2xx and 3xx):
 * a 503 of a server shedding load is fast and would flatter both.
 */
interface PassResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers by status: 2xx, 3xx, 503 (shed, decision 028), other 4xx/5xx. */
  ok: number;
  redirects: number;
  shed: number;
  failed: number;
  /** No answer: errors and time-outs. */
  errors: number;
  /** The page cache's share of hits among the pass's lookups (NaN without metrics). */
  pageCacheHitShare: number;
  /** The server's peak RSS during the pass, MB. */
  peakRssMb: number;
}

interface SpreadMeasurement {
  label: string;
  kind: "property" | "listing";
  distinct: number;
  cold: PassResult;
  warm: PassResult;
}

/**
 * Loads `urls` over `connections`: with `once`, each URL at most once, in order (a cold pass:
 * none asked before); otherwise over and over. Returns the pass and how many URLs were sent.
 */
async function loadUrls(
  server: { base: string; metricsBase: string },
  rss: RssSampler,
  urls: readonly string[],
  connections: number,
  duration: number,
  once: boolean,
): Promise<{ pass: PassResult; sent: number }> {
  let next = 0;
  const times: number[] = [];
  const byClass = { ok: 0, redirects: 0, shed: 0, failed: 0 };
  const before = await pageCacheLookups(server.metricsBase).catch(() => undefined);
  rss.resetPhase();
  const instance = autocannon({
    url: server.base,
    connections,
    duration,
    timeout: 10,
    maxOverallRequests: once ? urls.length : 50_000 * duration,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: urls[next++ % urls.length] as string,
          // Many visitors, as a crawler's and the public's traffic is: each request from an
          // address of its own, as the trusted proxy in front (loopback) would name it.
          headers: { ...(request.headers ?? {}), "x-forwarded-for": visitorAddress(next) },
        }),
      },
    ],
  });
  running.add(instance);
  instance.on("response", (_client, status, _bytes, responseTimeMs) => {
    if (status >= 200 && status < 400) times.push(responseTimeMs);
    if (status >= 200 && status < 300) byClass.ok++;
    else if (status >= 300 && status < 400) byClass.redirects++;
    else if (status === 503) byClass.shed++;
    else byClass.failed++;
  });
  try {
    const result = await instance;
    const after = await pageCacheLookups(server.metricsBase).catch(() => undefined);
    const hits = after && before ? after.hit - before.hit : Number.NaN;
    const misses = after && before ? after.miss - before.miss : Number.NaN;
    times.sort((a, b) => a - b);
    return {
      sent: Math.min(next, urls.length),
      pass: {
        requestsPerSecond: times.length / result.duration,
        p50: percentile(times, 0.5),
        p99: percentile(times, 0.99),
        requests: times.length,
        ...byClass,
        errors: result.errors + result.timeouts,
        pageCacheHitShare: hits / (hits + misses),
        peakRssMb: rss.phasePeak,
      },
    };
  } finally {
    running.delete(instance);
  }
}

/** Time for the server to finish what a run left queued (renders a stopped client asked for). */
const settle = () => new Promise((wait) => setTimeout(wait, 3_000));

/**
 * One kind of spread traffic: a cold pass over `urls` (each once, none asked before), then a
 * warm pass over the URLs the cold pass sent, in another order, again and again.
 */
async function loadSpread(
  server: { base: string; metricsBase: string },
  rss: RssSampler,
  label: string,
  kind: SpreadMeasurement["kind"],
  urls: readonly string[],
  options: Options,
): Promise<SpreadMeasurement> {
  console.error(`   ${label}: cold pass, then warm pass, ${options.duration} s each`);
  const cold = await loadUrls(server, rss, urls, options.connections, options.duration, true);
  await settle();
  const asked = shuffled(urls.slice(0, Math.max(1, cold.sent)), seededRandom(34));
  const warm = await loadUrls(server, rss, asked, options.connections, options.duration, false);
  return { label, kind, distinct: cold.sent, cold: cold.pass, warm: warm.pass };
}

/** `/` through the guide's nginx proxy cache against nginx serving the same bytes as a file. */
interface ProxyComparison {
  path: string;
  bytes: number;
  /** X-Cache-Status of a request after the proxy run (HIT when the page was kept). */
  cacheStatus: string;
  /** Page requests the app server saw during the proxy's load run (its page cache lookups). */
  reachedApp: number;
  proxy: Measurement;
  static: Measurement;
}

function measurementOf(
  target: Target,
  times: number[],
  result: Awaited<Instance>,
  peakRssMb: number,
): Measurement {
  return {
    target,
    requestsPerSecond: times.length / result.duration,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    p97_5: result.latency.p97_5,
    requests: times.length,
    non2xx: result.non2xx,
    errors: result.errors,
    peakRssMb,
  };
}

/** The pages whose saved HTML the static baseline serves. */
const baselineLabels = ["/", "/property/{slug}"];

/** What the static baseline process runs: each saved body at its path, nothing else. */
const staticServerSource = `
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
const pages = new Map(
  JSON.parse(readFileSync(process.env.BASELINE_INDEX, "utf8")).map(([path, file]) => [path, readFileSync(file)]),
);
createServer((request, response) => {
  const body = pages.get(request.url);
  if (!body) return response.writeHead(404).end();
  response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
  response.end(body);
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

/** Serves `pages`' bytes from a plain node:http server in a process of its own. */
async function startStaticServer(pages: { path: string; body: Buffer }[]) {
  const dir = join(root, "data", "bench", `static-${randomBytes(4).toString("hex")}`);
  await mkdir(dir, { recursive: true });
  const index = pages.map((page, number) => [page.path, join(dir, `${number}.html`)]);
  await Promise.all(pages.map((page, number) => writeFile(join(dir, `${number}.html`), page.body)));
  await writeFile(join(dir, "index.json"), JSON.stringify(index));
  const port = await freePort();
  const child = spawn(process.execPath, ["--input-type=module", "-e", staticServerSource], {
    env: { PATH: process.env.PATH, PORT: String(port), BASELINE_INDEX: join(dir, "index.json") },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise<void>((done) => child.once("exit", () => done()));
      child.kill("SIGTERM");
      await gone;
    }
    await rm(dir, { recursive: true, force: true });
  };
  cleanups.add(stop);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await (await fetch(`${base}/`, { signal: AbortSignal.timeout(1_000) })).arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error("The static baseline server did not start.");
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  return { base, stop };
}

/**
 * A page of the server once it answers it: a server still busy from the last run sheds load
 * (503) for a while, and a shed answer is not the page.
 */
async function fetchPage(url: string): Promise<Buffer> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await fetch(url, { signal: AbortSignal.timeout(60_000) });
    const body = Buffer.from(await answer.arrayBuffer());
    if (answer.status === 200) return body;
    if (answer.status !== 503 || Date.now() > deadline) {
      throw new Error(`${url} answered ${answer.status}, not 200.`);
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
}

/**
 * `/` through the deployment guide's nginx proxy cache in front of the server, then the same
 * bytes from the same nginx as a static file; each after a 2 s warm-up.
 */
async function loadThroughProxy(
  server: { base: string; metricsBase: string },
  options: Options,
): Promise<ProxyComparison> {
  const appBase = server.base;
  const path = "/";
  const body = await fetchPage(`${appBase}${path}`);
  const nginx = await startBenchNginx({
    folder: join(root, "data", "bench", `nginx-${randomBytes(4).toString("hex")}`),
    upstream: new URL(appBase).host,
    page: { path, body },
    ports: { proxy: await freePort(), redirect: await freePort(), static: await freePort() },
  });
  cleanups.add(nginx.stop);
  try {
    const target: Target = { label: path, path, kind: "home" };
    const measure = async (base: string, what: string) => {
      console.error(`   ${path} ${what}: warm-up, then ${options.duration} s of load`);
      await load(base, target, Math.min(10, options.connections), 2);
      const before = await pageCacheLookups(server.metricsBase);
      const { times, result } = await load(base, target, options.connections, options.duration);
      const after = await pageCacheLookups(server.metricsBase);
      return {
        measurement: measurementOf(target, times, result, 0),
        reachedApp: after.hit + after.miss - (before.hit + before.miss),
      };
    };
    const { measurement: proxy, reachedApp } = await measure(
      nginx.proxyBase,
      "through the nginx proxy cache",
    );
    // Asked as autocannon asks (no Accept-Encoding: the same Vary variant as the load's).
    const cacheStatus = await new Promise<string>((done, fail) => {
      get(`${nginx.proxyBase}${path}`, { timeout: 10_000 }, (response) => {
        response.resume();
        done(String(response.headers["x-cache-status"] ?? "none"));
      }).on("error", fail);
    });
    const { measurement: statics } = await measure(nginx.staticBase, "as a static file from nginx");
    return {
      path,
      bytes: body.length,
      cacheStatus,
      reachedApp,
      proxy,
      static: statics,
    };
  } finally {
    await nginx.stop();
    cleanups.delete(nginx.stop);
  }
}

async function benchDialect(dialect: Dialect, options: Options): Promise<DialectReport> {
  console.error(`\n== ${dialect}: generating ${options.count.toLocaleString("en-US")} properties`);
  const database = await createBenchDatabase(dialect, adminPostgresUrl);
  cleanups.add(database.drop);
  try {
    const handle = openDatabase(database.url);
    const started = performance.now();
    let slug: string;
    let city: string;
    let traffic: Traffic;
    let feedToken: string;
    const bar = createProgressBar(options.count);
    try {
      await fillWithGeneratedProperties(handle, {
        count: options.count,
        imageDir: resolve(root, "data/images"),
        onProgress: (done) => {
          if (interrupted) throw new Error("interrupted");
          bar.update(done);
        },
      });
      bar.finish();
      const middle = await handle.db
        .selectFrom("property")
        .select("slug")
        .where("code", "=", generatedCode(Math.ceil(options.count / 2)))
        .executeTakeFirstOrThrow();
      slug = middle.slug;
      // A consumer of the RESO feed, made as `npm run feeds -- token add` makes one.
      const consumer = await createFeedConsumers({ database: handle }).add(
        { id: null, email: "cli" },
        "Bench",
      );
      if (!consumer.ok) throw new Error(consumer.message);
      feedToken = consumer.token;
      // A location the site's search form offers, and that the generator fills.
      city = "New York";
      traffic = await drawTraffic(handle.db, options.urls);
    } finally {
      bar.finish();
      await handle.close();
    }
    const generateSeconds = (performance.now() - started) / 1000;
    if (interrupted) throw new Error("interrupted");

    const apiToken = `bench-${randomBytes(16).toString("hex")}`;
    const server = await startServer(database.url, apiToken, options.serverNodeOptions);
    const rss = sampleRss(server.pid);
    const startRssMb = rss.peak;
    const loadAverage = os.loadavg()[0] ?? 0;
    // Spread traffic first, on a fresh server: the cold passes find nothing cached. Only `/`
    // (in none of the lists) is loaded before, two seconds, so the code is compiled.
    console.error("   / for 2 s: warm-up of the server's code");
    await load(server.base, { label: "/", path: "/", kind: "home" }, options.connections, 2);
    const spread: SpreadMeasurement[] = [];
    for (const [label, kind, urls] of [
      ["random property pages", "property", traffic.propertyPages],
      [`random list pages (1 to ${traffic.lastListPage})`, "listing", traffic.listPages],
      ["random filtered searches", "listing", traffic.searches],
    ] as const) {
      if (interrupted) break;
      spread.push(await loadSpread(server, rss, label, kind, urls, options));
      await settle();
    }
    const pages: Target[] = [
      { label: "/", path: "/", kind: "home" },
      { label: "/property?page=1", path: "/property?page=1", kind: "listing" },
      { label: "/property?page=5000", path: "/property?page=5000", kind: "listing" },
      {
        label: `/search?property-status=For+Sale&location=${city.replace(/ /g, "+")}&sort=price_desc`,
        path: `/search?property-status=For+Sale&location=${encodeURIComponent(city)}&sort=price_desc`,
        kind: "listing",
      },
      { label: "/property/{slug}", path: `/property/${slug}`, kind: "detail" },
      {
        label: "/api/property/show/one/{slug}",
        path: `/api/property/show/one/${slug}`,
        kind: "detail",
        headers: { authorization: `Bearer ${apiToken}` },
      },
      {
        label: "/odata/Property?$filter=ListPrice gt 500000&$top=200",
        path: "/odata/Property?$filter=ListPrice%20gt%20500000&$top=200",
        kind: "listing",
        headers: { authorization: `Bearer ${feedToken}` },
      },
    ];
    const measurements: Measurement[] = [];
    let underCacheBusting: CacheBustingMeasurement | undefined;
    let proxy: ProxyComparison | undefined;
    let proxySkipped: string | undefined;
    const baselinePages: { label: string; path: string; body: Buffer }[] = [];
    try {
      for (const { label, path } of pages.filter((page) => baselineLabels.includes(page.label))) {
        baselinePages.push({ label, path, body: await fetchPage(`${server.base}${path}`) });
      }
      for (const target of options.bustingOnly ? [] : pages) {
        if (interrupted) throw new Error("interrupted");
        rss.resetPhase();
        // Warm-up: one request alone first (so a page that is too slow under no load is not
        // loaded by 50 connections), then two seconds of light load.
        const probeStarted = performance.now();
        const probe = await fetch(`${server.base}${target.path}`, {
          headers: target.headers ?? {},
          redirect: "manual",
          signal: AbortSignal.timeout(60_000),
        });
        await probe.arrayBuffer();
        const probeMs = performance.now() - probeStarted;
        if (probeMs > slowProbeMs) {
          measurements.push({
            target,
            requestsPerSecond: 0,
            p50: probeMs,
            p95: probeMs,
            p99: probeMs,
            p97_5: probeMs,
            requests: 1,
            non2xx: probe.status >= 200 && probe.status < 300 ? 0 : 1,
            errors: 0,
            peakRssMb: rss.phasePeak,
            skipped: `one request took ${(probeMs / 1000).toFixed(1)} s (status ${probe.status}): not loaded`,
          });
          continue;
        }
        console.error(`   ${target.label}: warm-up, then ${options.duration} s of load`);
        await load(server.base, target, Math.min(10, options.connections), 2);
        rss.resetPhase();
        const { times, result } = await load(
          server.base,
          target,
          options.connections,
          options.duration,
        );
        measurements.push(measurementOf(target, times, result, rss.phasePeak));
      }
      // The proxy before the busting, which leaves the server busy for a while.
      if (!interrupted && !hasNginx()) proxySkipped = "nginx is not installed";
      else if (!interrupted) proxy = await loadThroughProxy(server, options);
      if (!interrupted) {
        const home = pages[0] as Target;
        const cached: Target = {
          ...home,
          headers: { "accept-encoding": "br, gzip", "x-forwarded-for": "198.51.100.10" },
        };
        console.error(
          `   ${home.label} while ${cacheBustingConnections} connections bust the cache: ${options.duration} s`,
        );
        // Kept fresh and compressed first: the loads above may have outlasted its TTL, and the
        // line measures a cached page, not its render.
        await load(server.base, cached, cachedPageConnections, 2);
        underCacheBusting = await loadWhileBustingCache(server.base, cached, options.duration);
      }
    } finally {
      rss.stop();
      await server.stop();
      cleanups.delete(server.stop);
    }
    const baseline: BaselineComparison[] = [];
    if (!interrupted && !options.bustingOnly) {
      const staticServer = await startStaticServer(baselinePages);
      try {
        for (const page of baselinePages) {
          const site = measurements.find((m) => m.target.label === page.label);
          if (!site || interrupted) continue;
          const target: Target = { label: page.label, path: page.path, kind: site.target.kind };
          console.error(`   static ${page.label}: warm-up, then ${options.duration} s of load`);
          await load(staticServer.base, target, Math.min(10, options.connections), 2);
          const { times, result } = await load(
            staticServer.base,
            target,
            options.connections,
            options.duration,
          );
          baseline.push({
            label: page.label,
            bytes: page.body.length,
            site,
            static: measurementOf(target, times, result, 0),
          });
        }
      } finally {
        await staticServer.stop();
        cleanups.delete(staticServer.stop);
      }
    }
    return {
      dialect,
      baseline,
      spread,
      ...(proxy ? { proxy } : {}),
      ...(proxySkipped ? { proxySkipped } : {}),
      lastListPage: traffic.lastListPage,
      generateSeconds,
      startRssMb,
      peakRssMb: rss.peak,
      loadAverage,
      measurements,
      ...(underCacheBusting ? { underCacheBusting } : {}),
    };
  } finally {
    await database.drop();
    cleanups.delete(database.drop);
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "-");

function table(rows: string[][]): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(" | ")} |`;
  const [head, ...body] = rows;
  return [
    line(head ?? []),
    `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`,
    ...body.map(line),
  ].join("\n");
}

const verdict = (met: boolean) => (met ? "met" : "MISSED");

/** Answers of a pass other than 2xx, for the table. */
function answersOf(pass: PassResult): string {
  const other = [
    pass.redirects > 0 ? `${pass.redirects} × 3xx` : "",
    pass.shed > 0 ? `${pass.shed} × 503 shed` : "",
    pass.failed > 0 ? `${pass.failed} × other 4xx/5xx` : "",
    pass.errors > 0 ? `${pass.errors} no answer` : "",
  ].filter(Boolean);
  return other.length > 0 ? `${pass.ok} 2xx, ${other.join(", ")}` : `${pass.ok} 2xx`;
}

/** Issue 15's table: traffic as users cause it, against its targets at 32 connections. */
function spreadReport(entry: DialectReport, options: Options): string {
  const rows = [
    ["traffic", "req/s", "p50", "p99", "cache hits", "answers", "peak RSS MB", "goal", "result"],
  ];
  for (const m of entry.spread) {
    const goal = spreadTargets[m.kind];
    for (const [pass, result] of [
      ["cold", m.cold],
      ["warm", m.warm],
    ] as const) {
      rows.push([
        `${m.label}, ${pass}${pass === "cold" ? ` (${m.distinct} distinct)` : ""}`,
        result.requestsPerSecond.toFixed(0),
        ms(result.p50),
        ms(result.p99),
        Number.isFinite(result.pageCacheHitShare)
          ? `${(result.pageCacheHitShare * 100).toFixed(0)} %`
          : "-",
        answersOf(result),
        result.peakRssMb.toFixed(0),
        `≥ ${goal.requestsPerSecond}/s, p99 ≤ ${goal.p99Ms}`,
        verdict(
          result.requestsPerSecond >= goal.requestsPerSecond &&
            result.p99 <= goal.p99Ms &&
            result.shed === 0 &&
            result.failed === 0 &&
            result.errors === 0,
        ),
      ]);
    }
  }
  const home = entry.baseline.find((b) => b.label === "/");
  if (home) {
    const share = home.site.requestsPerSecond / home.static.requestsPerSecond;
    rows.push(
      [
        "cached page / (single URL)",
        home.site.requestsPerSecond.toFixed(0),
        ms(home.site.p50),
        ms(home.site.p99),
        "-",
        `${(share * 100).toFixed(0)} % of bare Node`,
        home.site.peakRssMb.toFixed(0),
        `≥ ${spreadTargets.cachedShareOfNode * 100} %, p99 ≤ ${spreadTargets.cachedP99Ms}`,
        verdict(
          share >= spreadTargets.cachedShareOfNode &&
            home.site.p99 <= spreadTargets.cachedP99Ms &&
            home.site.non2xx === 0 &&
            home.site.errors === 0,
        ),
      ],
      [
        `  bare Node http, same ${home.bytes.toLocaleString("en-US")} bytes`,
        home.static.requestsPerSecond.toFixed(0),
        ms(home.static.p50),
        ms(home.static.p99),
        "-",
        "baseline",
        "-",
        "",
        "",
      ],
    );
  }
  if (entry.proxy) {
    const { proxy, static: statics } = entry.proxy;
    const share = proxy.requestsPerSecond / statics.requestsPerSecond;
    rows.push(
      [
        `${entry.proxy.path} through the guide's nginx proxy cache`,
        proxy.requestsPerSecond.toFixed(0),
        ms(proxy.p50),
        ms(proxy.p99),
        `${entry.proxy.cacheStatus}; ${entry.proxy.reachedApp} reached the app`,
        `${(share * 100).toFixed(0)} % of nginx static`,
        "-",
        `≥ ${spreadTargets.proxyShareOfNginx * 100} %`,
        verdict(
          share >= spreadTargets.proxyShareOfNginx &&
            entry.proxy.cacheStatus === "HIT" &&
            proxy.non2xx === 0 &&
            proxy.errors === 0,
        ),
      ],
      [
        `  nginx, same ${entry.proxy.bytes.toLocaleString("en-US")} bytes as a static file`,
        statics.requestsPerSecond.toFixed(0),
        ms(statics.p50),
        ms(statics.p99),
        "-",
        "baseline",
        "-",
        "",
        "",
      ],
    );
  }
  rows.push([
    "server RSS, whole run",
    "-",
    "-",
    "-",
    "-",
    "-",
    entry.peakRssMb.toFixed(0),
    `≤ ${targets.rssMb} MB`,
    verdict(entry.peakRssMb <= targets.rssMb),
  ]);
  const notes = [
    `  Traffic as users cause it, ${options.connections} connections (issue 15's targets). Cold: each URL asked once, ` +
      `none before since the server started; warm: the URLs the cold pass asked, again, in another order. ` +
      `req/s, p50, p99: pages answered (2xx, 3xx), not 503s. Cache hits: the server's page cache, its own count for the pass; ` +
      `for the proxy, X-Cache-Status after its run and the requests of the run that reached the app.`,
    table(rows),
  ];
  if (entry.proxySkipped) notes.push(`  No proxy row: ${entry.proxySkipped}.`);
  return notes.join("\n");
}

function report(reports: DialectReport[], options: Options): string {
  const cpus = os.cpus();
  const out: string[] = [];
  out.push(
    `Hardware: ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, ` +
      `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`,
  );
  out.push(
    `Load: autocannon, ${options.connections} connections, ${options.duration} s per URL after a 2 s warm-up ` +
      `(spread traffic: ${options.duration} s per pass, no warm-up), on the same machine as the server. ` +
      `Latency percentiles in ms, from every response's time.`,
  );
  if (options.serverNodeOptions) out.push(`Server NODE_OPTIONS: ${options.serverNodeOptions}`);
  out.push(
    `Server malloc: ${Object.entries(serverMallocEnv)
      .map(([name, value]) => `${name}=${value}`)
      .join(" ")}`,
  );
  for (const entry of reports) {
    out.push("");
    out.push(
      `${entry.dialect === "sqlite" ? "SQLite" : "PostgreSQL"}: ${options.count.toLocaleString("en-US")} generated properties ` +
        `(generated in ${entry.generateSeconds.toFixed(1)} s); server RSS ${entry.startRssMb.toFixed(0)} MB after start, ` +
        `peak ${entry.peakRssMb.toFixed(0)} MB; machine load average ${entry.loadAverage.toFixed(1)} when the load began`,
    );
    out.push("");
    out.push(spreadReport(entry, options));
    out.push("");
    out.push("  Single URL (the same URL on every request: after the first, the page cache)");
    const rows = [
      [
        "URL",
        "req/s",
        "p50",
        "p95",
        "p97.5",
        "p99",
        "requests",
        "non-2xx",
        "errors",
        "peak RSS MB",
        "p95 target",
      ],
    ];
    for (const m of entry.measurements) {
      const limit = m.target.kind === "detail" ? targets.detailP95Ms : targets.listingP95Ms;
      rows.push([
        m.target.label,
        m.skipped ? "-" : m.requestsPerSecond.toFixed(0),
        ms(m.p50),
        ms(m.p95),
        ms(m.p97_5),
        ms(m.p99),
        String(m.requests),
        String(m.non2xx),
        String(m.errors),
        m.peakRssMb.toFixed(0),
        `${m.p95 <= limit && !m.skipped && m.non2xx === 0 && m.errors === 0 ? "met" : "MISSED"} (≤ ${limit})`,
      ]);
    }
    out.push(table(rows));
    for (const m of entry.measurements)
      if (m.skipped) out.push(`  ${m.target.label}: ${m.skipped}`);
    for (const m of entry.measurements) {
      if (!m.skipped && m.requests === 0) {
        out.push(`  ${m.target.label}: no answer completed within the run (${m.errors} errors)`);
      } else if (!m.skipped && (m.non2xx > 0 || m.errors > 0)) {
        out.push(
          `  ${m.target.label}: ${m.non2xx} non-2xx answers, ${m.errors} errors (a target counts only without them)`,
        );
      }
    }
    const listing = entry.measurements.filter((m) => m.target.kind === "listing");
    const detail = entry.measurements.filter((m) => m.target.kind === "detail");
    const met = (list: Measurement[], limit: number) =>
      list.length > 0 &&
      list.every((m) => !m.skipped && m.p95 <= limit && m.non2xx === 0 && m.errors === 0);
    out.push(
      `  Targets: listing p95 ≤ ${targets.listingP95Ms} ms: ${met(listing, targets.listingP95Ms) ? "met" : "MISSED"}; ` +
        `detail p95 ≤ ${targets.detailP95Ms} ms: ${met(detail, targets.detailP95Ms) ? "met" : "MISSED"}; ` +
        `RSS ≤ ${targets.rssMb} MB: ${entry.peakRssMb <= targets.rssMb ? "met" : "MISSED"} (${entry.peakRssMb.toFixed(0)} MB)`,
    );
    if (entry.underCacheBusting) {
      const { cached, bustingStatuses } = entry.underCacheBusting;
      const statuses = [...bustingStatuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${count} × ${status === 0 ? "no answer" : status}`)
        .join(", ");
      out.push(
        `  ${cached.target.label} (cached, br) while ${cacheBustingConnections} connections bust the cache: ` +
          `${cached.requestsPerSecond.toFixed(0)} req/s over ${cachedPageConnections} connections, ` +
          `p50 ${ms(cached.p50)} ms, p95 ${ms(cached.p95)} ms, p99 ${ms(cached.p99)} ms ` +
          `(${cached.non2xx} non-2xx, ${cached.errors} errors); the busting searches: ${statuses || "none"}`,
      );
    }
    if (entry.baseline.length > 0) {
      out.push("");
      out.push(
        `  Static baseline: the same bytes from a plain node:http server (target: site ≥ ${targets.staticShare * 100} % of its req/s, site p99 ≤ ${targets.cachedPageP99Ms} ms)`,
      );
      const baselineRows = [
        [
          "page",
          "bytes",
          "site req/s",
          "static req/s",
          "site share",
          "site p99",
          "static p99",
          "target",
        ],
      ];
      for (const b of entry.baseline) {
        const share = b.site.requestsPerSecond / b.static.requestsPerSecond;
        const met =
          share >= targets.staticShare &&
          b.site.p99 <= targets.cachedPageP99Ms &&
          b.site.non2xx === 0 &&
          b.site.errors === 0;
        baselineRows.push([
          b.label,
          String(b.bytes),
          b.site.requestsPerSecond.toFixed(0),
          b.static.requestsPerSecond.toFixed(0),
          `${(share * 100).toFixed(0)} %`,
          ms(b.site.p99),
          ms(b.static.p99),
          met ? "met" : "MISSED",
        ]);
      }
      out.push(table(baselineRows));
    }
  }
  return out.join("\n");
}

async function main(args: readonly string[]): Promise<void> {
  const options = parseArgs(args);
  if (options === "help") {
    console.log(usage);
    return;
  }
  if (options.build || !existsSync(join(root, "build/server/index.js"))) {
    console.error("Building the site (npm run build)…");
    const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) throw new Error("npm run build failed.");
  }
  const reports: DialectReport[] = [];
  for (const dialect of options.dialects) {
    reports.push(await benchDialect(dialect, options));
  }
  console.log(`\n${report(reports, options)}`);
}

const onSignal = (signal: NodeJS.Signals) => {
  if (interrupted) {
    console.error(`${signal} again: exiting without cleaning up (data/bench/ may keep a file).`);
    process.exit(130);
  }
  interrupted = true;
  console.error(`\n${signal}: stopping and cleaning up…`);
  for (const instance of running) instance.stop();
};
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`bench: ${error.message}\n\n${usage}`);
    process.exitCode = 2;
  } else {
    console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
} finally {
  await runCleanups();
}
