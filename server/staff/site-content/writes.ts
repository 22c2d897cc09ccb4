/**
 * What every kind of the back office's site content writes through (decisions 057 and 084):
 * the site content's one write path (server/content/writes.ts), with the signed-in member of
 * staff as the audit event's actor and the app's Redis client to tell the other app servers.
 * Sliders, collections and the profile are written by server/content/'s modules, which the
 * content command uses too; amenities and categories, which only the back office writes, by
 * ./terms.ts over {@link ContentWrites.write}.
 */
import type { Redis } from "ioredis";
import type { Kysely } from "kysely";
import type { StaffSession } from "#app-context";
import type { Database, DatabaseHandle } from "../../../db/database.ts";
import type { ContentSave } from "../../../lib/admin-content.ts";
import {
  type ContentEvent,
  type ContentWriteResult,
  type ContentWriter,
  writeContent,
} from "../../content/writes.ts";
import { publishContentChange } from "../../content-changes.ts";
import type { ListingChanges } from "../../feeds/push/changes.ts";
import { actorOf } from "../listings.ts";

export interface AdminContentOptions {
  database: DatabaseHandle;
  /** IMAGE_DIR: where uploaded slider pictures and the logo are stored. */
  imageDir: string;
  /** The app's Redis client (REDIS_URL): changes reach the other app servers through it. */
  redis?: Redis | undefined;
  log: { warn(object: unknown, message: string): void };
  now?: () => Date;
  /**
   * The push portal's queue (PUSH_URL, decision 095): a category's rename or removal changes its
   * listings' property type, so they are queued in its transaction.
   */
  listingChanges?: ListingChanges | undefined;
}

/** A write's answer to the back office's routes: the ids they show, and the form's issues. */
export function toContentSave(result: ContentWriteResult<{ id?: number }>): ContentSave {
  if (result.ok) return result.id === undefined ? { ok: true } : { ok: true, id: result.id };
  if (result.reason !== "invalid") return result;
  return {
    ok: false,
    reason: "invalid",
    issues: result.issues.map(({ field, message }) => ({ field, message })),
  };
}

/** The shared steps of the content services: see createContentWrites. */
export type ContentWrites = ReturnType<typeof createContentWrites>;

export function createContentWrites(options: AdminContentOptions) {
  const { database, imageDir, redis, log, now, listingChanges } = options;
  const db = database.db;
  /** The change is committed: failing to tell other servers is logged, not the answer. */
  const announce = () => {
    listingChanges?.committed();
    return publishContentChange(redis).catch((error: unknown) =>
      log.warn({ err: error }, "site content changed, but other app servers could not be told"),
    );
  };

  /** The writer of `session`'s writes: its member of staff is the audit event's actor. */
  function writerFor(session: StaffSession): ContentWriter {
    return { db, imageDir, actor: actorOf(session), announce, ...(now ? { now } : {}) };
  }

  /**
   * Runs a write that always changes something and its audit event in one transaction (see
   * writeContent); a Refused thrown inside rolls it back and becomes the answer.
   */
  async function write(
    session: StaffSession,
    work: (trx: Kysely<Database>, at: Date) => Promise<ContentEvent & { id?: number }>,
  ): Promise<ContentSave> {
    return toContentSave(
      await writeContent(writerFor(session), async (trx, at) => {
        const { id, ...event } = await work(trx, at);
        return id === undefined ? { event } : { id, event };
      }),
    );
  }

  function requireOwner(session: StaffSession): void {
    if (session.user.role !== "owner") throw new Error("Only an owner may change the profile.");
  }

  return { db, writerFor, write, requireOwner, listingChanges };
}
