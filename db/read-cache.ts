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
import { LRUCache } from "lru-cache";

export interface ChangeClock {
  /** A value that differs whenever the data a query could see may have changed; undefined: unknown. */
  read(): Promise<string | undefined>;
}

/** A kept answer; boxed, since a read may answer `undefined` (a missing record). */
interface Kept {
  value: unknown;
}

interface Cache {
  clock: ChangeClock;
  version: string | undefined;
  entries: LRUCache<string, Kept, () => Promise<unknown>>;
}

/** Entries per database, the least recently used first out (the clock moving empties it). */
const maxEntries = 1000;

// biome-ignore lint/suspicious/noExplicitAny: any database type may be cached.
const caches = new WeakMap<Kysely<any>, Cache>();

// biome-ignore lint/suspicious/noExplicitAny: any database type may be cached.
export function setChangeClock(db: Kysely<any>, clock: ChangeClock): void {
  const entries = new LRUCache<string, Kept, () => Promise<unknown>>({
    max: maxEntries,
    // A read still running when the clock moves (and the cache is emptied) answers its
    // callers but is not kept.
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context: read }) => ({ value: await read() }),
  });
  caches.set(db, { clock, version: undefined, entries });
}

/**
 * `read()`'s answer for `key` (the query's SQL and parameters), computed once per database
 * state; concurrent reads of one key share one computation. Without a clock (or when it
 * cannot be read) it simply reads.
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
  }
  const kept = await cache.entries.fetch(key, { context: read });
  return kept?.value as T;
}
