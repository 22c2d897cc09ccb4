/**
 * The free viewing slots of a listing (issue 31, decision 101): pure date maths over the staff's
 * weekly hours, their days off and the viewings that hold slots already. Hours are wall-clock
 * times in the office's time zone (`OFFICE_TIME_ZONE`); every slot is an instant (UTC). The
 * zone's offsets come from `Intl.DateTimeFormat`, so a day on which the clocks change has the
 * same local hours as any other (a 09:00 slot is at 09:00 local on both sides of the change).
 */

/** One span of a member of staff's weekly hours, as `viewing_availability` keeps it. */
export interface AvailabilitySpan {
  staffUserId: number;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  /** `HH:MM`, the office's local time. */
  startTime: string;
  endTime: string;
  slotMinutes: number;
  /** Free time kept after each viewing (and before the next). */
  bufferMinutes: number;
}

/** A day without viewings: one member of staff's, or (null) the whole office's. */
export interface DayOff {
  staffUserId: number | null;
  /** `YYYY-MM-DD`, the office's local date. */
  day: string;
}

/** A viewing that holds its slot (its `hold_key` is set). */
export interface HeldSlot {
  staffUserId: number;
  startsAt: Date;
  endsAt: Date;
}

/** One bookable slot, with the member of staff who would host it. */
export interface FreeSlot {
  /** ISO instant (UTC), also the slot's value in the booking form. */
  startsAt: string;
  endsAt: string;
  /** The office's local date and time of its start. */
  day: string;
  time: string;
  staffUserId: number;
}

export interface SlotSearch {
  now: Date;
  timeZone: string;
  spans: readonly AvailabilitySpan[];
  daysOff: readonly DayOff[];
  held: readonly HeldSlot[];
  /** How many days, today included (default 14). */
  days?: number;
  /** Slots starting sooner than this are not offered (default 120 minutes). */
  leadMinutes?: number;
}

export const defaultSlotDays = 14;
export const defaultLeadMinutes = 120;

