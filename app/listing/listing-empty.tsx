import { Link } from "react-router";

export interface ListingEmptyProps {
  /** True when filters are active: the search matched nothing (rather than no listings). */
  filtered: boolean;
  /** The same listing without filters. */
  clearFiltersHref: string;
}

/** What a listing shows instead of properties; the pager hides itself (SPEC §2). */
export function ListingEmpty({ filtered, clearFiltersHref }: ListingEmptyProps) {
  if (!filtered) {
    return <p className="listing-empty">There are no properties to show right now.</p>;
  }
  return (
    <div className="listing-empty listing-empty--search" role="status">
      <p className="listing-empty__title">No properties match your search.</p>
      <p className="listing-empty__text">
        Try fewer filters or a wider price or area range, or see every property.
      </p>
      <Link to={clearFiltersHref} className="button button--primary listing-empty__clear">
        Clear filters
      </Link>
    </div>
  );
}
