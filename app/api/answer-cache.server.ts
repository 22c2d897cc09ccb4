/**
 * A short cache of §7 GET answers for the site's client: most pages ask the API the same few
 * questions (the profile, the amenities, the counters, the collections), and under load the
 * same question arrives many times a second. An answer is reused for `ttlMs`; concurrent
 * identical reads share one request (single flight); failures are not kept, so a passing
 * outage is not remembered. Bounded by entry count, least recently used first out.
 */

export interface AnswerCacheOptions {
  /** Milliseconds an answer is reused; 0 turns the cache off (reads still share a flight). */
  ttlMs: number;
  /** Answers kept at most. */
  maxEntries?: number;
  now?: () => number;
}

export interface AnswerCache {
  /**
   * `load()`'s answer for `key`, reused while fresh. An `undefined` answer (a failure) is
   * shared with the reads waiting for it but not kept.
   */
  read<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  /** Drops every kept answer (the content changed). */
  clear(): void;
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

export function createAnswerCache(options: AnswerCacheOptions): AnswerCache {
  const { ttlMs, maxEntries = 500, now = Date.now } = options;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<unknown>>();
  // A read that started before a clear() must not put its (older) answer back.
  let generation = 0;

  return {
    read<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
      const entry = entries.get(key);
      if (entry) {
        if (entry.expiresAt > now()) {
          // Map order is use order: the first key is the least recently used.
          entries.delete(key);
          entries.set(key, entry);
          return Promise.resolve(entry.value as T);
        }
        entries.delete(key);
      }
      const pending = inFlight.get(key);
      if (pending) return pending as Promise<T | undefined>;
      const startedIn = generation;
      const flight = load().then(
        (value) => {
          if (value !== undefined && ttlMs > 0 && startedIn === generation) {
            entries.set(key, { value, expiresAt: now() + ttlMs });
            if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
          }
          return value;
        },
        () => undefined,
      );
      const shared = flight.finally(() => {
        if (inFlight.get(key) === shared) inFlight.delete(key);
      });
      inFlight.set(key, shared);
      return shared;
    },
    clear() {
      generation++;
      entries.clear();
      inFlight.clear();
    },
  };
}
