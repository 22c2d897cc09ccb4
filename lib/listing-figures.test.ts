import { describe, expect, it } from "vitest";
import { daysOnMarket, rollUpByWeek, weekStartOf, weekStarts } from "./listing-figures.ts";

describe("listing figures' weeks", () => {
  it("starts a week on Monday, UTC", () => {
    expect(weekStartOf("2026-11-29")).toBe("2026-11-23"); // a Sunday
    expect(weekStartOf("2026-11-23")).toBe("2026-11-23"); // the Monday itself
    expect(weekStartOf("2026-11-24")).toBe("2026-11-23");
  });

  it("lists the last twelve weeks, oldest first, this week last", () => {
    const weeks = weekStarts(new Date("2026-11-29T23:59:00Z"));
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toBe("2026-11-23");
    expect(weeks[0]).toBe("2026-09-07");
  });

  it("sums days into their weeks and leaves out older days", () => {
    const day = (d: string, views: number, enquiries = 0) => ({
      day: d,
      views,
      enquiries,
      shortlistAdds: 1,
      alertMatches: 0,
    });
    const weeks = rollUpByWeek(
      [day("2026-11-23", 3, 1), day("2026-11-29", 2), day("2026-11-22", 5), day("2026-01-01", 99)],
      new Date("2026-11-29T12:00:00Z"),
    );
    expect(weeks.at(-1)).toEqual({
      weekStart: "2026-11-23",
      views: 5,
      enquiries: 1,
      shortlistAdds: 2,
      alertMatches: 0,
    });
    expect(weeks.at(-2)?.views).toBe(5);
    expect(weeks.reduce((sum, week) => sum + week.views, 0)).toBe(10);
  });
});

describe("days on market", () => {
  const now = new Date("2026-11-29T12:00:00Z");
  const listing = {
    published: true,
    archived: false,
    firstPublishedAt: new Date("2026-11-19T13:00:00Z"),
    createdAt: new Date("2026-01-01T00:00:00Z"),
  };

  it("counts whole days since the first publication", () => {
    expect(daysOnMarket(listing, now)).toBe(9);
  });

  it("falls back to the day it was added", () => {
    expect(daysOnMarket({ ...listing, firstPublishedAt: null }, now)).toBe(332);
  });

  it("is none while the listing is off the market", () => {
    expect(daysOnMarket({ ...listing, published: false }, now)).toBeNull();
    expect(daysOnMarket({ ...listing, archived: true }, now)).toBeNull();
  });
});
