/**
 * The viewings diary's shapes and rules, shared by the back office's pages and its service
 * (issue 31, decision 102): a viewing as the diary shows it, the diary's query (day or week,
 * a date, a member of staff), the changes staff make, and the office-local calendar maths
 * (an office day's bounds, a typed date and time to an instant) on `Intl` alone.
 */

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

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether `value` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** Whether `value` is a time of day written `HH:MM`. */
export function isTimeOfDay(value: string): boolean {
  return timePattern.test(value);
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The Monday of the week `date` is in. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(instant: Date, timeZone: string) {
  let format = partFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partFormatters.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  return parts as Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;
}

/** The office-local date (`YYYY-MM-DD`) and time (`HH:MM`) of an instant. */
export function localDateTime(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = partsIn(instant, timeZone);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** How far the zone's clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const parts = partsIn(instant, timeZone);
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant an office-local date and time stands for. A time the clocks skip (spring
 * forward) is read as the same clock time an hour later.
 */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wall - offsetAt(new Date(wall), timeZone);
  const offset = offsetAt(new Date(guess), timeZone);
  if (offset !== wall - guess) guess = wall - offset;
  return new Date(guess);
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
  return { view, date: isIsoDate(date) ? date : today, staffId };
}

/** The diary's address for a query; `staff` is left out for "everyone". */
export function viewingDiaryHref(path: string, query: ViewingDiaryQuery): string {
  const params = new URLSearchParams({ view: query.view, date: query.date });
  if (query.staffId !== null) params.set("staff", String(query.staffId));
  return `${path}?${params}`;
}

const weekdayNames = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;
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
  const weekday = weekdayNames[isoWeekday(date) - 1];
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
