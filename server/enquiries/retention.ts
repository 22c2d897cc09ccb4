/**
 * The enquiry retention purge (decision 045): with ENQUIRY_RETENTION_DAYS set, every app
 * server deletes the enquiries older than that, once at start and then hourly, beside the
 * request path like the outbox worker. Several servers may purge at once: the deletes are
 * batched and skip each other's rows (db/queries/enquiry-inbox.ts), and a row deleted twice
 * is simply not there the second time.
 */
import type { DatabaseHandle } from "../../db/database.ts";
import { clearErasedData } from "../../db/erasure.ts";
import { purgeEnquiriesBefore } from "../../db/queries/enquiry-inbox.ts";
import { createPeriodicJob, type PeriodicJob } from "../periodic-job.ts";

interface Log {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface EnquiryPurgeOptions {
  database: DatabaseHandle;
  retentionDays: number;
  log: Log;
  intervalMs?: number;
  now?: () => Date;
}

const dayMs = 86_400_000;

export type EnquiryPurge = PeriodicJob<number>;

/** Deletes the enquiries past retention at each run; a run answers how many went. */
export function createEnquiryPurge(options: EnquiryPurgeOptions): EnquiryPurge {
  const { database, retentionDays, log, intervalMs = 3_600_000 } = options;
  return createPeriodicJob({
    intervalMs,
    ...(options.now ? { now: options.now } : {}),
    async run(at) {
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
    },
    failed(error) {
      log.error({ err: error }, "enquiry retention purge failed; will try again");
      return 0;
    },
  });
}
