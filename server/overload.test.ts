/**
 * The concurrency drill of issue 14 (decision 028), against the built server in a child process
 * (run `npm run build` first), on each database: 300 clients hold site form posts open with a
 * body that never finishes, and meanwhile 1,000 page requests for distinct URLs arrive at once,
 * each on its own connection. The server stays up, answers every page request with 200, 304 or
 * 503 (with Retry-After), keeps its peak RSS under `rssBoundMb`, and answers normally after.
 */
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, describe, expect, it, vi } from "vitest";
import { serveCommand } from "../scripts/serve-command.ts";
import { auth, createTestApp, createTestImageDir, type TestApp } from "../tests/support/app.ts";
import {
  freePort,
  type ServerProcess,
  startServerProcess,
} from "../tests/support/server-process.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../tests/support/test-database.ts";

const token = "overload-token-0123456789";
/**
 * The bound decision 028 states for peak RSS under `npm start`'s V8 heap sizes: the server
 * after start (~160 MB), the page cache (PAGE_CACHE_MAX_MB, 16) and the answer cache, the
 * renders' garbage that V8 lets the heap grow by before collecting it, 4 renders at a time.
 */
const rssBoundMb = 450;
/** As `npm start` runs the server: its malloc settings and V8 heap sizes. */
const serve = serveCommand();
const pageRequests = 1_000;
const slowBodies = 300;

function rssMbOf(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples the process's RSS every 20 ms until stopped; answers the peak in MB. */
function samplePeakRss(pid: number) {
  let peak = rssMbOf(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMbOf(pid) ?? 0);
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMbOf(pid) ?? 0);
    },
  };
}

/** A site form post that announces 1,000 bytes and sends 10: held open until destroyed. */
function openSlowBody(port: number): Promise<Socket> {
  return new Promise((opened, failed) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        "POST /contact HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
          "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n" +
          "fullname=a",
      );
      opened(socket);
    });
    socket.on("error", () => {});
    socket.once("error", failed);
  });
}

interface Answer {
  url: string;
  /** 0: no answer (the connection broke). */
  status: number;
  retryAfter: string | undefined;
  /** Why no answer came. */
  error?: string;
}

/** One GET on a connection of its own, as a browser that accepts compression sends it. */
function getOnce(port: number, url: string): Promise<Answer> {
  return new Promise((answered) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: url,
        agent: false,
        headers: { accept: "text/html", "accept-encoding": "br, gzip" },
        timeout: 150_000,
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          answered({
            url,
            status: response.statusCode ?? 0,
            retryAfter: response.headers["retry-after"],
          }),
        );
        response.on("error", () => answered({ url, status: 0, retryAfter: undefined }));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error) =>
      answered({ url, status: 0, retryAfter: undefined, error: error.message }),
    );
    request.end();
  });
}

/** Distinct URLs of pages that exist: junk parameters, searches, and a detail page. */
function drillUrls(slug: string): string[] {
  return Array.from({ length: pageRequests }, (_, i) => {
    switch (i % 6) {
      case 0:
        return `/property?b=${i}`;
      case 1:
        return `/search?email=drill${i}`;
      case 2:
        return `/property/${slug}?v=${i}`;
      case 3:
        return `/about?utm_source=${i}`;
      case 4:
        return `/search?location=Town${i}`;
      default:
        return `/property?min-price=${i}`;
    }
  });
}

