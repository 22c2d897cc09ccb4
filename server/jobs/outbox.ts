/**
 * The outbox job's work (decision 081): claims due rows of the one `outbox` table and sends
 * each: an enquiry to the company's address (the company profile's email_address), an alert's
 * or the newsletter's mail built by `buildQueuedMail` when sent. A row sent is marked sent; a
 * failure is recorded and retried later with exponential backoff. It runs beside the request
 * path: a slow or absent mail server never delays a visitor's answer, and an undelivered
 * enquiry simply waits.
 *
 * Delivery is at least once (decision 092). Each attempt is recorded before its mail is sent, its
 * lease renewed while it runs, and its outcome recorded with retries that outlast a short
 * database blip; only a worker that dies, or a database away for longer, between the SMTP
 * server's acceptance and that record lets the row be claimed again when its lease ends — and
 * that attempt is counted as a resend (the row's `resends`, a warning naming the Message-ID, and
 * `onResend`). Every mail keeps its Message-ID across attempts, so receivers can drop a copy.
 */
import type { Kysely } from "kysely";
import {
  type Database,
  type DatabaseHandle,
  mailOutboxKinds,
  type OutboxKind,
} from "../../db/database.ts";
import { findCompanyProfile } from "../../db/queries/company-profile.ts";
import {
  beginOutboxAttempt,
  claimDueOutbox,
  listEnquiriesOfOutbox,
  markOutboxFailed,
  markOutboxSent,
  type OutboxItem,
  type QueuedMail,
  renewOutboxLease,
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
  /**
   * How long a claim holds before another worker may take the row; an attempt in progress
   * renews it every third of this. After a worker dies mid-attempt, its mail is retried (and
   * possibly delivered twice) this long after the last renewal.
   */
  leaseMs?: number;
  /**
   * How long recording an attempt's outcome keeps retrying while the database is away (half the
   * lease by default: the record lands while the lease still holds, so no other worker resends).
   */
  recordBudgetMs?: number;
  /** First retry delay; doubles per failed attempt up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  now?: () => Date;
  /**
   * Builds a queued mail (an alert's or the newsletter's); undefined: it no longer applies
   * (marked sent, nothing sent). Without it those rows wait.
   */
  buildQueuedMail?: (mail: QueuedMail) => Promise<EnquiryMail | undefined>;
  /** Told of each attempt that follows one whose outcome was never recorded (a possible resend). */
  onResend?: (kind: OutboxKind) => void;
}

/**
 * Renews the lease of the row `item`, whose attempt began at `startedAt`, every third of
 * `leaseMs` until the answer's `stop`, so a slow send never lets another worker take the row.
 * A renewal the database misses is skipped: the lease left covers the next one.
 */
export function keepOutboxLease(options: {
  db: Kysely<Database>;
  item: OutboxItem;
  startedAt: Date;
  leaseMs: number;
  now: () => Date;
  log: Log;
  about: object;
}): { stop(): Promise<void> } {
  const { db, item, startedAt, leaseMs, now, log, about } = options;
  let renewing = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renewing.then(async () => {
      const until = new Date(now().getTime() + leaseMs);
      try {
        if (!(await renewOutboxLease(db, item.id, startedAt, until))) {
          log.warn(about, "outbox: a row in progress is no longer this worker's");
        }
      } catch (error) {
        log.warn({ ...about, err: error }, "outbox: the lease of a row in progress not renewed");
      }
    });
  }, leaseMs / 3);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

export interface DeliveryRun {
  sent: number;
  failed: number;
}

/** The delay before the next attempt after `attempts` failed ones. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Records a failed attempt on `item` with its next try, backed off by its attempt count, and
 * logs it as `message`: the one retry rule of every outbox worker (mail and the listing push).
 */
export async function recordOutboxFailure(options: {
  db: Kysely<Database>;
  item: OutboxItem;
  failure: unknown;
  now: () => Date;
  retryBaseMs: number;
  retryMaxMs: number;
  recordBudgetMs: number;
  log: Log;
  about: object;
  message: string;
}): Promise<void> {
  const { db, item, failure, now, retryBaseMs, retryMaxMs, recordBudgetMs, log, about } = options;
  const attempts = item.attempts + 1;
  const retryAt = new Date(now().getTime() + retryDelayMs(attempts, retryBaseMs, retryMaxMs));
  const reason = failure instanceof Error ? failure.message : String(failure);
  await persistently(() => markOutboxFailed(db, item.id, reason, retryAt), recordBudgetMs);
  log.warn({ ...about, attempts, retryAt: retryAt.toISOString(), reason }, options.message);
}

