import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createMemorySingleUseStore, createRedisSingleUseStore } from "./single-use-store.ts";

describe("the in-memory single-use store", () => {
  it("accepts an id once until it expires", async () => {
    let clock = 1_000;
    const store = createMemorySingleUseStore({ now: () => clock });
    expect(await store.use("a", 5_000)).toBe(true);
    expect(await store.use("a", 5_000)).toBe(false);
    expect(await store.use("b", 5_000)).toBe(true);
    clock = 6_000;
    expect(await store.use("a", 9_000)).toBe(true);
  });

  it("accepts an id again once it is released", async () => {
    const store = createMemorySingleUseStore();
    expect(await store.use("a", Date.now() + 60_000)).toBe(true);
    await store.release("a");
    expect(await store.use("a", Date.now() + 60_000)).toBe(true);
    expect(await store.use("a", Date.now() + 60_000)).toBe(false);
  });

  it("holds at most maxEntries ids, forgetting the oldest first", async () => {
    const store = createMemorySingleUseStore({ maxEntries: 3 });
    const expiresAt = Date.now() + 60_000;
    for (const id of ["a", "b", "c", "d"]) expect(await store.use(id, expiresAt)).toBe(true);
    // "a" was pushed out by "d"; the three newest are still spent.
    expect(await store.use("a", expiresAt)).toBe(true);
    for (const id of ["c", "d", "a"]) expect(await store.use(id, expiresAt)).toBe(false);
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
    await first.release("token-1");
    expect(await second.use("token-1", Date.now() + 60_000)).toBe(true);
  });
});
