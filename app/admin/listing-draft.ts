/**
 * The listing editor's draft, kept in this browser (decision 064). What staff type is written
 * to `localStorage` as they type, so a post refused because the session ended (another tab's
 * "Sign out everywhere", cleared cookies), a closed tab or a crash loses nothing: the editor
 * offers the draft the next time it opens that listing (or a new one). A draft goes once the
 * save it was posted by has succeeded, or when staff discard it. Without JavaScript there is
 * no draft; the form posts as before.
 */
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { type ListingFormValues, listingValuesOf } from "../../lib/admin-listing-form.ts";

export interface ListingDraft {
  /** ISO 8601: when it was last typed. */
  typedAt: string;
  /**
   * The revision the form was opened at (edit; null for a new listing). A restored draft posts
   * it, so a save over a version saved since is refused as a conflict first (decision 044).
   */
  revision: number | null;
  /**
   * The base the form was opened with (decision 044's addendum), posted with the revision so a
   * restored draft merges with what was saved since. Missing in drafts kept before it existed.
   */
  base?: string | null;
  /** Posted once: if that post's answer was "saved", the draft is no longer needed. */
  posted: boolean;
  values: ListingFormValues;
}

/** Drafts older than this are dropped, not offered. */
const keptForMs = 14 * 24 * 60 * 60 * 1000;
/** How long typing pauses before the draft is written. */
const writeDelayMs = 400;

function storageKey(code: string | null): string {
  return `homes.listing-draft:${code ?? "new"}`;
}

/** Storage can be refused (a private window, a full quota): then there is simply no draft. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isDraft(value: unknown): value is ListingDraft {
  if (typeof value !== "object" || value === null) return false;
  const draft = value as Partial<ListingDraft>;
  return (
    typeof draft.typedAt === "string" &&
    (typeof draft.revision === "number" || draft.revision === null) &&
    typeof draft.posted === "boolean" &&
    typeof draft.values === "object" &&
    draft.values !== null
  );
}

export function readListingDraft(code: string | null, now = Date.now()): ListingDraft | null {
  const store = storage();
  let draft: unknown = null;
  try {
    draft = JSON.parse(store?.getItem(storageKey(code)) ?? "null");
  } catch {
    // Not ours or damaged: as if there were none.
  }
  if (!isDraft(draft)) return null;
  if (!(now - Date.parse(draft.typedAt) < keptForMs)) {
    discardListingDraft(code);
    return null;
  }
  return draft;
}

function writeListingDraft(code: string | null, draft: ListingDraft): void {
  try {
    storage()?.setItem(storageKey(code), JSON.stringify(draft));
  } catch {
    // Over the quota: the form still posts; only the browser copy is missing.
  }
}

export function discardListingDraft(code: string | null): void {
  try {
    storage()?.removeItem(storageKey(code));
  } catch {
    // Nothing kept, nothing to remove.
  }
}

/** A posted draft whose post was answered "saved" is no longer needed. */
export function settleListingDraft(code: string | null): void {
  if (readListingDraft(code)?.posted) discardListingDraft(code);
}

function sameValues(a: ListingFormValues, b: ListingFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface ListingDraftState {
  /** A draft that differs from what the form shows, to offer. */
  offered: ListingDraft | null;
  /** The draft the form now shows, restored. */
  restored: ListingDraft | null;
  restore(): void;
  discard(): void;
  /** The form's input and change handler: writes the draft once typing pauses. */
  typed(event: FormEvent<HTMLFormElement>): void;
  /** The form's submit handler: writes the draft at once, marked as posted. */
  posting(event: FormEvent<HTMLFormElement>): void;
}

/**
 * The draft of the listing `code` (null: a new listing) for a form that opened with `shown`
 * at `revision`. `justSaved`: the page is the answer to a successful save of this form.
 */
export function useListingDraft(
  code: string | null,
  shown: ListingFormValues,
  revision: number | null,
  justSaved: boolean,
  answered = false,
): ListingDraftState {
  const [offered, setOffered] = useState<ListingDraft | null>(null);
  const [restored, setRestored] = useState<ListingDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<(() => void) | null>(null);

  // Read once the page runs in the browser (the server has no drafts, so no hydration mismatch).
  // biome-ignore lint/correctness/useExhaustiveDependencies: what the form opened with, once.
  useEffect(() => {
    if (justSaved) settleListingDraft(code);
    const draft = readListingDraft(code);
    if (draft && !answered && !sameValues(draft.values, shown)) setOffered(draft);
  }, []);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    pending.current?.();
    pending.current = null;
  }, []);

  // Typing that has not paused yet is written when the page goes away.
  useEffect(() => {
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [flush]);

  const keep = (form: HTMLFormElement, posted: boolean) => {
    const data = new FormData(form);
    const values = listingValuesOf(data);
    const from = restored?.revision ?? revision;
    const base = data.get("base");
    writeListingDraft(code, {
      typedAt: new Date().toISOString(),
      revision: from,
      base: typeof base === "string" ? base : null,
      posted,
      values,
    });
  };

  return {
    offered,
    restored,
    restore() {
      setRestored(offered);
      setOffered(null);
    },
    discard() {
      discardListingDraft(code);
      setOffered(null);
    },
    typed(event) {
      const form = event.currentTarget;
      // An offer not yet answered stays on screen (held here), while this typing is kept.
      pending.current = () => keep(form, false);
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, writeDelayMs);
    },
    posting(event) {
      clearTimeout(timer.current);
      pending.current = null;
      keep(event.currentTarget, true);
    },
  };
}
