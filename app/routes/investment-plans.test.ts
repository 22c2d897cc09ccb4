import { describe, expect, it } from "vitest";
import { formatCapitalRange, investmentPlans } from "./investment-plans.ts";

describe("investment plans", () => {
  it("lists the four SPEC §9 plans in order", () => {
    expect(investmentPlans.map((plan) => plan.name)).toEqual([
      "Bungallow",
      "Villa",
      "Mansion",
      "Duplex",
    ]);
  });

  it("formats each capital range with thousands separators, as SPEC §9's table", () => {
    expect(investmentPlans.map(formatCapitalRange)).toEqual([
      "100,000 to 20,000,000",
      "2,500 to 10,000,000",
      "2,999 to 10,000,000",
      "50 to 1,999",
    ]);
  });

  it("keeps the SPEC's capital back, referral and daily earning figures", () => {
    expect(
      investmentPlans.map((plan) => [plan.capitalBack, plan.referralBonus, plan.dailyEarning]),
    ).toEqual([
      ["120 days", "5%", "3.5% per day"],
      ["90 days", "5%", "2.5%"],
      ["60 days", "15%", "1.5%"],
      ["30 days", "5%", "0.5%"],
    ]);
  });
});
