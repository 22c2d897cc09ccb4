/**
 * The back office's enquiries inbox (decision 045): newest first, filtered by status, listing,
 * date and text, paged by keyset (a page starts after or before a row's creation time and id,
 * so it costs the same at any depth); one enquiry with its notes, listing and delivery; the
 * inbox's changes; the data-protection tool's look-up and erasure by e-mail address; and the
 * retention purge. The indexes are migration 0012's.
 */

import { type ExpressionBuilder, type Kysely, sql, type Transaction } from "kysely";
import { retentionActor } from "../../lib/admin-audit.ts";
import {
  type AdminEnquiry,
  type AdminEnquiryChange,
  type AdminEnquiryFilters,
  type AdminEnquiryNote,
  type AdminEnquiryPage,
  type AdminEnquiryQuery,
  type AdminEnquiryRow,
  dayAfter,
  type EnquiryStatus,
  formatAdminEnquiryCursor,
} from "../../lib/admin-enquiries.ts";
import { describeAlertFilters, readAlertQuery } from "../../lib/search-alert.ts";
import type { Database, Dialect } from "../database.ts";
import { findApplicantDataOfEmail } from "./applicant.ts";
import { inTransaction, recordAuditEvent } from "./audit.ts";
import { deleteInBatches } from "./batches.ts";
import { toFlag, toIsoString } from "./columns.ts";
import { keysetPage } from "./keyset-page.ts";

