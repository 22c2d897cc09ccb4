/**
 * A listing's price on a page (decision 073): the SPEC's price ('$3,450.00') in a span of its
 * own, then a rent's period ('a month') in another, so the price still reads whole by itself
 * (SPEC §9's format) and the period can be set smaller. Mails, PDFs, markers and attributes
 * take `formatListingPrice`'s one string instead.
 */
import { type ListingPrice as ListingPriceFields, rentPeriodPhrases } from "../../../lib/format.ts";
import { priceRentPeriod } from "../../../lib/rent-period.ts";
import { useDisplayUnits } from "../../display-units.ts";

export function ListingPrice({ listing }: { listing: ListingPriceFields }) {
  const units = useDisplayUnits();
  const period = priceRentPeriod(listing);
  return (
    <>
      <span className="listing-price__amount">{units.price(listing.price)}</span>
      {period === undefined ? null : (
        <>
          {" "}
          <span className="listing-price__period">{rentPeriodPhrases[period]}</span>
        </>
      )}
    </>
  );
}
