/**
 * Newsletter subscribers (decision 078). One row per address; the confirmation link's token is
 * kept as its SHA-256 only, and cleared once used. Mails go into the `outbox` with the
 * subscriber's id, delivered by the outbox job like the alerts' mails.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database, NewsletterStatus } from "../database.ts";
import { toIsoString } from "./columns.ts";
import { enqueueOutbox } from "./outbox.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface SubscriberRow {
  id: number;
  email: string;
  status: NewsletterStatus;
  salt: string;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

const columns = [
  "id",
  "email",
  "status",
  "salt",
  "created_at",
  "confirmed_at",
  "unsubscribed_at",
] as const;

const iso = (value: Date | string | null) => (value === null ? null : toIsoString(value));

function toSubscriberRow(row: {
  id: number;
  email: string;
  status: NewsletterStatus;
  salt: string;
  created_at: Date | string;
  confirmed_at: Date | string | null;
  unsubscribed_at: Date | string | null;
}): SubscriberRow {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    salt: row.salt,
    createdAt: toIsoString(row.created_at),
    confirmedAt: iso(row.confirmed_at),
    unsubscribedAt: iso(row.unsubscribed_at),
  };
}

export async function findSubscriberById(db: Db, id: number): Promise<SubscriberRow | undefined> {
  const row = await db
    .selectFrom("newsletter_subscriber")
    .select(columns)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toSubscriberRow(row);
}

export async function findSubscriberByEmail(
  db: Db,
  email: string,
): Promise<SubscriberRow | undefined> {
  const row = await db
    .selectFrom("newsletter_subscriber")
    .select(columns)
    .where("email", "=", email)
    .executeTakeFirst();
  return row && toSubscriberRow(row);
}

/** The pending subscriber whose confirmation token has this hash. */
export async function findSubscriberByTokenHash(
  db: Db,
  hash: string,
): Promise<SubscriberRow | undefined> {
  const row = await db
    .selectFrom("newsletter_subscriber")
    .select(columns)
    .where("token_hash", "=", hash)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return row && toSubscriberRow(row);
}

/**
 * Adds `email` as pending, or makes an unsubscribed one pending again (a new salt: the links
 * mailed before stop working); a pending or confirmed one is left as it is. Answers the row.
 */
export async function insertOrReviveSubscriber(
  db: Db,
  subscriber: { email: string; salt: string; now: Date },
): Promise<SubscriberRow> {
  const now = subscriber.now.toISOString();
  await db
    .insertInto("newsletter_subscriber")
    .values({ email: subscriber.email, salt: subscriber.salt, created_at: now })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .execute();
  await db
    .updateTable("newsletter_subscriber")
    .set({
      status: "pending",
      salt: subscriber.salt,
      token_hash: null,
      created_at: now,
      confirmed_at: null,
      unsubscribed_at: null,
    })
    .where("email", "=", subscriber.email)
    .where("status", "=", "unsubscribed")
    .execute();
  const row = await findSubscriberByEmail(db, subscriber.email);
  if (!row) throw new Error("newsletter subscriber vanished");
  return row;
}

/** Keeps the hash of the confirmation token just mailed (the previous one stops working). */
export async function setSubscriberTokenHash(db: Db, id: number, hash: string): Promise<void> {
  await db
    .updateTable("newsletter_subscriber")
    .set({ token_hash: hash })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .execute();
}

/** Confirms a pending subscriber, using up its link; answers whether this call did. */
export async function confirmSubscriber(db: Db, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("newsletter_subscriber")
    .set({ status: "confirmed", confirmed_at: now.toISOString(), token_hash: null })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Unsubscribes (pending or confirmed); its mails not yet sent are dropped. */
export async function unsubscribeSubscriber(db: Db, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("newsletter_subscriber")
    .set({ status: "unsubscribed", unsubscribed_at: now.toISOString(), token_hash: null })
    .where("id", "=", id)
    .where("status", "!=", "unsubscribed")
    .executeTakeFirst();
  await db
    .deleteFrom("outbox")
    .where("subscriber_id", "=", id)
    .where("status", "=", "pending")
    .execute();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a subscriber (its queued mails go with it); answers the address it had. */
export async function deleteSubscriber(db: Db, id: number): Promise<string | undefined> {
  const row = await findSubscriberById(db, id);
  if (!row) return undefined;
  await db.deleteFrom("outbox").where("subscriber_id", "=", id).execute();
  await db.deleteFrom("newsletter_subscriber").where("id", "=", id).execute();
  return row.email;
}

/** Deletes the subscriber of `email` (a data request's erasure); answers how many went. */
export async function deleteSubscriberOfEmail(db: Db, email: string): Promise<number> {
  const row = await findSubscriberByEmail(db, email.trim().toLowerCase());
  if (!row) return 0;
  await deleteSubscriber(db, row.id);
  return 1;
}

/** Deletes the addresses left pending since before `cutoff`; answers how many. */
export async function deletePendingSubscribersBefore(db: Db, cutoff: Date): Promise<number> {
  const stale = await db
    .selectFrom("newsletter_subscriber")
    .select("id")
    .where("status", "=", "pending")
    .where("created_at", "<", cutoff.toISOString())
    .execute();
  for (const { id } of stale) await deleteSubscriber(db, id);
  return stale.length;
}

/** Queues a newsletter mail once per `dedupeKey`; answers whether this call added it. */
export async function enqueueNewsletterMail(
  db: Db,
  mail: { dedupeKey: string; kind: "newsletter-confirm"; subscriberId: number; now: Date },
): Promise<boolean> {
  return enqueueOutbox(db, mail);
}

export interface SubscriberPage {
  rows: SubscriberRow[];
  total: number;
}

/** One page of subscribers, newest first (the back office's list). */
export async function listSubscribers(
  db: Db,
  options: { page: number; pageSize: number },
): Promise<SubscriberPage> {
  const rows = await db
    .selectFrom("newsletter_subscriber")
    .select(columns)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  const count = await db
    .selectFrom("newsletter_subscriber")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return { rows: rows.map(toSubscriberRow), total: Number(count.count) };
}

/** Every subscriber, oldest first (the CSV export). */
export async function listAllSubscribers(db: Db): Promise<SubscriberRow[]> {
  const rows = await db.selectFrom("newsletter_subscriber").select(columns).orderBy("id").execute();
  return rows.map(toSubscriberRow);
}
