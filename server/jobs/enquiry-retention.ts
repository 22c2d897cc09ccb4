/**
 * The enquiry retention purge (decision 045), a job of server/jobs/registry.ts: with
 * ENQUIRY_RETENTION_DAYS set, every app server deletes the enquiries older than that, once at
 * start and then hourly, beside the request path like the outbox. Several servers may purge at once: the deletes are
 * batched and skip each other's rows (db/queries/enquiry-inbox.ts), and a row deleted twice
 * is simply not there the second time.
 *
 * Viewings (issue 31, decision 102) hold the same kind of personal data and follow the same
 * setting: a viewing goes ENQUIRY_RETENTION_DAYS after it ended, with its queued mails.
 */
import type { DatabaseHandle } from "../../db/database.ts";
import { clearErasedData } from "../../db/erasure.ts";
import { purgeEnquiriesBefore } from "../../db/queries/enquiry-inbox.ts";
import { purgeViewingsEndedBefore } from "../../db/queries/viewing-diary.ts";
import { retentionActor } from "../../lib/admin-audit.ts";
import { daysBefore } from "../../lib/days.ts";

interface Log {
  info(object: object, message: string): void;
}

export interface EnquiryPurgeOptions {
  database: DatabaseHandle;
  retentionDays: number;
  log: Log;
}

/**
 * Deletes the enquiries and viewings past retention at `at` (a run of the job); answers how
 * many went, both counted.
 */
export function createEnquiryPurge(options: EnquiryPurgeOptions): (at: Date) => Promise<number> {
  const { database, retentionDays, log } = options;
  return async (at) => {
    const cutoff = daysBefore(at, retentionDays);
    const deleted = await purgeEnquiriesBefore(database.db, {
      cutoff,
      dialect: database.dialect,
    });
    const viewings = await purgeViewingsEndedBefore(database.db, {
      cutoff,
      dialect: database.dialect,
      actor: retentionActor,
    });
    if (deleted + viewings > 0) {
      // No readable copy left in the database's files either (decision 067).
      const cleared = await clearErasedData(database);
      // The message staff search the logs for since decision 045; its viewings counted beside.
      log.info(
        { deleted, viewings, cleared, cutoff: cutoff.toISOString(), retentionDays },
        "enquiries past retention deleted",
      );
    }
    return deleted + viewings;
  };
}
