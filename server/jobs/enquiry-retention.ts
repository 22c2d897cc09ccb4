/**
 * The enquiry retention purge (decision 045), a job of server/jobs/registry.ts: with
 * ENQUIRY_RETENTION_DAYS set, every app server deletes the enquiries older than that, once at
 * start and then hourly, beside the request path like the outbox. Several servers may purge at once: the deletes are
 * batched and skip each other's rows (db/queries/enquiry-inbox.ts), and a row deleted twice
 * is simply not there the second time.
 */
import type { DatabaseHandle } from "../../db/database.ts";
import { clearErasedData } from "../../db/erasure.ts";
import { purgeEnquiriesBefore } from "../../db/queries/enquiry-inbox.ts";

interface Log {
  info(object: object, message: string): void;
}

export interface EnquiryPurgeOptions {
  database: DatabaseHandle;
  retentionDays: number;
  log: Log;
}

const dayMs = 86_400_000;

/** Deletes the enquiries past retention at `at` (a run of the job); answers how many went. */
export function createEnquiryPurge(options: EnquiryPurgeOptions): (at: Date) => Promise<number> {
  const { database, retentionDays, log } = options;
  return async (at) => {
    const cutoff = new Date(at.getTime() - retentionDays * dayMs);
    const deleted = await purgeEnquiriesBefore(database.db, {
      cutoff,
      dialect: database.dialect,
    });
    if (deleted > 0) {
      // No readable copy left in the database's files either (decision 067).
      const cleared = await clearErasedData(database);
      log.info(
        { deleted, cleared, cutoff: cutoff.toISOString(), retentionDays },
        "enquiries past retention deleted",
      );
    }
    return deleted;
  };
}
