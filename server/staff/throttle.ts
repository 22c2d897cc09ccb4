/**
 * Sign-in throttling (decision 037): sign-ins are counted per account and per IP with
 * rate-limiter-flexible, in Redis when REDIS_URL is set (so every app server shares the
 * counts), else in this process. Past a limit, sign-ins of that account or from that IP are
 * refused without checking the password until the window ends. If Redis fails, each server
 * falls back to its own memory instead of letting every guess through.
 *
 * An attempt is counted before its password is checked (decision 067): the count is one atomic
 * increment, so attempts at once cannot all read "under the limit" and all be checked; a right
 * password then clears the account's count and gives the IP its point back. Set-password posts
 * are counted per IP the same way, before their link is looked up, and a real link gives the
 * point back.
 */
import type { Redis } from "ioredis";
import { countOne, createSharedCount } from "../shared-counts.ts";

export interface ThrottleLimits {
  /** Failed sign-ins of one account per window. */
  perAccount: number;
  /** Failed sign-ins from one IP per window (several staff may share an office's IP). */
  perIp: number;
  /** Set-password posts from one IP per window (each sets one password, once). */
  setPasswordPerIp: number;
  windowSeconds: number;
}

export const defaultThrottleLimits: ThrottleLimits = {
  perAccount: 10,
  perIp: 50,
  setPasswordPerIp: 20,
  windowSeconds: 15 * 60,
};

export interface SignInThrottle {
  /**
   * Counts a sign-in (or a check of the current password) against the account and the IP,
   * before the password is checked: milliseconds until either may try again when one is past
   * its limit (the password must not be checked then), else 0.
   */
  attempt(account: string, ip: string): Promise<number>;
  /** The attempt was right: clears the account's count and gives the IP its point back. */
  succeed(account: string, ip: string): Promise<void>;
  /** The attempt was never checked (the server was busy): gives both their point back. */
  giveBack(account: string, ip: string): Promise<void>;
  /** Counts a set-password post from `ip` before its link is looked up: as `attempt`. */
  setPasswordAttempt(ip: string): Promise<number>;
  /**
   * The post's link was a real one: gives `ip` its point back, so only guesses use up the
   * limit (an office's staff, or a test run, set many passwords from one address).
   */
  setPasswordLinkFound(ip: string): Promise<void>;
}

function limiter(points: number, windowSeconds: number, keyPrefix: string, redis?: Redis) {
  return createSharedCount({ points, windowSeconds, keyPrefix, blockPastLimit: true, redis });
}

export function createSignInThrottle(
  options: { redis?: Redis | undefined; limits?: Partial<ThrottleLimits>; prefix?: string } = {},
): SignInThrottle {
  const limits = { ...defaultThrottleLimits, ...options.limits };
  const prefix = options.prefix ?? "homes-sign-in";
  const { redis } = options;
  const byAccount = limiter(limits.perAccount, limits.windowSeconds, `${prefix}-account`, redis);
  const byIp = limiter(limits.perIp, limits.windowSeconds, `${prefix}-ip`, redis);
  const setPasswordByIp = limiter(
    limits.setPasswordPerIp,
    limits.windowSeconds,
    // homes-set-password-ip:* beside homes-sign-in-ip:*
    `${prefix.replace(/sign-in$/, "set-password")}-ip`,
    redis,
  );

  return {
    async attempt(account, ip) {
      const [accountWait, ipWait] = await Promise.all([
        countOne(byAccount, account),
        countOne(byIp, ip),
      ]);
      // A refused attempt is not checked, so it does not count against the other key: an
      // address held back does not use up the account's tries, nor the other way round.
      if (accountWait > 0 && ipWait === 0) await byIp.reward(ip, 1);
      if (ipWait > 0 && accountWait === 0) await byAccount.reward(account, 1);
      return Math.max(accountWait, ipWait);
    },
    async succeed(account, ip) {
      await Promise.all([byAccount.delete(account), byIp.reward(ip, 1)]);
    },
    async giveBack(account, ip) {
      await Promise.all([byAccount.reward(account, 1), byIp.reward(ip, 1)]);
    },
    setPasswordAttempt: (ip) => countOne(setPasswordByIp, ip),
    async setPasswordLinkFound(ip) {
      await setPasswordByIp.reward(ip, 1);
    },
  };
}
