/** The investment plans of SPEC §9, in the order shown. Spellings as the SPEC has them. */
export interface InvestmentPlan {
  name: string;
  /** Capital range in dollars, smallest and largest ('Capital range ($)'). */
  capitalMin: number;
  capitalMax: number;
  /** 'Capital back' period. */
  capitalBack: string;
  referralBonus: string;
  dailyEarning: string;
}

export const investmentPlans: readonly InvestmentPlan[] = [
  {
    name: "Bungallow",
    capitalMin: 100_000,
    capitalMax: 20_000_000,
    capitalBack: "120 days",
    referralBonus: "5%",
    dailyEarning: "3.5% per day",
  },
  {
    name: "Villa",
    capitalMin: 2_500,
    capitalMax: 10_000_000,
    capitalBack: "90 days",
    referralBonus: "5%",
    dailyEarning: "2.5%",
  },
  {
    name: "Mansion",
    capitalMin: 2_999,
    capitalMax: 10_000_000,
    capitalBack: "60 days",
    referralBonus: "15%",
    dailyEarning: "1.5%",
  },
  {
    name: "Duplex",
    capitalMin: 50,
    capitalMax: 1_999,
    capitalBack: "30 days",
    referralBonus: "5%",
    dailyEarning: "0.5%",
  },
];

/** Every plan comes with this bonus (SPEC §9). */
export const registrationBonus = "$2 registration bonus";
/** Every plan states its earning for this many times (SPEC §9). */
export const earningTimes = "1 times";

const dollars = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/**
 * '100,000 to 20,000,000', as SPEC §9's table writes it: the dollar sign is in the label,
 * 'Capital range ($)'.
 */
export function formatCapitalRange(plan: Pick<InvestmentPlan, "capitalMin" | "capitalMax">) {
  return `${dollars.format(plan.capitalMin)} to ${dollars.format(plan.capitalMax)}`;
}
