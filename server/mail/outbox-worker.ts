/**
 * Delivers the enquiry outbox: claims due rows, e-mails each enquiry to the company's address
 * (the company profile's email_address), marks it sent, or records the failure and retries
 * later with exponential backoff. The queued mails of `mail_outbox` (search alerts'
 * confirmations and digests, decision 055) go the same way, built by `buildQueuedMail` when
 * sent. It runs beside the request path: a slow or absent mail server never delays a
 * visitor's answer, and an undelivered enquiry simply waits.
 */
import type { DatabaseHandle } from "../../db/database.ts";
import { findCompanyProfile } from "../../db/queries/company-profile.ts";
import {
  claimDueDeliveries,
  markDeliveryFailed,
  markDeliverySent,
} from "../../db/queries/outbox.ts";
import {
  claimDueMails,
  markMailFailed,
  markMailSent,
  type QueuedMail,
} from "../../db/queries/search-alert.ts";
import { buildEnquiryMail, type EnquiryMail } from "./enquiry-mail.ts";

/** What the worker needs of a mail transport (nodemailer's transporter fits). */
export interface MailTransport {
  sendMail(mail: EnquiryMail): Promise<unknown>;
}

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface OutboxWorkerOptions {
  database: DatabaseHandle;
  transport: MailTransport;
  from: string;
  siteUrl: string;
  log: Log;
  /** How often to look for due rows when nothing wakes the worker. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** How long a claim holds before another worker may retry the row. */
  leaseMs?: number;
  /** First retry delay; doubles per failed attempt up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  now?: () => Date;
  /**
   * Builds a queued mail of `mail_outbox` (an alert's confirmation or digest, decision 055);
   * undefined: it no longer applies (marked sent, nothing sent). Without it those rows wait.
   */
  buildQueuedMail?: (mail: QueuedMail) => Promise<EnquiryMail | undefined>;
}

export interface DeliveryRun {
  sent: number;
  failed: number;
}

interface Batch extends DeliveryRun {
  /** A source answered a full batch: there may be more. */
  full: boolean;
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

/** The delay before the next attempt after `attempts` failed ones. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

export function createOutboxWorker(options: OutboxWorkerOptions) {
  const {
    database,
    transport,
    log,
    pollIntervalMs = 5_000,
    batchSize = 20,
    leaseMs = 120_000,
    retryBaseMs = 30_000,
    retryMaxMs = 3_600_000,
    now = () => new Date(),
  } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<DeliveryRun> | undefined;
  let wakeAgain = false;
  let stopped = true;

  async function deliverDue(): Promise<Batch> {
    const enquiries = await deliverDueEnquiries();
    const queued = await deliverDueQueuedMails();
    return {
      sent: enquiries.sent + queued.sent,
      failed: enquiries.failed + queued.failed,
      full: enquiries.full || queued.full,
    };
  }

  async function deliverDueQueuedMails(): Promise<Batch> {
    const build = options.buildQueuedMail;
    if (!build) return { sent: 0, failed: 0, full: false };
    const claimed = await claimDueMails(database.db, {
      dialect: database.dialect,
      now: now(),
      leaseMs,
      limit: batchSize,
    });
    const run: Batch = { sent: 0, failed: 0, full: claimed.length === batchSize };
    for (const queued of claimed) {
      try {
        const mail = await build(queued);
        if (mail) await transport.sendMail(mail);
        await markMailSent(database.db, queued.id, now());
        run.sent += 1;
        log.info({ mailId: queued.id, kind: queued.kind, sent: mail !== undefined }, "mail sent");
      } catch (error) {
        const attempts = queued.attempts + 1;
        const retryAt = new Date(now().getTime() + retryDelayMs(attempts, retryBaseMs, retryMaxMs));
        const reason = error instanceof Error ? error.message : String(error);
        await markMailFailed(database.db, queued.id, reason, retryAt);
        run.failed += 1;
        log.warn(
          {
            mailId: queued.id,
            kind: queued.kind,
            attempts,
            retryAt: retryAt.toISOString(),
            reason,
          },
          "mail failed; will retry",
        );
      }
    }
    return run;
  }

  async function deliverDueEnquiries(): Promise<Batch> {
    const claimed = await claimDueDeliveries(database.db, {
      dialect: database.dialect,
      now: now(),
      leaseMs,
      limit: batchSize,
    });
    if (claimed.length === 0) return { sent: 0, failed: 0, full: false };
    const recipient = (await findCompanyProfile(database.db))?.email_address ?? "";
    const run: Batch = { sent: 0, failed: 0, full: claimed.length === batchSize };
    for (const enquiry of claimed) {
      try {
        if (!recipient) throw new Error("The company profile has no e-mail address.");
        const mail = buildEnquiryMail(enquiry, {
          from: options.from,
          to: recipient,
          siteUrl: options.siteUrl,
        });
        await transport.sendMail(mail);
        await markDeliverySent(database.db, enquiry.outbox_id, now());
        run.sent += 1;
        log.info({ enquiryId: enquiry.id }, "enquiry e-mailed");
      } catch (error) {
        const attempts = enquiry.delivery_attempts + 1;
        const retryAt = new Date(now().getTime() + retryDelayMs(attempts, retryBaseMs, retryMaxMs));
        const reason = error instanceof Error ? error.message : String(error);
        await markDeliveryFailed(database.db, enquiry.outbox_id, reason, retryAt);
        run.failed += 1;
        log.warn(
          { enquiryId: enquiry.id, attempts, retryAt: retryAt.toISOString(), reason },
          "enquiry e-mail failed; will retry",
        );
      }
    }
    return run;
  }

  /** Delivers every due row (batch after batch); concurrent calls share one run. */
  function runOnce(): Promise<DeliveryRun> {
    if (running) {
      wakeAgain = true;
      return running;
    }
    running = (async () => {
      const total: DeliveryRun = { sent: 0, failed: 0 };
      try {
        for (;;) {
          wakeAgain = false;
          const batch = await deliverDue();
          total.sent += batch.sent;
          total.failed += batch.failed;
          const more = batch.full;
          if (!more && !wakeAgain) break;
          if (batch.sent === 0 && batch.failed > 0 && !wakeAgain) break;
        }
      } catch (error) {
        log.error({ err: error }, "outbox run failed");
      } finally {
        running = undefined;
      }
      return total;
    })();
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      await runOnce();
      schedule();
    }, pollIntervalMs);
    timer.unref();
  }

  return {
    runOnce,
    /** Starts polling; runs once at once for rows left from before. */
    start() {
      if (!stopped) return;
      stopped = false;
      void runOnce();
      schedule();
    },
    /** Delivers soon, without waiting for the next poll (after a new enquiry). */
    wake() {
      if (!stopped) void runOnce();
    },
    /** Stops polling and waits for the batch in flight to finish. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
