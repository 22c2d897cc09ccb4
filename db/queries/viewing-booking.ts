/**
 * Viewings booked online (issue 31, decision 101): what the booking reads (a listing's hours,
 * the days off, the slots held), the hold itself (one insert whose unique `hold_key` refuses a
 * second booking of one slot on every app server), a viewing as its mails show it, the staff's
 * hours and days off as the back office edits them, and their private calendar feeds.
 */
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database, ViewingStatus } from "../database.ts";
import { isPostgres, toCount, toIsoString } from "./columns.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A published listing as the booking page needs it. */
export interface BookableListing {
  id: number;
  code: string;
  slug: string;
  headline: string;
  address: string;
  city: string;
}

/** A published, unarchived listing by slug or code; undefined otherwise. */
export async function findBookableListing(
  db: Db,
  codeOrSlug: string,
): Promise<BookableListing | undefined> {
  return db
    .selectFrom("property")
    .select(["id", "code", "slug", "headline", "address", "city"])
    .where("publish", "=", 1)
    .where("archived_at", "is", null)
    .where((eb) => eb.or([eb("slug", "=", codeOrSlug), eb("code", "=", codeOrSlug)]))
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

/** One span of hours as the slot maths reads it (lib/viewing-slots.ts). */
export interface SpanRow {
  id: number;
  staffUserId: number;
  propertyId: number | null;
  weekday: number;
  startTime: string;
  endTime: string;
  slotMinutes: number;
  bufferMinutes: number;
}

function selectSpans(db: Db) {
  return db
    .selectFrom("viewing_availability")
    .select([
      "id",
      "staff_user_id as staffUserId",
      "property_id as propertyId",
      "weekday",
      "start_time as startTime",
      "end_time as endTime",
      "slot_minutes as slotMinutes",
      "buffer_minutes as bufferMinutes",
    ]);
}

/** The hours that book a listing: its own when it has any, else the office's (no listing). */
export async function listListingSpans(db: Db, propertyId: number): Promise<SpanRow[]> {
  const own = await selectSpans(db)
    .where("property_id", "=", propertyId)
    .orderBy("staff_user_id")
    .orderBy("weekday")
    .orderBy("start_time")
    .execute();
  if (own.length > 0) return own;
  return selectSpans(db)
    .where("property_id", "is", null)
    .orderBy("staff_user_id")
    .orderBy("weekday")
    .orderBy("start_time")
    .execute();
}

export interface DayOffRow {
  id: number;
  staffUserId: number | null;
  day: string;
  note: string;
}

/** The days off from `fromDay` to `toDay` (inclusive, `YYYY-MM-DD`), earliest first. */
export async function listDaysOffBetween(
  db: Db,
  fromDay: string,
  toDay: string,
): Promise<DayOffRow[]> {
  return db
    .selectFrom("viewing_day_off")
    .select(["id", "staff_user_id as staffUserId", "day", "note"])
    .where("day", ">=", fromDay)
    .where("day", "<=", toDay)
    .orderBy("day")
    .orderBy("id")
    .execute();
}

/** The viewings that hold a slot of these members of staff and start in [from, to). */
export async function listHeldViewings(
  db: Db,
  staffUserIds: readonly number[],
  from: Date,
  to: Date,
): Promise<{ staffUserId: number; startsAt: Date; endsAt: Date }[]> {
  if (staffUserIds.length === 0) return [];
  const rows = await db
    .selectFrom("viewing")
    .select(["staff_user_id", "starts_at", "ends_at"])
    .where("hold_key", "is not", null)
    .where("staff_user_id", "in", [...staffUserIds])
    .where("starts_at", ">=", from.toISOString())
    .where("starts_at", "<", to.toISOString())
    .execute();
  return rows.map((row) => ({
    staffUserId: row.staff_user_id as number,
    startsAt: new Date(toIsoString(row.starts_at)),
    endsAt: new Date(toIsoString(row.ends_at)),
  }));
}

/** How many viewings (holding a slot) each of these members of staff has in [from, to). */
export async function countHeldViewings(
  db: Db,
  staffUserIds: readonly number[],
  from: Date,
  to: Date,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (staffUserIds.length === 0) return counts;
  const rows = await db
    .selectFrom("viewing")
    .select(["staff_user_id", (eb) => eb.fn.countAll().as("count")])
    .where("hold_key", "is not", null)
    .where("staff_user_id", "in", [...staffUserIds])
    .where("starts_at", ">=", from.toISOString())
    .where("starts_at", "<", to.toISOString())
    .groupBy("staff_user_id")
    .execute();
  for (const row of rows) counts.set(row.staff_user_id as number, toCount(row.count));
  return counts;
}

/**
 * On PostgreSQL, makes bookings of one member of staff's diary wait for each other until this
 * transaction ends (an advisory lock), so the re-check of overlapping slots and buffers sees
 * every booking committed before it. SQLite's transactions take the write lock when they begin
 * (db/database.ts), which serialises them already. The unique `hold_key` stays the last word.
 */
export async function lockStaffDiary(trx: Transaction<Database>, staffUserId: number) {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(${0x7669_6577}, ${staffUserId})`.execute(trx);
}

export interface NewViewing {
  uid: string;
  propertyId: number;
  staffUserId: number;
  startsAt: Date;
  endsAt: Date;
  holdKey: string;
  visitorName: string;
  visitorEmail: string;
  visitorPhone: string;
  message: string;
  now: Date;
}

/** Inserts a tentative viewing holding its slot; throws on a `hold_key` already held. */
export async function insertHeldViewing(db: Db, viewing: NewViewing): Promise<number> {
  const row = await db
    .insertInto("viewing")
    .values({
      uid: viewing.uid,
      property_id: viewing.propertyId,
      staff_user_id: viewing.staffUserId,
      starts_at: viewing.startsAt.toISOString(),
      ends_at: viewing.endsAt.toISOString(),
      status: "tentative",
      sequence: 0,
      hold_key: viewing.holdKey,
      visitor_name: viewing.visitorName,
      visitor_email: viewing.visitorEmail,
      visitor_phone: viewing.visitorPhone,
      message: viewing.message,
      created_at: viewing.now.toISOString(),
      updated_at: viewing.now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether `error` is a unique index's refusal (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: unknown } | null;
  return (
    candidate?.code === "23505" ||
    candidate?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    candidate?.code === "SQLITE_CONSTRAINT_PRIMARYKEY"
  );
}

/** A viewing as its invite and mails show it. */
export interface ViewingDetail {
  id: number;
  uid: string;
  sequence: number;
  status: ViewingStatus;
  startsAt: string;
  endsAt: string;
  visitorName: string;
  visitorEmail: string;
  visitorPhone: string;
  message: string;
  staffUserId: number | null;
  /** The hosting member of staff's address; null without one. */
  agentEmail: string | null;
  listing: { code: string; slug: string; headline: string; address: string; city: string };
}

function selectViewingDetails(db: Db) {
  return db
    .selectFrom("viewing")
    .innerJoin("property", "property.id", "viewing.property_id")
    .leftJoin("staff_user", "staff_user.id", "viewing.staff_user_id")
    .select([
      "viewing.id",
      "viewing.uid",
      "viewing.sequence",
      "viewing.status",
      "viewing.starts_at",
      "viewing.ends_at",
      "viewing.visitor_name",
      "viewing.visitor_email",
      "viewing.visitor_phone",
      "viewing.message",
      "viewing.staff_user_id",
      "staff_user.email as agent_email",
      "property.code",
      "property.slug",
      "property.headline",
      "property.address",
      "property.city",
    ]);
}

type ViewingDetailRow = Awaited<
  ReturnType<ReturnType<typeof selectViewingDetails>["executeTakeFirstOrThrow"]>
>;

function toViewingDetail(row: ViewingDetailRow): ViewingDetail {
  return {
    id: row.id,
    uid: row.uid,
    sequence: row.sequence,
    status: row.status,
    startsAt: toIsoString(row.starts_at),
    endsAt: toIsoString(row.ends_at),
    visitorName: row.visitor_name,
    visitorEmail: row.visitor_email,
    visitorPhone: row.visitor_phone,
    message: row.message,
    staffUserId: row.staff_user_id,
    agentEmail: row.agent_email ?? null,
    listing: {
      code: row.code,
      slug: row.slug,
      headline: row.headline,
      address: row.address,
      city: row.city,
    },
  };
}

export async function findViewingDetail(db: Db, id: number): Promise<ViewingDetail | undefined> {
  const row = await selectViewingDetails(db).where("viewing.id", "=", id).executeTakeFirst();
  return row ? toViewingDetail(row) : undefined;
}

/**
 * A member of staff's viewings for their calendar feed: tentative and confirmed ones starting
 * from `since`, earliest first.
 */
export async function listFeedViewings(
  db: Db,
  staffUserId: number,
  since: Date,
): Promise<ViewingDetail[]> {
  const rows = await selectViewingDetails(db)
    .where("viewing.staff_user_id", "=", staffUserId)
    .where("viewing.status", "in", ["tentative", "confirmed"])
    .where("viewing.starts_at", ">=", since.toISOString())
    .orderBy("viewing.starts_at")
    .orderBy("viewing.id")
    .limit(2000)
    .execute();
  return rows.map(toViewingDetail);
}

// The back office's hours and days off.

/** Every span of hours: the office's and each listing's, by member of staff. */
export async function listAllSpans(db: Db): Promise<SpanRow[]> {
  return selectSpans(db)
    .orderBy("staff_user_id")
    .orderBy("weekday")
    .orderBy("start_time")
    .orderBy("id")
    .execute();
}

export interface NewSpan {
  weekday: number;
  startTime: string;
  endTime: string;
  slotMinutes: number;
  bufferMinutes: number;
}

/**
 * Replaces one member of staff's spans for one scope (a listing's own, or the office's with
 * `propertyId` null) with `spans`; answers the spans it replaced.
 */
export async function replaceStaffSpans(
  db: Db,
  staffUserId: number,
  propertyId: number | null,
  spans: readonly NewSpan[],
  now: Date,
): Promise<SpanRow[]> {
  const before = await selectSpans(db)
    .where("staff_user_id", "=", staffUserId)
    .where((eb) =>
      propertyId === null ? eb("property_id", "is", null) : eb("property_id", "=", propertyId),
    )
    .orderBy("weekday")
    .orderBy("start_time")
    .execute();
  await db
    .deleteFrom("viewing_availability")
    .where("staff_user_id", "=", staffUserId)
    .where((eb) =>
      propertyId === null ? eb("property_id", "is", null) : eb("property_id", "=", propertyId),
    )
    .execute();
  if (spans.length > 0) {
    await db
      .insertInto("viewing_availability")
      .values(
        spans.map((span) => ({
          staff_user_id: staffUserId,
          property_id: propertyId,
          weekday: span.weekday,
          start_time: span.startTime,
          end_time: span.endTime,
          slot_minutes: span.slotMinutes,
          buffer_minutes: span.bufferMinutes,
          created_at: now.toISOString(),
        })),
      )
      .execute();
  }
  return before;
}

export async function insertDayOff(
  db: Db,
  dayOff: { staffUserId: number | null; day: string; note: string },
): Promise<number> {
  const row = await db
    .insertInto("viewing_day_off")
    .values({ staff_user_id: dayOff.staffUserId, day: dayOff.day, note: dayOff.note })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findDayOff(db: Db, id: number): Promise<DayOffRow | undefined> {
  return db
    .selectFrom("viewing_day_off")
    .select(["id", "staff_user_id as staffUserId", "day", "note"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function deleteDayOff(db: Db, id: number): Promise<void> {
  await db.deleteFrom("viewing_day_off").where("id", "=", id).execute();
}

// The calendar feeds.

/** The member of staff whose feed secret hashes to `tokenHash`; undefined when none does. */
export async function findFeedOwner(db: Db, tokenHash: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("viewing_calendar_feed")
    .select("staff_user_id")
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  return row?.staff_user_id;
}

/** Which members of staff (of these) have a feed, and since when. */
export async function listFeeds(db: Db): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom("viewing_calendar_feed")
    .select(["staff_user_id", "created_at"])
    .execute();
  return new Map(rows.map((row) => [row.staff_user_id, toIsoString(row.created_at)]));
}

/** Sets a member of staff's feed secret (a new one replaces the old, whose URL then fails). */
export async function setFeedTokenHash(
  db: Db,
  staffUserId: number,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await db.deleteFrom("viewing_calendar_feed").where("staff_user_id", "=", staffUserId).execute();
  await db
    .insertInto("viewing_calendar_feed")
    .values({ staff_user_id: staffUserId, token_hash: tokenHash, created_at: now.toISOString() })
    .execute();
}

/** Revokes a member of staff's feed; answers whether they had one. */
export async function deleteFeed(db: Db, staffUserId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("viewing_calendar_feed")
    .where("staff_user_id", "=", staffUserId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
