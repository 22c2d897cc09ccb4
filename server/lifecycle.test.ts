/**
 * The server as a process: a graceful shutdown finishes what it started, and the database
 * going away and coming back needs no restart.
 */
import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { listEnquiriesWithDelivery } from "../db/queries/outbox.ts";
import { createTestImageDir, multipart } from "../tests/support/app.ts";
import { buildContactEnquiry } from "../tests/support/factories.ts";
import { leakPattern } from "../tests/support/leaks.ts";
import {
  freePort,
  realServerTestTimeout,
  type ServerProcess,
  startServerProcess,
} from "../tests/support/server-process.ts";
import { startSmtpServer, type TestSmtpServer } from "../tests/support/smtp.ts";
import { startTcpProxy, type TcpProxy } from "../tests/support/tcp-proxy.ts";
import {
  createTestDatabase,
  postgresEnabled,
  type TestDatabase,
  testPostgresUrl,
} from "../tests/support/test-database.ts";

const token = "lifecycle-token-0123456789";
const auth = { authorization: `Bearer ${token}` };

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

async function postEnquiry(base: string, fields = buildContactEnquiry()) {
  const form = await multipart(fields);
  return fetch(`${base}/api/contact/add`, {
    method: "POST",
    headers: { ...auth, ...form.headers },
    body: new Uint8Array(form.payload),
  });
}

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function track(server: ServerProcess) {
  cleanups.push(() => server.child.kill("SIGKILL"));
  return server;
}

describe("graceful shutdown on SIGTERM", { timeout: realServerTestTimeout }, () => {
  it("answers the request in flight, finishes the outbox batch, then exits 0", async () => {
    const database: TestDatabase = await createTestDatabase("sqlite", { seed: true });
    cleanups.push(() => database.drop());
    const smtp: TestSmtpServer = await startSmtpServer();
    cleanups.push(() => smtp.close());
    smtp.hold();
    const server = track(
      await startServerProcess(await freePort(), {
        NODE_ENV: "production",
        DATABASE_URL: database.url,
        IMAGE_DIR: createTestImageDir(),
        API_TOKEN: token,
        SMTP_URL: smtp.url,
        SEED_DEMO_CONTENT: "false",
        CONTACT_RATE_LIMIT: "off",
        LOG_LEVEL: "info",
      }),
    );

    // An enquiry whose e-mail is being sent (the mail server holds it) when the signal comes.
    const first = buildContactEnquiry();
    expect((await postEnquiry(server.base, first)).status).toBe(200);
    await until(() => smtp.heldCount() === 1, "the outbox batch to reach the mail server");

    // A request whose body is still arriving when the signal comes.
    const second = buildContactEnquiry();
    const form = await multipart(second);
    const { port } = new URL(server.base);
    const inFlight = httpRequest({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/contact/add",
      headers: { ...auth, ...form.headers, "content-length": form.payload.length },
    });
    const answered = new Promise<{ status: number; body: string }>((done, fail) => {
      inFlight.on("error", fail);
      inFlight.on("response", (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () => done({ status: response.statusCode ?? 0, body }));
      });
    });
    const half = Math.floor(form.payload.length / 2);
    inFlight.write(form.payload.subarray(0, half));
    await new Promise((wait) => setTimeout(wait, 200));

    server.child.kill("SIGTERM");
    await until(() => server.logs.some((line) => line.msg === "shutting down"), "the shutdown");
    // No new work is taken on.
    const late = await fetch(`${server.base}/healthz`).then(
      (response) => response.status,
      () => "refused",
    );
    expect([503, "refused"]).toContain(late);

    inFlight.end(form.payload.subarray(half));
    const answer = await answered;
    expect(answer.status).toBe(200);

    // Still waiting for the mail server to accept the first enquiry's e-mail.
    await new Promise((wait) => setTimeout(wait, 300));
    expect(server.child.exitCode).toBeNull();
    smtp.release();
    expect(await server.exited).toBe(0);

    const stored = await listEnquiriesWithDelivery(database.handle.db);
    const byEmail = new Map(stored.map((enquiry) => [enquiry.email, enquiry]));
    expect(stored).toHaveLength(2);
    expect(byEmail.get(first.email)?.delivery_status).toBe("sent");
    expect(smtp.received).toHaveLength(1);
    // Stored, and e-mailed by the next start.
    expect(byEmail.get(second.email)?.delivery_status).toBe("pending");

    // Production logs: JSON, every line about a request with its id.
    const requestLines = server.logs.filter((line) => "req" in line || "res" in line);
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(line.reqId).toEqual(expect.any(String));
  });
});

describe.runIf(postgresEnabled)(
  "the database going away and coming back (PostgreSQL)",
  { timeout: realServerTestTimeout },
  () => {
    it("makes /readyz answer 503, the API a clean 503 (retry later), and recovers without a restart", async () => {
      const database = await createTestDatabase("postgres", { seed: true });
      cleanups.push(() => database.drop());
      const real = new URL(testPostgresUrl);
      const proxy: TcpProxy = await startTcpProxy({
        host: real.hostname,
        port: Number(real.port || 5432),
      });
      cleanups.push(() => proxy.close());
      const viaProxy = new URL(database.url);
      viaProxy.hostname = "127.0.0.1";
      viaProxy.port = String(proxy.port);

      const server = track(
        await startServerProcess(await freePort(), {
          NODE_ENV: "production",
          DATABASE_URL: viaProxy.toString(),
          IMAGE_DIR: createTestImageDir(),
          API_TOKEN: token,
          SEED_DEMO_CONTENT: "false",
          CONTACT_RATE_LIMIT: "off",
          LOG_LEVEL: "warn",
        }),
      );
      const get = (path: string, headers: Record<string, string> = auth) =>
        fetch(`${server.base}${path}`, { headers });
      expect((await get("/api/amenity/view")).status).toBe(200);
      expect((await postEnquiry(server.base)).status).toBe(200);

      await proxy.cut();
      // Idle pooled connections were dropped under the server: it must not crash.
      await new Promise((wait) => setTimeout(wait, 300));
      expect(server.child.exitCode).toBeNull();
      const unready = await get("/readyz");
      expect(unready.status).toBe(503);
      expect(await unready.json()).toEqual({
        status: "unavailable",
        message: "The database is unreachable.",
      });
      for (const path of ["/api/amenity/view", "/api/property/show/one/HP-1001"]) {
        const failed = await get(path);
        expect(failed.status).toBe(503);
        expect(failed.headers.get("retry-after")).toBe("5");
        expect(await failed.json()).toEqual({
          status: 503,
          message: "The service is briefly unavailable. Please try again in a moment.",
        });
      }
      const refused = await postEnquiry(server.base);
      expect(refused.status).toBe(503);
      expect(await refused.text()).not.toMatch(leakPattern);
      // Pages without their data: a 503 no cache keeps, never an empty page or a redirect home
      // (decision 088).
      for (const path of ["/", "/about", "/property/HP-1001"]) {
        const page = await fetch(`${server.base}${path}`, { redirect: "manual" });
        expect(page.status, path).toBe(503);
        expect(page.headers.get("retry-after"), path).toBe("5");
        expect(page.headers.get("cache-control"), path).toBe("no-store");
        expect(await page.text()).not.toMatch(leakPattern);
      }

      await proxy.restore();
      await until(async () => (await get("/readyz")).status === 200, "readiness after recovery");
      expect((await get("/api/amenity/view")).status).toBe(200);
      expect((await postEnquiry(server.base)).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
      const enquiries = await listEnquiriesWithDelivery(database.handle.db);
      expect(enquiries).toHaveLength(2);
    });
  },
);
