/**
 * /metrics (decision 025): off the public site, behind its token when one is set, and its
 * counts move with the traffic. The site's tests need `npm run build`.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config/env.ts";
import { outboxKinds } from "../db/database.ts";
import {
  auth,
  createTestApp,
  createTestSiteApp,
  multipart,
  scrapeMetrics,
  type TestApp,
} from "../tests/support/app.ts";
import { buildContactEnquiry } from "../tests/support/factories.ts";
import { startSmtpServer } from "../tests/support/smtp.ts";
import { testDialects } from "../tests/support/test-database.ts";

/**
 * The value of the sample of `name` whose labels include `labels`, in Prometheus's text
 * format; undefined when there is none.
 */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [
        pair[1],
        pair[2],
      ]),
    );
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

const metricsToken = "metrics-token-0123456789";

describe("metrics, unconfigured", () => {
  it("are off: nothing is measured and the public port has no /metrics", async () => {
    const test = await createTestApp("sqlite");
    try {
      expect(test.app.metrics).toBeUndefined();
      const response = await test.app.inject({ url: "/metrics" });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("http_requests_total");
    } finally {
      await test.close();
    }
  });
});

describe.each(testDialects)("metrics on their own port (%s)", (dialect) => {
  let test: TestApp;
  let metricsUrl: string;

  beforeAll(async () => {
    test = await createTestSiteApp(dialect, { METRICS_PORT: "0" });
    const address = test.app.metrics?.address();
    expect(address?.address).toBe("127.0.0.1");
    metricsUrl = `http://127.0.0.1:${address?.port}/metrics`;
  });
  afterAll(() => test.close());

  async function scrape(): Promise<string> {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    return response.text();
  }

  it("are not on the public port", async () => {
    const response = await test.app.inject({ url: "/metrics" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("http_requests_total");
  });

  it("answer nothing but /metrics on their port", async () => {
    const response = await fetch(new URL("/", metricsUrl));
    expect(response.status).toBe(404);
  });

  it("count requests and their durations by route and status", async () => {
    const ok = { method: "GET", route: "/api/amenity/view", status_code: "200" };
    const refused = { ...ok, status_code: "401" };
    const before = await scrape();
    for (let i = 0; i < 2; i++) await test.app.inject({ url: "/api/amenity/view", headers: auth });
    await test.app.inject({ url: "/api/amenity/view" });
    const after = await scrape();
    const count = (text: string, labels: Record<string, string>) =>
      sample(text, "http_requests_total", labels) ?? 0;
    expect(count(after, ok) - count(before, ok)).toBe(2);
    expect(count(after, refused) - count(before, refused)).toBe(1);
    const timed = (text: string) => sample(text, "http_request_duration_seconds_count", ok) ?? 0;
    expect(timed(after) - timed(before)).toBe(2);
    expect(sample(after, "http_request_duration_seconds_sum", ok)).toBeGreaterThan(0);
  });

  it("count page-cache misses and hits, and the cache's size", async () => {
    const url = `/about?visit=${randomBytes(4).toString("hex")}`;
    const lookups = (text: string, result: string) =>
      sample(text, "page_cache_lookups_total", { result }) ?? 0;
    const before = await scrape();
    expect((await test.app.inject({ url })).statusCode).toBe(200);
    const missed = await scrape();
    expect(lookups(missed, "miss") - lookups(before, "miss")).toBe(1);
    expect(lookups(missed, "hit") - lookups(before, "hit")).toBe(0);
    expect((await test.app.inject({ url })).statusCode).toBe(200);
    const hit = await scrape();
    expect(lookups(hit, "hit") - lookups(missed, "hit")).toBe(1);
    expect(lookups(hit, "miss") - lookups(missed, "miss")).toBe(0);
    expect(sample(hit, "page_cache_entries")).toBeGreaterThan(0);
    // The site's pages count under its catch-all route.
    const pages = (text: string) =>
      sample(text, "http_requests_total", { route: "*", status_code: "200" }) ?? 0;
    expect(pages(hit) - pages(before)).toBe(2);
    expect(sample(hit, "page_cache_bytes")).toBeGreaterThan(0);
  });

  it("tell the mails waiting in the outbox by kind, in the same scrape as they change (no SMTP_URL: all of them)", async () => {
    const enquiries = { kind: "enquiry" };
    const before = await scrape();
    const form = await multipart(buildContactEnquiry());
    const response = await test.app.inject({
      method: "POST",
      url: "/api/contact/add",
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    const after = await scrape();
    expect(
      (sample(after, "outbox_pending", enquiries) ?? 0) -
        (sample(before, "outbox_pending", enquiries) ?? 0),
    ).toBe(1);
    expect(sample(after, "outbox_oldest_pending_age_seconds", enquiries)).toBeGreaterThanOrEqual(0);
    // Every kind of mail has its line, alert and newsletter mails included.
    for (const kind of outboxKinds) {
      expect(sample(after, "outbox_pending", { kind }), kind).toBeGreaterThanOrEqual(0);
      expect(sample(after, "outbox_failed", { kind }), kind).toBeGreaterThanOrEqual(0);
      // No resend counted, and the line is there before the first.
      expect(sample(after, "outbox_resends_total", { kind }), kind).toBe(0);
    }

    // A failed attempt shows in the very next scrape, not one later.
    const failedBefore = sample(after, "outbox_failed", enquiries) ?? 0;
    await sql`update outbox set attempts = attempts + 1, last_error = '421 try again later',
      created_at = ${new Date(Date.now() - 90_000).toISOString()}
      where kind = 'enquiry' and status = 'pending' and attempts = 0`.execute(test.app.database.db);
    const failed = await scrape();
    expect(sample(failed, "outbox_failed", enquiries)).toBeGreaterThan(failedBefore);
    expect(sample(failed, "outbox_oldest_pending_age_seconds", enquiries)).toBeGreaterThanOrEqual(
      90,
    );
    expect(sample(failed, "database_up")).toBe(1);
  });

  it("tell the process's memory, and the pool's use on PostgreSQL", async () => {
    const text = await scrape();
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sample(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    if (dialect === "postgres") {
      expect(sample(text, "db_pool_connections", { state: "max" })).toBe(10);
      const open =
        (sample(text, "db_pool_connections", { state: "in_use" }) ?? -1) +
        (sample(text, "db_pool_connections", { state: "idle" }) ?? -1);
      expect(open).toBeGreaterThan(0);
      expect(open).toBeLessThanOrEqual(10);
      // Nothing else runs: the scrape's own query is not counted as waiting.
      expect(sample(text, "db_pool_waiting")).toBe(0);
      expect(sample(text, "content_changes_listening")).toBe(1);
    } else {
      expect(sample(text, "db_pool_connections", { state: "max" })).toBeUndefined();
      expect(sample(text, "content_changes_listening")).toBeUndefined();
    }
    // No REDIS_URL here: no Redis line.
    expect(sample(text, "redis_up")).toBeUndefined();
  });
});

describe("metrics behind a token", () => {
  it("refuse a scrape on their port without the token", async () => {
    const test = await createTestApp("sqlite", { METRICS_PORT: "0", METRICS_TOKEN: metricsToken });
    try {
      await test.app.ready();
      const url = `http://127.0.0.1:${test.app.metrics?.address()?.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const wrong = { authorization: `Bearer ${metricsToken}x` };
      expect((await fetch(url, { headers: wrong })).status).toBe(401);
      const right = await fetch(url, { headers: { authorization: `Bearer ${metricsToken}` } });
      expect(right.status).toBe(200);
      expect(await right.text()).toContain("# TYPE http_requests_total counter");
      // The listener closes with the server.
      await test.app.close();
      await expect(fetch(url)).rejects.toThrow();
    } finally {
      await test.close();
    }
  });

  it("are served on the public port with the token alone, and refused there without it", async () => {
    const test = await createTestApp("sqlite", { METRICS_TOKEN: metricsToken });
    try {
      expect(test.app.metrics?.address()).toBeUndefined();
      const refused = await test.app.inject({ url: "/metrics" });
      expect(refused.statusCode).toBe(401);
      expect(refused.body).not.toContain("http_requests_total");
      const apiToken = await test.app.inject({ url: "/metrics", headers: auth });
      expect(apiToken.statusCode).toBe(401);
      const scraped = await test.app.inject({
        url: "/metrics",
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(scraped.statusCode).toBe(200);
      expect(scraped.body).toContain("# TYPE http_requests_total counter");
    } finally {
      await test.close();
    }
  });
});

describe("metrics of the background jobs", () => {
  it("count each configured job's runs and failures, with its last run's time, length and outcome", async () => {
    const test = await createTestApp("sqlite", {
      METRICS_TOKEN: metricsToken,
      ENQUIRY_RETENTION_DAYS: "30",
    });
    const scrape = () => scrapeMetrics(test.app, metricsToken);
    const job = { job: "enquiry-retention" };
    try {
      await test.app.ready();
      // The run begun at start ends here; only what the test asks for runs after it.
      await test.app.jobs.stop();
      const before = await scrape();
      const runs = (text: string) => sample(text, "job_runs_total", job) ?? -1;
      const failures = (text: string) => sample(text, "job_failures_total", job) ?? -1;
      expect(runs(before)).toBeGreaterThanOrEqual(0);
      expect(failures(before)).toBe(0);
      // Not configured (no SMTP_URL): no lines at all.
      expect(sample(before, "job_runs_total", { job: "outbox" })).toBeUndefined();

      // A run that fails: its table is away.
      const { db } = test.app.database;
      await sql`alter table enquiry rename to enquiry_away`.execute(db);
      expect(await test.app.jobs.enquiryRetention!.runOnce()).toBe(0);
      await sql`alter table enquiry_away rename to enquiry`.execute(db);
      const failed = await scrape();
      expect(runs(failed) - runs(before)).toBe(1);
      expect(failures(failed) - failures(before)).toBe(1);
      expect(sample(failed, "job_last_run_success", job)).toBe(0);

      const startedAfter = Date.now() / 1000;
      expect(await test.app.jobs.enquiryRetention!.runOnce()).toBe(0);
      const after = await scrape();
      expect(runs(after) - runs(before)).toBe(2);
      expect(failures(after) - failures(before)).toBe(1);
      expect(sample(after, "job_last_run_success", job)).toBe(1);
      const at = sample(after, "job_last_run_timestamp_seconds", job)!;
      expect(at).toBeGreaterThanOrEqual(Math.floor(startedAfter));
      expect(at).toBeLessThanOrEqual(Date.now() / 1000);
      expect(sample(after, "job_last_run_duration_seconds", job)).toBeGreaterThanOrEqual(0);
      expect(after).toContain("# TYPE job_runs_total counter");

      // What a run did: an enquiry past the retention deleted.
      const form = await multipart(buildContactEnquiry());
      const sent = await test.app.inject({
        method: "POST",
        url: "/api/contact/add",
        headers: { ...auth, ...form.headers },
        payload: form.payload,
      });
      expect(sent.statusCode).toBe(200);
      const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
      await sql`update enquiry set created_at = ${longAgo}`.execute(db);
      expect(await test.app.jobs.enquiryRetention!.runOnce()).toBe(1);
      const purged = await scrape();
      expect(sample(purged, "job_last_run_items", job)).toBe(1);
      expect(
        (sample(purged, "job_items_total", job) ?? 0) -
          (sample(after, "job_items_total", job) ?? 0),
      ).toBe(1);
    } finally {
      await test.close();
    }
  });
});

describe("metrics of the outbox's resends", () => {
  it("count each attempt after one whose outcome was never recorded, by kind (decision 092)", async () => {
    const smtp = await startSmtpServer();
    const test = await createTestApp("sqlite", { METRICS_TOKEN: metricsToken, SMTP_URL: smtp.url });
    const scrape = () => scrapeMetrics(test.app, metricsToken);
    const enquiries = { kind: "enquiry" };
    try {
      await test.app.ready();
      // Only the runs the test asks for.
      await test.app.jobs.stop();
      const form = await multipart(buildContactEnquiry());
      const posted = await test.app.inject({
        method: "POST",
        url: "/api/contact/add",
        headers: { ...auth, ...form.headers },
        payload: form.payload,
      });
      expect(posted.statusCode).toBe(200);
      expect(sample(await scrape(), "outbox_resends_total", enquiries)).toBe(0);
      // A worker began an attempt a minute ago and was never heard of again; its lease is over.
      const minuteAgo = new Date(Date.now() - 60_000).toISOString();
      await sql`update outbox set attempts = 1, attempt_started_at = ${minuteAgo},
        locked_until = ${minuteAgo} where status = 'pending'`.execute(test.app.database.db);
      expect(await test.app.jobs.outbox!.runOnce()).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      const after = await scrape();
      expect(sample(after, "outbox_resends_total", enquiries)).toBe(1);
      expect(sample(after, "outbox_resends_total", { kind: "alert-digest" })).toBe(0);
    } finally {
      await test.close();
      await smtp.close();
    }
  });
});

describe("metrics while the database is away", () => {
  it("leave the outbox's counts out rather than guess them, and say the database is down", async () => {
    const test = await createTestApp("sqlite", { METRICS_TOKEN: metricsToken });
    const scrape = () => scrapeMetrics(test.app, metricsToken);
    try {
      const up = await scrape();
      expect(sample(up, "database_up")).toBe(1);
      expect(sample(up, "outbox_pending", { kind: "enquiry" })).toBe(0);
      // The outbox's table away stands for a database that does not answer.
      const { db } = test.app.database;
      await sql`alter table outbox rename to outbox_away`.execute(db);
      const down = await scrape();
      expect(sample(down, "database_up")).toBe(0);
      expect(sample(down, "outbox_pending", { kind: "enquiry" })).toBeUndefined();
      expect(down).not.toContain("NaN");
      await sql`alter table outbox_away rename to outbox`.execute(db);
      expect(sample(await scrape(), "outbox_pending", { kind: "enquiry" })).toBe(0);
    } finally {
      await test.close();
    }
  });
});

describe("metrics configuration", () => {
  const base = { NODE_ENV: "test" };

  it("listens on loopback unless told otherwise", () => {
    expect(loadConfig({ ...base, METRICS_PORT: "9464" })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: "127.0.0.1",
    });
  });

  it("refuses a metrics listener open beyond loopback without a token", () => {
    const exposed = { ...base, METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" };
    expect(() => loadConfig(exposed)).toThrow(ConfigError);
    expect(() => loadConfig(exposed)).toThrow(/METRICS_TOKEN: must be set when METRICS_HOST/);
    expect(loadConfig({ ...exposed, METRICS_TOKEN: metricsToken }).METRICS_HOST).toBe("0.0.0.0");
  });

  it("refuses a short token", () => {
    expect(() => loadConfig({ ...base, METRICS_TOKEN: "short" })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
  });
});
