import { describe, expect, it } from "vitest";
import {
  clearRecentlyViewed,
  forgetViewed,
  maxRecentlyViewed,
  type RecentStorage,
  readRecentlyViewed,
  recentlyViewedKey,
  rememberViewed,
} from "./recently-viewed-store.ts";

/** An in-memory Storage; `full` makes every write throw, as a full or blocked one does. */
function memoryStorage(initial?: string, full = false): RecentStorage & { value(): string | null } {
  const items = new Map<string, string>();
  if (initial !== undefined) items.set(recentlyViewedKey, initial);
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (full) throw new DOMException("full", "QuotaExceededError");
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
    value: () => items.get(recentlyViewedKey) ?? null,
  };
}

describe("recently viewed homes", () => {
  it("starts empty", () => {
    expect(readRecentlyViewed(memoryStorage())).toEqual([]);
  });

  it("keeps the most recent first", () => {
    const storage = memoryStorage();
    rememberViewed(storage, "HP-1001");
    rememberViewed(storage, "HP-1002");
    expect(rememberViewed(storage, "HP-1003")).toEqual(["HP-1003", "HP-1002", "HP-1001"]);
    expect(readRecentlyViewed(storage)).toEqual(["HP-1003", "HP-1002", "HP-1001"]);
    expect(JSON.parse(storage.value() ?? "")).toEqual(["HP-1003", "HP-1002", "HP-1001"]);
  });

  it("keeps a home once: viewed again, it moves to the front", () => {
    const storage = memoryStorage();
    for (const code of ["HP-1001", "HP-1002", "HP-1003"]) rememberViewed(storage, code);
    expect(rememberViewed(storage, "HP-1001")).toEqual(["HP-1001", "HP-1003", "HP-1002"]);
  });

  it(`keeps at most ${maxRecentlyViewed}, dropping the oldest`, () => {
    const storage = memoryStorage();
    for (let index = 1; index <= maxRecentlyViewed + 3; index += 1) {
      rememberViewed(storage, `HP-${1000 + index}`);
    }
    const codes = readRecentlyViewed(storage);
    expect(codes).toHaveLength(maxRecentlyViewed);
    expect(codes[0]).toBe(`HP-${1000 + maxRecentlyViewed + 3}`);
    expect(codes.at(-1)).toBe("HP-1004");
  });

  it("reads a stored list longer than the cap as its first ones", () => {
    const long = Array.from({ length: 20 }, (_, index) => `HP-${2000 + index}`);
    expect(readRecentlyViewed(memoryStorage(JSON.stringify(long)))).toEqual(
      long.slice(0, maxRecentlyViewed),
    );
  });

  it.each([
    ["not JSON", "{oops"],
    ["an object", '{"HP-1001":true}'],
    ["a string", '"HP-1001"'],
    ["null", "null"],
  ])("reads corrupt storage (%s) as empty, and remembers over it", (_name, stored) => {
    const storage = memoryStorage(stored);
    expect(readRecentlyViewed(storage)).toEqual([]);
    expect(rememberViewed(storage, "HP-1001")).toEqual(["HP-1001"]);
    expect(readRecentlyViewed(storage)).toEqual(["HP-1001"]);
  });

  it("drops entries that are not well-formed codes, and repeats", () => {
    const stored = JSON.stringify(["HP-1001", 42, null, " HP-1002 ", "bad code!", "HP-1001", ""]);
    expect(readRecentlyViewed(memoryStorage(stored))).toEqual(["HP-1001", "HP-1002"]);
  });

  it("forgets homes that are gone, keeping the others in order", () => {
    const storage = memoryStorage(JSON.stringify(["HP-1003", "HP-1002", "HP-1001"]));
    expect(forgetViewed(storage, ["HP-1002"])).toEqual(["HP-1003", "HP-1001"]);
    expect(readRecentlyViewed(storage)).toEqual(["HP-1003", "HP-1001"]);
  });

  it("clears the list, leaving nothing stored", () => {
    const storage = memoryStorage(JSON.stringify(["HP-1003", "HP-1002"]));
    clearRecentlyViewed(storage);
    expect(readRecentlyViewed(storage)).toEqual([]);
    expect(storage.value()).toBeNull();
  });

  it("does not throw when the storage refuses to write", () => {
    const storage = memoryStorage(JSON.stringify(["HP-1001"]), true);
    expect(rememberViewed(storage, "HP-1002")).toEqual(["HP-1002", "HP-1001"]);
    expect(readRecentlyViewed(storage)).toEqual(["HP-1001"]);
  });

  it("does not throw when reading the storage throws", () => {
    const storage: RecentStorage = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {},
      removeItem: () => {},
    };
    expect(readRecentlyViewed(storage)).toEqual([]);
    expect(rememberViewed(storage, "HP-1001")).toEqual(["HP-1001"]);
  });
});
