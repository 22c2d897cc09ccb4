/**
 * The enquiry outbox: which enquiries still have to be e-mailed to the company. Rows are
 * written by insertEnquiry; a worker claims due rows, sends them, and marks them sent, or
 * failed with a later retry. A claim is a lease (`locked_until`), so several app servers can
 * share the work; on PostgreSQL the claim skips rows another server is claiming right now.
 */
import type { Kysely } from "kysely";
import type { EnquiryStatus } from "../../lib/admin-enquiries.ts";
import type { Database } from "../database.ts";
import { toIsoString } from "./columns.ts";
import { type EnquiryRecord, toEnquiryRecord } from "./enquiry.ts";
import { type ClaimOptions, claimDueRows } from "./outbox-claim.ts";

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
    .innerJoin("enquiry_outbox", "enquiry_outbox.enquiry_id", "enquiry.id")
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
      "enquiry_outbox.id as outbox_id",
      "enquiry_outbox.status as delivery_status",
      "enquiry_outbox.attempts as delivery_attempts",
      "enquiry_outbox.last_error as delivery_last_error",
      "enquiry_outbox.sent_at as delivered_at",
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

/**
 * Claims up to `limit` due, unclaimed pending rows for this worker and answers them with
 * their enquiries, oldest first.
 */
export async function claimDueDeliveries(
  db: Kysely<Database>,
  options: ClaimOptions,
): Promise<EnquiryWithDelivery[]> {
  const claimed = await claimDueRows(db, "enquiry_outbox", options);
  if (claimed.length === 0) return [];
  const rows = await selectEnquiriesWithDelivery(db)
    .where("enquiry_outbox.id", "in", claimed)
    .orderBy("enquiry_outbox.id")
    .execute();
  return rows.map(toEnquiryWithDelivery);
}

/** Marks a claimed row sent. */
export async function markDeliverySent(
  db: Kysely<Database>,
  outboxId: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable("enquiry_outbox")
    .set((eb) => ({
      status: "sent",
      attempts: eb("attempts", "+", 1),
      sent_at: now.toISOString(),
      locked_until: null,
      last_error: null,
    }))
    .where("id", "=", outboxId)
    .execute();
}

/** Records a failed attempt on a claimed row and when to try again. */
export async function markDeliveryFailed(
  db: Kysely<Database>,
  outboxId: number,
  error: string,
  nextAttemptAt: Date,
): Promise<void> {
  await db
    .updateTable("enquiry_outbox")
    .set((eb) => ({
      attempts: eb("attempts", "+", 1),
      last_error: error.slice(0, 1000),
      next_attempt_at: nextAttemptAt.toISOString(),
      locked_until: null,
    }))
    .where("id", "=", outboxId)
    .execute();
}

/** Enquiries still to be e-mailed, and how many of them have failed at least once. */
export async function countUndelivered(
  db: Kysely<Database>,
): Promise<{ pending: number; failed: number }> {
  const row = await db
    .selectFrom("enquiry_outbox")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("pending"),
      eb.fn.countAll<number | string>().filterWhere("attempts", ">", 0).as("failed"),
    ])
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  // PostgreSQL answers counts as text (bigint).
  return { pending: Number(row.pending), failed: Number(row.failed) };
}
