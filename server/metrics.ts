/**
 * `/metrics` in Prometheus's text format (decision 025), through prom-client: requests by
 * route and status with their durations, page-cache hits and misses, the enquiries waiting in
 * the outbox, each background job's runs, failures and last run (decision 081), the PostgreSQL
 * pool and the process (memory, CPU, event loop, GC: prom-client's defaults).
 *
 * Off unless configured, and never open on the public site: METRICS_PORT serves /metrics on a
 * separate listener (loopback by default); METRICS_TOKEN makes it ask for a bearer token, and
 * alone serves it on the public port behind that token. Unconfigured, nothing is measured.
 */
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Config } from "../config/env.ts";
import { outboxKinds } from "../db/database.ts";
import { type OutboxBacklog, outboxBacklogByKind } from "../db/queries/outbox.ts";
import { requireBearerToken } from "./api/auth.ts";

export const metricsPath = "/metrics";

/** What a page-cache lookup did: answered from a kept page (fresh or stale), or rendered. */
export type PageCacheLookup = "hit" | "miss";

export interface Metrics {
  registry: Registry;
  countPageCacheLookup(result: PageCacheLookup): void;
  /** Reports the page cache's size with each scrape. */
  watchPageCache(stats: () => { entries: number; bytes: number }): void;
  /** The separate listener's address once the app is ready; undefined without METRICS_PORT. */
  address(): AddressInfo | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Absent when metrics are off (neither METRICS_PORT nor METRICS_TOKEN is set). */
    metrics: Metrics | undefined;
  }
}

/** What the metrics read besides the app's decorations. */
export interface MetricSources {
  /** The app's Redis client (REDIS_URL): its connection state is `redis_up`. */
  redis?: Redis | undefined;
}

const noBacklog: OutboxBacklog = { pending: 0, failed: 0, oldestQueuedAt: undefined };

/**
 * `read` once for all the gauges of one scrape: prom-client starts every gauge's collect in
 * the same tick, so they share the promise; the next scrape reads again.
 */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => {
    inFlight ??= read().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}

/**
 * The metrics of `app`, collected from the routes registered after this call. Call it after
 * the `database` and `jobs` decorations and before any route. Does nothing when off.
 */
