import { Link } from "react-router";
import type { PropertySort } from "../../lib/property-search.ts";
import { AreaUnitToggle } from "../components/units/area-unit-toggle.tsx";
import { defaultSort, listingParams } from "./listing-search.ts";
import { SortSelect } from "./sort-select.tsx";
import { type ListingView, ViewToggles } from "./view-toggles.tsx";

export interface ListingToolbarProps {
  view: ListingView;
  /** The listing's path (/search or /property). */
  path: string;
  /** Properties that match, on every page. */
  total: number;
  /** 1-based index of the first and last property shown. */
  first: number;
  last: number;
  sort?: PropertySort;
  /** True when filters narrow the list: the summary then counts the matches. */
  filtered?: boolean;
  /** The current filters as a query string. */
  filterQuery?: string;
  /** The same listing without filters. */
  clearFiltersHref?: string;
}

/** A query string with `view` set: the sort form keeps the map. */
function withView(query: string, view: string): string {
  const params = new URLSearchParams(query);
  params.set("view", view);
  return params.toString();
}

function propertiesText(count: number) {
  return `${count} ${count === 1 ? "property" : "properties"}`;
}

/**
 * The bar above a listing: how many properties match (with 'Clear filters' when filters are
 * active), the sort dropdown and the view toggles.
 */
export function ListingToolbar({
  view,
  path,
  total,
  first,
  last,
  sort = defaultSort,
  filtered = false,
  filterQuery = "",
  clearFiltersHref = path,
}: ListingToolbarProps) {
  const viewQuery = new URLSearchParams(filterQuery);
  if (sort !== defaultSort) viewQuery.set(listingParams.sort, sort);
  const range = total > 0 ? `Showing ${first}–${last} of ${propertiesText(total)}` : "";

  return (
    <div className="listing-toolbar">
      <div className="listing-toolbar__status">
        <p className="listing-toolbar__summary" aria-live="polite">
          {filtered ? (
            <>
              <strong className="listing-toolbar__found">{propertiesText(total)} found</strong>
              {total > 0 ? (
                <span className="listing-toolbar__range">
                  {" "}
                  · Showing {first}–{last}
                </span>
              ) : null}
            </>
          ) : (
            range || "No properties to show"
          )}
        </p>
        {filtered ? (
          <Link to={clearFiltersHref} className="listing-toolbar__clear">
            Clear filters
          </Link>
        ) : null}
      </div>
      <div className="listing-toolbar__controls">
        <AreaUnitToggle />
        <SortSelect
          action={path}
          sort={sort}
          filterQuery={view === "map" ? withView(filterQuery, "map") : filterQuery}
        />
        <ViewToggles current={view} query={viewQuery.toString()} />
      </div>
    </div>
  );
}
