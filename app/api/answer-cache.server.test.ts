import { describe, expect, it, vi } from "vitest";
import { createAnswerCache } from "./answer-cache.server.ts";

describe("the §7 answer cache", () => {
  it("reuses an answer for its TTL, then asks again", async () => {
    let now = 0;
    const cache = createAnswerCache({ ttlMs: 1000, now: () => now });
    const load = vi.fn(async () => ({ data: now }));
    expect(await cache.read("/amenity/view", load)).toEqual({ data: 0 });
    now = 999;
    expect(await cache.read("/amenity/view", load)).toEqual({ data: 0 });
    expect(load).toHaveBeenCalledTimes(1);
    now = 1000;
    expect(await cache.read("/amenity/view", load)).toEqual({ data: 1000 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shares one request among concurrent identical reads", async () => {
    const cache = createAnswerCache({ ttlMs: 0 });
    let finish: (value: string) => void = () => {};
    const load = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const reads = [cache.read("/a", load), cache.read("/a", load), cache.read("/a", load)];
    finish("answer");
    expect(await Promise.all(reads)).toEqual(["answer", "answer", "answer"]);
    expect(load).toHaveBeenCalledTimes(1);
    // TTL 0: nothing is kept once the flight has landed.
    expect(await cache.read("/a", async () => "asked again")).toBe("asked again");
  });

  it("does not keep a failure", async () => {
    const cache = createAnswerCache({ ttlMs: 60_000 });
    const load = vi.fn().mockResolvedValueOnce(undefined).mockResolvedValueOnce("recovered");
    expect(await cache.read("/company/profile", load)).toBeUndefined();
    expect(await cache.read("/company/profile", load)).toBe("recovered");
  });

  it("forgets everything on clear(), including a read still in flight", async () => {
    const cache = createAnswerCache({ ttlMs: 60_000 });
    let finish: (value: string) => void = () => {};
    const early = cache.read("/a", () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    const fresh = cache.read("/a", async () => "after the change");
    finish("before the change");
    expect(await early).toBe("before the change");
    expect(await fresh).toBe("after the change");
    expect(await cache.read("/a", async () => "unused")).toBe("after the change");
  });

  it("keeps at most maxEntries answers, least recently used first out", async () => {
    const cache = createAnswerCache({ ttlMs: 60_000, maxEntries: 2 });
    const load = vi.fn(async () => "x");
    await cache.read("/a", load);
    await cache.read("/b", load);
    await cache.read("/a", load);
    await cache.read("/c", load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.read("/a", load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.read("/b", load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
