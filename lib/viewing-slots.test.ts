import { describe, expect, it } from "vitest";
import {
  type AvailabilitySpan,
  hostsInTurn,
  instantOfWallClock,
  isCalendarDay,
  isoWeekdayOf,
  listFreeSlots,
  slotsByDay,
  wallClockOf,
} from "./viewing-slots.ts";

const london = "Europe/London";

function span(overrides: Partial<AvailabilitySpan> = {}): AvailabilitySpan {
  return {
    staffUserId: 1,
    weekday: 1,
    startTime: "09:00",
    endTime: "11:00",
    slotMinutes: 30,
    bufferMinutes: 15,
    ...overrides,
  };
}

describe("the office's wall clock", () => {
  it("reads local times on both sides of London's clock changes", () => {
    // Winter: GMT; summer: BST (UTC+1).
    expect(instantOfWallClock("2026-01-12", 9 * 60, london).toISOString()).toBe(
      "2026-01-12T09:00:00.000Z",
    );
    expect(instantOfWallClock("2026-07-13", 9 * 60, london).toISOString()).toBe(
      "2026-07-13T08:00:00.000Z",
    );
    // The days the clocks change (29 March and 25 October 2026, at 01:00 UTC).
    expect(instantOfWallClock("2026-03-29", 9 * 60, london).toISOString()).toBe(
      "2026-03-29T08:00:00.000Z",
    );
    expect(instantOfWallClock("2026-10-25", 9 * 60, london).toISOString()).toBe(
      "2026-10-25T09:00:00.000Z",
    );
    // 01:30 does not exist on 29 March: the same reading an hour on.
    expect(instantOfWallClock("2026-03-29", 90, london).toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
    expect(wallClockOf(new Date("2026-10-25T23:30:00Z"), london)).toEqual({
      day: "2026-10-25",
      minutes: 23 * 60 + 30,
    });
    expect(instantOfWallClock("2026-03-29", 9 * 60, "America/New_York").toISOString()).toBe(
      "2026-03-29T13:00:00.000Z",
    );
  });

  it("knows weekdays and real dates", () => {
    expect(isoWeekdayOf("2026-11-30")).toBe(1);
    expect(isoWeekdayOf("2026-11-29")).toBe(7);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("29/11/2026")).toBe(false);
  });
});

describe("listFreeSlots", () => {
  const monday = new Date("2026-11-30T00:00:00Z");

  it("lays slots one after another with their buffers, within the hours", () => {
    const slots = listFreeSlots({
      now: monday,
      timeZone: london,
      spans: [span()],
      daysOff: [],
      held: [],
      days: 1,
    });
    // 09:00-09:30, buffer to 09:45, 09:45-10:15, buffer to 10:30, 10:30-11:00.
    expect(slots.map((slot) => slot.time)).toEqual(["09:00", "09:45", "10:30"]);
    expect(slots[0]).toMatchObject({
      startsAt: "2026-11-30T09:00:00.000Z",
      endsAt: "2026-11-30T09:30:00.000Z",
      day: "2026-11-30",
      staffUserId: 1,
    });
  });

  it("keeps local hours across the clock change (the Sunday of October's change)", () => {
    const slots = listFreeSlots({
      now: new Date("2026-10-24T06:00:00Z"),
      timeZone: london,
      spans: [span({ weekday: 7 }), span({ weekday: 6, startTime: "14:00", endTime: "15:00" })],
      daysOff: [],
      held: [],
      days: 2,
    });
    expect(slots.map((slot) => [slot.day, slot.time, slot.startsAt])).toEqual([
      ["2026-10-24", "14:00", "2026-10-24T13:00:00.000Z"],
      ["2026-10-25", "09:00", "2026-10-25T09:00:00.000Z"],
      ["2026-10-25", "09:45", "2026-10-25T09:45:00.000Z"],
      ["2026-10-25", "10:30", "2026-10-25T10:30:00.000Z"],
    ]);
  });

  it("leaves out days off (the member's and the office's), the lead time and held slots with buffers", () => {
    const spans = [span(), span({ staffUserId: 2 }), span({ weekday: 2 })];
    const slots = listFreeSlots({
      now: new Date("2026-11-30T07:15:00Z"),
      timeZone: london,
      spans,
      daysOff: [
        { staffUserId: 2, day: "2026-11-30" },
        { staffUserId: null, day: "2026-12-01" },
      ],
      // Member 1 has a viewing 09:50-10:10: it takes 09:45 (overlap) and 10:30's buffer is
      // clear (10:10 + 15 = 10:25).
      held: [
        {
          staffUserId: 1,
          startsAt: new Date("2026-11-30T09:50:00Z"),
          endsAt: new Date("2026-11-30T10:10:00Z"),
        },
      ],
      days: 2,
    });
    // 09:00 starts within two hours of 07:15.
    expect(slots.map((slot) => `${slot.staffUserId} ${slot.day} ${slot.time}`)).toEqual([
      "1 2026-11-30 10:30",
    ]);
  });

  it("refuses a slot whose buffer would run into a held viewing", () => {
    const slots = listFreeSlots({
      now: monday,
      timeZone: london,
      spans: [span({ endTime: "09:30" })],
      daysOff: [],
      held: [
        {
          staffUserId: 1,
          startsAt: new Date("2026-11-30T09:40:00Z"),
          endsAt: new Date("2026-11-30T10:00:00Z"),
        },
      ],
      days: 1,
    });
    expect(slots).toEqual([]);
  });

  it("groups one time per instant by day, and picks the least booked host, then the lowest id", () => {
    const slots = listFreeSlots({
      now: monday,
      timeZone: london,
      spans: [span({ staffUserId: 3 }), span({ staffUserId: 2 })],
      daysOff: [],
      held: [],
      days: 1,
    });
    const grouped = slotsByDay(slots);
    expect(grouped).toHaveLength(1);
    expect(grouped[0]?.slots.map((slot) => slot.time)).toEqual(["09:00", "09:45", "10:30"]);
    const at = slots.filter((slot) => slot.startsAt === "2026-11-30T09:00:00.000Z");
    expect(hostsInTurn(at, new Map())).toEqual([2, 3]);
    expect(hostsInTurn(at, new Map([[2, 1]]))).toEqual([3, 2]);
  });
});
