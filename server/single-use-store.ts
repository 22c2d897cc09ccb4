/** Single-use token stores for the site's enquiry puzzle (see app/context.ts). */
import type { Redis } from "ioredis";
import type { SingleUseStore } from "#app-context";

/** One process's memory; expired ids are swept as new ones arrive. */
export function createMemorySingleUseStore(now: () => number = Date.now): SingleUseStore {
  const used = new Map<string, number>();
  return {
    async use(id, expiresAt) {
      const current = now();
      if (used.size > 1000) {
        for (const [key, expiry] of used) if (expiry <= current) used.delete(key);
      }
      const expiry = used.get(id);
      if (expiry !== undefined && expiry > current) return false;
      used.set(id, expiresAt);
      return true;
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
  };
}
