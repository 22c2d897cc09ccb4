import { describe, expect, it } from "vitest";
import { formatDate, formatListingAge, formatPrice } from "./format.ts";

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
