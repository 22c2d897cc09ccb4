/**
 * The diary's office-local calendar maths (decision 102): an office day's bounds across the
 * clock changes, a typed date and time to an instant, the week's Monday, the query from a URL.
 */
import { describe, expect, it } from "vitest";
import {
  addDays,
  dayBounds,
  formatDiaryDay,
  instantOf,
  isIsoDate,
  localDateTime,
  mondayOf,
  parseViewingDiaryQuery,
  viewingActionsOf,
} from "./admin-viewings.ts";

const london = "Europe/London";

describe("the viewings diary's calendar", () => {
  it("reads a typed office time in winter and in summer", () => {
    expect(instantOf("2026-12-01", "10:00", london).toISOString()).toBe("2026-12-01T10:00:00.000Z");
    expect(instantOf("2027-06-01", "10:00", london).toISOString()).toBe("2027-06-01T09:00:00.000Z");
    expect(instantOf("2027-06-01", "09:30", "America/New_York").toISOString()).toBe(
      "2027-06-01T13:30:00.000Z",
    );
    // 01:30 on 28 March 2027 does not exist in London: read as 02:30 summer time.
    expect(instantOf("2027-03-28", "01:30", london).toISOString()).toBe("2027-03-28T01:30:00.000Z");
  });

  it("bounds an office day, 23 and 25 hours long on the clock-change days", () => {
    const hours = (day: string) => {
      const { start, end } = dayBounds(day, london);
      return (end.getTime() - start.getTime()) / 3_600_000;
    };
    expect(hours("2026-12-01")).toBe(24);
    expect(hours("2027-03-28")).toBe(23);
    expect(hours("2027-10-31")).toBe(25);
    expect(dayBounds("2027-06-02", london).start.toISOString()).toBe("2027-06-01T23:00:00.000Z");
    expect(localDateTime(new Date("2027-06-01T23:30:00.000Z"), london)).toEqual({
      date: "2027-06-02",
      time: "00:30",
    });
  });

  it("steps days and weeks, Monday first", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-12-01", -7)).toBe("2026-11-24");
    expect(mondayOf("2026-12-06")).toBe("2026-11-30");
    expect(mondayOf("2026-11-30")).toBe("2026-11-30");
    expect(formatDiaryDay("2026-12-01")).toBe("Tuesday 1 December 2026");
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2028-02-29")).toBe(true);
  });

  it("reads the diary's query, today and the day view by default", () => {
    expect(parseViewingDiaryQuery(new URLSearchParams(""), "2026-11-29")).toEqual({
      view: "day",
      date: "2026-11-29",
      staffId: null,
    });
    expect(
      parseViewingDiaryQuery(
        new URLSearchParams("view=week&date=2026-12-01&staff=4"),
        "2026-11-29",
      ),
    ).toEqual({ view: "week", date: "2026-12-01", staffId: 4 });
    expect(
      parseViewingDiaryQuery(
        new URLSearchParams("view=year&date=2026-13-01&staff=x"),
        "2026-11-29",
      ),
    ).toEqual({ view: "day", date: "2026-11-29", staffId: null });
  });

  it("offers each change only where it applies", () => {
    const now = new Date("2026-12-01T12:00:00.000Z");
    const later = "2026-12-02T10:00:00.000Z";
    const earlier = "2026-12-01T10:00:00.000Z";
    expect(viewingActionsOf({ status: "tentative", startsAt: later }, now)).toEqual({
      confirm: true,
      decline: true,
      cancel: false,
      move: true,
      feedback: false,
    });
    expect(viewingActionsOf({ status: "confirmed", startsAt: earlier }, now)).toEqual({
      confirm: false,
      decline: false,
      cancel: true,
      move: true,
      feedback: true,
    });
    expect(viewingActionsOf({ status: "cancelled", startsAt: earlier }, now)).toEqual({
      confirm: false,
      decline: false,
      cancel: false,
      move: false,
      feedback: false,
    });
  });
});