describe.each(testDialects)("a thousand page requests at once on %s", (dialect) => {
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  const sockets: Socket[] = [];
  let rss: ReturnType<typeof samplePeakRss> | undefined;
  afterAll(async () => {
    // Test files share the worker (decision 108): nothing of this one keeps running after it.
    rss?.stop();
    for (const socket of sockets) socket.destroy();
    await server?.stop("SIGKILL");
    await database?.drop();
  });

  it(`stays up, answers 200, 304 or 503 and stays under ${rssBoundMb} MB`, async () => {
    database = await createTestDatabase(dialect, { seed: true });
    const slug = (
      await database.handle.db
        .selectFrom("property")
        .select("slug")
        .where("publish", "=", 1)
        .executeTakeFirstOrThrow()
    ).slug;
    const port = await freePort();
    server = await startServerProcess(port, {
      ...serve.env,
      NODE_OPTIONS: serve.nodeFlags.join(" "),
      DATABASE_URL: database.url,
      IMAGE_DIR: createTestImageDir(),
      API_TOKEN: token,
      SEED_DEMO_CONTENT: "false",
      CONTACT_RATE_LIMIT: "off",
      LOG_LEVEL: "error",
      // The drill's requests all come from 127.0.0.1; without the share per client (decision
      // 030), which would refuse all but two at once, they fill the renders and their queue as
      // a thousand clients would.
      RENDER_PER_CLIENT: "0",
    });
    const pid = server.child.pid as number;
    expect((await getOnce(port, "/")).status).toBe(200);

    rss = samplePeakRss(pid);
    const startMb = rssMbOf(pid) ?? 0;
    sockets.push(
      ...(await Promise.all(Array.from({ length: slowBodies }, () => openSlowBody(port)))),
    );
    const started = performance.now();
    const answers = await Promise.all(drillUrls(slug).map((url) => getOnce(port, url)));
    const seconds = (performance.now() - started) / 1000;
    const peakMb = rss.stop();
    console.info(
      `${dialect}: RSS ${startMb.toFixed(0)} MB before, peak ${peakMb.toFixed(0)} MB; ${seconds.toFixed(1)} s`,
    );

    const byStatus = new Map<number, number>();
    for (const answer of answers)
      byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    const summary = JSON.stringify(Object.fromEntries(byStatus));
    const unexpected = answers.filter((answer) => ![200, 304, 503].includes(answer.status));
    expect(unexpected.slice(0, 5), `${summary}\n${server.output().slice(-3_000)}`).toEqual([]);
    expect(byStatus.get(200) ?? 0, summary).toBeGreaterThan(0);
    for (const refused of answers.filter((answer) => answer.status === 503)) {
      expect(refused.retryAfter).toMatch(/^\d+$/);
    }
    expect(peakMb, `peak RSS ${peakMb.toFixed(0)} MB; ${summary}`).toBeLessThan(rssBoundMb);
    console.info(`${dialect}: ${summary}, peak RSS ${peakMb.toFixed(0)} MB`);

    // Still up and serving, the slow posts still open.
    expect(server.child.exitCode).toBeNull();
    // Once it has caught up (the event loop's lag is sampled each second), it renders again.
    const base = server.base;
    await vi.waitFor(async () => expect((await fetch(`${base}/readyz`)).status).toBe(200), {
      timeout: 20_000,
      interval: 250,
    });
    await vi.waitFor(
      async () => expect((await getOnce(port, "/search?email=after")).status).toBe(200),
      { timeout: 20_000, interval: 250 },
    );
  }, 400_000);
});

describe("a process whose event loop lags", () => {
  let test: TestApp | undefined;
  afterAll(() => test?.close());

  it("answers 503 with Retry-After to all but /healthz and files until it catches up", async () => {
    test = await createTestApp("sqlite", { MAX_EVENT_LOOP_DELAY_MS: "50" });
    const { app } = test;
    const get = (url: string) => app.inject({ url, headers: auth });
    expect((await get("/api/property/display/all")).statusCode).toBe(200);
    // Work that holds the event loop, as renders do when the machine cannot keep up.
    const until = Date.now() + 1_500;
    while (Date.now() < until) {
      // busy
    }
    await vi.waitFor(async () => expect((await get("/readyz")).statusCode).toBe(503), {
      timeout: 3_000,
    });
    const refused = await get("/api/property/display/all");
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    expect(refused.headers["x-request-id"]).toBeDefined();
    expect(refused.headers["x-content-type-options"]).toBe("nosniff");
    expect((await get("/healthz")).statusCode).toBe(200);
    // A page already sent needs its images, stylesheet and scripts: files are still sent.
    expect((await get("/images/no.png")).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await get("/readyz")).statusCode).toBe(200), {
      timeout: 5_000,
    });
  });
});
