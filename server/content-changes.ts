/**
 * Word that the site's content changed (a listing, slider, collection or profile added, edited
 * or removed), so every app server drops its cached pages and §7 answers at once instead of
 * waiting for their TTLs. Within one process the word goes to the listeners directly; across
 * processes and machines it travels on a Redis channel; on PostgreSQL every app server also
 * hears each committed write from the database itself (db/change-feed.ts). Otherwise (SQLite
 * written by another process, without Redis) only the TTLs bound how long other processes show
 * the old content (see docs/decisions/010-page-cache.md and 022).
 */
import type { Redis } from "ioredis";

/** The Redis channel content changes are published on. */
export const contentChangeChannel = "homes:content-changed";

const listeners = new Set<() => void>();

/** Calls `listener` on every content change this process hears of; answers the unsubscribe. */
export function onContentChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Tells this process's listeners that content changed: heard from another process (Redis), or
 * from PostgreSQL's change feed (db/change-feed.ts), which hears every committed write.
 */
export function notifyContentChangeListeners(): void {
  for (const listener of listeners) listener();
}

/**
 * Announces a content change: to this process's listeners and, through `redis` when given (the
 * app's one client; a command's own), to every app server subscribed. Call it after each
 * committed content write.
 */
export async function publishContentChange(redis: Redis | undefined): Promise<void> {
  notifyContentChangeListeners();
  await redis?.publish(contentChangeChannel, String(Date.now()));
}

export interface ContentChangeSubscription {
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Hears the changes other processes publish on Redis and tells this process's listeners. After
 * a lost connection it also tells them once reconnected, since changes may have been missed.
 */
export async function subscribeToContentChanges(
  redisUrl: string,
  log: { warn(message: string): void } = console,
): Promise<ContentChangeSubscription> {
  const { Redis } = await import("ioredis");
  // Connects in the background and retries: a Redis outage must not stop the server.
  const redis: Redis = new Redis(redisUrl);
  let connectedBefore = false;
  redis.on("error", (error: Error) => log.warn(`content changes: Redis: ${error.message}`));
  redis.on("ready", () => {
    if (connectedBefore) notifyContentChangeListeners();
    connectedBefore = true;
  });
  redis.on("message", (channel: string) => {
    if (channel === contentChangeChannel) notifyContentChangeListeners();
  });
  const subscribed = redis.subscribe(contentChangeChannel).catch((error: Error) => {
    log.warn(`content changes: cannot subscribe: ${error.message}`);
  });
  return {
    /** Resolves once subscribed (or refused): tests wait for it. */
    ready: subscribed.then(() => undefined),
    async close() {
      redis.disconnect();
    },
  };
}
