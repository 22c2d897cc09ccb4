import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createMemorySingleUseStore, createRedisSingleUseStore } from "./single-use-store.ts";

describe("the in-memory single-use store", () => {
  it("accepts an id once until it expires", async () => {
    let clock = 1_000;
    const store = createMemorySingleUseStore(() => clock);
    expect(await store.use("a", 5_000)).toBe(true);
    expect(await store.use("a", 5_000)).toBe(false);
    expect(await store.use("b", 5_000)).toBe(true);
    clock = 6_000;
    expect(await store.use("a", 9_000)).toBe(true);
  });
});

describe("the Redis single-use store", () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
  afterAll(() => redis.quit());

  it("accepts an id once across every store sharing the server", async () => {
    const prefix = `test-used-token-${process.pid}-${Date.now()}:`;
    const first = createRedisSingleUseStore(redis, prefix);
    const second = createRedisSingleUseStore(redis, prefix);
    expect(await first.use("token-1", Date.now() + 60_000)).toBe(true);
    expect(await second.use("token-1", Date.now() + 60_000)).toBe(false);
    expect(await second.use("token-2", Date.now() + 60_000)).toBe(true);
  });
});
