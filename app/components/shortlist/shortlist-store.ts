/**
 * The visitor's shortlist: property codes kept in this browser's localStorage (no account, no
 * cookie; decision 047). Browser-only: the server never sees it, so every page stays the same
 * for every visitor (decision 031) and the scripts apply the shortlist to the page.
 *
 * Every change is announced on `window` (`shortlistChangeEvent`), and changes made in another
 * tab arrive through the `storage` event, so every heart and the header's count follow.
 */
import { maxShortlistCodes, uniqueCodes } from "../../../lib/property-codes.ts";

const storageKey = "homes:shortlist";
const changeEvent = "homes:shortlist-change";

export interface ShortlistChange {
  codes: string[];
  /** What to tell a screen reader user about the change; none for another tab's change. */
  message?: string;
}

/** Whether this browser lets the page keep a shortlist (storage can be off or full). */
export function shortlistAvailable(): boolean {
  try {
    const probe = `${storageKey}:probe`;
    localStorage.setItem(probe, "1");
    localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/** The stored codes, oldest first; empty when there are none or the value is unreadable. */
export function readShortlist(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey) ?? "[]");
    return Array.isArray(value) ? uniqueCodes(value) : [];
  } catch {
    return [];
  }
}

function writeShortlist(codes: string[], message: string): boolean {
  try {
    localStorage.setItem(storageKey, JSON.stringify(codes));
  } catch {
    return false;
  }
  window.dispatchEvent(
    new CustomEvent<ShortlistChange>(changeEvent, { detail: { codes, message } }),
  );
  return true;
}

export type ShortlistToggle = "added" | "removed" | "full" | "failed";

/**
 * Adds `code` to the shortlist, or removes it when it is there. `name` names the property in
 * the message screen readers hear. A full shortlist refuses (and says so).
 */
export function toggleShortlisted(code: string, name: string): ShortlistToggle {
  const codes = readShortlist();
  if (codes.includes(code)) {
    const left = codes.filter((kept) => kept !== code);
    return writeShortlist(left, `${name} removed from your shortlist. ${countText(left.length)}.`)
      ? "removed"
      : "failed";
  }
  if (codes.length >= maxShortlistCodes) {
    window.dispatchEvent(
      new CustomEvent<ShortlistChange>(changeEvent, {
        detail: {
          codes,
          message: `Your shortlist is full: it keeps up to ${maxShortlistCodes} properties. Remove one to add another.`,
        },
      }),
    );
    return "full";
  }
  const added = [...codes, code];
  return writeShortlist(added, `${name} added to your shortlist. ${countText(added.length)}.`)
    ? "added"
    : "failed";
}

/** '1 property on your shortlist', '3 properties on your shortlist'. */
export function countText(count: number): string {
  return `${count} ${count === 1 ? "property" : "properties"} on your shortlist`;
}

/**
 * Calls `listener` after every change of the shortlist, in this tab or another one.
 * @returns the cleanup, which stops listening.
 */
export function onShortlistChange(listener: (change: ShortlistChange) => void): () => void {
  const onChange = (event: Event) => listener((event as CustomEvent<ShortlistChange>).detail);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey || event.key === null) listener({ codes: readShortlist() });
  };
  window.addEventListener(changeEvent, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(changeEvent, onChange);
    window.removeEventListener("storage", onStorage);
  };
}
