/**
 * A listing's figures (decision 099), the rules both sides share: UTC days, the weeks the back
 * office shows them by (Monday to Sunday, UTC), the roll-up of daily counts into those weeks,
 * and days on market.
 */
import { dayMs } from "./days.ts";

/** The events a visitor's browser reports (the beacon's `event`). */
export const figureEvents = ["view", "shortlist"] as const;
export type FigureEvent = (typeof figureEvents)[number];

export function isFigureEvent(value: unknown): value is FigureEvent {
  return typeof value === "string" && (figureEvents as readonly string[]).includes(value);
}

/** Where a public page reports a view or a shortlist add (not cached, not under /api's token). */
export const figureBeaconPath = "/figures/beacon";

/** Weeks the figures page and the vendor report show, this week included. */
export const figureWeeks = 12;

/** A date's UTC day, `YYYY-MM-DD`. */
export function utcDayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The Monday (UTC) of a day's week, `YYYY-MM-DD`. */
export function weekStartOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return utcDayOf(new Date(date.getTime() - sinceMonday * dayMs));
}

/** The Mondays of the last `weeks` weeks up to `now`'s, oldest first. */
export function weekStarts(now: Date, weeks: number = figureWeeks): string[] {
  const latest = new Date(`${weekStartOf(utcDayOf(now))}T00:00:00Z`).getTime();
  return Array.from({ length: weeks }, (_, index) =>
    utcDayOf(new Date(latest - (weeks - 1 - index) * 7 * dayMs)),
  );
}

/** The counts of a day, or a week. */
export interface FigureCounts {
  views: number;
  enquiries: number;
  shortlistAdds: number;
  alertMatches: number;
}

export interface DayFigures extends FigureCounts {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
}

export interface WeekFigures extends FigureCounts {
  /** The week's Monday, `YYYY-MM-DD`. */
  weekStart: string;
}

export const noCounts = (): FigureCounts => ({
  views: 0,
  enquiries: 0,
  shortlistAdds: 0,
  alertMatches: 0,
});

const countKeys = ["views", "enquiries", "shortlistAdds", "alertMatches"] as const;

/** Adds `more` to `into`, in place; answers `into`. */
export function addCounts<T extends FigureCounts>(into: T, more: FigureCounts): T {
  for (const key of countKeys) into[key] += more[key];
  return into;
}

/**
 * The daily figures summed by week, one row per week of `weekStarts(now, weeks)` (weeks without
 * a count are zero), oldest first; days outside those weeks are left out.
 */
export function rollUpByWeek(
  days: readonly DayFigures[],
  now: Date,
  weeks: number = figureWeeks,
): WeekFigures[] {
  const rows = weekStarts(now, weeks).map((weekStart) => ({ weekStart, ...noCounts() }));
  const byStart = new Map(rows.map((row) => [row.weekStart, row]));
  for (const day of days) {
    const week = byStart.get(weekStartOf(day.day));
    if (week) addCounts(week, day);
  }
  return rows;
}

/**
 * Whole days a listing has been on the market at `now`: since it was first published (or
 * added, for one published before that was recorded); null while it is not on the market
 * (never published, unpublished or archived).
 */
export function daysOnMarket(
  listing: {
    published: boolean;
    archived: boolean;
    firstPublishedAt: Date | null;
    createdAt: Date;
  },
  now: Date,
): number | null {
  if (!listing.published || listing.archived) return null;
  const since = listing.firstPublishedAt ?? listing.createdAt;
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / dayMs));
}

/** A week's label: its Monday, '23 Nov 2026'. */
export function weekLabel(weekStart: string): string {
  return new Date(`${weekStart}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The figures' columns, in the order the page, the CSV and the PDF show them. */
export const figureColumns = [
  { key: "views", label: "Page views" },
  { key: "enquiries", label: "Enquiries" },
  { key: "shortlistAdds", label: "Shortlist adds" },
  { key: "alertMatches", label: "Alert matches" },
] as const satisfies readonly { key: keyof FigureCounts; label: string }[];
