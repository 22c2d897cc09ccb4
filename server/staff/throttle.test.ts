import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createSignInThrottle } from "./throttle.ts";

const limits = { perAccount: 3, perIp: 5, windowSeconds: 60 };

describe("sign-in throttling in one process", () => {
  it("holds an account back after its failures, from any IP", async () => {
    const throttle = createSignInThrottle({ limits });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await throttle.waitMs("owner@example.com", `10.0.0.${attempt}`)).toBe(0);
      await throttle.fail("owner@example.com", `10.0.0.${attempt}`);
    }
    const wait = await throttle.waitMs("owner@example.com", "10.0.0.99");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await throttle.waitMs("agent@example.com", "10.0.0.99")).toBe(0);
  });

  it("holds an IP back after its failures, whichever accounts it tries", async () => {
    const throttle = createSignInThrottle({ limits });
    for (let attempt = 0; attempt < 5; attempt++) {
      await throttle.fail(`user${attempt}@example.com`, "10.1.1.1");
    }
    expect(await throttle.waitMs("someone-new@example.com", "10.1.1.1")).toBeGreaterThan(0);
    expect(await throttle.waitMs("someone-new@example.com", "10.1.1.2")).toBe(0);
  });

  it("forgets an account's failures when it signs in", async () => {
    const throttle = createSignInThrottle({ limits });
    await throttle.fail("owner@example.com", "10.2.2.2");
    await throttle.fail("owner@example.com", "10.2.2.3");
    await throttle.succeed("owner@example.com");
    await throttle.fail("owner@example.com", "10.2.2.4");
    await throttle.fail("owner@example.com", "10.2.2.5");
    expect(await throttle.waitMs("owner@example.com", "10.2.2.6")).toBe(0);
  });
});

describe("sign-in throttling shared through Redis", () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
  afterAll(() => redis.quit());

  it("counts one account's failures on every app server together", async () => {
    const prefix = `test-sign-in-${randomBytes(6).toString("hex")}`;
    const first = createSignInThrottle({ redis, limits, prefix });
    const second = createSignInThrottle({ redis, limits, prefix });
    await first.fail("owner@example.com", "10.3.3.1");
    await second.fail("owner@example.com", "10.3.3.2");
    expect(await first.waitMs("owner@example.com", "10.3.3.3")).toBe(0);
    await first.fail("owner@example.com", "10.3.3.3");
    expect(await second.waitMs("owner@example.com", "10.3.3.4")).toBeGreaterThan(0);
  });

  it("still throttles, in memory, when Redis is down", async () => {
    const broken = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    broken.on("error", () => {});
    const throttle = createSignInThrottle({ redis: broken, limits });
    for (let attempt = 0; attempt < 3; attempt++)
      await throttle.fail("owner@example.com", "10.4.4.4");
    expect(await throttle.waitMs("owner@example.com", "10.4.4.5")).toBeGreaterThan(0);
    broken.disconnect();
  });
});
