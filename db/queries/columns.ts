import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Database } from "../database.ts";

/**
 * The two column types that read back differently per dialect, converted to their one wire
 * form. Used by the row → wire mappers of each query file.
 */

/** `publish`: PostgreSQL reads a boolean, SQLite 1/0; the wire wants 1/0. */
export function toFlag(value: boolean | number): 1 | 0 {
  return value === true || value === 1 ? 1 : 0;
}

/** A timestamp: PostgreSQL reads a Date, SQLite the stored ISO text; the wire wants ISO 8601 in UTC. */
export function toIsoString(value: Date | string): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

/** A count: PostgreSQL's count() is a bigint, which node-postgres reads as text. */
export function toCount(value: number | string | bigint | null | undefined): number {
  const count = Number(value ?? 0);
  return Number.isFinite(count) ? count : 0;
}

/**
 * True for a PostgreSQL database: for the rare query whose fastest form differs by planner
 * (see findPublishedProperty). Results never differ by dialect.
 */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A listing's `revision` raised by one: every write to a listing sets it (decision 044). */
export const nextRevision = sql<number>`revision + 1`;
