/**
 * Whole days as milliseconds, for retention windows and "the last N days": the elapsed time
 * a UTC timestamp moves by, not calendar days in a time zone (lib/viewing-slots.ts does those).
 */
export const dayMs = 86_400_000;

/** The instant `days` whole days (of 24 hours) before `at`. */
export function daysBefore(at: Date, days: number): Date {
  return new Date(at.getTime() - days * dayMs);
}
