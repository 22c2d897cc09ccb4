import { describe, expect, it } from "vitest";
import {
  type PriceEvent,
  priceEventKind,
  readPriceHistory,
  summarisePriceHistory,
} from "./price-history.ts";

const event = (
  changed_at: string,
  new_price: number,
  old_price: number | null = null,
): PriceEvent => ({
  changed_at,
  old_price,
  new_price,
  rent_period: null,
});

describe("readPriceHistory", () => {
  it("reads events leniently and drops the unreadable ones", () => {
    expect(
      readPriceHistory([
        {
          changed_at: "2026-01-01T00:00:00.000Z",
          old_price: null,
          new_price: "500",
          rent_period: "Weekly",
        },
        { changed_at: "not a date", new_price: 1 },
        { changed_at: "2026-01-02T00:00:00.000Z", new_price: "x" },
        "nonsense",
        null,
      ]),
    ).toEqual([
      {
        changed_at: "2026-01-01T00:00:00.000Z",
        old_price: null,
        new_price: 500,
        rent_period: "week",
      },
    ]);
    expect(readPriceHistory("[]")).toEqual([]);
  });
});

describe("priceEventKind", () => {
  it("names a lower price Reduced, a higher Increased, a new rent period Changed", () => {
    const month = (price: number) => ({ price, rent_period: "month" as const });
    expect(priceEventKind(month(100), month(90))).toBe("Reduced");
    expect(priceEventKind(month(100), month(110))).toBe("Increased");
    expect(priceEventKind(month(100), { price: 30, rent_period: "week" })).toBe("Changed");
  });
});

describe("summarisePriceHistory", () => {
  const created_at = "2026-03-01T09:00:00.000Z";

  it("lists on created_at at the first price, then each change, and dates the latest reduction", () => {
    const summary = summarisePriceHistory({
      created_at,
      offer_type: "For Sale",
      price_history: [
        event("2026-04-01T00:00:00.000Z", 900, 1000),
        event("2026-03-01T09:00:00.000Z", 1000),
        event("2026-05-01T00:00:00.000Z", 850, 900),
      ],
    });
    expect(summary).toEqual({
      listedAt: created_at,
      reducedAt: "2026-05-01T00:00:00.000Z",
      rows: [
        { date: created_at, event: "Listed", price: 1000, rent_period: null },
        { date: "2026-04-01T00:00:00.000Z", event: "Reduced", price: 900, rent_period: null },
        { date: "2026-05-01T00:00:00.000Z", event: "Reduced", price: 850, rent_period: null },
      ],
    });
  });

  it("has no reduced date when the latest change raised the price", () => {
    const summary = summarisePriceHistory({
      created_at,
      offer_type: "For Sale",
      price_history: [
        event(created_at, 1000),
        event("2026-04-01T00:00:00.000Z", 900),
        event("2026-05-01T00:00:00.000Z", 950),
      ],
    });
    expect(summary?.reducedAt).toBeUndefined();
    expect(summary?.rows.map((row) => row.event)).toEqual(["Listed", "Reduced", "Increased"]);
  });

  it("reads a rental's missing period as a month, and a sale as having none", () => {
    const rent = summarisePriceHistory({
      created_at,
      offer_type: "For Rent",
      price_history: [
        event(created_at, 3000),
        { ...event("2026-04-01T00:00:00.000Z", 700), rent_period: "week" },
      ],
    });
    expect(rent?.rows.map((row) => [row.event, row.rent_period])).toEqual([
      ["Listed", "month"],
      ["Changed", "week"],
    ]);
    expect(rent?.reducedAt).toBeUndefined();
  });

  it("is undefined when nothing was recorded", () => {
    expect(summarisePriceHistory({ created_at, offer_type: "For Sale" })).toBeUndefined();
    expect(
      summarisePriceHistory({ created_at, offer_type: "For Sale", price_history: [] }),
    ).toBeUndefined();
  });
});
