/**
 * Redis shares the enquiry rate limit between app servers. When it cannot be reached, enquiries
 * are still taken (and stored) promptly, not held in a queue until a timeout.
 */
import { afterEach, describe, expect, it } from "vitest";
import { listEnquiries } from "../db/queries/enquiry.ts";
import {
  auth,
  createTestApp,
  multipart,
  scrapeMetrics,
  type TestApp,
} from "../tests/support/app.ts";
import { buildContactEnquiry } from "../tests/support/factories.ts";
import { freePort } from "../tests/support/server-process.ts";

describe("an enquiry while Redis is unreachable", () => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
  });

  it("is accepted and stored within seconds, the shared rate limit skipped", async () => {
    const closedPort = await freePort();
    test = await createTestApp("sqlite", {
      REDIS_URL: `redis://127.0.0.1:${closedPort}`,
      CONTACT_RATE_LIMIT: "2/1m",
    });
    const started = Date.now();
    for (let attempt = 0; attempt < 3; attempt++) {
      const enquiry = buildContactEnquiry();
      const form = await multipart(enquiry);
      const response = await test.app.inject({
        method: "POST",
        url: "/api/contact/add",
        headers: { ...auth, ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(200);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await listEnquiries(test.app.database.db)).toHaveLength(3);
  });
});

describe("readiness and metrics with a configured Redis", () => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
  });
  const metricsToken = "metrics-token-0123456789";
  const scrape = (app: TestApp) => scrapeMetrics(app.app, metricsToken);

  it("is not ready, naming Redis, while Redis cannot be reached, and redis_up says 0", async () => {
    const closedPort = await freePort();
    test = await createTestApp("sqlite", {
      REDIS_URL: `redis://127.0.0.1:${closedPort}`,
      METRICS_TOKEN: metricsToken,
    });
    const response = await test.app.inject({ url: "/readyz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "unavailable", message: "Redis is unreachable." });
    expect(await scrape(test)).toMatch(/^redis_up 0$/m);
  });

  it("is ready once Redis answers, and redis_up says 1", async () => {
    test = await createTestApp("sqlite", {
      REDIS_URL: process.env.TEST_REDIS_URL?.trim() || "redis://127.0.0.1:6379",
      METRICS_TOKEN: metricsToken,
    });
    await expect
      .poll(async () => (await test!.app.inject({ url: "/readyz" })).statusCode)
      .toBe(200);
    expect(await scrape(test)).toMatch(/^redis_up 1$/m);
  });
});
