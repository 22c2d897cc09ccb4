/**
 * Each member of staff's private calendar feed (decision 101): an `.ics` URL their phone or
 * calendar subscribes to, `/calendar/viewings/<secret>.ics`. The secret is random (32 bytes),
 * shown once when made and kept only as its SHA-256; making a new one or revoking it makes the
 * old URL answer 404. The feed lists their tentative and confirmed viewings from 30 days ago
 * on, METHOD PUBLISH, with the UIDs and SEQUENCEs of their invites.
 */
import { hash } from "node:crypto";
import type { DatabaseHandle } from "../../db/database.ts";
import { findCompanyProfile } from "../../db/queries/company-profile.ts";
import { findStaffUserById } from "../../db/queries/staff.ts";
import {
  deleteFeed,
  findFeedOwner,
  listFeedViewings,
  setFeedTokenHash,
} from "../../db/queries/viewing-booking.ts";
import { daysBefore } from "../../lib/days.ts";
import { randomText } from "../../lib/random-pool.server.ts";
import { buildViewingFeed } from "./invite.ts";

export const calendarFeedPathPrefix = "/calendar/viewings/";
const secretPattern = /^[A-Za-z0-9_-]{43}$/;
const feedPastDays = 30;

export function feedTokenHash(secret: string): string {
  return hash("sha256", secret, "hex");
}

/** The feed's URL for `secret`. */
export function calendarFeedUrl(siteUrl: string, secret: string): string {
  return `${siteUrl}${calendarFeedPathPrefix}${secret}.ics`;
}

export interface CalendarFeeds {
  /** The feed of the secret's owner; null when no feed has it. */
  read(secret: string): Promise<string | null>;
  /** A new secret for a member of staff (the old one stops working); the URL, once. */
  issue(db: DatabaseHandle["db"], staffUserId: number, now: Date): Promise<string>;
  /** Revokes a member of staff's feed; answers whether they had one. */
  revoke(db: DatabaseHandle["db"], staffUserId: number): Promise<boolean>;
}

export function createCalendarFeeds(options: {
  database: DatabaseHandle;
  siteUrl: string;
  now?: () => Date;
}): CalendarFeeds {
  const { database, siteUrl } = options;
  const now = options.now ?? (() => new Date());
  return {
    async read(secret) {
      if (!secretPattern.test(secret)) return null;
      const db = database.db;
      const staffUserId = await findFeedOwner(db, feedTokenHash(secret));
      if (staffUserId === undefined) return null;
      const at = now();
      const [staff, profile, viewings] = await Promise.all([
        findStaffUserById(db, staffUserId),
        findCompanyProfile(db),
        listFeedViewings(db, staffUserId, daysBefore(at, feedPastDays)),
      ]);
      const companyName = profile?.business_name.trim() ?? "";
      return buildViewingFeed(`Viewings: ${staff?.email ?? "staff"}`, viewings, {
        siteUrl,
        companyName,
        companyEmail: profile?.email_address.trim() || (staff?.email ?? ""),
        now: at,
      });
    },
    async issue(db, staffUserId, at) {
      const secret = randomText(32, "base64url");
      await setFeedTokenHash(db, staffUserId, feedTokenHash(secret), at);
      return calendarFeedUrl(siteUrl, secret);
    },
    async revoke(db, staffUserId) {
      return deleteFeed(db, staffUserId);
    },
  };
}
