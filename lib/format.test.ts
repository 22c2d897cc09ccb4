import { describe, expect, it } from "vitest";
import {
  areaIn,
  formatArea,
  formatAreaNumber,
  formatCompactListingPrice,
  formatCompactPrice,
  formatDate,
  formatListingAge,
  formatListingPrice,
  formatPrice,
  formatWholeAmount,
  readAreaUnit,
} from "./format.ts";

describe("formatPrice", () => {
  it("prefixes $, separates thousands and shows two decimals", () => {
    expect(formatPrice(2450000)).toBe("$2,450,000.00");
    expect(formatPrice(850)).toBe("$850.00");
    expect(formatPrice(1234.5)).toBe("$1,234.50");
    expect(formatPrice(0)).toBe("$0.00");
  });
  it("shows $0.00 for a price that is not a number", () => {
    expect(formatPrice(Number.NaN)).toBe("$0.00");
  });
});

describe("formatPrice with a configured currency", () => {
  it("shows the currency's symbol and decimals", () => {
    const euro = { symbol: "€", code: "EUR", decimals: 2 };
    const yen = { symbol: "¥", code: "JPY", decimals: 0 };
    expect(formatPrice(2450000, euro)).toBe("€2,450,000.00");
    expect(formatPrice(1234.5, yen)).toBe("¥1,235");
    expect(formatPrice(99.5, { symbol: "CHF ", code: "CHF", decimals: 1 })).toBe("CHF 99.5");
  });
  it("shows whole amounts for ranges", () => {
    expect(formatWholeAmount(150000)).toBe("$150,000");
    expect(formatWholeAmount(90000, { symbol: "£", code: "GBP", decimals: 2 })).toBe("£90,000");
  });
});

describe("areas", () => {
  it("keeps square feet as stored, without separators unless asked", () => {
    expect(formatArea(1200)).toBe("1200 sq ft");
    expect(formatArea(3000, "sqft", { group: true })).toBe("3,000 sq ft");
    expect(formatAreaNumber(1200, "sqft")).toBe("1200");
  });
  it("converts to square metres with one decimal: 1,000 sq ft = 92.9 m²", () => {
    expect(areaIn(1000, "m2")).toBe(92.9);
    expect(formatArea(1000, "m2")).toBe("92.9 m²");
    expect(formatArea(12000, "m2", { group: true })).toBe("1,114.8 m²");
    expect(formatAreaNumber(0, "m2")).toBe("0");
    expect(formatArea(Number.NaN, "m2")).toBe("0 m²");
  });
  it("reads a unit however it is written", () => {
    expect(readAreaUnit("m2")).toBe("m2");
    expect(readAreaUnit("M²")).toBe("m2");
    expect(readAreaUnit("sq ft")).toBe("sqft");
    expect(readAreaUnit("SQFT")).toBe("sqft");
    expect(readAreaUnit("acres")).toBeUndefined();
    expect(readAreaUnit(null)).toBeUndefined();
  });
});

describe("formatListingAge", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it("shows seconds under a minute", () => {
    expect(formatListingAge(ago(1_000), now)).toBe("1 second ago");
    expect(formatListingAge(ago(42_000), now)).toBe("42 seconds ago");
  });
  it("shows minutes under 60 minutes", () => {
    expect(formatListingAge(ago(60_000), now)).toBe("1 minute ago");
    expect(formatListingAge(ago(59 * 60_000 + 59_000), now)).toBe("59 minutes ago");
  });
  it("shows hours under 24 hours", () => {
    expect(formatListingAge(ago(3_600_000), now)).toBe("1 hour ago");
    expect(formatListingAge(ago(23 * 3_600_000 + 3_599_000), now)).toBe("23 hours ago");
  });
  it("shows the date from 24 hours on", () => {
    expect(formatListingAge(ago(24 * 3_600_000), now)).toBe("2026-11-20");
    expect(formatListingAge("2026-03-05T08:00:00Z", now)).toBe("2026-03-05");
  });
  it("answers '' for an unreadable date", () => {
    expect(formatListingAge("not a date", now)).toBe("");
    expect(formatDate("")).toBe("");
  });
});

describe("formatListingPrice", () => {
  it("follows a rent's price with its period, a sale's with nothing", () => {
    const rent = { price: 3450, offer_type: "For Rent" };
    expect(formatListingPrice({ ...rent, rent_period: "month" })).toBe("$3,450.00 a month");
    expect(formatListingPrice({ ...rent, rent_period: "week" })).toBe("$3,450.00 a week");
    expect(formatListingPrice({ ...rent, rent_period: "quarter" })).toBe("$3,450.00 a quarter");
    expect(formatListingPrice({ ...rent, rent_period: "year" })).toBe("$3,450.00 a year");
    // No period (another backend): a month.
    expect(formatListingPrice(rent)).toBe("$3,450.00 a month");
    expect(formatListingPrice({ price: 685000, offer_type: "For Sale", rent_period: "week" })).toBe(
      "$685,000.00",
    );
  });

  it("keeps the configured currency's format before the period", () => {
    const euro = { symbol: "€", code: "EUR", decimals: 0 };
    expect(
      formatListingPrice({ price: 1200, offer_type: "for rent", rent_period: "week" }, euro),
    ).toBe("€1,200 a week");
  });

  it("says the period in a compact price for a map's marker", () => {
    expect(formatCompactListingPrice({ price: 3450, offer_type: "For Rent" })).toBe("$3.5K/mo");
    expect(
      formatCompactListingPrice({ price: 800, offer_type: "For Rent", rent_period: "week" }),
    ).toBe("$800/wk");
    expect(formatCompactListingPrice({ price: 2_450_000, offer_type: "For Sale" })).toBe("$2.5M");
  });
});

describe("formatCompactPrice", () => {
  it("says a price in a few characters, with the currency's symbol", () => {
    expect(formatCompactPrice(2_450_000)).toBe("$2.5M");
    expect(formatCompactPrice(7_400)).toBe("$7.4K");
    expect(formatCompactPrice(950)).toBe("$950");
    expect(formatCompactPrice(Number.NaN)).toBe("$0");
    expect(formatCompactPrice(1_200_000, { symbol: "€", code: "EUR", decimals: 2 })).toBe("€1.2M");
  });
});
