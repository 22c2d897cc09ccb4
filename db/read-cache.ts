/**
 * Expensive aggregate reads (the listing's match count, the category counters) reused while the
 * database is unchanged. Exact, not time-based: a cached answer is only returned when the
 * database's change clock reads the same as when the answer was computed, so no reader ever
 * sees a count that a committed write has made stale.
 *
 * The clocks (set by openDatabase): SQLite's `PRAGMA data_version` (moves when another
 * connection commits) with this connection's own write statements counted; PostgreSQL's
 * `pg_current_snapshot()` (the same snapshot text means the same committed transactions are
 * visible). A Kysely instance without a clock, a transaction included, is never cached.
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

/** Entries per database; the cache is emptied whenever the clock moves, so it rarely fills. */
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
    return cache.entries.get(key) as T;
  }
  const value = await read();
  // Computed under `version` or later: kept only if the clock has not moved meanwhile.
  if (cache.version === version) {
    if (cache.entries.size >= maxEntries) cache.entries.clear();
    cache.entries.set(key, value);
  }
  return value;
}
