/**
 * The back office's keyset pages (listings, enquiries, audit log): a page is read as
 * `pageSize + 1` rows from its cursor, forwards (after a row) or backwards (before a row, in
 * the reverse order), so the extra row says whether there is a page beyond it.
 */

/** What the read found, in reading order, turned into the page in display order and its links. */
export function keysetPage<Row>(
  found: readonly Row[],
  {
    pageSize,
    backwards,
    fromCursor,
    cursorOf,
  }: {
    pageSize: number;
    /** Read before the cursor (the "previous" link), in the reverse of the display order. */
    backwards: boolean;
    /** Whether the read started at a cursor, rather than at the first row. */
    fromCursor: boolean;
    cursorOf: (row: Row) => string;
  },
): { rows: Row[]; next: string | null; previous: string | null } {
  const more = found.length > pageSize;
  const rows = found.slice(0, pageSize);
  if (backwards) rows.reverse();
  const first = rows[0];
  const last = rows.at(-1);
  // Read backwards, the page came from a later one; read forwards, an earlier one was skipped.
  const hasNext = backwards ? true : more;
  const hasPrevious = backwards ? more : fromCursor;
  return {
    rows,
    next: hasNext && last !== undefined ? cursorOf(last) : null,
    previous: hasPrevious && first !== undefined ? cursorOf(first) : null,
  };
}
