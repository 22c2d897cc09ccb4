/**
 * The daily alert digests (decision 055), a job of server/jobs/registry.ts: every app server looks
 * every few minutes; from
 * ALERT_DIGEST_HOUR (UTC) on, each confirmed alert not yet run today gets its run: the listings
 * that match its filters (the same query as /search) and were first published after its mark
 * are queued as one digest mail, and the mark moves on. Several servers at once are safe: an
 * alert's run is claimed by a conditional update only one of them wins, and the mail's key
 * (alert and day) is unique in the outbox. Alerts left unconfirmed for 14 days are deleted.
 */
import type { DatabaseHandle } from "../../db/database.ts";
import { addDayFigure } from "../../db/queries/listing-figures.ts";
import { deletePendingSubscribersBefore } from "../../db/queries/newsletter.ts";
import {
  latestFirstPublishedAt,
  listNewlyPublishedMatchIds,
} from "../../db/queries/property-alerts.ts";
import {
  claimAlertDigest,
  deleteUnconfirmedAlertsBefore,
  enqueueMail,
  listAlertsDueOn,
} from "../../db/queries/search-alert.ts";
import { daysBefore } from "../../lib/days.ts";
import { maxDigestListings, readAlertQuery } from "../../lib/search-alert.ts";
import { utcDay } from "../alerts/service.ts";

interface Log {
  info(object: object, message: string): void;
}

export interface AlertDigestOptions {
  database: DatabaseHandle;
  /** The UTC hour from which a day's digests are sent. */
  digestHour: number;
  log: Log;
  /** Called after digests were queued (wakes the outbox). */
  onQueued?: () => void;
  now?: () => Date;
}

const batchSize = 100;
/** An alert not confirmed within this many days is deleted (its address with it). */
export const unconfirmedAlertDays = 14;

/** Queues the digests due at `at` (a run of the job); answers how many. */
export function createAlertDigests(options: AlertDigestOptions): (at: Date) => Promise<number> {
  const { database, digestHour, log } = options;
  const clock = options.now ?? (() => new Date());

  async function digestAll(at: Date): Promise<number> {
    const db = database.db;
    // Addresses nobody confirmed are not kept: any server may delete them, twice is harmless.
    const unconfirmedBefore = daysBefore(clock(), unconfirmedAlertDays);
    const forgotten = await deleteUnconfirmedAlertsBefore(db, unconfirmedBefore);
    if (forgotten > 0) log.info({ deleted: forgotten }, "unconfirmed search alerts deleted");
    // Newsletter addresses nobody confirmed go after the same time (decision 078).
    const unconfirmed = await deletePendingSubscribersBefore(db, unconfirmedBefore);
    if (unconfirmed > 0) {
      log.info({ deleted: unconfirmed }, "unconfirmed newsletter addresses deleted");
    }
    if (at.getUTCHours() < digestHour) return 0;
    const day = utcDay(at);
    const upTo = await latestFirstPublishedAt(db);
    let queued = 0;
    let afterId = 0;
    for (;;) {
      const alerts = await listAlertsDueOn(db, day, afterId, batchSize);
      for (const alert of alerts) {
        afterId = alert.id;
        const fresh = upTo !== null && (alert.publishedMark === null || upTo > alert.publishedMark);
        const filters = readAlertQuery(alert.query);
        const matches =
          fresh && filters
            ? await listNewlyPublishedMatchIds(db, filters, {
                after: alert.publishedMark,
                upTo,
                limit: maxDigestListings,
              })
            : [];
        const added = await db.transaction().execute(async (trx) => {
          const claimed = await claimAlertDigest(
            trx,
            alert.id,
            day,
            fresh ? upTo : null,
            alert.publishedMark,
          );
          if (!claimed || matches.length === 0) return false;
          const enqueued = await enqueueMail(trx, {
            dedupeKey: `alert-digest:${alert.id}:${day}`,
            kind: "alert-digest",
            alertId: alert.id,
            payload: { ids: matches },
            now: clock(),
          });
          // Each listing the digest offers is one alert match of its figures (decision 099),
          // counted once with the mail's one row.
          if (enqueued) for (const id of matches) await addDayFigure(trx, id, day, "alert_matches");
          return enqueued;
        });
        if (added) queued += 1;
      }
      if (alerts.length < batchSize) break;
    }
    if (queued > 0) {
      log.info({ queued, day }, "alert digests queued");
      options.onQueued?.();
    }
    return queued;
  }

  return digestAll;
}
