/**
 * Sign-in throttling (decision 037): failed sign-ins are counted per account and per IP with
 * rate-limiter-flexible, in Redis when REDIS_URL is set (so every app server shares the
 * counts), else in this process. Past a limit, sign-ins of that account or from that IP are
 * refused without checking the password until the window ends. If Redis fails, each server
 * falls back to its own memory instead of letting every guess through.
 */
import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";

export interface ThrottleLimits {
  /** Failed sign-ins of one account per window. */
  perAccount: number;
  /** Failed sign-ins from one IP per window (several staff may share an office's IP). */
  perIp: number;
  windowSeconds: number;
}

export const defaultThrottleLimits: ThrottleLimits = {
  perAccount: 10,
  perIp: 50,
  windowSeconds: 15 * 60,
};

export interface SignInThrottle {
  /** Milliseconds until the account or the IP may try again; 0 when it may now. */
  waitMs(account: string, ip: string): Promise<number>;
  /** Counts a failed sign-in against both. */
  fail(account: string, ip: string): Promise<void>;
  /** A successful sign-in clears the account's count (not the IP's). */
  succeed(account: string): Promise<void>;
}

function limiter(
  points: number,
  duration: number,
  keyPrefix: string,
  redis: Redis | undefined,
): RateLimiterAbstract {
  const options = { points, duration, keyPrefix, blockDuration: duration };
  if (!redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    storeClient: redis,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

export function createSignInThrottle(
  options: { redis?: Redis | undefined; limits?: ThrottleLimits; prefix?: string } = {},
): SignInThrottle {
  const limits = options.limits ?? defaultThrottleLimits;
  const prefix = options.prefix ?? "homes-sign-in";
  const byAccount = limiter(
    limits.perAccount,
    limits.windowSeconds,
    `${prefix}-account`,
    options.redis,
  );
  const byIp = limiter(limits.perIp, limits.windowSeconds, `${prefix}-ip`, options.redis);

  async function waitOf(limit: RateLimiterAbstract, key: string, points: number) {
    const state = await limit.get(key);
    return state && state.consumedPoints >= points ? Math.max(1, state.msBeforeNext) : 0;
  }
  async function count(limit: RateLimiterAbstract, key: string) {
    // A consume past the limit rejects with the state: that is the counting, not a failure.
    await limit.consume(key).catch((reason: unknown) => {
      if (!(reason instanceof RateLimiterRes)) throw reason;
    });
  }

  return {
    async waitMs(account, ip) {
      const [accountWait, ipWait] = await Promise.all([
        waitOf(byAccount, account, limits.perAccount),
        waitOf(byIp, ip, limits.perIp),
      ]);
      return Math.max(accountWait, ipWait);
    },
    async fail(account, ip) {
      await Promise.all([count(byAccount, account), count(byIp, ip)]);
    },
    async succeed(account) {
      await byAccount.delete(account);
    },
  };
}
