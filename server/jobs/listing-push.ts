/**
 * The listing-push job's work (decision 095): claims the due `listing-push` rows of the outbox
 * and sends each listing's state as it is now to the push portal: its JSON when it is published
 * and passes `pushRefusals`; a delete message when it is unpublished, archived, deleted or
 * switched off; and a delete message too when it is published but incomplete, so the portal
 * never keeps a listing that stopped being complete (decision 104), the reasons recorded on
 * the row and logged. Its next change, complete again, sends its JSON again.
 *
 * It shares the mail outbox's machinery (decision 092): rows are claimed with a lease, so several
 * app servers never send the same row at once; each attempt is recorded before the request and
 * its lease renewed while the request runs; the outcome is recorded with retries; a failure (no
 * answer, or any status but 2xx, and 404 for a delete) is retried with exponential backoff.
 * While an owner has paused the push feed (the Portals page, decision 100) a run sends nothing:
 * the changes keep queueing, and the first run after the resume sends them.
 * Delivery is at least once: a server that dies between the portal's answer and the record sends
 * that listing's state again after the lease (counted as a resend), which a portal takes as the
 * same update.
 */
import type { DatabaseHandle, OutboxKind } from "../../db/database.ts";
import { isFeedPaused } from "../../db/queries/feed-state.ts";
import {
  findListingForPush,
  readListingPushPayload,
  settleListingPush,
} from "../../db/queries/listing-push.ts";
import { beginOutboxAttempt, claimDueOutbox, type OutboxItem } from "../../db/queries/outbox.ts";
import type { PushClient } from "../feeds/push/client.ts";
import {
  isListed,
  listingDeleteJson,
  listingUpdateJson,
  type PushContext,
  pushRefusals,
} from "../feeds/push/listing-json.ts";
import { type DeliveryRun, keepOutboxLease, persistently, recordOutboxFailure } from "./outbox.ts";

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface ListingPushOptions {
  database: DatabaseHandle;
  client: PushClient;
  context: PushContext;
  log: Log;
  batchSize?: number;
  /** As the mail outbox's (decision 092): a claim's hold, renewed every third of it. */
  leaseMs?: number;
  recordBudgetMs?: number;
  /** First retry delay; doubles per failed attempt up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  now?: () => Date;
  /** Told of each attempt that follows one whose outcome was never recorded. */
  onResend?: (kind: OutboxKind) => void;
}

/**
 * What one attempt did: sent (or refused, nothing to send), sent but the listing changed
 * meanwhile (due again now), failed, or skipped.
 */
type Outcome = "sent" | "sent-changed" | "failed" | "skipped";

/** What the portal was told of a listing, or why nothing was. */
type Sending =
  | { kind: "update" | "delete"; status: number }
  | { kind: "refused"; reasons: string[]; status: number };

export function createListingPush(options: ListingPushOptions): () => Promise<DeliveryRun> {
  const {
    database,
    client,
    context,
    log,
    batchSize = 20,
    leaseMs = 30_000,
    recordBudgetMs = leaseMs / 2,
    retryBaseMs = 30_000,
    retryMaxMs = 3_600_000,
    now = () => new Date(),
    onResend,
  } = options;
  const db = database.db;

  /** Sends the listing's state as it is now; throws when the portal did not take it. */
  async function withdraw(propertyId: number): Promise<number> {
    const answer = await client.post("listing/delete", listingDeleteJson(propertyId));
    // A listing the portal never had (a draft withdrawn, or refused before) is as good as gone.
    if (answer.status === 404 || isSuccess(answer.status)) return answer.status;
    throw new Error(`the portal answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  }

  async function send(propertyId: number): Promise<Sending> {
    const listing = await findListingForPush(db, propertyId);
    if (listing === undefined || !isListed(listing)) {
      return { kind: "delete", status: await withdraw(propertyId) };
    }
    const reasons = pushRefusals(listing);
    // Incomplete now: whatever the portal had of it comes off, never left stale.
    if (reasons.length > 0) {
      return { kind: "refused", reasons, status: await withdraw(propertyId) };
    }
    const answer = await client.post("listing/update", listingUpdateJson(listing, context));
    if (isSuccess(answer.status)) return { kind: "update", status: answer.status };
    throw new Error(`the portal answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  }

  async function attempt(item: OutboxItem): Promise<Outcome> {
    const payload = readListingPushPayload(item.payload);
    const about = { outboxId: item.id, kind: item.kind, propertyId: payload?.propertyId };
    const startedAt = now();
    if (!(await beginOutboxAttempt(db, item, startedAt, new Date(startedAt.getTime() + leaseMs)))) {
      log.info(about, "listing push skipped: another worker holds it now");
      return "skipped";
    }
    if (item.unfinishedAttemptAt !== undefined) {
      onResend?.(item.kind);
      log.warn(
        { ...about, unfinishedAttemptAt: item.unfinishedAttemptAt.toISOString() },
        "listing pushed again: an earlier attempt's outcome was never recorded",
      );
    }
    const lease = keepOutboxLease({ db, item, startedAt, leaseMs, now, log, about });
    let sending: Sending | undefined;
    let failure: unknown;
    try {
      if (!payload) throw new Error("the row's payload names no listing");
      sending = await send(payload.propertyId);
    } catch (error) {
      failure = error;
    } finally {
      await lease.stop();
    }

    if (sending) {
      const note = sending.kind === "refused" ? `refused: ${sending.reasons.join("; ")}` : null;
      const settled = await persistently(
        () => settleListingPush(db, item.id, item.payload, now(), note),
        recordBudgetMs,
      );
      if (sending.kind === "refused") {
        log.warn(
          { ...about, reasons: sending.reasons, sent: "delete", status: sending.status },
          "listing withdrawn from the push: it is incomplete",
        );
      } else {
        log.info({ ...about, sent: sending.kind, status: sending.status }, "listing pushed");
      }
      if (settled === "changed") {
        log.info(about, "listing changed while it was pushed: it is pushed again");
        return "sent-changed";
      }
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
      message: "listing push failed; will retry",
    });
    return "failed";
  }

  return async () => {
    const total: DeliveryRun = { sent: 0, failed: 0 };
    if (await isFeedPaused(db, "push")) return total;
    for (;;) {
      const claimed = await claimDueOutbox(db, {
        dialect: database.dialect,
        now: now(),
        leaseMs,
        limit: batchSize,
        kinds: ["listing-push"],
      });
      let sent = 0;
      let failed = 0;
      let changed = false;
      for (const item of claimed) {
        const outcome = await attempt(item);
        if (outcome === "sent" || outcome === "sent-changed") sent += 1;
        if (outcome === "failed") failed += 1;
        if (outcome === "sent-changed") changed = true;
      }
      total.sent += sent;
      total.failed += failed;
      // A full batch, or a listing that changed while it was sent: there is more due now.
      if ((claimed.length < batchSize && !changed) || sent === 0) break;
    }
    return total;
  };
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}
