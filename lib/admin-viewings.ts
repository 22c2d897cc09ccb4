/**
 * The viewings diary's shapes and rules, shared by the back office's pages and its service
 * (issue 31, decision 102): a viewing as the diary shows it, the diary's query (day or week,
 * a date, a member of staff), the changes staff make, and the office-local calendar maths
 * (an office day's bounds, a typed date and time to an instant) over lib/viewing-slots.ts.
 */

import { weekdayNames } from "./viewing-hours.ts";
import {
  addDays,
  instantOfWallClock,
  isCalendarDay,
  isoWeekdayOf,
  minutesOfTime,
  timeOfMinutes,
  wallClockOf,
} from "./viewing-slots.ts";

export const viewingStatuses = ["tentative", "confirmed", "declined", "cancelled"] as const;
export type AdminViewingStatus = (typeof viewingStatuses)[number];

export const viewingStatusNames: Record<AdminViewingStatus, string> = {
  tentative: "Awaiting confirmation",
  confirmed: "Confirmed",
  declined: "Declined",
  cancelled: "Cancelled",
};

/** The office's time zone until the configuration names one (`OFFICE_TIME_ZONE`). */
export const defaultOfficeTimeZone = "Europe/London";

/** The longest feedback kept on a viewing. */
export const maxFeedbackLength = 4000;

/** One viewing as the diary shows it; instants are ISO 8601. */
export interface AdminViewing {
  id: number;
  uid: string;
  startsAt: string;
  endsAt: string;
  status: AdminViewingStatus;
  /** The revision the page was drawn at: a change posts it back (a stale page is refused). */
  sequence: number;
  staff: { id: number; email: string } | null;
  listing: { code: string; headline: string; slug: string; published: boolean };
  visitor: { name: string; email: string; phone: string };
  message: string;
  feedback: string;
  feedbackAt: string | null;
  reminderSentAt: string | null;
}

/** A viewing as a data request finds and exports it (no internal ids but its UID). */
export interface DataRequestViewing {
  uid: string;
  listingCode: string;
  startsAt: string;
  endsAt: string;
  status: AdminViewingStatus;
  name: string;
  email: string;
  phone: string;
  message: string;
  feedback: string;
  bookedAt: string;
}

export type ViewingDiaryView = "day" | "week";

export interface ViewingDiaryQuery {
  view: ViewingDiaryView;
  /** `YYYY-MM-DD`, an office-local day (the week's Monday is found from it). */
  date: string;
  /** Whose diary; null: everyone's (owners only; an agent always sees their own). */
  staffId: number | null;
}

export interface ViewingDiary {
  timeZone: string;
  query: ViewingDiaryQuery;
  /** The office-local days shown, in order (one, or Monday to Sunday). */
  days: string[];
  /** Today in the office. */
  today: string;
  /** Whether the viewer may choose whose diary (owners). */
  canChooseStaff: boolean;
  staff: { id: number; email: string }[];
  viewings: AdminViewing[];
}

export type ViewingChange =
  | { kind: "confirm" }
  | { kind: "decline" }
  | { kind: "cancel" }
  | { kind: "move"; date: string; time: string; staffId: number | null }
  | { kind: "feedback"; text: string };

export type ViewingChangeKind = ViewingChange["kind"];

export const viewingChangeKinds: readonly ViewingChangeKind[] = [
  "confirm",
  "decline",
  "cancel",
  "move",
  "feedback",
];

export type ViewingChangeRefusal =
  | "missing"
  | "stale"
  | "status"
  | "taken"
  | "invalid"
  | "not-started"
  | "owners-only";

export type ViewingChangeOutcome =
  | { ok: true; viewing: AdminViewing }
  | { ok: false; reason: ViewingChangeRefusal; message: string };

/** What each change does, said after it is saved. */
export const viewingDoneMessages: Record<ViewingChangeKind, string> = {
  confirm: "The viewing is confirmed; the visitor and the agent are e-mailed the invite.",
  decline: "The viewing is declined; the visitor and the agent are e-mailed.",
  cancel: "The viewing is cancelled; the visitor and the agent are e-mailed.",
  move: "The viewing is moved; the visitor and the agent are e-mailed the new time.",
  feedback: "The feedback is kept on the viewing.",
};

