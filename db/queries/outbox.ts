/**
 * The outbox (decision 081): every mail to send, one row each, whatever it is (`kind`): an
 * enquiry to the company (written by insertEnquiry in the enquiry's own transaction, so an
 * acknowledged enquiry is always delivered eventually), an alert's or the newsletter's mail
 * (queued once per `dedupe_key`). The outbox job claims due rows, sends them, and marks them
 * sent, or failed with a later retry. A claim is a lease (`locked_until`), so several app
 * servers can share the work: on PostgreSQL `FOR UPDATE SKIP LOCKED` lets them claim at once
 * without taking the same row; SQLite has one writer, so its update is claim enough.
 *
 * Each attempt is recorded before its mail is sent (decision 092): `beginOutboxAttempt` counts
 * it, notes when it began and renews the lease for that one row, only while this worker's claim
 * still holds. Recording its outcome clears the note, so a row claimed again with the note still
 * set had an attempt that may have been delivered: the next attempt is counted in `resends`.
 */
import type { Kysely, Transaction } from "kysely";
import type { EnquiryStatus } from "../../lib/admin-enquiries.ts";
import type { Database, Dialect, OutboxKind } from "../database.ts";
import { toCount, toIsoString } from "./columns.ts";
import { type EnquiryRecord, toEnquiryRecord } from "./enquiry.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A mail queued for a visitor (every mail kind but an enquiry's). */
export type QueuedMailKind = Exclude<OutboxKind, "enquiry" | "listing-push">;

/** A claimed row: what the job needs to build and send its mail. */
export interface OutboxItem {
  id: number;
  kind: OutboxKind;
  enquiryId: number | null;
  alertId: number | null;
  /** A newsletter mail's subscriber (decision 078). */
  subscriberId: number | null;
  payload: string;
  /** Attempts begun before this claim. */
  attempts: number;
  /** The lease's end this claim set: an attempt begins only while it is still the row's. */
  claimedUntil: string;
  /**
   * When an earlier attempt began whose outcome was never recorded (the worker died, or the
   * database was away, before it could say): sending again may deliver the mail twice.
   */
  unfinishedAttemptAt: Date | undefined;
}

/** A claimed row of a mail to a visitor (an alert's or the newsletter's). */
export interface QueuedMail extends OutboxItem {
  kind: QueuedMailKind;
}

export interface ClaimOptions {
  dialect: Dialect;
  now: Date;
  /** How long the claim holds; a worker that dies mid-send frees its rows after this. */
  leaseMs: number;
  limit: number;
  /** Only rows of these kinds (a worker that can send no other). */
  kinds: readonly OutboxKind[];
}

