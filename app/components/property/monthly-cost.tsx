import { useId } from "react";
import { useLocation } from "react-router";
import { formatListingPrice, formatPrice } from "../../../lib/format.ts";
import {
  costBounds,
  costKindOf,
  incomeForRent,
  monthlyCost,
  readCostInput,
  rentShareOfIncome,
} from "../../../lib/monthly-cost.ts";
import { defaultRentPeriod, monthlyRent, type RentPeriod } from "../../../lib/rent-period.ts";
import { areaParam, useDisplayUnits } from "../../display-units.ts";
import { costDetail } from "./cost-text.ts";

export interface MonthlyCostProps {
  offerType: string;
  price: number;
  /** A rent's period (decision 073); month when absent. */
  rentPeriod?: RentPeriod | undefined;
  /** The page's path: the calculator's GET form comes back to it. */
  path: string;
}

/** The section's anchor: the form returns to it. */
export const monthlyCostId = "monthly-cost";

/**
 * The detail page's monthly cost (decision 049): for a home for sale, the repayment calculator,
 * a GET form whose result the server renders from the URL (`price`, `deposit`, `rate`,
 * `years`; defaults from the listing) and enhanceMonthlyCost updates as the visitor types; for
 * a rental, the income the 30 % rule implies. Nothing for other offers or a price of 0.
 */
export function MonthlyCost({ offerType, price, rentPeriod, path }: MonthlyCostProps) {
  const kind = costKindOf(offerType);
  if (kind === undefined || !(price > 0)) return null;
  return kind === "sale" ? (
    <RepaymentCalculator price={price} path={path} />
  ) : (
    <RentNote rent={price} period={rentPeriod ?? defaultRentPeriod} />
  );
}

function RentNote({ rent, period }: { rent: number; period: RentPeriod }) {
  const headingId = useId();
  const { currency } = useDisplayUnits();
  const monthly = monthlyRent(rent, period);
  const income = incomeForRent(monthly);
  const share = `${Math.round(rentShareOfIncome * 100)}%`;
  return (
    <section
      className="property-section monthly-cost"
      id={monthlyCostId}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="property-section__title">
        Affordability
      </h2>
      <p className="monthly-cost__result">
        A rent of{" "}
        {formatListingPrice({ price: rent, offer_type: "For Rent", rent_period: period }, currency)}
        {period === "month" ? "" : ` (${formatPrice(monthly, currency)} a month)`} is {share} of a
        gross household income of <strong>{formatPrice(income.monthly, currency)}</strong> a month (
        {formatPrice(income.yearly, currency)} a year).
      </p>
      <p className="monthly-cost__note">
        Landlords and letting agents often ask that the rent be no more than {share} of the tenants'
        gross income (the {share} rule): income = rent ÷ {rentShareOfIncome}. A guide only; each
        landlord sets their own terms.
      </p>
    </section>
  );
}

function RepaymentCalculator({ price, path }: { price: number; path: string }) {
  const baseId = useId();
  const { search } = useLocation();
  const { currency } = useDisplayUnits();
  const params = new URLSearchParams(search);
  const cost = monthlyCost(readCostInput(params, price));
  const area = params.get(areaParam);
  const field = (name: string) => `${baseId}-${name}`;
  const resultId = field("result");

  return (
    <section
      className="property-section monthly-cost"
      id={monthlyCostId}
      aria-labelledby={field("heading")}
    >
      <h2 id={field("heading")} className="property-section__title">
        Monthly cost
      </h2>
      <form
        className="monthly-cost__form"
        method="get"
        action={`${path}#${monthlyCostId}`}
        data-enhance="monthly-cost"
        data-currency={JSON.stringify(currency)}
        data-listing-price={price}
      >
        {area ? <input type="hidden" name={areaParam} value={area} /> : null}
        <div className="monthly-cost__fields">
          <div className="monthly-cost__field">
            <label htmlFor={field("price")}>Price ({currency.code})</label>
            <input
              id={field("price")}
              name="price"
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              defaultValue={cost.price}
            />
          </div>
          <div className="monthly-cost__field">
            <label htmlFor={field("deposit")}>Deposit ({currency.code})</label>
            <input
              id={field("deposit")}
              name="deposit"
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              defaultValue={cost.deposit}
            />
          </div>
          <div className="monthly-cost__field">
            <label htmlFor={field("rate")}>Interest rate (%)</label>
            <input
              id={field("rate")}
              name="rate"
              type="number"
              inputMode="decimal"
              min="0"
              max={costBounds.maxRatePercent}
              step="any"
              defaultValue={cost.ratePercent}
            />
          </div>
          <div className="monthly-cost__field">
            <label htmlFor={field("years")}>Term (years)</label>
            <input
              id={field("years")}
              name="years"
              type="number"
              inputMode="numeric"
              min={costBounds.minYears}
              max={costBounds.maxYears}
              step="1"
              defaultValue={cost.years}
            />
          </div>
        </div>
        <button type="submit" className="button button--primary monthly-cost__submit">
          Calculate
        </button>
        <p className="monthly-cost__result" id={resultId} aria-live="polite">
          <strong className="monthly-cost__amount" data-cost="monthly">
            {formatPrice(cost.monthly, currency)}
          </strong>{" "}
          a month <span data-cost="detail">{costDetail(cost, currency)}</span>.
        </p>
      </form>
      <p className="monthly-cost__formula">
        The payment of a standard repayment (annuity) loan: M = P × r ÷ (1 − (1 + r)
        <sup>−n</sup>), where P is the loan (the price less the deposit), r the yearly rate ÷ 12 and
        n the term in months; at a 0% rate, M = P ÷ n. The defaults are a 20% deposit, an
        illustrative 6% a year and 25 years.
      </p>
      <p className="monthly-cost__note">
        An illustration, not an offer of credit: it leaves out fees, insurance and taxes.
      </p>
    </section>
  );
}