const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes after midnight of an `HH:MM` time; undefined when it is not one (`24:00` is the end of a day). */
export function minutesOfTime(time: string): number | undefined {
  if (time === "24:00") return 24 * 60;
  const match = timePattern.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** `HH:MM` of minutes after midnight. */
export function timeOfMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Whether `zone` is a time zone this runtime knows (IANA name). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
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
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `instant` in `timeZone`: its local date and minutes after midnight. */
export function wallClockOf(instant: Date, timeZone: string): { day: string; minutes: number } {
  const parts: Record<string, string> = {};
  for (const part of partsFormat(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The zone's offset from UTC at `instant`, in minutes (London in summer: 60). */
function offsetMinutesAt(instant: Date, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const part of partsFormat(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant at which the wall clock in `timeZone` reads `day` `minutes`. A time the clocks
 * skip (spring forward) is taken an hour on, after the change; a time they pass twice (fall
 * back) is one of its two readings.
 */
export function instantOfWallClock(day: string, minutes: number, timeZone: string): Date {
  const match = dayPattern.exec(day);
  if (!match) throw new RangeError(`Not a date: ${day}`);
  const asUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 0, minutes);
  // Two rounds settle it: the offset at the guess, then the offset at the corrected instant.
  const first = asUtc - offsetMinutesAt(new Date(asUtc), timeZone) * 60_000;
  const second = asUtc - offsetMinutesAt(new Date(first), timeZone) * 60_000;
  if (first === second) return new Date(first);
  // The offsets differ: the wall time is in a gap or an overlap. The earlier reading that
  // shows the asked time wins; in a gap neither does, so the later instant (after the change).
  const earlier = Math.min(first, second);
  const shown = wallClockOf(new Date(earlier), timeZone);
  return shown.day === day && shown.minutes === minutes
    ? new Date(earlier)
    : new Date(Math.max(first, second));
}

/** `day` plus `count` days (calendar dates, no zone). */
export function addDays(day: string, count: number): string {
  const match = dayPattern.exec(day);
  if (!match) throw new RangeError(`Not a date: ${day}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + count));
  return date.toISOString().slice(0, 10);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekdayOf(day: string): number {
  const match = dayPattern.exec(day);
  if (!match) throw new RangeError(`Not a date: ${day}`);
  const weekday = new Date(
    Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])),
  ).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** Whether `day` is a real calendar date written `YYYY-MM-DD`. */
export function isCalendarDay(day: string): boolean {
  return dayPattern.test(day) && addDays(day, 0) === day;
}

/** The key that holds one member of staff's slot: unique while the viewing stands. */
export function holdKeyOf(staffUserId: number, startsAt: Date): string {
  return `${staffUserId}@${startsAt.toISOString()}`;
}

/** Whether a slot, with the buffer kept around it, meets a held viewing of the same staff. */
function clashes(
  staffUserId: number,
  start: number,
  end: number,
  bufferMs: number,
  held: readonly HeldSlot[],
): boolean {
  return held.some(
    (viewing) =>
      viewing.staffUserId === staffUserId &&
      start < viewing.endsAt.getTime() + bufferMs &&
      viewing.startsAt.getTime() < end + bufferMs,
  );
}

/**
 * Every free slot of the coming days, each member of staff's separately, earliest first (then
 * by staff id): the slots of their weekly hours (one after another, each followed by its
 * buffer), minus their days off and the office's, minus those that meet a held viewing of
 * theirs or its buffer, minus those starting within the lead time.
 */
export function listFreeSlots(search: SlotSearch): FreeSlot[] {
  const { now, timeZone, spans, daysOff, held } = search;
  const days = search.days ?? defaultSlotDays;
  const earliest = now.getTime() + (search.leadMinutes ?? defaultLeadMinutes) * 60_000;
  const today = wallClockOf(now, timeZone).day;
  const officeOff = new Set(
    daysOff.filter((off) => off.staffUserId === null).map((off) => off.day),
  );
  const staffOff = new Set(
    daysOff.filter((off) => off.staffUserId !== null).map((off) => `${off.staffUserId}@${off.day}`),
  );
  const slots: FreeSlot[] = [];
  for (let index = 0; index < days; index++) {
    const day = addDays(today, index);
    if (officeOff.has(day)) continue;
    const weekday = isoWeekdayOf(day);
    for (const span of spans) {
      if (span.weekday !== weekday || staffOff.has(`${span.staffUserId}@${day}`)) continue;
      const from = minutesOfTime(span.startTime);
      const to = minutesOfTime(span.endTime);
      if (from === undefined || to === undefined || span.slotMinutes <= 0) continue;
      const bufferMs = Math.max(0, span.bufferMinutes) * 60_000;
      for (
        let minutes = from;
        minutes + span.slotMinutes <= to;
        minutes += span.slotMinutes + Math.max(0, span.bufferMinutes)
      ) {
        const startsAt = instantOfWallClock(day, minutes, timeZone);
        const start = startsAt.getTime();
        // A skipped hour (spring forward) may land two spans' slots on one instant, or move a
        // slot past the next; the wall clock must still read what the hours say.
        if (wallClockOf(startsAt, timeZone).day !== day) continue;
        const end = start + span.slotMinutes * 60_000;
        if (start < earliest) continue;
        if (clashes(span.staffUserId, start, end, bufferMs, held)) continue;
        slots.push({
          startsAt: startsAt.toISOString(),
          endsAt: new Date(end).toISOString(),
          day,
          time: timeOfMinutes(wallClockOf(startsAt, timeZone).minutes),
          staffUserId: span.staffUserId,
        });
      }
    }
  }
  const unique = new Map<string, FreeSlot>();
  for (const slot of slots) unique.set(`${slot.staffUserId}@${slot.startsAt}`, slot);
  return [...unique.values()].sort(
    (a, b) => a.startsAt.localeCompare(b.startsAt) || a.staffUserId - b.staffUserId,
  );
}

/** The start times on offer (one per instant, whoever hosts), grouped by the office's day. */
export function slotsByDay(slots: readonly FreeSlot[]): { day: string; slots: FreeSlot[] }[] {
  const days = new Map<string, Map<string, FreeSlot>>();
  for (const slot of slots) {
    const times = days.get(slot.day) ?? new Map<string, FreeSlot>();
    if (!times.has(slot.startsAt)) times.set(slot.startsAt, slot);
    days.set(slot.day, times);
  }
  return [...days.entries()].map(([day, times]) => ({ day, slots: [...times.values()] }));
}

/**
 * Who hosts a slot offered by several members of staff: the one with the fewest viewings that
 * day, then the lowest id, so every app server picks the same.
 */
export function hostsInTurn(
  candidates: readonly FreeSlot[],
  bookedThatDay: ReadonlyMap<number, number>,
): number[] {
  return [...new Set(candidates.map((slot) => slot.staffUserId))].sort(
    (a, b) => (bookedThatDay.get(a) ?? 0) - (bookedThatDay.get(b) ?? 0) || a - b,
  );
}