export function isViewingChangeKind(value: unknown): value is ViewingChangeKind {
  return viewingChangeKinds.includes(value as ViewingChangeKind);
}

// The calendar maths has one home, the booking's slot maths (lib/viewing-slots.ts); the diary
// reads it in its own terms: a date and an `HH:MM` time.
export { addDays, isCalendarDay as isIsoDate, isoWeekdayOf as isoWeekday };

/** Whether `value` is a time of day written `HH:MM`. */
export function isTimeOfDay(value: string): boolean {
  const minutes = minutesOfTime(value);
  return minutes !== undefined && minutes < 24 * 60;
}

/** The Monday of the week `date` is in. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekdayOf(date));
}

/** The office-local date (`YYYY-MM-DD`) and time (`HH:MM`) of an instant. */
export function localDateTime(instant: Date, timeZone: string): { date: string; time: string } {
  const wall = wallClockOf(instant, timeZone);
  return { date: wall.day, time: timeOfMinutes(wall.minutes) };
}

/**
 * The instant an office-local date and time stands for. A time the clocks skip (spring
 * forward) is read as the same clock time an hour later.
 */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const minutes = minutesOfTime(time);
  if (minutes === undefined) throw new RangeError(`Not a time of day: ${time}`);
  return instantOfWallClock(date, minutes, timeZone);
}

/** The instants an office-local day starts and ends at (its end is the next day's start). */
export function dayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  return {
    start: instantOf(date, "00:00", timeZone),
    end: instantOf(addDays(date, 1), "00:00", timeZone),
  };
}

/** The diary's query from a URL's parameters, with today (office-local) as the default date. */
export function parseViewingDiaryQuery(params: URLSearchParams, today: string): ViewingDiaryQuery {
  const view = params.get("view") === "week" ? "week" : "day";
  const date = params.get("date") ?? "";
  const staff = params.get("staff") ?? "";
  const staffId = /^\d{1,9}$/.test(staff) ? Number(staff) : null;
  return { view, date: isCalendarDay(date) ? date : today, staffId };
}

/** The diary's address for a query; `staff` is left out for "everyone". */
export function viewingDiaryHref(path: string, query: ViewingDiaryQuery): string {
  const params = new URLSearchParams({ view: query.view, date: query.date });
  if (query.staffId !== null) params.set("staff", String(query.staffId));
  return `${path}?${params}`;
}

const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/**
 * A day as the diary heads it: "Tuesday 1 December 2026" (written out here rather than by
 * `Intl`, so the server's page and the browser's hydration always say the same).
 */
export function formatDiaryDay(date: string, withYear = true): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const weekday = weekdayNames[isoWeekdayOf(date) - 1];
  return `${weekday} ${day} ${monthNames[month - 1]}${withYear ? ` ${year}` : ""}`;
}

/** A viewing's office-local time span: "10:00–10:30". */
export function formatViewingTimes(viewing: AdminViewing, timeZone: string): string {
  const start = localDateTime(new Date(viewing.startsAt), timeZone).time;
  const end = localDateTime(new Date(viewing.endsAt), timeZone).time;
  return `${start}–${end}`;
}

/** A viewing's office-local day and times: "Tuesday 1 December 2026, 10:00–10:30". */
export function formatViewingWhen(viewing: AdminViewing, timeZone: string): string {
  const day = localDateTime(new Date(viewing.startsAt), timeZone).date;
  return `${formatDiaryDay(day)}, ${formatViewingTimes(viewing, timeZone)}`;
}

/** What a member of staff may do to a viewing now, in the order the buttons stand. */
export function viewingActionsOf(
  viewing: Pick<AdminViewing, "status" | "startsAt">,
  now: Date,
): { confirm: boolean; decline: boolean; cancel: boolean; move: boolean; feedback: boolean } {
  const stands = viewing.status === "tentative" || viewing.status === "confirmed";
  return {
    confirm: viewing.status === "tentative",
    decline: viewing.status === "tentative",
    cancel: viewing.status === "confirmed",
    move: stands,
    feedback: stands && new Date(viewing.startsAt).getTime() <= now.getTime(),
  };
}
