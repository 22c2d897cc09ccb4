/**
 * A listing's price history on its page (decision 076): "Listed on {date}" and, when its
 * latest change lowered the price, "Reduced on {date}" under the header's price; and a
 * "Price history" table (date, event, price with a rent's period), newest first, once the
 * price has changed at all. Dates in the site's format (lib/format.ts's `formatDate`). Plain
 * server-rendered markup: no script.
 */
import type { Property } from "../../../lib/api-contract.ts";
import { formatDate } from "../../../lib/format.ts";
import { summarisePriceHistory } from "../../../lib/price-history.ts";
import { ListingPrice } from "./listing-price.tsx";

/** The listed date, and the reduced one when the latest change was a reduction. */
export function PriceDates({ property }: { property: Property }) {
  const summary = summarisePriceHistory(property);
  if (summary === undefined) return null;
  return (
    <p className="price-dates">
      <span className="price-dates__item">
        Listed on <time dateTime={summary.listedAt}>{formatDate(summary.listedAt)}</time>
      </span>
      {summary.reducedAt === undefined ? null : (
        <span className="price-dates__item price-dates__item--reduced">
          Reduced on <time dateTime={summary.reducedAt}>{formatDate(summary.reducedAt)}</time>
        </span>
      )}
    </p>
  );
}

/** The table of the listing's prices, newest first; nothing while it has its first price. */
export function PriceHistory({ property }: { property: Property }) {
  const summary = summarisePriceHistory(property);
  if (summary === undefined || summary.rows.length < 2) return null;
  const rows = [...summary.rows].reverse();
  return (
    <section className="property-section price-history" aria-labelledby="price-history-heading">
      <h2 id="price-history-heading" className="property-section__title">
        Price history
      </h2>
      <table className="price-history__table" aria-labelledby="price-history-heading">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Event</th>
            <th scope="col" className="price-history__price">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.date}-${row.event}-${row.price}`} data-event={row.event.toLowerCase()}>
              <th scope="row">
                <time dateTime={row.date}>{formatDate(row.date)}</time>
              </th>
              <td>
                <span
                  className={`price-history__event price-history__event--${row.event.toLowerCase()}`}
                >
                  {row.event}
                </span>
              </td>
              <td className="price-history__price">
                <ListingPrice
                  listing={{
                    price: row.price,
                    offer_type: property.offer_type,
                    rent_period: row.rent_period,
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
