/**
 * The homes this browser viewed most recently (decision 077): property codes in localStorage,
 * most recent first, at most `maxRecentlyViewed`. No account and no cookie: the server never
 * sees the list (it is only asked for the homes' cards), so every page stays the same for every
 * visitor (decision 031).
 *
 * The functions take the storage so tests can give them their own; a browser that keeps no
 * storage (off, full, or blocked) simply remembers nothing.
 */
import { uniqueCodes } from "../../../lib/property-codes.ts";

export const recentlyViewedKey = "homes:recently-viewed";

/** How many homes the list keeps. */
export const maxRecentlyViewed = 12;

/** The part of `Storage` the list uses. */
export type RecentStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The stored codes, most recent first; empty when there are none or the value is unreadable. */
export function readRecentlyViewed(storage: RecentStorage): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(recentlyViewedKey) ?? "[]");
    return Array.isArray(value) ? uniqueCodes(value, maxRecentlyViewed) : [];
  } catch {
    return [];
  }
}

function writeRecentlyViewed(storage: RecentStorage, codes: readonly string[]): string[] {
  try {
    if (codes.length === 0) storage.removeItem(recentlyViewedKey);
    else storage.setItem(recentlyViewedKey, JSON.stringify(codes));
  } catch {
    // Storage off or full: the list is simply not kept.
  }
  return [...codes];
}

/**
 * Puts `code` first (once), keeping at most `maxRecentlyViewed`.
 * @returns the list as stored.
 */
export function rememberViewed(storage: RecentStorage, code: string): string[] {
  const codes = uniqueCodes([code, ...readRecentlyViewed(storage)], maxRecentlyViewed);
  return writeRecentlyViewed(storage, codes);
}

/**
 * Drops `gone` from the list (homes no longer published).
 * @returns the list as stored.
 */
export function forgetViewed(storage: RecentStorage, gone: readonly string[]): string[] {
  const codes = readRecentlyViewed(storage).filter((code) => !gone.includes(code));
  return writeRecentlyViewed(storage, codes);
}

/** Empties the list. */
export function clearRecentlyViewed(storage: RecentStorage): void {
  writeRecentlyViewed(storage, []);
}
