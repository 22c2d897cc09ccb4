/**
 * The calculator's and the affordability note's sentences, shared by the server's HTML
 * (MonthlyCost) and the live update (enhanceMonthlyCost), so both say the same.
 */
import { type CurrencyFormat, formatPrice } from "../../../lib/format.ts";
import type { CostResult } from "../../../lib/monthly-cost.ts";

const percentFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });

/** A yearly rate as text: '5%', '4.25%'. */
export function formatRate(ratePercent: number): string {
  return `${percentFormat.format(ratePercent)}%`;
}

/** The line under the monthly figure: what it repays. */
export function costDetail(cost: CostResult, currency: CurrencyFormat): string {
  return `to repay ${formatPrice(cost.loan, currency)} (${formatPrice(cost.price, currency)} less a ${formatPrice(cost.deposit, currency)} deposit) over ${cost.years} ${cost.years === 1 ? "year" : "years"} (${cost.months} months) at ${formatRate(cost.ratePercent)} a year`;
}
