/**
 * The viewings diary's reads and writes (issue 31, decision 102): the viewings of a span of
 * time, one viewing, a change written only at the revision the page was drawn at, the
 * day-before reminders' claims, and what a data request or the retention purge finds and
 * deletes. A viewing's outbox rows (kind `viewing`) are found by their keys
 * (`viewing:<id>:…`, db/queries/viewing-mail.ts; `viewing-reminder:<id>` before decision 102's
 * addendum).
 */

import { type Kysely, sql, type Transaction } from "kysely";
import type { AdminViewing, DataRequestViewing } from "../../lib/admin-viewings.ts";
import { holdKeyOf } from "../../lib/viewing-slots.ts";
import type { Database, Dialect, ViewingStatus } from "../database.ts";
import { recordAuditEvent } from "./audit.ts";
import { deleteInBatches } from "./batches.ts";
import { toIsoString } from "./columns.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The key that holds a slot while a viewing stands: `<staff id>@<starts_at ISO>`. */
export function viewingHoldKey(staffId: number | null, startsAt: Date): string {
  return staffId === null ? `office@${startsAt.toISOString()}` : holdKeyOf(staffId, startsAt);
}

function diaryQuery(db: Db) {
  return db
    .selectFrom("viewing")
    .innerJoin("property", "property.id", "viewing.property_id")
    .leftJoin("staff_user", "staff_user.id", "viewing.staff_user_id")
    .select([
      "viewing.id",
      "viewing.uid",
      "viewing.starts_at",
      "viewing.ends_at",
      "viewing.status",
      "viewing.sequence",
      "viewing.staff_user_id",
      "staff_user.email as staff_email",
      "property.code",
      "property.headline",
      "property.slug",
      "property.publish",
      "viewing.visitor_name",
      "viewing.visitor_email",
      "viewing.visitor_phone",
      "viewing.message",
      "viewing.feedback",
      "viewing.feedback_at",
      "viewing.reminder_sent_at",
    ]);
}

type DiaryRow = Awaited<ReturnType<ReturnType<typeof diaryQuery>["executeTakeFirstOrThrow"]>>;

function toAdminViewing(row: DiaryRow): AdminViewing {
  return {
    id: row.id,
    uid: row.uid,
    startsAt: toIsoString(row.starts_at),
    endsAt: toIsoString(row.ends_at),
    status: row.status,
    sequence: Number(row.sequence),
    staff:
      row.staff_user_id !== null && row.staff_email !== null
        ? { id: row.staff_user_id, email: row.staff_email }
        : null,
    listing: {
      code: row.code,
      headline: row.headline,
      slug: row.slug,
      published: Number(row.publish) === 1 || (row.publish as unknown) === true,
    },
    visitor: { name: row.visitor_name, email: row.visitor_email, phone: row.visitor_phone },
    message: row.message,
    feedback: row.feedback,
    feedbackAt: row.feedback_at === null ? null : toIsoString(row.feedback_at),
    reminderSentAt: row.reminder_sent_at === null ? null : toIsoString(row.reminder_sent_at),
  };
}

/**
 * The viewings starting in [from, to), earliest first; `staffId` null reads everyone's
 * (viewings without a member of staff too).
 */
export async function listDiaryViewings(
  db: Db,
  span: { from: Date; to: Date; staffId: number | null },
): Promise<AdminViewing[]> {
  const rows = await diaryQuery(db)
    .where("viewing.starts_at", ">=", span.from.toISOString())
    .where("viewing.starts_at", "<", span.to.toISOString())
    .$if(span.staffId !== null, (query) =>
      query.where("viewing.staff_user_id", "=", span.staffId as number),
    )
    .orderBy("viewing.starts_at")
    .orderBy("viewing.id")
    .execute();
  return rows.map(toAdminViewing);
}

export async function findDiaryViewing(db: Db, id: number): Promise<AdminViewing | undefined> {
  const row = await diaryQuery(db).where("viewing.id", "=", id).executeTakeFirst();
  return row ? toAdminViewing(row) : undefined;
}

/** Everyone who may host a viewing, by e-mail address. */
export async function listViewingStaff(db: Db): Promise<{ id: number; email: string }[]> {
  return db.selectFrom("staff_user").select(["id", "email"]).orderBy("email").execute();
}

/**
 * Writes a change to a viewing only at the revision `sequence` (a page drawn before someone
 * else's change is refused, not silently overwritten). Answers whether it was written.
 */
