/**
 * The RESO feed's consumers and their bearer tokens (decision 094), one write path for the
 * command (`npm run feeds -- token …`) and the back office's page alike: a token is 32 random
 * bytes, shown once when it is made and stored as its SHA-256 hash only. A fast hash is enough
 * for a token of 256 random bits (no dictionary to try, unlike a password), and it lets a
 * request's token be looked up by its hash in one indexed read. Adds and revocations are
 * audit-logged like the other owners' writes.
 */
import { hash, randomBytes } from "node:crypto";
import type { DatabaseHandle } from "../../db/database.ts";
import { type AuditActor, inTransaction, recordAuditEvent } from "../../db/queries/audit.ts";
import {
  type FeedConsumer,
  findActiveFeedConsumer,
  findFeedConsumerByName,
  insertFeedConsumer,
  listFeedConsumers,
  revokeFeedConsumer,
  touchFeedConsumer,
} from "../../db/queries/feed-consumer.ts";
import { feedConsumerNameProblem } from "../../lib/feed-consumers.ts";

export type { FeedConsumer };

export type FeedConsumerAdded =
  | { ok: true; consumer: FeedConsumer; token: string }
  | { ok: false; message: string };

export type FeedConsumerRevoked =
  | { ok: true; consumer: FeedConsumer; changed: boolean }
  | { ok: false; message: string };

export interface FeedConsumers {
  list(): Promise<FeedConsumer[]>;
  /** Makes a consumer and its token; the token is in the answer only, never stored. */
  add(actor: AuditActor, name: string): Promise<FeedConsumerAdded>;
  /** Revokes a consumer's token for good (a new token is a new consumer). */
  revoke(actor: AuditActor, name: string): Promise<FeedConsumerRevoked>;
  /** The consumer of `Authorization: Bearer <token>`, unless missing, unknown or revoked. */
  authenticate(authorization: string | undefined): Promise<FeedConsumer | undefined>;
}

/** The stored form of a token: SHA-256, hex. */
export function feedTokenHash(token: string): string {
  return hash("sha256", token, "hex");
}

/** How often a consumer's last use is written at most: not a write per request. */
const lastUsedEveryMs = 60_000;

export function createFeedConsumers(options: {
  database: DatabaseHandle;
  now?: () => Date;
}): FeedConsumers {
  const db = options.database.db;
  const now = options.now ?? (() => new Date());
  const lastRecorded = new Map<number, number>();

  return {
    list: () => listFeedConsumers(db),

    async add(actor, rawName) {
      const name = rawName.trim();
      const problem = feedConsumerNameProblem(name);
      if (problem) return { ok: false, message: problem };
      const token = randomBytes(32).toString("base64url");
      const at = now();
      const consumer = await inTransaction(db, async (trx) => {
        const added = await insertFeedConsumer(trx, {
          name,
          tokenHash: feedTokenHash(token),
          at,
        });
        if (added) {
          await recordAuditEvent(trx, {
            actor,
            action: "feed.token-add",
            subjectType: "feed-consumer",
            subjectId: name,
            at,
          });
        }
        return added;
      });
      if (!consumer) return { ok: false, message: `There is already a consumer named ${name}.` };
      return { ok: true, consumer, token };
    },

    async revoke(actor, rawName) {
      const name = rawName.trim();
      const at = now();
      return inTransaction(db, async (trx): Promise<FeedConsumerRevoked> => {
        const before = await findFeedConsumerByName(trx, name);
        if (!before) return { ok: false, message: `There is no consumer named ${name}.` };
        if (before.revokedAt !== null) return { ok: true, consumer: before, changed: false };
        const consumer = (await revokeFeedConsumer(trx, name, at)) ?? before;
        await recordAuditEvent(trx, {
          actor,
          action: "feed.token-revoke",
          subjectType: "feed-consumer",
          subjectId: name,
          at,
        });
        return { ok: true, consumer, changed: true };
      });
    },

    async authenticate(authorization) {
      const match = /^Bearer +([A-Za-z0-9_-]{20,200})$/.exec(authorization?.trim() ?? "");
      if (!match?.[1]) return undefined;
      const consumer = await findActiveFeedConsumer(db, feedTokenHash(match[1]));
      if (!consumer) return undefined;
      const at = now();
      const last = lastRecorded.get(consumer.id) ?? 0;
      if (at.getTime() - last >= lastUsedEveryMs) {
        lastRecorded.set(consumer.id, at.getTime());
        // A lost record of use must not refuse the read.
        await touchFeedConsumer(db, consumer.id, at).catch(() => undefined);
      }
      return consumer;
    },
  };
}
