import { describe, expect, it } from "vitest";
import { hoursMessages, readDayOff, readHoursForm, writeDaySpans } from "./viewing-hours.ts";

describe("the viewing hours form", () => {
  it("reads several spans a weekday, sorted, with the slot and the buffer", () => {
    const read = readHoursForm({
      day1: "14:00-17:00, 9:00 - 12:30",
      day6: "",
      slot: "30",
      buffer: "0",
    });
    expect(read).toEqual({
      ok: true,
      hours: {
        spans: [
          { weekday: 1, startTime: "09:00", endTime: "12:30" },
          { weekday: 1, startTime: "14:00", endTime: "17:00" },
        ],
        slotMinutes: 30,
        bufferMinutes: 0,
      },
    });
    if (read.ok) expect(writeDaySpans(read.hours.spans, 1)).toBe("09:00-12:30, 14:00-17:00");
  });

  it("says what is wrong with each field", () => {
    expect(
      readHoursForm({
        day1: "9-12",
        day2: "10:00-12:00, 11:00-13:00",
        day3: "12:00-09:00",
        slot: "5",
        buffer: "x",
      }),
    ).toEqual({
      ok: false,
      errors: {
        day1: hoursMessages.spans,
        day2: hoursMessages.overlap,
        day3: hoursMessages.spans,
        slot: hoursMessages.slot,
        buffer: hoursMessages.buffer,
      },
    });
    expect(readDayOff("2026-12-24")).toBe("2026-12-24");
    expect(readDayOff("2026-02-30")).toEqual({ error: hoursMessages.day });
  });
});
