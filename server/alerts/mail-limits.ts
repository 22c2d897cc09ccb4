/**
 * How many confirmation mails search alerts may cause a day (decision 055, addendum "Limits per
 * address and per client"): the form must not become a way to mail anyone, or one address many
 * times. Counted like sign-in throttling (server/shared-counts.ts), shared by every app server
 * through Redis. Addresses are counted by a hash, so the store never holds one.
 */
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { countOne, createSharedCount } from "../shared-counts.ts";

export interface AlertMailLimits {
  /** Confirmation mails one address may receive a day, whoever asks. */
  perAddress: number;
  /** Alert saves one client (IP) may make a day, whatever the addresses. */
  perClient: number;
}

export const defaultAlertMailLimits: AlertMailLimits = { perAddress: 3, perClient: 5 };

const day = 24 * 60 * 60;

function dailyCount(points: number, keyPrefix: string, redis: Redis | undefined) {
  return createSharedCount({ points, windowSeconds: day, keyPrefix, redis });
}

/** Counts one for `key`: 0 when allowed, else the seconds until it is. */
async function take(count: ReturnType<typeof dailyCount>, key: string): Promise<number> {
  return Math.ceil((await countOne(count, key)) / 1000);
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
  const byClient = dailyCount(limits.perClient, "homes-alert-client", options.redis);
  const byAddress = dailyCount(limits.perAddress, "homes-alert-address", options.redis);
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
