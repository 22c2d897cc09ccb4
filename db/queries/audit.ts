/**
 * The audit log (decision 050): the one function every write path records its event with,
 * called with the write's own transaction so a write and its event commit or roll back
 * together; and the owner's page of it, newest first, filtered and paged by keyset (a page
 * starts after or before an event's time and id). The indexes are migration 0013's.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Kysely } from "kysely";
import {
  type AuditEventRow,
  type AuditPage,
  type AuditQuery,
  type AuditSubjectType,
  formatAuditCursor,
} from "../../lib/admin-audit.ts";
import { dayAfter } from "../../lib/admin-enquiries.ts";
import type { Database } from "../database.ts";
import { toIsoString } from "./columns.ts";
import { keysetPage } from "./keyset-page.ts";

/** Who made a write: a member of staff, or a command (`cli`) or the purge (`retention`). */
export type AuditActor = { id: number; email: string } | { id: null; email: string };

export interface AuditEvent {
  actor: AuditActor;
  action: string;
  subjectType: AuditSubjectType;
  subjectId?: string | number | null;
  /** What changed: small, and never a password, a token or erased personal data. */
  detail?: Record<string, unknown>;
  at: Date;
}

/**
 * The client address of the request under way (decision 067), set once per request by the
 * server around the site's loaders and actions, so every event records it without each of
 * the many services that write passing it along. Outside a request (the commands, the
 * retention purge) there is none.
 */
const requestClientAddress = new AsyncLocalStorage<string>();

/** Runs `work` (a request's handling) with `address` as the client address of its events. */
export function withAuditClientAddress<T>(address: string, work: () => T): T {
  return requestClientAddress.run(address, work);
}

/**
 * Records one event, with the client address of the request under way (if any). Give it the
 * write's transaction (`trx`): the event is then part of the write, and neither is kept
 * without the other.
 */
export async function recordAuditEvent(db: Kysely<Database>, event: AuditEvent): Promise<void> {
  await db
    .insertInto("audit_event")
    .values({
      at: event.at.toISOString(),
      actor_id: event.actor.id,
      actor_email: event.actor.email,
      action: event.action,
      subject_type: event.subjectType,
      subject_id:
        event.subjectId === undefined || event.subjectId === null ? null : String(event.subjectId),
      detail: JSON.stringify(event.detail ?? {}),
      client_address: requestClientAddress.getStore() || null,
    })
    .execute();
}

/**
 * Runs `work` in a transaction: `db`'s own when it is one already (a caller that records an
 * event wrapped the write), else a new one.
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}

function storedTime(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}

function readDetail(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** One page of the log, `pageSize` events at most, newest first. */
export async function listAuditEvents(
  db: Kysely<Database>,
  query: AuditQuery,
  pageSize: number,
): Promise<AuditPage> {
  const backwards = query.before !== undefined;
  const cursor = query.before ?? query.after;
  const direction = backwards ? "asc" : "desc";
  const found = await db
    .selectFrom("audit_event")
    .selectAll()
    .where((eb) => {
      const conditions = [];
      if (query.actor) conditions.push(eb("actor_email", "=", query.actor));
      if (query.action) conditions.push(eb("action", "=", query.action));
      if (query.subject) conditions.push(eb("subject_id", "=", query.subject));
      if (query.from) conditions.push(eb("at", ">=", `${query.from}T00:00:00.000Z`));
      if (query.to) conditions.push(eb("at", "<", dayAfter(query.to)));
      if (cursor) {
        conditions.push(
          eb(eb.refTuple("at", "id"), backwards ? ">" : "<", eb.tuple(cursor.key, cursor.id)),
        );
      }
      return eb.and(conditions);
    })
    .orderBy("at", direction)
    .orderBy("id", direction)
    .limit(pageSize + 1)
    .execute();
  const page = keysetPage(found, {
    pageSize,
    backwards,
    fromCursor: cursor !== undefined,
    cursorOf: (row) => formatAuditCursor({ key: storedTime(row.at), id: row.id }),
  });
  return {
    ...page,
    rows: page.rows.map(
      (row): AuditEventRow => ({
        id: row.id,
        at: toIsoString(row.at),
        actorId: row.actor_id,
        actorEmail: row.actor_email,
        action: row.action,
        subjectType: row.subject_type,
        subjectId: row.subject_id,
        detail: readDetail(row.detail),
        clientAddress: row.client_address,
      }),
    ),
  };
}

/** The newest audit event of a listing: its id, 0 when it has none. */
export async function findNewestListingEventId(
  db: Kysely<Database>,
  code: string,
): Promise<number> {
  const row = await db
    .selectFrom("audit_event")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("subject_type", "=", "listing")
    .where("subject_id", "=", code)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The writes that change what the listing editor's form shows (not the photos'). */
export const listingFieldActions = [
  "listing.save",
  "listing.import",
  "listing.publish",
  "listing.unpublish",
  "listing.archive",
  "listing.restore",
];

/** The writes that change a listing's photos (decision 056). */
export const listingPhotoActions = ["listing.photos-save", "listing.photos-add"];

/**
 * Who changed a listing after event `afterId` by one of `actions` (its form's fields unless
 * given), newest first, each account once with its newest time, `exceptActorId`'s own left
 * out: the colleagues a merged or conflicting save names (decision 044's addendum).
 */
export async function listListingSaversAfter(
  db: Kysely<Database>,
  code: string,
  afterId: number,
  actions: readonly string[] = listingFieldActions,
  exceptActorId?: number,
): Promise<{ email: string; at: string }[]> {
  let query = db
    .selectFrom("audit_event")
    .select(["actor_email", "at"])
    .where("subject_type", "=", "listing")
    .where("subject_id", "=", code)
    .where("action", "in", [...actions])
    .where("id", ">", afterId);
  if (exceptActorId !== undefined) {
    query = query.where((eb) =>
      eb.or([eb("actor_id", "is", null), eb("actor_id", "!=", exceptActorId)]),
    );
  }
  const rows = await query.orderBy("id", "desc").limit(50).execute();
  const savers = new Map<string, string>();
  for (const row of rows) {
    if (!savers.has(row.actor_email)) savers.set(row.actor_email, toIsoString(row.at));
  }
  return [...savers].map(([email, at]) => ({ email, at }));
}

/**
 * The detail of `actorId`'s newest `action` (a save) of a listing: what the notice after a
 * merged save reads.
 */
export async function findNewestListingSaveDetail(
  db: Kysely<Database>,
  code: string,
  actorId: number,
  action = "listing.save",
): Promise<Record<string, unknown> | undefined> {
  const row = await db
    .selectFrom("audit_event")
    .select("detail")
    .where("subject_type", "=", "listing")
    .where("subject_id", "=", code)
    .where("action", "=", action)
    .where("actor_id", "=", actorId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? readDetail(row.detail) : undefined;
}
