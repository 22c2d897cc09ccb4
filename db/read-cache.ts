/**
 * Reads reused while the database is unchanged: the listing's match count, the category
 * counters, and the API's single records (a property, a collection, the profile, the sliders,
 * the amenities). Not time-based: a cached answer is only returned while the database's
 * change clock reads the same as when the answer was computed.
 *
 * The clocks (set by openDatabase):
 * - SQLite: `PRAGMA data_version` (moves when another connection commits) with this
 *   connection's own write statements counted. Exact.
 * - PostgreSQL, while an app server follows the change feed (db/change-feed.ts): a counter
 *   moved by each change notification and each write of this process; no round trip. A
 *   commit by another process shows once its notification has arrived (milliseconds).
 * - PostgreSQL otherwise: `pg_current_snapshot()` (the same snapshot text means the same
 *   committed transactions are visible), one round trip per read. Exact.
 *
 * A Kysely instance without a clock, a transaction included, is never cached. Cached values
 * are shared by every caller: treat them as read-only.
 */
import type { Kysely } from "kysely";

export interface ChangeClock {
  /** A value that differs whenever the data a query could see may have changed; undefined: unknown. */
  read(): Promise<string | undefined>;
}

interface Cache {
  clock: ChangeClock;
  version: string | undefined;
  entries: Map<string, unknown>;
}

/** Entries per database, the least recently used first out (the clock moving empties it). */
const maxEntries = 1000;

// biome-ignore lint/suspicious/noExplicitAny: any database type may be cached.
const caches = new WeakMap<Kysely<any>, Cache>();

// biome-ignore lint/suspicious/noExplicitAny: any database type may be cached.
export function setChangeClock(db: Kysely<any>, clock: ChangeClock): void {
  caches.set(db, { clock, version: undefined, entries: new Map() });
}

/**
 * `read()`'s answer for `key` (the query's SQL and parameters), computed once per database
 * state. Without a clock (or when it cannot be read) it simply reads.
 */
export async function readWhileUnchanged<T>(
  // biome-ignore lint/suspicious/noExplicitAny: any database type may be cached.
  db: Kysely<any>,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  const cache = caches.get(db);
  if (cache === undefined) return read();
  const version = await cache.clock.read();
  if (version === undefined) return read();
  if (version !== cache.version) {
    cache.version = version;
    cache.entries.clear();
  } else if (cache.entries.has(key)) {
    const value = cache.entries.get(key) as T;
    // Map order is use order: the first key is the least recently used.
    cache.entries.delete(key);
    cache.entries.set(key, value);
    return value;
  }
  const value = await read();
  // Computed under `version` or later: kept only if the clock has not moved meanwhile.
  if (cache.version === version) {
    if (cache.entries.size >= maxEntries) {
      cache.entries.delete(cache.entries.keys().next().value as string);
    }
    cache.entries.set(key, value);
  }
  return value;
}
