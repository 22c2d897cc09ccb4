/**
 * Counts kept with rate-limiter-flexible for the limits that guard against abuse (sign-ins,
 * decision 037; alert and newsletter mails, decision 055): in Redis when the app has a client
 * (REDIS_URL), so every app server shares the counts, with this process's memory as the
 * insurance when Redis fails; in memory otherwise.
 */
import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";

export interface CountOptions {
  /** What a key may count in a window. */
  points: number;
  windowSeconds: number;
  /** Names the count in the store (`prefix:key`). */
  keyPrefix: string;
  /** Past the limit, the key stays refused for a whole window from then. */
  blockPastLimit?: boolean;
  redis?: Redis | undefined;
}

export function createSharedCount(options: CountOptions): RateLimiterAbstract {
  const counted = {
    points: options.points,
    duration: options.windowSeconds,
    keyPrefix: options.keyPrefix,
    ...(options.blockPastLimit ? { blockDuration: options.windowSeconds } : {}),
  };
  if (!options.redis) return new RateLimiterMemory(counted);
  return new RateLimiterRedis({
    ...counted,
    storeClient: options.redis,
    insuranceLimiter: new RateLimiterMemory(counted),
  });
}

/** Counts one for `key`: 0 when it was within the limit, else the milliseconds to wait. */
export async function countOne(count: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await count.consume(key);
    return 0;
  } catch (reason) {
    // Past the limit the consume rejects with the state: that is the answer, not a failure.
    if (!(reason instanceof RateLimiterRes)) throw reason;
    return Math.max(1, reason.msBeforeNext);
  }
}
