/**
 * The back office's listings service (decision 041): the table's page, one listing, and the row
 * actions, each change announced on the content-change path (server/content-changes.ts) so
 * every app server drops its cached pages and §7 answers at once.
 */
import type { AdminListingsService } from "#app-context";
import type { DatabaseHandle } from "../../db/database.ts";
import {
  changeAdminListing,
  findAdminListing,
  listAdminListings,
} from "../../db/queries/admin-listing.ts";
import { adminListingPageSize } from "../../lib/admin-listings.ts";
import { publishContentChange } from "../content-changes.ts";

export interface AdminListingsOptions {
  database: DatabaseHandle;
  /** REDIS_URL: changes reach the other app servers through it. */
  redisUrl: string | undefined;
  log: { warn(object: unknown, message: string): void };
  now?: () => Date;
}

export function createAdminListings(options: AdminListingsOptions): AdminListingsService {
  const { database, redisUrl, log } = options;
  const now = options.now ?? (() => new Date());
  return {
    async list(_session, query) {
      return listAdminListings(database.db, query, adminListingPageSize);
    },
    async find(_session, code) {
      return (await findAdminListing(database.db, code)) ?? null;
    },
    async change(_session, code, action) {
      const outcome = await changeAdminListing(database.db, code, action, now());
      if (outcome === "changed") {
        // The change is committed: failing to tell other servers is logged, not the answer.
        await publishContentChange(redisUrl).catch((error: unknown) =>
          log.warn({ err: error }, "a listing changed, but other app servers could not be told"),
        );
      }
      return outcome;
    },
  };
}
