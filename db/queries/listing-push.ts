/**
 * The push portal's rows of the outbox (decision 095): one row per listing, keyed
 * `listing-push:<property id>`, that says "send this listing's latest state". Each write of a
 * listing queues it in the write's own transaction; the listing-push job reads the listing as it
 * is when it sends, so several changes before a send are one send of the newest state.
 *
 * Coalescing: queueing a listing whose row is pending changes only the row's `payload` (a fresh
 * change token), leaving its place, backoff and attempts as they are; queueing one whose row was
 * sent makes it pending again, due now. A send marks the row sent only while its token is still
 * the one the send claimed: a change committed during the send leaves the row pending and due,
 * so that change is sent too, and none is lost.
 */
import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { FloorPlan } from "../../lib/floor-plans.ts";
import type { Database } from "../database.ts";
import { listFloorPlans } from "./floor-plan.ts";
import { type PropertyWithCategoryRow, selectFewWithCategory } from "./property.ts";

/** What a listing's row carries: the listing and the change that queued it last. */
export interface ListingPushPayload {
  propertyId: number;
  /** A token new on every queueing: a send marks the row sent only while it is unchanged. */
  change: string;
}

/** The outbox key of a listing's row. */
export function listingPushKey(propertyId: number): string {
  return `listing-push:${propertyId}`;
}

/** Reads a claimed row's payload; undefined when it is not one of ours. */
export function readListingPushPayload(payload: string): ListingPushPayload | undefined {
  try {
    const value = JSON.parse(payload) as Partial<ListingPushPayload>;
    if (typeof value.propertyId === "number" && typeof value.change === "string") {
      return { propertyId: value.propertyId, change: value.change };
    }
  } catch {
    // Not JSON: reported as unreadable below.
  }
  return undefined;
}

/**
 * Queues the listings `codes` for the push portal, inside the caller's transaction (the write's
 * own, so a committed change is always queued and a rolled-back one never). Call it before a
 * delete: the listing's id is read here, and the send finds the listing gone.
 */
export async function queueListingPush(
  db: Kysely<Database>,
  codes: readonly string[],
  now: Date,
): Promise<void> {
  // In slices: a whole catalogue (`npm run content -- push`) passes the parameter limits.
  for (let start = 0; start < codes.length; start += 500) {
    const rows = await db
      .selectFrom("property")
      .select("id")
      .where("code", "in", codes.slice(start, start + 500))
      .execute();
    for (const { id } of rows) await queueListingPushById(db, id, now);
  }
}

/** Queues the listing `propertyId` (see queueListingPush). */
export async function queueListingPushById(
  db: Kysely<Database>,
  propertyId: number,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const payload: ListingPushPayload = { propertyId, change: randomUUID() };
  // A sent row starts again as a new one; a pending one only takes the new token.
  const wasSent = sql<boolean>`outbox.status = 'sent'`;
  await db
    .insertInto("outbox")
    .values({
      dedupe_key: listingPushKey(propertyId),
      kind: "listing-push",
      payload: JSON.stringify(payload),
      next_attempt_at: at,
      created_at: at,
    })
    .onConflict((conflict) =>
      conflict.column("dedupe_key").doUpdateSet((eb) => ({
        payload: eb.ref("excluded.payload"),
        status: "pending",
        next_attempt_at: sql`case when ${wasSent} then excluded.next_attempt_at else outbox.next_attempt_at end`,
        created_at: sql`case when ${wasSent} then excluded.created_at else outbox.created_at end`,
        attempts: sql`case when ${wasSent} then 0 else outbox.attempts end`,
        last_error: sql`case when ${wasSent} then null else outbox.last_error end`,
        sent_at: sql`case when ${wasSent} then null else outbox.sent_at end`,
      })),
    )
    .execute();
}

/**
 * Records a claimed row's attempt as done (sent, or refused with `note`): the row is sent when
 * its payload is still `claimedPayload`; otherwise the listing changed during the attempt, and
 * the row stays pending, due now, for that change. Answers which.
 */
export async function settleListingPush(
  db: Kysely<Database>,
  id: number,
  claimedPayload: string,
  now: Date,
  note: string | null = null,
): Promise<"sent" | "changed"> {
  const at = now.toISOString();
  const sent = await db
    .updateTable("outbox")
    .set({
      status: "sent",
      sent_at: at,
      locked_until: null,
      attempt_started_at: null,
      last_error: note,
    })
    .where("id", "=", id)
    .where("payload", "=", claimedPayload)
    .executeTakeFirst();
  if (Number(sent.numUpdatedRows) > 0) return "sent";
  await db
    .updateTable("outbox")
    .set({ next_attempt_at: at, locked_until: null, attempt_started_at: null, last_error: null })
    .where("id", "=", id)
    .execute();
  return "changed";
}

/** The listing `propertyId` as the push job sends it, published or not; undefined when deleted. */
export async function findListingForPush(
  db: Kysely<Database>,
  propertyId: number,
): Promise<(PropertyWithCategoryRow & { floorPlans: FloorPlan[] }) | undefined> {
  const row = await selectFewWithCategory(db)
    .where("property.id", "=", propertyId)
    .executeTakeFirst();
  return row && { ...row, floorPlans: await listFloorPlans(db, propertyId) };
}
