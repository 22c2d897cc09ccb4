/**
 * Every background job of an app server, in one place (decision 081): its name, how often it
 * runs, what it does, and what keeps it right when several app servers run it at once (every
 * server runs every job it has configured; none needs a leader). buildApp starts them when the
 * app is ready and stops them before the database closes. The work of each is in its own file
 * beside this one; the scheduler is ./scheduler.ts; /metrics counts their runs (decision 025).
 */
import type { Config } from "../../config/env.ts";
import type { DatabaseHandle, OutboxKind } from "../../db/database.ts";
import type { QueuedMail } from "../../db/queries/outbox.ts";
import type { BlmExport } from "../feeds/blm-export.ts";
import type { PushClient } from "../feeds/push/client.ts";
import { sftpTargetOf } from "../feeds/sftp.ts";
import type { EnquiryMail } from "../mail/enquiry-mail.ts";
import type { PhotoStore } from "../photos/photo-store.ts";
import type { SweepReport } from "../photos/unused-files.ts";
import { createAlertDigests } from "./alert-digests.ts";
import { createApplicantIntake } from "./applicant-intake.ts";
import { createApplicantPurge } from "./applicant-retention.ts";
import { createBlmFeed } from "./blm-feed.ts";
import { createEnquiryPurge } from "./enquiry-retention.ts";
import { createListingPush } from "./listing-push.ts";
import { createOutboxDelivery, type DeliveryRun, type MailTransport } from "./outbox.ts";
import { createPhotoSweep } from "./photo-sweep.ts";
import { createResoRemovalPurge } from "./reso-removal-retention.ts";
import { createScheduler, type Job, type Scheduler } from "./scheduler.ts";
import { createViewingReminders } from "./viewing-reminders.ts";

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

