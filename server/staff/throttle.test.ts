import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createSignInThrottle, type SignInThrottle } from "./throttle.ts";

const limits = { perAccount: 3, perIp: 5, setPasswordPerIp: 4, windowSeconds: 60 };

/** Failed attempts: each counted before its (wrong) password would be checked. */
async function failTimes(throttle: SignInThrottle, times: number, account: string, ip: string) {
  for (let attempt = 0; attempt < times; attempt++) {
    expect(await throttle.attempt(account, ip), `attempt ${attempt + 1}`).toBe(0);
  }
}

describe("sign-in throttling in one process", () => {
  it("holds an account back after its failures, from any IP", async () => {
    const throttle = createSignInThrottle({ limits });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await throttle.attempt("owner@example.com", `10.0.0.${attempt}`)).toBe(0);
    }
    const wait = await throttle.attempt("owner@example.com", "10.0.0.99");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await throttle.attempt("agent@example.com", "10.0.0.99")).toBe(0);
  });

  it("holds an IP back after its failures, whichever accounts it tries", async () => {
    const throttle = createSignInThrottle({ limits });
    for (let attempt = 0; attempt < 5; attempt++) {
      await failTimes(throttle, 1, `user${attempt}@example.com`, "10.1.1.1");
    }
    expect(await throttle.attempt("someone-new@example.com", "10.1.1.1")).toBeGreaterThan(0);
    expect(await throttle.attempt("someone-new@example.com", "10.1.1.2")).toBe(0);
  });

  it("forgets an account's failures when it signs in, and gives the IP its try back", async () => {
    const throttle = createSignInThrottle({ limits });
    await failTimes(throttle, 2, "owner@example.com", "10.2.2.2");
    await failTimes(throttle, 1, "owner@example.com", "10.2.2.2");
    await throttle.succeed("owner@example.com", "10.2.2.2");
    await failTimes(throttle, 2, "owner@example.com", "10.2.2.2");
    // 5 attempts from the IP, one of them right: 4 count, so one more may try.
    expect(await throttle.attempt("owner@example.com", "10.2.2.2")).toBe(0);
  });

  it("lets no more attempts at once through than the limit allows", async () => {
    const throttle = createSignInThrottle({ limits: { ...limits, perAccount: 10, perIp: 100 } });
    const waits = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) =>
        throttle.attempt("owner@example.com", `10.5.5.${attempt}`),
      ),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
  });

  it("counts set-password posts per IP, apart from sign-ins", async () => {
    const throttle = createSignInThrottle({ limits });
    const waits = await Promise.all(
      Array.from({ length: 10 }, () => throttle.setPasswordAttempt("10.6.6.6")),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(4);
    expect(await throttle.setPasswordAttempt("10.6.6.7")).toBe(0);
    expect(await throttle.attempt("owner@example.com", "10.6.6.6")).toBe(0);
  });
});

describe("sign-in throttling shared through Redis", () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
  afterAll(() => redis.quit());

  it("counts one account's failures on every app server together", async () => {
    const prefix = `test-sign-in-${randomBytes(6).toString("hex")}`;
    const first = createSignInThrottle({ redis, limits, prefix });
    const second = createSignInThrottle({ redis, limits, prefix });
    await failTimes(first, 1, "owner@example.com", "10.3.3.1");
    await failTimes(second, 1, "owner@example.com", "10.3.3.2");
    await failTimes(first, 1, "owner@example.com", "10.3.3.3");
    expect(await second.attempt("owner@example.com", "10.3.3.4")).toBeGreaterThan(0);
  });

  it("lets no more attempts at once through than the limit allows, across servers", async () => {
    const prefix = `test-sign-in-${randomBytes(6).toString("hex")}`;
    const servers = [1, 2, 3, 4].map(() =>
      createSignInThrottle({ redis, limits: { ...limits, perAccount: 10, perIp: 100 }, prefix }),
    );
    const waits = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) =>
        servers[attempt % servers.length]?.attempt("owner@example.com", `10.7.7.${attempt}`),
      ),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
    const setPassword = await Promise.all(
      Array.from({ length: 12 }, (_, post) =>
        servers[post % servers.length]?.setPasswordAttempt("10.7.8.1"),
      ),
    );
    expect(setPassword.filter((wait) => wait === 0)).toHaveLength(4);
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
    await failTimes(throttle, 3, "owner@example.com", "10.4.4.4");
    expect(await throttle.attempt("owner@example.com", "10.4.4.5")).toBeGreaterThan(0);
    broken.disconnect();
  });
});
