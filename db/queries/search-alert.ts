/**
 * Search alerts and their mails (decision 055). Tokens are looked up by their SHA-256 hash;
 * the tokens themselves are never stored. Mails go into the `outbox`, one row per
 * `dedupe_key`, delivered by the outbox job (server/jobs/outbox.ts).
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../database.ts";
import { toIsoString } from "./columns.ts";
import { enqueueOutbox } from "./outbox.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface AlertRow {
  id: number;
  email: string;
  query: string;
  salt: string;
  createdAt: string;
  confirmedAt: string | null;
  publishedMark: string | null;
  lastDigestOn: string | null;
}

const alertColumns = [
  "id",
  "email",
  "query",
  "salt",
  "created_at",
  "confirmed_at",
  "published_mark",
  "last_digest_on",
] as const;

function toAlertRow(row: {
  id: number;
  email: string;
  query: string;
  salt: string;
  created_at: Date | string;
  confirmed_at: Date | string | null;
  published_mark: Date | string | null;
  last_digest_on: string | null;
}): AlertRow {
  return {
    id: row.id,
    email: row.email,
    query: row.query,
    salt: row.salt,
    createdAt: toIsoString(row.created_at),
    confirmedAt: row.confirmed_at === null ? null : toIsoString(row.confirmed_at),
    publishedMark: row.published_mark === null ? null : toIsoString(row.published_mark),
    lastDigestOn: row.last_digest_on,
  };
}

export interface NewAlert {
  email: string;
  query: string;
  salt: string;
  confirmTokenHash: string;
  unsubscribeTokenHash: string;
  manageTokenHash: string;
  now: Date;
}

/** How many alerts an address has. */
export async function countAlertsOf(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom("search_alert")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Adds the alert, or finds the one this address already has for this query. */
export async function insertOrFindAlert(db: Db, alert: NewAlert): Promise<AlertRow> {
  await db
    .insertInto("search_alert")
    .values({
      email: alert.email,
      query: alert.query,
      salt: alert.salt,
      confirm_token_hash: alert.confirmTokenHash,
      unsubscribe_token_hash: alert.unsubscribeTokenHash,
      manage_token_hash: alert.manageTokenHash,
      created_at: alert.now.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(["email", "query"]).doNothing())
    .execute();
  const row = await db
    .selectFrom("search_alert")
    .select(alertColumns)
    .where("email", "=", alert.email)
    .where("query", "=", alert.query)
    .executeTakeFirstOrThrow();
  return toAlertRow(row);
}

export async function findAlertById(db: Db, id: number): Promise<AlertRow | undefined> {
  const row = await db
    .selectFrom("search_alert")
    .select(alertColumns)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toAlertRow(row);
}

export async function findAlertByConfirmHash(db: Db, hash: string): Promise<AlertRow | undefined> {
  const row = await db
    .selectFrom("search_alert")
    .select(alertColumns)
    .where("confirm_token_hash", "=", hash)
    .executeTakeFirst();
  return row && toAlertRow(row);
}

/**
 * Confirms an alert (once: a second confirmation changes nothing). Its digests start from
 * `mark`, the newest listing's first publication now: only later ones are "new".
 */
export async function confirmAlert(
  db: Db,
  id: number,
  now: Date,
  mark: string | null,
): Promise<void> {
  await db
    .updateTable("search_alert")
    .set({ confirmed_at: now.toISOString(), published_mark: mark ?? now.toISOString() })
    .where("id", "=", id)
    .where("confirmed_at", "is", null)
    .execute();
}

/** The alerts the manage token's address has, oldest first. */
export async function listAlertsByManageHash(db: Db, hash: string): Promise<AlertRow[]> {
  const rows = await db
    .selectFrom("search_alert")
    .select(alertColumns)
    .where("manage_token_hash", "=", hash)
    .orderBy("id")
    .execute();
  return rows.map(toAlertRow);
}

/** Deletes one alert of the manage token's address, or all of them; answers how many went. */
export async function deleteAlertsByManageHash(db: Db, hash: string, id?: number): Promise<number> {
  const result = await db
    .deleteFrom("search_alert")
    .where("manage_token_hash", "=", hash)
    .$if(id !== undefined, (query) => query.where("id", "=", id as number))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Gives every alert of `email` the manage hash `hash` (the alert secret's address key): alerts
 * saved under an earlier secret are found by the links mailed from now on (decision 066).
 */
export async function setManageHashOf(db: Db, email: string, hash: string): Promise<void> {
  await db
    .updateTable("search_alert")
    .set({ manage_token_hash: hash })
    .where("email", "=", email)
    .where("manage_token_hash", "!=", hash)
    .execute();
}

/** Deletes an alert (its mails not yet sent go with it); answers whether it was there. */
export async function deleteAlertById(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom("search_alert").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Finds the alert of an unsubscribe token's hash (the first form of the links). */
export async function findAlertByUnsubscribeHash(
  db: Db,
  hash: string,
): Promise<AlertRow | undefined> {
  const row = await db
    .selectFrom("search_alert")
    .select(alertColumns)
    .where("unsubscribe_token_hash", "=", hash)
    .executeTakeFirst();
  return row && toAlertRow(row);
}

/** Confirmed alerts whose last digest run was before `day` (YYYY-MM-DD), by id. */
export async function listAlertsDueOn(
  db: Db,
  day: string,
  afterId: number,
  limit: number,
): Promise<AlertRow[]> {
  const rows = await db
    .selectFrom("search_alert")
    .select(alertColumns)
    .where("confirmed_at", "is not", null)
    .where((eb) => eb.or([eb("last_digest_on", "is", null), eb("last_digest_on", "<", day)]))
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map(toAlertRow);
}

/**
 * Claims an alert's digest run for `day`: true for the one caller (of any app server) that
 * moves it from an earlier day; the mark moves to `mark` at the same time.
 */
export async function claimAlertDigest(
  db: Db,
  id: number,
  day: string,
  mark: string | null,
  previousMark: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable("search_alert")
    .set({ last_digest_on: day, published_mark: mark ?? previousMark })
    .where("id", "=", id)
    .where("confirmed_at", "is not", null)
    .where((eb) => eb.or([eb("last_digest_on", "is", null), eb("last_digest_on", "<", day)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** `alert-link`: a fresh manage link, for an address that saved a search it has confirmed. */
export type AlertMailKind = "alert-confirm" | "alert-digest" | "alert-link";
/** Queues a mail once per `dedupeKey`; answers whether this call added it. */
export async function enqueueMail(
  db: Db,
  mail: { dedupeKey: string; kind: AlertMailKind; alertId: number; payload: object; now: Date },
): Promise<boolean> {
  const { alertId, ...queued } = mail;
  return enqueueOutbox(db, { ...queued, alertId });
}

/** Deletes the alerts never confirmed that were saved before `cutoff`; answers how many. */
export async function deleteUnconfirmedAlertsBefore(db: Db, cutoff: Date): Promise<number> {
  const result = await db
    .deleteFrom("search_alert")
    .where("confirmed_at", "is", null)
    .where("created_at", "<", cutoff.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