export function installMetrics(
  app: FastifyInstance,
  config: Config,
  sources: MetricSources = {},
): void {
  if (config.METRICS_PORT === undefined && config.METRICS_TOKEN === undefined) {
    app.decorate("metrics", undefined);
    return;
  }
  // One registry per app: tests build several apps in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ["method", "route", "status_code"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code.",
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method, route pattern and status code.",
    labelNames,
    // prom-client's default buckets, with 1 and 2.5 ms below them: a page-cache hit or a
    // cached API read is answered well under 5 ms.
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook("onResponse", (request, reply, done) => {
    // Fastify's route pattern (`/api/property/show/one/:code`, `*` for the site's pages), so
    // the label values stay few whatever the URLs.
    const route = request.routeOptions.url ?? "(no route)";
    if (route !== metricsPath) {
      const labels = { method: request.method, route, status_code: String(reply.statusCode) };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    }
    done();
  });

  const pageCacheLookups = new Counter({
    name: "page_cache_lookups_total",
    help: "Page requests answered from the page cache (hit) or rendered for it (miss).",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  // Both series from the start, so a rate over them is defined before the first miss.
  pageCacheLookups.inc({ result: "hit" }, 0);
  pageCacheLookups.inc({ result: "miss" }, 0);
  let pageCacheStats: (() => { entries: number; bytes: number }) | undefined;
  new Gauge({
    name: "page_cache_entries",
    help: "Pages kept in the page cache.",
    registers: [registry],
    collect() {
      this.set(pageCacheStats?.().entries ?? 0);
    },
  });
  new Gauge({
    name: "page_cache_bytes",
    help: "Bytes of the pages kept in the page cache, every encoding counted.",
    registers: [registry],
    collect() {
      this.set(pageCacheStats?.().bytes ?? 0);
    },
  });

  const { database } = app;
  // The pool's use is read before this scrape's own queries below ask it for a connection:
  // gauges collect in the order they are registered, each up to its first wait.
  const { poolUse } = database;
  if (poolUse) {
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool connections by state (in_use, idle) and the pool's maximum (max).",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: "in_use" }, use.open - use.idle);
        this.set({ state: "idle" }, use.idle);
        this.set({ state: "max" }, use.max);
      },
    });
    new Gauge({
      name: "db_pool_waiting",
      help: "Queries waiting for a PostgreSQL pool connection (this scrape's own not counted).",
      registers: [registry],
      collect() {
        this.set(poolUse().waiting);
      },
    });
  }

  // One query per scrape answers every outbox gauge and database_up: all of them describe the
  // same moment. While the database is away the outbox gauges have no samples (unknown, not
  // a stale or NaN count) and database_up is 0.
  const backlog = oncePerScrape(async () => {
    try {
      return await outboxBacklogByKind(database.db);
    } catch (error) {
      app.log.warn({ err: error }, "metrics: the outbox could not be counted");
      return undefined;
    }
  });
  new Gauge({
    name: "database_up",
    help: "Whether this scrape's query reached the database (1) or not (0).",
    registers: [registry],
    async collect() {
      this.set((await backlog()) === undefined ? 0 : 1);
    },
  });
  const kindLabel = ["kind"] as const;
  const outboxGauge = (name: string, help: string, read: (kind: OutboxBacklog) => number) =>
    new Gauge({
      name,
      help,
      labelNames: kindLabel,
      registers: [registry],
      async collect() {
        const counts = await backlog();
        this.reset();
        if (counts === undefined) return;
        for (const kind of outboxKinds) {
          this.set({ kind }, read(counts.get(kind) ?? noBacklog));
        }
      },
    });
  outboxGauge(
    "outbox_pending",
    "Mails still to be sent, by kind: enquiries to the company, alert and newsletter mails (all of them while SMTP_URL is not set); kind listing-push: listings waiting for the push portal.",
    (kind) => kind.pending,
  );
  outboxGauge(
    "outbox_failed",
    "Mails still to be sent whose last attempt failed (they are retried), by kind.",
    (kind) => kind.failed,
  );
  // Counted by this server as its attempts begin, so it is there while the database is away.
  const resends = new Counter({
    name: "outbox_resends_total",
    help: "Mails sent again after an attempt whose outcome was never recorded (a server died, or the database was away, before marking it sent): possibly delivered twice, with the same Message-ID.",
    labelNames: kindLabel,
    registers: [registry],
  });
  for (const kind of outboxKinds) resends.inc({ kind }, 0);
  app.jobs.onMailResend((kind) => resends.inc({ kind }));
  outboxGauge(
    "outbox_oldest_pending_age_seconds",
    "How long the oldest mail still to be sent has waited, by kind (0 when none waits).",
    (kind) =>
      kind.oldestQueuedAt === undefined
        ? 0
        : Math.max(0, (Date.now() - kind.oldestQueuedAt.getTime()) / 1000),
  );

  // Redis (REDIS_URL) and PostgreSQL's change feed: what keeps several app servers in step.
  if (sources.redis) {
    const { redis } = sources;
    new Gauge({
      name: "redis_up",
      help: "Whether the app's Redis connection (REDIS_URL) is ready (1) or not (0).",
      registers: [registry],
      collect() {
        this.set(redis.status === "ready" ? 1 : 0);
      },
    });
  }
  const { changeFeed } = app;
  if (changeFeed) {
    new Gauge({
      name: "content_changes_listening",
      help: "Whether PostgreSQL's change feed hears every committed content change (1), or reads ask the database instead (0).",
      registers: [registry],
      collect() {
        this.set(changeFeed.listening() ? 1 : 0);
      },
    });
  }

  // Each job's runs, whoever asked for them (its timer, a wake, a test). The counters start
  // at 0 for every configured job; the last run's lines appear after its first run.
  const jobLabel = ["job"] as const;
  const jobRuns = new Counter({
    name: "job_runs_total",
    help: "Runs of each background job, failed ones included.",
    labelNames: jobLabel,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: "job_failures_total",
    help: "Runs of each background job that failed (it tries again at its next run).",
    labelNames: jobLabel,
    registers: [registry],
  });
  const jobLastRunAt = new Gauge({
    name: "job_last_run_timestamp_seconds",
    help: "When each background job's last run began, in seconds since the Unix epoch.",
    labelNames: jobLabel,
    registers: [registry],
  });
  const jobLastRunDuration = new Gauge({
    name: "job_last_run_duration_seconds",
    help: "How long each background job's last run took.",
    labelNames: jobLabel,
    registers: [registry],
  });
  const jobLastRunSuccess = new Gauge({
    name: "job_last_run_success",
    help: "Whether each background job's last run succeeded (1) or failed (0).",
    labelNames: jobLabel,
    registers: [registry],
  });
  const jobItems = new Counter({
    name: "job_items_total",
    help: "What each background job's runs did: mails sent, digests queued, enquiries or files deleted.",
    labelNames: jobLabel,
    registers: [registry],
  });
  const jobLastRunItems = new Gauge({
    name: "job_last_run_items",
    help: "What each background job's last run did (see job_items_total).",
    labelNames: jobLabel,
    registers: [registry],
  });
  for (const { name } of app.jobs.status()) {
    jobRuns.inc({ job: name }, 0);
    jobFailures.inc({ job: name }, 0);
    jobItems.inc({ job: name }, 0);
  }
  app.jobs.onRun((run) => {
    const labels = { job: run.job };
    jobRuns.inc(labels);
    if (!run.ok) jobFailures.inc(labels);
    jobLastRunAt.set(labels, run.startedAt.getTime() / 1000);
    jobLastRunDuration.set(labels, run.durationMs / 1000);
    jobLastRunSuccess.set(labels, run.ok ? 1 : 0);
    jobItems.inc(labels, run.items);
    jobLastRunItems.set(labels, run.items);
  });

  let listener: FastifyInstance | undefined;
  if (config.METRICS_PORT === undefined) {
    addMetricsRoute(app, registry, config.METRICS_TOKEN);
  } else {
    // Its own small server: the public port has no /metrics route at all.
    const separate = Fastify({ logger: false });
    addMetricsRoute(separate, registry, config.METRICS_TOKEN);
    listener = separate;
    const port = config.METRICS_PORT;
    app.addHook("onReady", async () => {
      await separate.listen({ host: config.METRICS_HOST, port });
      app.log.info({ address: separate.addresses()[0] }, "metrics listening");
    });
    app.addHook("onClose", async () => separate.close());
  }

  app.decorate("metrics", {
    registry,
    countPageCacheLookup: (result) => pageCacheLookups.inc({ result }),
    watchPageCache(stats) {
      pageCacheStats = stats;
    },
    address() {
      const address = listener?.server.address();
      return typeof address === "object" && address !== null ? address : undefined;
    },
  } satisfies Metrics);
}

function addMetricsRoute(instance: FastifyInstance, registry: Registry, token?: string): void {
  instance.get(
    metricsPath,
    token ? { onRequest: requireBearerToken(token) } : {},
    async (_request, reply) => {
      const text = await registry.metrics();
      return reply.header("cache-control", "no-store").type(registry.contentType).send(text);
    },
  );
}
