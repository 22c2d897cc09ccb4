/**
 * The enquiry retention purge (decision 045): with ENQUIRY_RETENTION_DAYS set, every app
 * server deletes the enquiries older than that, once at start and then hourly, beside the
 * request path like the outbox worker. Several servers may purge at once: the deletes are
 * batched and skip each other's rows (db/queries/enquiry-inbox.ts), and a row deleted twice
 * is simply not there the second time.
 */
import type { DatabaseHandle } from "../../db/database.ts";
import { purgeEnquiriesBefore } from "../../db/queries/enquiry-inbox.ts";

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

export type EnquiryPurge = ReturnType<typeof createEnquiryPurge>;

export function createEnquiryPurge(options: EnquiryPurgeOptions) {
  const { database, retentionDays, log, intervalMs = 3_600_000, now = () => new Date() } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  /** Deletes what is past retention now; answers how many enquiries went. */
  function runOnce(): Promise<number> {
    running ??= (async () => {
      try {
        const cutoff = new Date(now().getTime() - retentionDays * dayMs);
        const deleted = await purgeEnquiriesBefore(database.db, {
          cutoff,
          dialect: database.dialect,
        });
        if (deleted > 0) {
          log.info(
            { deleted, cutoff: cutoff.toISOString(), retentionDays },
            "enquiries past retention deleted",
          );
        }
        return deleted;
      } catch (error) {
        log.error({ err: error }, "enquiry retention purge failed; will try again");
        return 0;
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      await runOnce();
      schedule();
    }, intervalMs);
    timer.unref();
  }

  return {
    runOnce,
    /** Purges once at once, then every `intervalMs`. */
    start() {
      if (!stopped) return;
      stopped = false;
      void runOnce();
      schedule();
    },
    /** Stops and waits for a purge in flight. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
