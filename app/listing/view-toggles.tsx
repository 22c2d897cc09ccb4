import { Link } from "react-router";
import { Icon } from "../components/icons.tsx";

export interface ViewTogglesProps {
  current: "list" | "grid";
  /** The current filters and sort as a query string, so switching views keeps the search. */
  query?: string;
}

/** The two view toggles: 'List view' → /search, 'Grid view' → /property; the current is marked. */
export function ViewToggles({ current, query = "" }: ViewTogglesProps) {
  const views = [
    { view: "list", to: "/search", label: "List view", icon: "list" },
    { view: "grid", to: "/property", label: "Grid view", icon: "grid" },
  ] as const;
  return (
    <ul className="view-toggles">
      {views.map(({ view, to, label, icon }) => (
        <li key={view}>
          <Link
            to={query ? `${to}?${query}` : to}
            aria-label={label}
            aria-current={view === current ? "page" : undefined}
            className={
              view === current
                ? "view-toggles__link view-toggles__link--current"
                : "view-toggles__link"
            }
          >
            <Icon name={icon} size={20} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
