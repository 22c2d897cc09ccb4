/**
 * The detail page's monthly cost (issue 18 item 4, decision 049): the repayment of a loan on a
 * home for sale, and the income a rent implies. One module for the server's HTML and the
 * enhancement script, so both show the same figures.
 */
import { readAmount, readText } from "./text.ts";

/** The calculator's defaults: a 20 % deposit, an illustrative 6 % a year, 25 years. */
export const costDefaults = { depositShare: 0.2, ratePercent: 6, years: 25 } as const;

/** The bounds a visitor's values are held within (a value outside is moved to the nearest). */
export const costBounds = {
  maxRatePercent: 25,
  minYears: 1,
  maxYears: 40,
} as const;

/** The query parameters of the calculator's GET form (the route's handle lists them). */
export const costParams = ["price", "deposit", "rate", "years"] as const;

/**
 * The monthly payment of a standard annuity loan: M = P·r / (1 − (1 + r)^−n), where P is the
 * loan, r the yearly rate ÷ 12 and n the term in months; a 0 % rate repays P / n a month.
 * 300,000 at 5 % over 25 years → 1,753.77 (unrounded here). 0 for no loan or no term.
 */
export function monthlyPayment(loan: number, yearlyRatePercent: number, years: number): number {
  const months = Math.round(years * 12);
  if (!(loan > 0) || !(months > 0)) return 0;
  const rate = yearlyRatePercent / 100 / 12;
  if (!(rate > 0)) return loan / months;
  return (loan * rate) / (1 - (1 + rate) ** -months);
}

export interface CostInput {
  /** The price of the home. */
  price: number;
  /** What the buyer pays at once: 0 to the price. */
  deposit: number;
  /** The yearly interest rate in per cent: 0 to costBounds.maxRatePercent. */
  ratePercent: number;
  /** The term in whole years: costBounds.minYears to maxYears. */
  years: number;
}

export interface CostResult extends CostInput {
  /** price − deposit. */
  loan: number;
  months: number;
  /** The monthly payment, unrounded. */
  monthly: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** A rate such as '5', '5.25' or '5,5' (a decimal comma) or '5 %'; undefined when unreadable. */
function readRate(value: string | null | undefined): number | undefined {
  const text = readText(value, 20)
    ?.replace(/\s*%$/, "")
    .replace(/^(\d+),(\d+)$/, "$1.$2");
  return readAmount(text);
}

/**
 * The calculator's values from a query string or a form, leniently: an unreadable value is the
 * default (the listing's price, 20 % of the price, 6 %, 25 years) and one out of bounds is moved
 * inside them (a deposit above the price is the price, a term of 90 years is 40).
 */
export function readCostInput(
  values: { get(name: string): string | null | undefined },
  listingPrice: number,
): CostInput {
  const fallbackPrice = Number.isFinite(listingPrice) && listingPrice > 0 ? listingPrice : 0;
  const price = readAmount(values.get("price")) ?? fallbackPrice;
  const deposit = clamp(
    readAmount(values.get("deposit")) ?? roundCents(price * costDefaults.depositShare),
    0,
    price,
  );
  const ratePercent = clamp(
    readRate(values.get("rate")) ?? costDefaults.ratePercent,
    0,
    costBounds.maxRatePercent,
  );
  const yearsRead = readAmount(values.get("years"));
  const years = clamp(
    yearsRead === undefined ? costDefaults.years : Math.round(yearsRead),
    costBounds.minYears,
    costBounds.maxYears,
  );
  return { price, deposit, ratePercent, years };
}

function roundCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** The loan, its months and the monthly payment of `input`. */
export function monthlyCost(input: CostInput): CostResult {
  const loan = Math.max(0, input.price - input.deposit);
  return {
    ...input,
    loan,
    months: input.years * 12,
    monthly: monthlyPayment(loan, input.ratePercent, input.years),
  };
}

/** The affordability rule the rentals state: rent at most 30 % of the household's gross income. */
export const rentShareOfIncome = 0.3;

/** The gross income a monthly rent implies under the 30 % rule, a month and a year. */
export function incomeForRent(monthlyRent: number): { monthly: number; yearly: number } {
  const rent = Number.isFinite(monthlyRent) && monthlyRent > 0 ? monthlyRent : 0;
  const monthly = rent / rentShareOfIncome;
  return { monthly, yearly: monthly * 12 };
}

/** Which note an offer type gets: the calculator for sales, the income note for rentals. */
export function costKindOf(offerType: string): "sale" | "rent" | undefined {
  const text = offerType.toLowerCase();
  if (/\bsale\b/.test(text)) return "sale";
  if (/\b(rent|let|lease)\b/.test(text)) return "rent";
  return undefined;
}
