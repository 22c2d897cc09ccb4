/**
 * The back office's form of a member of staff's viewing hours (decision 101): one line per
 * weekday, its spans written `09:00-12:30, 14:00-17:00`, and the slot length and buffer of them
 * all. Read and written here for the page and the server alike, so a refused form comes back as
 * it was typed.
 */
import { isCalendarDay, minutesOfTime, timeOfMinutes } from "./viewing-slots.ts";

export const weekdayNames = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

export interface HoursSpan {
  weekday: number;
  startTime: string;
  endTime: string;
}

/** The form's fields: `day1` … `day7`, `slot`, `buffer`. */
export type HoursForm = Record<string, string>;

export const hoursMessages = {
  spans: "Write times like 09:00-12:30, separated by commas, each ending after it starts",
  overlap: "These times overlap",
  slot: "A slot is a whole number of minutes from 10 to 240",
  buffer: "A buffer is a whole number of minutes from 0 to 120",
  day: "Choose a date",
  notYours: "You may change only your own hours and days off; owners change anyone's.",
  listing: "No listing has this code",
} as const;

const spanPattern = /^(\d{1,2}:\d{2})\s*[-–]\s*(\d{1,2}:\d{2})$/;

/** Reads one weekday's line; an error message when it cannot. */
export function readDaySpans(weekday: number, text: string): HoursSpan[] | string {
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const spans: HoursSpan[] = [];
  for (const part of parts) {
    const match = spanPattern.exec(part);
    const start = match ? minutesOfTime(match[1]!.padStart(5, "0")) : undefined;
    const end = match ? minutesOfTime(match[2]!.padStart(5, "0")) : undefined;
    if (start === undefined || end === undefined || end <= start) return hoursMessages.spans;
    spans.push({ weekday, startTime: timeOfMinutes(start), endTime: timeOfMinutes(end) });
  }
  spans.sort((a, b) => a.startTime.localeCompare(b.startTime));
  for (let index = 1; index < spans.length; index++) {
    if (spans[index]!.startTime < spans[index - 1]!.endTime) return hoursMessages.overlap;
  }
  return spans;
}

/** A weekday's spans as its form line. */
export function writeDaySpans(spans: readonly HoursSpan[], weekday: number): string {
  return spans
    .filter((span) => span.weekday === weekday)
    .map((span) => `${span.startTime}-${span.endTime}`)
    .join(", ");
}

function wholeNumber(text: string, min: number, max: number): number | undefined {
  const value = /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  return Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

export interface ReadHours {
  spans: HoursSpan[];
  slotMinutes: number;
  bufferMinutes: number;
}

/** Reads the whole form; the errors by field when any. */
export function readHoursForm(
  form: HoursForm,
): { ok: true; hours: ReadHours } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const spans: HoursSpan[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    const read = readDaySpans(weekday, form[`day${weekday}`] ?? "");
    if (typeof read === "string") errors[`day${weekday}`] = read;
    else spans.push(...read);
  }
  const slotMinutes = wholeNumber(form.slot ?? "", 10, 240);
  const bufferMinutes = wholeNumber(form.buffer ?? "", 0, 120);
  if (slotMinutes === undefined) errors.slot = hoursMessages.slot;
  if (bufferMinutes === undefined) errors.buffer = hoursMessages.buffer;
  if (Object.keys(errors).length > 0 || slotMinutes === undefined || bufferMinutes === undefined) {
    return { ok: false, errors };
  }
  return { ok: true, hours: { spans, slotMinutes, bufferMinutes } };
}

/** Reads a day off's date; an error message when it is not one. */
export function readDayOff(text: string): string | { error: string } {
  const day = text.trim();
  return isCalendarDay(day) ? day : { error: hoursMessages.day };
}
