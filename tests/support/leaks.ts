/**
 * Signs that an answer leaks a failure's detail: a stack frame, a source position, or a
 * database driver's error text (SQLite's or PostgreSQL's). Case matters: a visitor's search
 * for "sqlite_master" echoed in a page is text, not a leak.
 */
export const leakPattern =
  /\n\s*at \S+ \(|node:internal|\.(?:ts|js|mjs):\d+:\d+|SqliteError|SQLITE_[A-Z]|no such table|relation "\w+" does not exist|syntax error at|Kysely/;
