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
import {
  findListingChoices,
  listListingChoices,
  searchListingChoices,
} from "../../db/queries/listing-editor.ts";
import type { ListingSave } from "../../lib/admin-listing-form.ts";
import { adminListingPageSize } from "../../lib/admin-listings.ts";
import { publishContentChange } from "../content-changes.ts";
import { createListing, duplicateListing, openListing, saveListing } from "./listing-editor.ts";

/** Listings the related properties' search offers at most. */
const relatedSearchLimit = 20;

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
  /** The change is committed: failing to tell other servers is logged, not the answer. */
  const announce = () =>
    publishContentChange(redisUrl).catch((error: unknown) =>
      log.warn({ err: error }, "a listing changed, but other app servers could not be told"),
    );
  const announced = async (saved: ListingSave) => {
    if (saved.ok) await announce();
    return saved;
  };
  return {
    async list(_session, query) {
      return listAdminListings(database.db, query, adminListingPageSize);
    },
    async find(_session, code) {
      return (await findAdminListing(database.db, code)) ?? null;
    },
    async change(_session, code, action) {
      const outcome = await changeAdminListing(database.db, code, action, now());
      if (outcome === "changed") await announce();
      return outcome;
    },
    open: (_session, code) => openListing(database.db, code),
    formOptions: (_session) => listListingChoices(database.db),
    async create(_session, values) {
      return announced(await createListing(database.db, values, now()));
    },
    async save(_session, code, revision, values) {
      return announced(await saveListing(database.db, code, revision, values, now()));
    },
    async duplicate(_session, code) {
      const copy = await duplicateListing(database.db, code, now());
      // A draft: the public site does not show it, but the change feed's readers may count it.
      if (copy !== null) await announce();
      return copy;
    },
    search: (_session, text) => searchListingChoices(database.db, text, relatedSearchLimit),
    choices: (_session, codes) => findListingChoices(database.db, codes),
  };
}
