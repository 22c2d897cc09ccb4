/**
 * The RESO feed's consumers (decision 094): each one's bearer token is stored as its SHA-256
 * hash only. Written by server/feeds/consumers.ts (the command and the back office alike).
 */
import type { Kysely } from "kysely";
import type { Database } from "../database.ts";
import { toIsoString } from "./columns.ts";

export interface FeedConsumer {
  id: number;
  name: string;
  /** ISO 8601. */
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

function toConsumer(row: {
  id: number;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}): FeedConsumer {
  return {
    id: row.id,
    name: row.name,
    createdAt: toIsoString(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : toIsoString(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : toIsoString(row.revoked_at),
  };
}

const columns = ["id", "name", "created_at", "last_used_at", "revoked_at"] as const;

/** Every consumer, revoked ones too, by name. */
export async function listFeedConsumers(db: Kysely<Database>): Promise<FeedConsumer[]> {
  const rows = await db.selectFrom("feed_consumer").select(columns).orderBy("name").execute();
  return rows.map(toConsumer);
}

/** A consumer by name, revoked or not. */
export async function findFeedConsumerByName(
  db: Kysely<Database>,
  name: string,
): Promise<FeedConsumer | undefined> {
  const row = await db
    .selectFrom("feed_consumer")
    .select(columns)
    .where("name", "=", name)
    .executeTakeFirst();
  return row ? toConsumer(row) : undefined;
}

/** The consumer whose token hashes to `tokenHash`, unless it is revoked. */
export async function findActiveFeedConsumer(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<FeedConsumer | undefined> {
  const row = await db
    .selectFrom("feed_consumer")
    .select(columns)
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return row ? toConsumer(row) : undefined;
}

/** Adds a consumer; undefined when the name is taken. */
export async function insertFeedConsumer(
  db: Kysely<Database>,
  values: { name: string; tokenHash: string; at: Date },
): Promise<FeedConsumer | undefined> {
  const row = await db
    .insertInto("feed_consumer")
    .values({
      name: values.name,
      token_hash: values.tokenHash,
      created_at: values.at.toISOString(),
    })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .returning(columns)
    .executeTakeFirst();
  return row ? toConsumer(row) : undefined;
}

/** Revokes a consumer by name; the consumer as it is now, or undefined when there is none. */
export async function revokeFeedConsumer(
  db: Kysely<Database>,
  name: string,
  at: Date,
): Promise<FeedConsumer | undefined> {
  await db
    .updateTable("feed_consumer")
    .set({ revoked_at: at.toISOString() })
    .where("name", "=", name)
    .where("revoked_at", "is", null)
    .execute();
  return findFeedConsumerByName(db, name);
}

/** Records a use of a consumer's token (at most once a minute per consumer: see the caller). */
export async function touchFeedConsumer(db: Kysely<Database>, id: number, at: Date): Promise<void> {
  await db
    .updateTable("feed_consumer")
    .set({ last_used_at: at.toISOString() })
    .where("id", "=", id)
    .execute();
}
