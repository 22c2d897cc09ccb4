/** Single-use token stores for the site's enquiry puzzle (see app/context.ts). */
import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import type { SingleUseStore } from "#app-context";

/**
 * How many spent ids one process remembers. Only enquiries that passed the API's rate limit
 * keep theirs (see app/enquiry/enquiry-action.server.ts), so this is far more than a day of
 * real enquiries, and about 10 MB at most. Past it the oldest id is forgotten first: a token
 * replayed after that still meets the rate limit, and expires within 30 minutes anyway.
 */
export const defaultMaxSpentIds = 50_000;

export interface MemorySingleUseStoreOptions {
  /** The clock, in ms since the epoch (tests move it). */
  now?: () => number;
  maxEntries?: number;
}

/**
 * One process's memory: an LRU with a per-id expiry, so that each call costs the same
 * whatever the store holds (no sweep), and the store never holds more than `maxEntries`.
 */
export function createMemorySingleUseStore(
  options: MemorySingleUseStoreOptions = {},
): SingleUseStore {
  const now = options.now ?? Date.now;
  const used = new LRUCache<string, true>({
    max: options.maxEntries ?? defaultMaxSpentIds,
    perf: { now },
    // Ask the clock on every check: the default caches it for a millisecond.
    ttlResolution: 0,
  });
  return {
    async use(id, expiresAt) {
      if (used.has(id)) return false;
      used.set(id, true, { ttl: Math.max(1, expiresAt - now()) });
      return true;
    },
    async release(id) {
      used.delete(id);
    },
  };
}

/** Shared by every app server through Redis: SET NX with the token's own expiry. */
export function createRedisSingleUseStore(
  redis: Redis,
  prefix = "homes-used-token:",
): SingleUseStore {
  return {
    async use(id, expiresAt) {
      const ttlMs = Math.max(1, expiresAt - Date.now());
      return (await redis.set(`${prefix}${id}`, "1", "PX", ttlMs, "NX")) === "OK";
    },
    async release(id) {
      await redis.del(`${prefix}${id}`);
    },
  };
}