export async function updateViewingAtSequence(
  db: Db,
  id: number,
  sequence: number,
  values: {
    status?: ViewingStatus;
    sequence?: number;
    hold_key?: string | null;
    staff_user_id?: number | null;
    starts_at?: string;
    ends_at?: string;
    feedback?: string;
    feedback_at?: string | null;
    reminder_sent_at?: string | null;
    updated_at: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable("viewing")
    .set(values)
    .where("id", "=", id)
    .where("sequence", "=", sequence)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The confirmed viewings starting in [from, to) whose reminder is not yet queued: each is
 * claimed by a conditional update (`reminder_sent_at` still null), so of several app servers
 * only one wins a viewing, and `queue` runs in that claim's transaction. Answers how many.
 */
export async function claimViewingReminders(
  db: Kysely<Database>,
  span: { from: Date; to: Date; now: Date },
  queue: (trx: Transaction<Database>, viewing: { id: number; sequence: number }) => Promise<void>,
): Promise<number> {
  const due = await db
    .selectFrom("viewing")
    .select(["id", "sequence"])
    .where("status", "=", "confirmed")
    .where("reminder_sent_at", "is", null)
    .where("starts_at", ">=", span.from.toISOString())
    .where("starts_at", "<", span.to.toISOString())
    .orderBy("starts_at")
    .execute();
  let claimed = 0;
  for (const viewing of due) {
    const won = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("viewing")
        .set({ reminder_sent_at: span.now.toISOString() })
        .where("id", "=", viewing.id)
        .where("status", "=", "confirmed")
        .where("reminder_sent_at", "is", null)
        .where("starts_at", ">=", span.from.toISOString())
        .where("starts_at", "<", span.to.toISOString())
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      // The claim's own row: the sequence as it stands now, not as it was read above.
      const current = await trx
        .selectFrom("viewing")
        .select("sequence")
        .where("id", "=", viewing.id)
        .executeTakeFirstOrThrow();
      await queue(trx, { id: viewing.id, sequence: Number(current.sequence) });
      return true;
    });
    if (won) claimed += 1;
  }
  return claimed;
}

function ofEmail(db: Db, email: string) {
  return db
    .selectFrom("viewing")
    .where(sql<string>`lower(viewing.visitor_email)`, "=", email.trim().toLowerCase());
}

/** Every viewing booked with this e-mail address (any case), earliest first. */
export async function findViewingsOfEmail(db: Db, email: string): Promise<DataRequestViewing[]> {
  const rows = await ofEmail(db, email)
    .innerJoin("property", "property.id", "viewing.property_id")
    .select([
      "viewing.uid",
      "property.code",
      "viewing.starts_at",
      "viewing.ends_at",
      "viewing.status",
      "viewing.visitor_name",
      "viewing.visitor_email",
      "viewing.visitor_phone",
      "viewing.message",
      "viewing.feedback",
      "viewing.created_at",
    ])
    .orderBy("viewing.starts_at")
    .execute();
  return rows.map((row) => ({
    uid: row.uid,
    listingCode: row.code,
    startsAt: toIsoString(row.starts_at),
    endsAt: toIsoString(row.ends_at),
    status: row.status,
    name: row.visitor_name,
    email: row.visitor_email,
    phone: row.visitor_phone,
    message: row.message,
    feedback: row.feedback,
    bookedAt: toIsoString(row.created_at),
  }));
}

async function deleteViewingsByIds(db: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  // Their queued mails go with them: the outbox could no longer build them.
  await db
    .deleteFrom("outbox")
    .where("kind", "=", "viewing")
    .where((eb) =>
      eb.or(
        ids.flatMap((id) => [
          eb("dedupe_key", "like", `viewing:${id}:%`),
          // A reminder's key before decision 102's addendum.
          eb("dedupe_key", "=", `viewing-reminder:${id}`),
        ]),
      ),
    )
    .execute();
  const result = await db.deleteFrom("viewing").where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every viewing of the address with its queued mails; answers how many. */
export async function deleteViewingsOfEmail(db: Db, email: string): Promise<number> {
  const ids = (await ofEmail(db, email).select("viewing.id").execute()).map((row) => row.id);
  let deleted = 0;
  // Chunks an `in` list and an `or` of keys both dialects take easily.
  for (let start = 0; start < ids.length; start += 200) {
    deleted += await deleteViewingsByIds(db, ids.slice(start, start + 200));
  }
  return deleted;
}

/**
 * Deletes the viewings that ended before `cutoff`, with their queued mails, in batches, each
 * with its audit event (a count, no personal data). Several app servers may run it at once: on
 * PostgreSQL a batch skips the rows another is deleting. Answers how many went.
 */
export async function purgeViewingsEndedBefore(
  db: Kysely<Database>,
  options: { cutoff: Date; dialect: Dialect; actor: string; batchSize?: number },
): Promise<number> {
  const batchSize = options.batchSize ?? 200;
  const cutoff = options.cutoff.toISOString();
  return deleteInBatches(db, batchSize, async (trx) => {
    const ids = (
      await trx
        .selectFrom("viewing")
        .select("id")
        .where("ends_at", "<", cutoff)
        .orderBy("id")
        .limit(batchSize)
        .$if(options.dialect === "postgres", (query) => query.forUpdate().skipLocked())
        .execute()
    ).map((row) => row.id);
    if (ids.length === 0) return 0;
    const count = await deleteViewingsByIds(trx, ids);
    await recordAuditEvent(trx, {
      actor: { id: null, email: options.actor },
      action: "viewing.purge",
      subjectType: "viewing",
      detail: { deleted: count, endedBefore: cutoff },
      at: new Date(),
    });
    return count;
  });
}