/** A word as a LIKE pattern for "contains" (`\\` is the escape character). */
function likePattern(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** What an enquiry's property_code may hold for a listing: its code, or its slug (the API takes either). */
async function listingAliases(db: Kysely<Database>, code: string): Promise<string[]> {
  const row = await db
    .selectFrom("property")
    .select("slug")
    .where("code", "=", code)
    .executeTakeFirst();
  return row && row.slug !== code ? [code, row.slug] : [code];
}

/** The filters as conditions on `enquiry` (the cursor is added by the caller). */
function filterConditions(
  eb: ExpressionBuilder<Database, "enquiry">,
  filters: AdminEnquiryFilters,
  aliases: string[],
) {
  const conditions = [];
  if (filters.status) conditions.push(eb("enquiry.status", "=", filters.status));
  if (filters.listing) conditions.push(eb("enquiry.property_code", "in", aliases));
  if (filters.from)
    conditions.push(eb("enquiry.created_at", ">=", `${filters.from}T00:00:00.000Z`));
  if (filters.to) conditions.push(eb("enquiry.created_at", "<", dayAfter(filters.to)));
  for (const word of filters.text.split(" ").filter(Boolean).slice(0, 6)) {
    conditions.push(
      eb(
        sql<string>`lower(enquiry.fullname || ' ' || enquiry.email || ' ' || enquiry.message)`,
        "like",
        sql<string>`${likePattern(word)} escape '\\'`,
      ),
    );
  }
  return conditions;
}

/** SQLite's stored text as it is, so a seek compares like with like; PostgreSQL's Date as ISO. */
function storedTime(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}

/** One page of the inbox, `pageSize` rows at most, newest first. */
export async function listInboxEnquiries(
  db: Kysely<Database>,
  query: AdminEnquiryQuery,
  pageSize: number,
): Promise<AdminEnquiryPage> {
  const aliases = query.listing ? await listingAliases(db, query.listing) : [];
  const backwards = query.before !== undefined;
  const cursor = query.before ?? query.after;
  // Newest first, or oldest first for the previous page (then turned round).
  const direction = backwards ? "asc" : "desc";
  const found = await db
    .selectFrom("enquiry")
    .leftJoin("staff_user", "staff_user.id", "enquiry.assignee_id")
    .select([
      "enquiry.id",
      "enquiry.created_at",
      "enquiry.fullname",
      "enquiry.email",
      "enquiry.property_code",
      "enquiry.how_you_hear",
      "enquiry.status",
      "staff_user.email as assignee",
    ])
    .where((eb) => {
      const conditions = filterConditions(eb, query, aliases);
      if (cursor) {
        conditions.push(
          eb(
            eb.refTuple("enquiry.created_at", "enquiry.id"),
            backwards ? ">" : "<",
            eb.tuple(cursor.key, cursor.id),
          ),
        );
      }
      return eb.and(conditions);
    })
    .orderBy("enquiry.created_at", direction)
    .orderBy("enquiry.id", direction)
    .limit(pageSize + 1)
    .execute();
  const page = keysetPage(found, {
    pageSize,
    backwards,
    fromCursor: cursor !== undefined,
    cursorOf: (row) => formatAdminEnquiryCursor({ key: storedTime(row.created_at), id: row.id }),
  });
  return {
    ...page,
    rows: page.rows.map(
      (row): AdminEnquiryRow => ({
        id: row.id,
        createdAt: toIsoString(row.created_at),
        fullname: row.fullname,
        email: row.email,
        propertyCode: row.property_code,
        subject: row.how_you_hear,
        status: row.status,
        assignee: row.assignee,
      }),
    ),
  };
}

/** The ids of every enquiry the filters match, newest first, read in keyset batches. */
export async function listInboxEnquiryIds(
  db: Kysely<Database>,
  filters: AdminEnquiryFilters,
  batchSize = 1000,
): Promise<number[]> {
  const aliases = filters.listing ? await listingAliases(db, filters.listing) : [];
  const ids: number[] = [];
  let cursor: { key: string; id: number } | undefined;
  for (;;) {
    const batch = await db
      .selectFrom("enquiry")
      .select(["enquiry.id", "enquiry.created_at"])
      .where((eb) => {
        const conditions = filterConditions(eb, filters, aliases);
        if (cursor) {
          conditions.push(
            eb(
              eb.refTuple("enquiry.created_at", "enquiry.id"),
              "<",
              eb.tuple(cursor.key, cursor.id),
            ),
          );
        }
        return eb.and(conditions);
      })
      .orderBy("enquiry.created_at", "desc")
      .orderBy("enquiry.id", "desc")
      .limit(batchSize)
      .execute();
    for (const row of batch) ids.push(row.id);
    const last = batch.at(-1);
    if (batch.length < batchSize || !last) return ids;
    cursor = { key: storedTime(last.created_at), id: last.id };
  }
}

/**
 * The staff's notes of the enquiries `ids` (every enquiry's when not given), oldest first, by
 * enquiry id.
 */
export async function listEnquiryNotes(
  db: Kysely<Database>,
  ids?: readonly number[],
): Promise<Map<number, AdminEnquiryNote[]>> {
  if (ids?.length === 0) return new Map();
  let query = db.selectFrom("enquiry_note").selectAll();
  if (ids) query = query.where("enquiry_id", "in", [...ids]);
  const byEnquiry = new Map<number, AdminEnquiryNote[]>();
  for (const note of await query.orderBy("id").execute()) {
    const notes = byEnquiry.get(note.enquiry_id) ?? [];
    notes.push({
      id: note.id,
      author: note.author_email,
      body: note.body,
      createdAt: toIsoString(note.created_at),
    });
    byEnquiry.set(note.enquiry_id, notes);
  }
  return byEnquiry;
}

/** Enquiries with every field, their listing, delivery and notes, in the order of `ids`. */
async function loadEnquiries(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<AdminEnquiry[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("enquiry")
    .leftJoin("staff_user", "staff_user.id", "enquiry.assignee_id")
    .leftJoin("outbox", "outbox.enquiry_id", "enquiry.id")
    .selectAll("enquiry")
    .select([
      "staff_user.email as assignee",
      "outbox.status as delivery_status",
      "outbox.attempts as delivery_attempts",
      "outbox.attempt_started_at as delivery_attempt_started_at",
      "outbox.last_error as delivery_last_error",
      "outbox.sent_at as delivery_sent_at",
    ])
    .where("enquiry.id", "in", [...ids])
    .execute();
  const codes = [...new Set(rows.flatMap((row) => (row.property_code ? [row.property_code] : [])))];
  const listings =
    codes.length === 0
      ? []
      : await db
          .selectFrom("property")
          .select(["code", "slug", "headline", "publish", "archived_at"])
          .where((eb) => eb.or([eb("code", "in", codes), eb("slug", "in", codes)]))
          .execute();
  const notes = await listEnquiryNotes(db, ids);
  const byId = new Map(
    rows.map((row) => {
      const listing = listings.find(
        (item) => item.code === row.property_code || item.slug === row.property_code,
      );
      const enquiry: AdminEnquiry = {
        id: row.id,
        createdAt: toIsoString(row.created_at),
        fullname: row.fullname,
        email: row.email,
        telephone: row.telephone,
        message: row.message,
        propertyCode: row.property_code,
        subject: row.how_you_hear,
        ip: row.ip,
        puzzle: { num1: row.num1, num2: row.num2, answer: row.answer, given: row.puzzle },
        status: row.status,
        assignee: row.assignee,
        assigneeId: row.assignee === null ? null : row.assignee_id,
        updatedAt: row.updated_at === null ? null : toIsoString(row.updated_at),
        listing: listing
          ? {
              code: listing.code,
              slug: listing.slug,
              headline: listing.headline,
              published: toFlag(listing.publish) === 1 && listing.archived_at === null,
            }
          : null,
        delivery:
          row.delivery_status === null
            ? null
            : {
                status: row.delivery_status,
                attempts: row.delivery_attempts ?? 0,
                attemptInProgress: row.delivery_attempt_started_at !== null,
                lastError: row.delivery_last_error,
                sentAt: row.delivery_sent_at === null ? null : toIsoString(row.delivery_sent_at),
              },
        notes: notes.get(row.id) ?? [],
      };
      return [row.id, enquiry];
    }),
  );
  return ids.flatMap((id) => {
    const enquiry = byId.get(id);
    return enquiry ? [enquiry] : [];
  });
}

/** One enquiry as its page shows it; undefined when there is none. */
export async function findInboxEnquiry(
  db: Kysely<Database>,
  id: number,
): Promise<AdminEnquiry | undefined> {
  return (await loadEnquiries(db, [id]))[0];
}

/** Every member of staff an enquiry may be assigned to, by e-mail address. */
export async function listAssignees(
  db: Kysely<Database>,
): Promise<{ id: number; email: string }[]> {
  return db.selectFrom("staff_user").select(["id", "email"]).orderBy("email").execute();
}

export type InboxChangeOutcome = "changed" | "unchanged" | "missing" | "unknown-assignee";

/** Applies a change of the inbox, made by `actor`, to enquiry `id`. */
export async function changeInboxEnquiry(
  db: Kysely<Database>,
  id: number,
  change: AdminEnquiryChange,
  actor: { id: number; email: string },
  now: Date,
): Promise<InboxChangeOutcome> {
  const stamp = now.toISOString();
  return inTransaction(db, async (trx) => {
    const exists = await trx
      .selectFrom("enquiry")
      .select(["id", "status", "assignee_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!exists) return "missing";
    if (change.kind === "note") {
      await trx
        .insertInto("enquiry_note")
        .values({
          enquiry_id: id,
          author_id: actor.id,
          author_email: actor.email,
          body: change.body,
          created_at: stamp,
        })
        .execute();
      await trx.updateTable("enquiry").set({ updated_at: stamp }).where("id", "=", id).execute();
      return "changed";
    }
    if (change.kind === "status") {
      if (exists.status === change.status) return "unchanged";
      await trx
        .updateTable("enquiry")
        .set({ status: change.status, updated_at: stamp })
        .where("id", "=", id)
        .execute();
      return "changed";
    }
    if (change.assigneeId !== null) {
      const staff = await trx
        .selectFrom("staff_user")
        .select("id")
        .where("id", "=", change.assigneeId)
        .executeTakeFirst();
      if (!staff) return "unknown-assignee";
    }
    if (exists.assignee_id === change.assigneeId) return "unchanged";
    await trx
      .updateTable("enquiry")
      .set({ assignee_id: change.assigneeId, updated_at: stamp })
      .where("id", "=", id)
      .execute();
    return "changed";
  });
}

/** The ids of the enquiries sent from `email` (any case), newest first. */
async function enquiryIdsOf(db: Kysely<Database>, email: string): Promise<number[]> {
  const rows = await db
    .selectFrom("enquiry")
    .select("id")
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => row.id);
}

/** Everything held for one e-mail address: its enquiries (every field) and a staff account. */
export async function findDataOfEmail(db: Kysely<Database>, email: string) {
  const address = email.trim().toLowerCase();
  const enquiries = await loadEnquiries(db, await enquiryIdsOf(db, address));
  const staff = await db
    .selectFrom("staff_user")
    .select(["id", "email", "role", "created_at"])
    .where("email", "=", address)
    .executeTakeFirst();
  const notesWritten = staff
    ? Number(
        (
          await db
            .selectFrom("enquiry_note")
            .select((eb) => eb.fn.countAll<number | string>().as("count"))
            .where("author_id", "=", staff.id)
            .executeTakeFirstOrThrow()
        ).count,
      )
    : 0;
  const alerts = await db
    .selectFrom("search_alert")
    .select(["query", "confirmed_at", "created_at"])
    .where("email", "=", address)
    .orderBy("id")
    .execute();
  const subscriber = await db
    .selectFrom("newsletter_subscriber")
    .select(["status", "created_at", "confirmed_at"])
    .where("email", "=", address)
    .executeTakeFirst();
  return {
    email: address,
    enquiries,
    searchAlerts: alerts.map((alert) => ({
      description: describeAlertFilters(readAlertQuery(alert.query) ?? {}),
      confirmed: alert.confirmed_at !== null,
      createdAt: toIsoString(alert.created_at),
    })),
    newsletter: subscriber
      ? {
          status: subscriber.status,
          createdAt: toIsoString(subscriber.created_at),
          confirmedAt:
            subscriber.confirmed_at === null ? null : toIsoString(subscriber.confirmed_at),
        }
      : null,
    staffAccount: staff
      ? { email: staff.email, role: staff.role, createdAt: toIsoString(staff.created_at) }
      : null,
    notesWritten,
    applicant: await findApplicantDataOfEmail(db, address),
  };
}

/** Deletes the search alerts of `email` (any case) and their mails; answers how many. */
export async function deleteSearchAlertsOfEmail(
  db: Kysely<Database> | Transaction<Database>,
  email: string,
): Promise<number> {
  const result = await db
    .deleteFrom("search_alert")
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes every enquiry sent from `email` (any case) with its notes and outbox row, in one
 * transaction; answers how many enquiries were deleted.
 */
export async function deleteEnquiriesOfEmail(db: Kysely<Database>, email: string): Promise<number> {
  return inTransaction(db, async (trx) => {
    const ids = await enquiryIdsOf(trx, email);
    if (ids.length === 0) return 0;
    // The foreign keys cascade; deleted explicitly too, so no row depends on them.
    await trx.deleteFrom("enquiry_note").where("enquiry_id", "in", ids).execute();
    await trx.deleteFrom("outbox").where("enquiry_id", "in", ids).execute();
    const result = await trx.deleteFrom("enquiry").where("id", "in", ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/**
 * Deletes enquiries created before `cutoff` (with their notes and outbox rows), in batches of
 * `batchSize`, so no transaction holds the table long. Several app servers may run it at once:
 * on PostgreSQL each batch skips rows another server is deleting right now; SQLite has one
 * writer. Answers how many enquiries were deleted.
 */
export async function purgeEnquiriesBefore(
  db: Kysely<Database>,
  options: { cutoff: Date; dialect: Dialect; batchSize?: number },
): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  const cutoff = options.cutoff.toISOString();
  return deleteInBatches(db, batchSize, async (trx) => {
    const ids = (
      await trx
        .selectFrom("enquiry")
        .select("id")
        .where("created_at", "<", cutoff)
        .orderBy("id")
        .limit(batchSize)
        .$if(options.dialect === "postgres", (query) => query.forUpdate().skipLocked())
        .execute()
    ).map((row) => row.id);
    if (ids.length === 0) return 0;
    await trx.deleteFrom("enquiry_note").where("enquiry_id", "in", ids).execute();
    await trx.deleteFrom("outbox").where("enquiry_id", "in", ids).execute();
    const result = await trx.deleteFrom("enquiry").where("id", "in", ids).executeTakeFirst();
    const count = Number(result.numDeletedRows);
    // The batch and its audit event commit together (decision 050): a count, no personal data.
    await recordAuditEvent(trx, {
      actor: { id: null, email: retentionActor },
      action: "enquiry.purge",
      subjectType: "enquiry",
      detail: { deleted: count, createdBefore: cutoff },
      at: new Date(),
    });
    return count;
  });
}

export type { EnquiryStatus };
