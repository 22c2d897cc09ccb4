import { describe, expect, it } from "vitest";
import { formatPrice } from "./format.ts";
import {
  costKindOf,
  incomeForRent,
  monthlyCost,
  monthlyPayment,
  readCostInput,
} from "./monthly-cost.ts";

const query = (search: string) => new URLSearchParams(search);

describe("monthlyPayment", () => {
  it("matches the worked example: 300,000 at 5 % over 25 years is 1,753.77 a month", () => {
    // r = 0.05 / 12, n = 300: 300000 · r / (1 − (1 + r)^−300) = 1753.7702…
    expect(monthlyPayment(300_000, 5, 25)).toBeCloseTo(1753.77, 2);
    expect(formatPrice(monthlyPayment(300_000, 5, 25))).toBe("$1,753.77");
  });

  it("repays the loan in equal parts at a 0 % rate", () => {
    expect(monthlyPayment(120_000, 0, 10)).toBe(1000);
  });

  it("answers 0 without a loan or a term", () => {
    expect(monthlyPayment(0, 5, 25)).toBe(0);
    expect(monthlyPayment(-5, 5, 25)).toBe(0);
    expect(monthlyPayment(100_000, 5, 0)).toBe(0);
  });
});

describe("readCostInput", () => {
  it("takes the defaults from the listing's price: 20 % deposit, 6 %, 25 years", () => {
    expect(readCostInput(query(""), 375_000)).toEqual({
      price: 375_000,
      deposit: 75_000,
      ratePercent: 6,
      years: 25,
    });
  });

  it("reads the visitor's values, thousands commas, a decimal comma and a % sign", () => {
    const input = readCostInput(query("price=375,000&deposit=75000&rate=5&years=25"), 685_000);
    expect(input).toEqual({ price: 375_000, deposit: 75_000, ratePercent: 5, years: 25 });
    expect(formatPrice(monthlyCost(input).monthly)).toBe("$1,753.77");
    expect(readCostInput(query("rate=4,5"), 1).ratePercent).toBe(4.5);
    expect(readCostInput(query("rate=4.25 %"), 1).ratePercent).toBe(4.25);
  });

  it("moves values out of bounds inside them and ignores unreadable ones", () => {
    const input = readCostInput(query("price=200000&deposit=999999&rate=80&years=90"), 100_000);
    expect(input).toEqual({ price: 200_000, deposit: 200_000, ratePercent: 25, years: 40 });
    expect(readCostInput(query("years=0"), 1).years).toBe(1);
    expect(readCostInput(query("years=12.6"), 1).years).toBe(13);
    expect(readCostInput(query("price=-5&deposit=abc&rate=NaN&years=%00"), 500_000)).toEqual({
      price: 500_000,
      deposit: 100_000,
      ratePercent: 6,
      years: 25,
    });
    expect(readCostInput(query("price=1e9999"), 10).price).toBe(10);
  });
});

describe("monthlyCost", () => {
  it("lends the price less the deposit", () => {
    const cost = monthlyCost({ price: 375_000, deposit: 75_000, ratePercent: 5, years: 25 });
    expect(cost.loan).toBe(300_000);
    expect(cost.months).toBe(300);
    expect(cost.monthly).toBeCloseTo(1753.77, 2);
  });
});

describe("incomeForRent", () => {
  it("implies the income at which the rent is 30 % of it", () => {
    // 3,000 a month is 30 % of 10,000 a month, 120,000 a year.
    const income = incomeForRent(3000);
    expect(income.monthly).toBeCloseTo(10_000, 6);
    expect(income.yearly).toBeCloseTo(120_000, 6);
    expect(incomeForRent(Number.NaN)).toEqual({ monthly: 0, yearly: 0 });
  });
});

describe("costKindOf", () => {
  it("tells sales from rentals", () => {
    expect(costKindOf("For Sale")).toBe("sale");
    expect(costKindOf("For Rent")).toBe("rent");
    expect(costKindOf("For Lease")).toBe("rent");
    expect(costKindOf("Auction")).toBeUndefined();
  });
});
