import { Link } from "react-router";
import { Icon } from "../components/icons.tsx";

export type ListingView = "list" | "grid" | "map";

export interface ViewTogglesProps {
  current: ListingView;
  /** The current filters and sort as a query string, so switching views keeps the search. */
  query?: string;
}

/**
 * The view toggles: 'List view' → /search, 'Grid view' → /property, 'Map view' →
 * /search?view=map (decision 054); the current is marked.
 */
export function ViewToggles({ current, query = "" }: ViewTogglesProps) {
  const mapQuery = new URLSearchParams(query);
  mapQuery.set("view", "map");
  const views = [
    { view: "list", to: query ? `/search?${query}` : "/search", label: "List view" },
    { view: "grid", to: query ? `/property?${query}` : "/property", label: "Grid view" },
    { view: "map", to: `/search?${mapQuery}`, label: "Map view" },
  ] as const;
  return (
    <ul className="view-toggles">
      {views.map(({ view, to, label }) => (
        <li key={view}>
          <Link
            to={to}
            aria-label={label}
            aria-current={view === current ? "page" : undefined}
            className={
              view === current
                ? "view-toggles__link view-toggles__link--current"
                : "view-toggles__link"
            }
          >
            <Icon name={view} size={20} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
