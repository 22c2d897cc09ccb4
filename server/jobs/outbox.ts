/**
 * The outbox job's work (decision 081): claims due rows of the one `outbox` table and sends
 * each: an enquiry to the company's address (the company profile's email_address), an alert's
 * or the newsletter's mail built by `buildQueuedMail` when sent. A row sent is marked sent; a
 * failure is recorded and retried later with exponential backoff. It runs beside the request
 * path: a slow or absent mail server never delays a visitor's answer, and an undelivered
 * enquiry simply waits.
 */
import type { DatabaseHandle } from "../../db/database.ts";
import { findCompanyProfile } from "../../db/queries/company-profile.ts";
import {
  claimDueOutbox,
  listEnquiriesOfOutbox,
  markOutboxFailed,
  markOutboxSent,
  type OutboxItem,
  type QueuedMail,
} from "../../db/queries/outbox.ts";
import { buildEnquiryMail, type EnquiryMail } from "../mail/enquiry-mail.ts";

/** What the job needs of a mail transport (nodemailer's transporter fits). */
export interface MailTransport {
  sendMail(mail: EnquiryMail): Promise<unknown>;
}

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface OutboxDeliveryOptions {
  database: DatabaseHandle;
  transport: MailTransport;
  from: string;
  siteUrl: string;
  log: Log;
  batchSize?: number;
  /** How long a claim holds before another worker may retry the row. */
  leaseMs?: number;
  /** First retry delay; doubles per failed attempt up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  now?: () => Date;
  /**
   * Builds a queued mail (an alert's or the newsletter's); undefined: it no longer applies
   * (marked sent, nothing sent). Without it those rows wait.
   */
  buildQueuedMail?: (mail: QueuedMail) => Promise<EnquiryMail | undefined>;
}

export interface DeliveryRun {
  sent: number;
  failed: number;
}

/** The delay before the next attempt after `attempts` failed ones. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

function isQueuedMail(item: OutboxItem): item is QueuedMail {
  return item.kind !== "enquiry";
}

/**
 * Delivers every due row, batch after batch, and answers how many were sent and failed.
 * Several app servers may run it at once: each claims its own rows (db/queries/outbox.ts).
 */
export function createOutboxDelivery(options: OutboxDeliveryOptions): () => Promise<DeliveryRun> {
  const {
    database,
    transport,
    log,
    batchSize = 20,
    leaseMs = 120_000,
    retryBaseMs = 30_000,
    retryMaxMs = 3_600_000,
    now = () => new Date(),
    buildQueuedMail,
  } = options;
  const db = database.db;

  /** The mail of each claimed row, or the reason it cannot be built. */
  async function mailsOf(
    claimed: OutboxItem[],
  ): Promise<Map<number, () => Promise<EnquiryMail | undefined>>> {
    const mails = new Map<number, () => Promise<EnquiryMail | undefined>>();
    const enquiryRows = claimed.filter((item) => item.kind === "enquiry").map((item) => item.id);
    if (enquiryRows.length > 0) {
      const recipient = (await findCompanyProfile(db))?.email_address ?? "";
      for (const enquiry of await listEnquiriesOfOutbox(db, enquiryRows)) {
        mails.set(enquiry.outbox_id, async () => {
          if (!recipient) throw new Error("The company profile has no e-mail address.");
          return buildEnquiryMail(enquiry, {
            from: options.from,
            to: recipient,
            siteUrl: options.siteUrl,
          });
        });
      }
    }
    for (const item of claimed) {
      if (isQueuedMail(item) && buildQueuedMail) mails.set(item.id, () => buildQueuedMail(item));
    }
    return mails;
  }

  async function deliverBatch(): Promise<DeliveryRun & { full: boolean }> {
    const claimed = await claimDueOutbox(db, {
      dialect: database.dialect,
      now: now(),
      leaseMs,
      limit: batchSize,
      // Without their builder, queued mails wait for a worker that has it.
      ...(buildQueuedMail ? {} : { kind: "enquiry" as const }),
    });
    const run = { sent: 0, failed: 0, full: claimed.length === batchSize };
    if (claimed.length === 0) return run;
    const mails = await mailsOf(claimed);
    for (const item of claimed) {
      const about = item.kind === "enquiry" ? { enquiryId: item.enquiryId } : { mailId: item.id };
      const build = mails.get(item.id);
      if (!build) continue;
      try {
        const mail = await build();
        if (mail) await transport.sendMail(mail);
        await markOutboxSent(db, item.id, now());
        run.sent += 1;
        log.info({ ...about, kind: item.kind, sent: mail !== undefined }, "outbox mail sent");
      } catch (error) {
        const attempts = item.attempts + 1;
        const retryAt = new Date(now().getTime() + retryDelayMs(attempts, retryBaseMs, retryMaxMs));
        const reason = error instanceof Error ? error.message : String(error);
        await markOutboxFailed(db, item.id, reason, retryAt);
        run.failed += 1;
        log.warn(
          { ...about, kind: item.kind, attempts, retryAt: retryAt.toISOString(), reason },
          "outbox mail failed; will retry",
        );
      }
    }
    return run;
  }

  return async () => {
    const total: DeliveryRun = { sent: 0, failed: 0 };
    for (;;) {
      const batch = await deliverBatch();
      total.sent += batch.sent;
      total.failed += batch.failed;
      // A full batch: there may be more, unless nothing in it could be sent.
      if (!batch.full || (batch.sent === 0 && batch.failed > 0)) break;
      if (batch.sent === 0 && batch.failed === 0) break;
    }
    return total;
  };
}
