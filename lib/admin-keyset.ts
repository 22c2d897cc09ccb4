/**
 * What the back office's keyset-paged tables share (the enquiries inbox, decision 045; the
 * audit log, decision 050): the page cursor in the URL, and the date range of their filters.
 */

/** A row's place in its order: the sort key (an ISO time) and the id that breaks ties. */
export interface KeysetCursor {
  key: string;
  id: number;
}

/** `key~id`; the key may itself hold `~`, the id never does. */
export function formatKeysetCursor(cursor: KeysetCursor): string {
  return `${cursor.key}~${cursor.id}`;
}

function parseKeysetCursor(value: string | null): KeysetCursor | undefined {
  if (!value) return undefined;
  const cut = value.lastIndexOf("~");
  if (cut < 0) return undefined;
  const id = Number(value.slice(cut + 1));
  const key = value.slice(0, cut);
  if (!Number.isSafeInteger(id) || Number.isNaN(Date.parse(key))) return undefined;
  return { key, id };
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` that names a real day. */
export function isCalendarDate(value: string): boolean {
  if (!datePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * Checks a query's `from`/`to` days (each emptied, with its message, when it is not a real day
 * or ends before it starts) and takes its page cursor from `after` or `before`.
 */
export function readDateRangeAndPage(
  params: URLSearchParams,
  query: { from: string; to: string; after?: KeysetCursor; before?: KeysetCursor },
  errors: { from?: string; to?: string },
): void {
  for (const field of ["from", "to"] as const) {
    if (query[field] !== "" && !isCalendarDate(query[field])) {
      errors[field] = "Enter a date such as 2026-11-25.";
      query[field] = "";
    }
  }
  if (query.from && query.to && query.from > query.to) {
    errors.to = "The end date must not be before the start date.";
    query.to = "";
  }
  const after = parseKeysetCursor(params.get("after"));
  const before = after ? undefined : parseKeysetCursor(params.get("before"));
  if (after) query.after = after;
  if (before) query.before = before;
}