/** Queues a mail once per `dedupeKey`; answers whether this call added it. */
export async function enqueueOutbox(
  db: Db,
  mail: {
    dedupeKey: string;
    kind: OutboxKind;
    enquiryId?: number;
    alertId?: number;
    subscriberId?: number;
    payload?: object;
    now: Date;
  },
): Promise<boolean> {
  const now = mail.now.toISOString();
  const result = await db
    .insertInto("outbox")
    .values({
      dedupe_key: mail.dedupeKey,
      kind: mail.kind,
      enquiry_id: mail.enquiryId ?? null,
      alert_id: mail.alertId ?? null,
      subscriber_id: mail.subscriberId ?? null,
      payload: JSON.stringify(mail.payload ?? {}),
      next_attempt_at: now,
      created_at: now,
    })
    .onConflict((conflict) => conflict.column("dedupe_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Claims up to `limit` due, unclaimed pending rows for this worker, oldest first. */
export async function claimDueOutbox(
  db: Kysely<Database>,
  options: ClaimOptions,
): Promise<OutboxItem[]> {
  const now = options.now.toISOString();
  const lockedUntil = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const rows = await db
    .updateTable("outbox")
    .set({ locked_until: lockedUntil })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("outbox")
        .select("id")
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", now)
        .where((where) =>
          where.or([where("locked_until", "is", null), where("locked_until", "<=", now)]),
        )
        .where("kind", "in", [...options.kinds])
        .orderBy("id")
        .limit(options.limit)
        .$if(options.dialect === "postgres", (query) => query.forUpdate().skipLocked()),
    )
    .returning([
      "id",
      "kind",
      "enquiry_id",
      "alert_id",
      "subscriber_id",
      "payload",
      "attempts",
      "attempt_started_at",
    ])
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      enquiryId: row.enquiry_id,
      alertId: row.alert_id,
      subscriberId: row.subscriber_id,
      payload: row.payload,
      attempts: row.attempts,
      claimedUntil: lockedUntil,
      unfinishedAttemptAt:
        row.attempt_started_at === null ? undefined : new Date(row.attempt_started_at),
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Records that an attempt on a claimed row begins, before anything is sent: counts it (and
 * counts it in `resends` when an earlier attempt's outcome is unknown), notes when it began, and
 * holds the row until `leaseUntil`. Answers false, and records nothing, when the claim no longer
 * holds (it expired and another worker claimed the row, or the row was sent or deleted meanwhile).
 */
export async function beginOutboxAttempt(
  db: Kysely<Database>,
  item: OutboxItem,
  now: Date,
  leaseUntil: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set((eb) => ({
      attempts: eb("attempts", "+", 1),
      resends: item.unfinishedAttemptAt === undefined ? eb.ref("resends") : eb("resends", "+", 1),
      attempt_started_at: now.toISOString(),
      locked_until: leaseUntil.toISOString(),
    }))
    .where("id", "=", item.id)
    .where("status", "=", "pending")
    .where("locked_until", "=", item.claimedUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Holds a row until `to` while its attempt begun at `attemptStartedAt` runs (a slow send);
 * answers false when that attempt is no longer the row's (another worker began its own after
 * the lease ran out: always at a later time).
 */
export async function renewOutboxLease(
  db: Kysely<Database>,
  id: number,
  attemptStartedAt: Date,
  to: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set({ locked_until: to.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where("attempt_started_at", "=", attemptStartedAt.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a row sent (its attempt, counted when it began, is over). */
export async function markOutboxSent(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db
    .updateTable("outbox")
    .set({
      status: "sent",
      sent_at: now.toISOString(),
      locked_until: null,
      attempt_started_at: null,
      last_error: null,
    })
    .where("id", "=", id)
    .execute();
}

/** Records a failed attempt on a claimed row and when to try again. */
export async function markOutboxFailed(
  db: Kysely<Database>,
  id: number,
  error: string,
  nextAttemptAt: Date,
): Promise<void> {
  await db
    .updateTable("outbox")
    .set({
      last_error: error.slice(0, 1000),
      next_attempt_at: nextAttemptAt.toISOString(),
      locked_until: null,
      attempt_started_at: null,
    })
    .where("id", "=", id)
    .execute();
}

/** The mails of one kind still to be sent. */
export interface OutboxBacklog {
  pending: number;
  /** Of those, the ones whose last attempt failed (they are retried). */
  failed: number;
  /** When the oldest of them was queued; undefined when none is pending. */
  oldestQueuedAt: Date | undefined;
}

/** Every kind's mails still to be sent (kinds with none are absent), in one query. */
export async function outboxBacklogByKind(
  db: Kysely<Database>,
): Promise<Map<OutboxKind, OutboxBacklog>> {
  const rows = await db
    .selectFrom("outbox")
    .select((eb) => [
      "kind",
      eb.fn.countAll<number | string>().as("pending"),
      eb.fn.countAll<number | string>().filterWhere("last_error", "is not", null).as("failed"),
      eb.fn.min("created_at").as("oldest"),
    ])
    .where("status", "=", "pending")
    .groupBy("kind")
    .execute();
  return new Map(
    rows.map((row) => [
      row.kind,
      {
        pending: toCount(row.pending),
        failed: toCount(row.failed),
        oldestQueuedAt: row.oldest === null ? undefined : new Date(row.oldest),
      },
    ]),
  );
}

export type DeliveryState = "pending" | "sent";

/** An enquiry with what a mail or an export needs besides its own fields. */
export interface EnquiryWithDelivery extends EnquiryRecord {
  outbox_id: number;
  delivery_status: DeliveryState;
  delivery_attempts: number;
  delivery_last_error: string | null;
  /** ISO 8601 once sent. */
  delivered_at: string | null;
  /** The enquired property's headline and slug, when it is (still) listed. */
  property_headline: string | null;
  property_slug: string | null;
  /** The inbox's status and the member of staff it is assigned to (decision 045). */
  status: EnquiryStatus;
  assignee_email: string | null;
}

function selectEnquiriesWithDelivery(db: Kysely<Database>) {
  return db
    .selectFrom("enquiry")
    .innerJoin("outbox", "outbox.enquiry_id", "enquiry.id")
    .leftJoin("property", (join) =>
      join.on((eb) =>
        eb.or([
          eb("property.code", "=", eb.ref("enquiry.property_code")),
          eb("property.slug", "=", eb.ref("enquiry.property_code")),
        ]),
      ),
    )
    .leftJoin("staff_user", "staff_user.id", "enquiry.assignee_id")
    .selectAll("enquiry")
    .select([
      "outbox.id as outbox_id",
      "outbox.status as delivery_status",
      "outbox.attempts as delivery_attempts",
      "outbox.last_error as delivery_last_error",
      "outbox.sent_at as delivered_at",
      "property.headline as property_headline",
      "property.slug as property_slug",
      "staff_user.email as assignee_email",
    ]);
}

type EnquiryWithDeliveryRow = Awaited<
  ReturnType<ReturnType<typeof selectEnquiriesWithDelivery>["executeTakeFirstOrThrow"]>
>;

function toEnquiryWithDelivery(row: EnquiryWithDeliveryRow): EnquiryWithDelivery {
  return {
    ...toEnquiryRecord(row),
    outbox_id: row.outbox_id,
    delivery_status: row.delivery_status,
    delivery_attempts: row.delivery_attempts,
    delivery_last_error: row.delivery_last_error,
    delivered_at: row.delivered_at === null ? null : toIsoString(row.delivered_at),
    property_headline: row.property_headline,
    property_slug: row.property_slug,
    status: row.status,
    assignee_email: row.assignee_email,
  };
}

/** Every enquiry with its delivery state and property headline, newest first. */
export async function listEnquiriesWithDelivery(
  db: Kysely<Database>,
): Promise<EnquiryWithDelivery[]> {
  const rows = await selectEnquiriesWithDelivery(db)
    .orderBy("enquiry.created_at", "desc")
    .orderBy("enquiry.id", "desc")
    .execute();
  return rows.map(toEnquiryWithDelivery);
}

/** The enquiries of `ids` with their delivery state, newest first (the inbox's export). */
export async function listEnquiriesWithDeliveryByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<EnquiryWithDelivery[]> {
  if (ids.length === 0) return [];
  const rows = await selectEnquiriesWithDelivery(db)
    .where("enquiry.id", "in", [...ids])
    .orderBy("enquiry.created_at", "desc")
    .orderBy("enquiry.id", "desc")
    .execute();
  return rows.map(toEnquiryWithDelivery);
}

/** The enquiries of the claimed outbox rows `outboxIds`, with their delivery state. */
export async function listEnquiriesOfOutbox(
  db: Kysely<Database>,
  outboxIds: readonly number[],
): Promise<EnquiryWithDelivery[]> {
  if (outboxIds.length === 0) return [];
  const rows = await selectEnquiriesWithDelivery(db)
    .where("outbox.id", "in", [...outboxIds])
    .orderBy("outbox.id")
    .execute();
  return rows.map(toEnquiryWithDelivery);
}