function isQueuedMail(item: OutboxItem): item is QueuedMail {
  return item.kind !== "enquiry" && item.kind !== "listing-push";
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The first wait before writing an outcome again; each next wait doubles, up to 4 s. */
const recordRetryFirstMs = 250;
const recordRetryMaxMs = 4_000;

/**
 * Runs `write` until it succeeds, waiting 250 ms, 500 ms, 1 s… between tries, and gives up
 * (throwing its last error) when the next try would start after `budgetMs`. Every outbox
 * worker records its outcomes through it (decision 092).
 */
export async function persistently<T>(write: () => Promise<T>, budgetMs: number): Promise<T> {
  const started = performance.now();
  for (let wait = recordRetryFirstMs; ; wait = Math.min(wait * 2, recordRetryMaxMs)) {
    try {
      return await write();
    } catch (error) {
      if (performance.now() - started + wait > budgetMs) throw error;
      await sleep(wait);
    }
  }
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
    leaseMs = 30_000,
    recordBudgetMs = leaseMs / 2,
    retryBaseMs = 30_000,
    retryMaxMs = 3_600_000,
    now = () => new Date(),
    buildQueuedMail,
    onResend,
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
      kinds: buildQueuedMail ? mailOutboxKinds : ["enquiry"],
    });
    const run = { sent: 0, failed: 0, full: claimed.length === batchSize };
    if (claimed.length === 0) return run;
    const mails = await mailsOf(claimed);
    for (const item of claimed) {
      const build = mails.get(item.id);
      if (!build) continue;
      const outcome = await attempt(item, build);
      if (outcome === "sent") run.sent += 1;
      if (outcome === "failed") run.failed += 1;
    }
    return run;
  }

  /** One attempt on a claimed row: recorded, then sent, then its outcome recorded. */
  async function attempt(
    item: OutboxItem,
    build: () => Promise<EnquiryMail | undefined>,
  ): Promise<"sent" | "failed" | "skipped"> {
    const about = {
      ...(item.kind === "enquiry" ? { enquiryId: item.enquiryId } : { mailId: item.id }),
      kind: item.kind,
    };
    const startedAt = now();
    const leaseUntil = new Date(startedAt.getTime() + leaseMs);
    // Recorded before anything is sent: a death from here on leaves its trace on the row.
    if (!(await beginOutboxAttempt(db, item, startedAt, leaseUntil))) {
      log.info(about, "outbox mail skipped: another worker holds it now");
      return "skipped";
    }
    const attempts = item.attempts + 1;
    const lease = keepOutboxLease({ db, item, startedAt, leaseMs, now, log, about });
    let failure: unknown;
    let mail: EnquiryMail | undefined;
    try {
      mail = await build();
      if (item.unfinishedAttemptAt !== undefined) {
        onResend?.(item.kind);
        log.warn(
          {
            ...about,
            messageId: mail?.messageId,
            attempts,
            unfinishedAttemptAt: item.unfinishedAttemptAt.toISOString(),
          },
          "outbox mail sent again: an earlier attempt's outcome was never recorded, so it may " +
            "arrive twice (same Message-ID)",
        );
      }
      if (mail) await transport.sendMail(mail);
    } catch (error) {
      failure = error;
    } finally {
      await lease.stop();
    }

    if (failure === undefined) {
      try {
        await persistently(() => markOutboxSent(db, item.id, now()), recordBudgetMs);
      } catch (error) {
        log.warn(
          { ...about, messageId: mail?.messageId, err: error },
          "outbox mail sent but not recorded as sent: the database is away; it will be sent " +
            "again when its lease ends (same Message-ID)",
        );
        throw error;
      }
      log.info({ ...about, sent: mail !== undefined }, "outbox mail sent");
      return "sent";
    }
    await recordOutboxFailure({
      db,
      item,
      failure,
      now,
      retryBaseMs,
      retryMaxMs,
      recordBudgetMs,
      log,
      about,
      message: "outbox mail failed; will retry",
    });
    return "failed";
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
