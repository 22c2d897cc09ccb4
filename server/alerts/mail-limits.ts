/**
 * How many confirmation mails search alerts may cause a day (decision 055, addendum "Limits per
 * address and per client"): the form must not become a way to mail anyone, or one address many
 * times. Counted with rate-limiter-flexible like sign-in throttling (decision 037): in Redis
 * when REDIS_URL is set, so every app server shares the counts, with this process's memory as
 * the insurance when Redis fails; in memory otherwise. Addresses are counted by a hash, so the
 * store never holds one.
 */
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";

export interface AlertMailLimits {
  /** Confirmation mails one address may receive a day, whoever asks. */
  perAddress: number;
  /** Alert saves one client (IP) may make a day, whatever the addresses. */
  perClient: number;
}

export const defaultAlertMailLimits: AlertMailLimits = { perAddress: 3, perClient: 5 };

const day = 24 * 60 * 60;

function dailyLimiter(points: number, keyPrefix: string, redis: Redis | undefined) {
  const options = { points, duration: day, keyPrefix };
  if (!redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    storeClient: redis,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

/** Seconds until `key` may be counted again; 0 when it was counted now. */
async function take(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (reason) {
    // Past the limit the consume rejects with the state: that is the answer, not a failure.
    if (!(reason instanceof RateLimiterRes)) throw reason;
    return Math.max(1, Math.ceil(reason.msBeforeNext / 1000));
  }
}

export interface AlertMailCounter {
  /** Counts a save from `client`: 0 when allowed, else the seconds until it is. */
  takeClient(client: string): Promise<number>;
  /** Counts a confirmation mail to `email`: whether it may be sent. */
  takeAddress(email: string): Promise<boolean>;
  /** Gives back an address's count when no mail was queued after all (one already was today). */
  giveBackAddress(email: string): Promise<void>;
}

export function createAlertMailCounter(
  options: { redis?: Redis | undefined; limits?: AlertMailLimits } = {},
): AlertMailCounter {
  const limits = options.limits ?? defaultAlertMailLimits;
  const byClient = dailyLimiter(limits.perClient, "homes-alert-client", options.redis);
  const byAddress = dailyLimiter(limits.perAddress, "homes-alert-address", options.redis);
  const addressKey = (email: string) => createHash("sha256").update(email).digest("hex");
  return {
    takeClient: (client) => take(byClient, client),
    async takeAddress(email) {
      return (await take(byAddress, addressKey(email))) === 0;
    },
    async giveBackAddress(email) {
      await byAddress.reward(addressKey(email), 1);
    },
  };
}
