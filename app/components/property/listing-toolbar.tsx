import { SortSelect } from "./sort-select.tsx";
import { ViewToggles } from "./view-toggles.tsx";

export interface ListingToolbarProps {
  view: "list" | "grid";
  /** Items on the whole listing. */
  total: number;
  /** 1-based index of the first and last item shown. */
  first: number;
  last: number;
}

/** The bar above a listing: what is shown, the sort dropdown and the view toggles. */
export function ListingToolbar({ view, total, first, last }: ListingToolbarProps) {
  return (
    <div className="listing-toolbar">
      <p className="listing-toolbar__summary" aria-live="polite">
        {total > 0
          ? `Showing ${first}–${last} of ${total} ${total === 1 ? "property" : "properties"}`
          : "No properties to show"}
      </p>
      <div className="listing-toolbar__controls">
        <SortSelect />
        <ViewToggles current={view} />
      </div>
    </div>
  );
}
