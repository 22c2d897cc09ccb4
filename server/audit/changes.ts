/**
 * What a listing save changed, for its audit event (decision 050): each field whose value
 * differs, before and after, long texts cut so an event stays small.
 */
import type { AuditChange } from "../../lib/admin-audit.ts";

/** Longest text kept of a value (a description may be pages long). */
const maxValueLength = 200;

function shown(value: unknown): unknown {
  if (typeof value === "string" && value.length > maxValueLength) {
    return `${value.slice(0, maxValueLength)}…`;
  }
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields of `after` that differ from `before`, in `after`'s order. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const [field, value] of Object.entries(after)) {
    if (!same(before[field], value)) {
      changes[field] = { before: shown(before[field] ?? null), after: shown(value) };
    }
  }
  return changes;
}
