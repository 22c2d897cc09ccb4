/**
 * What the Portals page (decision 100) keeps of the feeds in the database, so every app server
 * answers the same: the Rightmove feed's runs (`feed_run`, written by its job and command) and
 * the feeds an owner paused (`feed_pause`: a row while paused), which the BLM job, the push
 * sender and the RESO routes read before they work.
 */
import type { Kysely } from "kysely";
import type { PortalFeed } from "../../lib/portal-readiness.ts";
import type { Database } from "../database.ts";

/** A listing a run left out, and why. */
export interface RefusedCode {
  code: string;
  reasons: string[];
}

export interface FeedRunRecord {
  feed: PortalFeed;
  trigger: "job" | "command";
  startedAt: Date;
  finishedAt: Date;
  /** Why it failed; absent: it worked. */
  error?: string;
  file?: string;
  uploadedTo?: string;
  sent: readonly string[];
  refused: readonly RefusedCode[];
}

export interface FeedRunView {
  trigger: string;
  startedAt: string;
  finishedAt: string;
  error: string | null;
  file: string;
  uploadedTo: string | null;
  sent: string[];
  refused: RefusedCode[];
}

export interface FeedPauseView {
  pausedAt: string;
  pausedBy: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function parseList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export async function recordFeedRun(db: Kysely<Database>, run: FeedRunRecord): Promise<void> {
  await db
    .insertInto("feed_run")
    .values({
      feed: run.feed,
      trigger: run.trigger,
      started_at: run.startedAt.toISOString(),
      finished_at: run.finishedAt.toISOString(),
      error: run.error ?? null,
      file: run.file ?? "",
      uploaded_to: run.uploadedTo ?? null,
      sent: JSON.stringify(run.sent),
      refused: JSON.stringify(run.refused),
    })
    .execute();
}

/** The feed's newest run, or undefined before its first. */
export async function findLastFeedRun(
  db: Kysely<Database>,
  feed: PortalFeed,
): Promise<FeedRunView | undefined> {
  const row = await db
    .selectFrom("feed_run")
    .selectAll()
    .where("feed", "=", feed)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    trigger: row.trigger,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    error: row.error,
    file: row.file,
    uploadedTo: row.uploaded_to,
    sent: parseList<string>(row.sent),
    refused: parseList<RefusedCode>(row.refused),
  };
}

/** Whether an owner paused the feed. */
export async function isFeedPaused(db: Kysely<Database>, feed: PortalFeed): Promise<boolean> {
  const row = await db
    .selectFrom("feed_pause")
    .select("feed")
    .where("feed", "=", feed)
    .executeTakeFirst();
  return row !== undefined;
}

/** The paused feeds, with who paused them and when. */
export async function listFeedPauses(db: Kysely<Database>): Promise<Map<string, FeedPauseView>> {
  const rows = await db.selectFrom("feed_pause").selectAll().execute();
  return new Map(
    rows.map((row) => [row.feed, { pausedAt: iso(row.paused_at), pausedBy: row.paused_by }]),
  );
}

/** Pauses the feed; answers whether it changed (false: it was paused already). */
export async function pauseFeed(
  db: Kysely<Database>,
  feed: PortalFeed,
  by: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .insertInto("feed_pause")
    .values({ feed, paused_by: by, paused_at: at.toISOString() })
    .onConflict((conflict) => conflict.column("feed").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Resumes the feed; answers whether it changed (false: it was running). */
export async function resumeFeed(db: Kysely<Database>, feed: PortalFeed): Promise<boolean> {
  const result = await db.deleteFrom("feed_pause").where("feed", "=", feed).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