interface Log {
  info(object: object, message: string): void;
  debug?(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface AppJobOptions {
  config: Config;
  database: DatabaseHandle;
  /** The mail transport; without it (no SMTP_URL) neither the outbox nor the digests run. */
  transport: MailTransport | undefined;
  photoStore: PhotoStore;
  log: Log;
  /** Builds an alert's or the newsletter's queued mail when the outbox sends it. */
  buildQueuedMail: (mail: QueuedMail) => Promise<EnquiryMail | undefined>;
  /** The push portal's client (PUSH_URL, decision 095); without it nothing is pushed. */
  pushClient?: PushClient | undefined;
}

/** The app server's jobs: each is absent when its configuration turns it off. */
export interface AppJobs extends Omit<Scheduler, "add"> {
  /** E-mails the outbox: enquiries to the company, alert and newsletter mails to visitors. */
  outbox: Job<DeliveryRun> | undefined;
  /** Sends each changed listing's latest state to the push portal (decision 095). */
  listingPush: Job<DeliveryRun> | undefined;
  /** Queues the daily search alert digests (decision 055). */
  alertDigests: Job<number> | undefined;
  /** Queues the day-before reminders of tomorrow's confirmed viewings (decision 102). */
  viewingReminders: Job<number> | undefined;
  /** Deletes enquiries and ended viewings past ENQUIRY_RETENTION_DAYS (decisions 045, 102). */
  enquiryRetention: Job<number> | undefined;
  /** Makes and updates applicants from enquiries, viewings and confirmed sign-ups (decision 103). */
  applicantIntake: Job<number>;
  /** Deletes applicants with no activity for APPLICANT_RETENTION_DAYS (decision 103). */
  applicantRetention: Job<number> | undefined;
  /** Deletes the RESO feed's removed keys once it no longer serves them (decision 106). */
  resoRemovalRetention: Job<number>;
  /** Deletes uploaded files no listing uses (decision 060). */
  photoSweep: Job<SweepReport> | undefined;
  /** Writes (and uploads) the Rightmove BLM feed (decision 097). */
  blmFeed: Job<BlmExport> | undefined;
  /**
   * Tells `listener` of each outbox attempt that follows one whose outcome was never recorded:
   * a mail possibly delivered twice (decision 092; /metrics counts them).
   */
  onMailResend(listener: (kind: OutboxKind) => void): void;
}

export function createAppJobs(options: AppJobOptions): AppJobs {
  const { config, database, transport, log } = options;
  const scheduler = createScheduler({ log });
  const resendListeners: Array<(kind: OutboxKind) => void> = [];

  const outbox = transport
    ? scheduler.add({
        name: "outbox",
        does: "e-mails the due rows of the outbox (enquiries, alert and newsletter mails)",
        everyMs: 5_000,
        lock:
          "row claims: each row is leased to one server (locked_until); on PostgreSQL a claim " +
          "skips the rows another server is claiming (FOR UPDATE SKIP LOCKED)",
        run: createOutboxDelivery({
          database,
          transport,
          from: config.MAIL_FROM,
          siteUrl: config.siteUrl,
          log,
          buildQueuedMail: options.buildQueuedMail,
          onResend: (kind) => {
            for (const listener of resendListeners) listener(kind);
          },
        }),
        failed: { sent: 0, failed: 0 },
        items: (run) => run.sent,
      })
    : undefined;

  const pushClient = options.pushClient;
  const listingPush =
    pushClient && config.PUSH_BRANCH_REFERENCE
      ? scheduler.add({
          name: "listing-push",
          does:
            "sends each changed listing's latest state to the push portal (PUSH_URL): its " +
            "JSON, or a delete message when it is withdrawn",
          everyMs: 5_000,
          lock:
            "the outbox's row claims (one row per listing, leased to one server; FOR UPDATE " +
            "SKIP LOCKED on PostgreSQL), as the mail outbox's",
          run: createListingPush({
            database,
            client: pushClient,
            context: {
              branchReference: config.PUSH_BRANCH_REFERENCE,
              siteUrl: config.siteUrl,
              currencyCode: config.CURRENCY.code,
            },
            log,
            onResend: (kind) => {
              for (const listener of resendListeners) listener(kind);
            },
          }),
          failed: { sent: 0, failed: 0 },
          items: (run) => run.sent,
        })
      : undefined;

  const alertDigests = outbox
    ? scheduler.add({
        name: "alert-digests",
        does:
          "from ALERT_DIGEST_HOUR, queues each confirmed alert's digest of the day; forgets " +
          "alert and newsletter addresses left unconfirmed",
        everyMs: 5 * minuteMs,
        lock:
          "a conditional update gives each alert's day to one server, and the digest's key " +
          "(alert and day) is unique in the outbox",
        run: createAlertDigests({
          database,
          digestHour: config.ALERT_DIGEST_HOUR,
          log,
          onQueued: () => outbox.wake(),
        }),
        failed: 0,
        items: (queued) => queued,
      })
    : undefined;

  const viewingReminders = outbox
    ? scheduler.add({
        name: "viewing-reminders",
        does:
          "queues the visitor's reminder of each confirmed viewing starting tomorrow (the " +
          "office's day, in OFFICE_TIME_ZONE)",
        everyMs: 10 * minuteMs,
        lock:
          "a conditional update (reminder_sent_at still empty) gives each viewing to one " +
          "server, and the reminder's key (viewing:<id>:<sequence>:reminder) is unique in the outbox",
        run: createViewingReminders({
          database,
          log,
          timeZone: config.OFFICE_TIME_ZONE,
          onQueued: () => outbox.wake(),
        }),
        failed: 0,
        items: (queued) => queued,
      })
    : undefined;

  const retentionDays = config.ENQUIRY_RETENTION_DAYS;
  const enquiryRetention =
    retentionDays === undefined
      ? undefined
      : scheduler.add({
          name: "enquiry-retention",
          does:
            "deletes the enquiries older than ENQUIRY_RETENTION_DAYS, and the viewings that " +
            "ended that long ago",
          everyMs: hourMs,
          lock:
            "none needed: the deletes are batched and skip each other's rows, and a row " +
            "deleted twice is simply gone",
          run: createEnquiryPurge({ database, retentionDays, log }),
          failed: 0,
          items: (deleted) => deleted,
        });

  const applicantIntake = scheduler.add({
    name: "applicant-intake",
    does:
      "makes or updates an applicant for each new enquiry, viewing, confirmed alert and " +
      "confirmed newsletter address (the last two give consent to be mailed homes)",
    everyMs: 30_000,
    lock:
      "each source's mark row, held by the batch's transaction (FOR UPDATE on PostgreSQL), " +
      "and the applicant's unique address (an upsert)",
    run: createApplicantIntake({ database, log }),
    failed: 0,
    items: (read) => read,
  });

  const applicantDays = config.APPLICANT_RETENTION_DAYS;
  const applicantRetention =
    applicantDays === undefined
      ? undefined
      : scheduler.add({
          name: "applicant-retention",
          does: "deletes the applicants with no activity for APPLICANT_RETENTION_DAYS",
          everyMs: hourMs,
          lock:
            "none needed: each applicant is deleted in its own transaction, and one deleted " +
            "twice is simply gone",
          run: createApplicantPurge({ database, retentionDays: applicantDays, log }),
          failed: 0,
          items: (deleted) => deleted,
        });

  const resoRemovalRetention = scheduler.add({
    name: "reso-removal-retention",
    does:
      "deletes the RESO feed's removed keys (listing_removal) older than the days the feed " +
      "serves them as Delete",
    everyMs: hourMs,
    lock:
      "none needed: the deletes are batched and skip each other's rows, and a row deleted " +
      "twice is simply gone",
    run: createResoRemovalPurge({ database, log }),
    failed: 0,
    items: (deleted) => deleted,
  });

  const sweepHours = config.PHOTO_SWEEP_HOURS;
  const photoSweep =
    sweepHours === undefined
      ? undefined
      : scheduler.add({
          name: "photo-sweep",
          does: "deletes the uploaded photo and floor-plan files no listing uses",
          everyMs: sweepHours * hourMs,
          lock:
            "the photo files' lock (a PostgreSQL advisory lock) around each batch of checks " +
            "and deletes",
          run: createPhotoSweep({ db: database.db, store: options.photoStore, log }),
          failed: { stored: 0, used: 0, deleted: [] },
          items: (report) => report.deleted.length,
        });

  const blmBranch = config.BLM_BRANCH_ID;
  const blmFeed =
    blmBranch === undefined || (!config.BLM_OUTPUT_DIR && !config.BLM_SFTP_URL)
      ? undefined
      : scheduler.add({
          name: "blm-feed",
          does:
            "writes the Rightmove BLM zip of the published listings switched on for it to " +
            "BLM_OUTPUT_DIR and/or uploads it to BLM_SFTP_URL, logging each refused listing",
          everyMs: config.BLM_EVERY_HOURS * hourMs,
          lock:
            "none needed: two servers write the same hour's file from the same listings, each " +
            "under a name of its own renamed into place, so the last rename leaves a whole file",
          run: createBlmFeed({
            database,
            photoStore: options.photoStore,
            branchId: blmBranch,
            outputDir: config.BLM_OUTPUT_DIR,
            sftp: config.BLM_SFTP_URL
              ? sftpTargetOf(config.BLM_SFTP_URL, config.BLM_SFTP_KEY_FILE)
              : undefined,
            log,
          }),
          failed: { blmFile: "", zipPath: "", sent: [], refused: [] },
          items: (report) => report.sent.length,
        });

  return {
    outbox,
    listingPush,
    alertDigests,
    viewingReminders,
    enquiryRetention,
    applicantIntake,
    applicantRetention,
    resoRemovalRetention,
    photoSweep,
    blmFeed,
    start: () => scheduler.start(),
    stop: () => scheduler.stop(),
    status: () => scheduler.status(),
    onRun: (listener) => scheduler.onRun(listener),
    onMailResend: (listener) => {
      resendListeners.push(listener);
    },
  };
}
