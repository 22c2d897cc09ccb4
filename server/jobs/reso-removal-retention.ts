/**
 * The RESO feed's removals' retention (decision 106), a job of server/jobs/registry.ts: every
 * app server deletes the removed keys (`listing_removal`) older than the feed's
 * `resoRemovalDays`, once at start and then hourly. The feed stops serving them at that age
 * anyway; this keeps the table to the few it serves. Several servers may purge at once: the
 * deletes are batched and skip each other's rows, and a row deleted twice is simply gone.
 */
import type { DatabaseHandle } from "../../db/database.ts";
import { purgeListingRemovalsBefore } from "../../db/queries/listing-removal.ts";
import { daysBefore } from "../../lib/days.ts";
import { resoRemovalDays } from "../feeds/reso/read.ts";

export function createResoRemovalPurge(options: {
  database: DatabaseHandle;
  log: { info(object: object, message: string): void };
}): (at: Date) => Promise<number> {
  const { database, log } = options;
  return async (at) => {
    const cutoff = daysBefore(at, resoRemovalDays);
    const deleted = await purgeListingRemovalsBefore(database.db, {
      cutoff,
      dialect: database.dialect,
    });
    if (deleted > 0) {
      log.info(
        { deleted, cutoff: cutoff.toISOString(), retentionDays: resoRemovalDays },
        "RESO removals past retention deleted",
      );
    }
    return deleted;
  };
}
