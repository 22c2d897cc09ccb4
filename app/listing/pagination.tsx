import { Link, useLocation } from "react-router";
import { Icon } from "../components/icons.tsx";
import { pageLinks } from "./paging.ts";

export interface PaginationProps {
  /** The current page, 1-based and already clamped. */
  page: number;
  pageCount: number;
  /** What the pager navigates, for its landmark label. */
  label?: string;
}

/**
 * Previous/next arrows and numbered pages as `?page=N` links (other query parameters are
 * kept). Previous is disabled on page 1 and next on the last page; nothing renders without
 * pages (SPEC §2: the pager shows only when there are properties).
 */
export function Pagination({ page, pageCount, label = "Pagination" }: PaginationProps) {
  const location = useLocation();
  if (pageCount < 1) return null;

  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `?${params.toString()}`;
  };

  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        <li className="pagination__item">
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className="pagination__link" aria-label="Previous page">
              <Icon name="chevronLeft" size={18} />
            </Link>
          ) : (
            <button
              type="button"
              className="pagination__link pagination__link--disabled"
              disabled
              aria-label="Previous page"
            >
              <Icon name="chevronLeft" size={18} />
            </button>
          )}
        </li>
        {pageLinks(page, pageCount).map((link, index) =>
          link === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place.
            <li key={`gap-${index}`} className="pagination__item pagination__gap">
              …
            </li>
          ) : (
            <li key={link} className="pagination__item">
              <Link
                to={hrefFor(link)}
                className={
                  link === page ? "pagination__link pagination__link--current" : "pagination__link"
                }
                aria-current={link === page ? "page" : undefined}
              >
                {link}
              </Link>
            </li>
          ),
        )}
        <li className="pagination__item">
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} className="pagination__link" aria-label="Next page">
              <Icon name="chevronRight" size={18} />
            </Link>
          ) : (
            <button
              type="button"
              className="pagination__link pagination__link--disabled"
              disabled
              aria-label="Next page"
            >
              <Icon name="chevronRight" size={18} />
            </button>
          )}
        </li>
      </ul>
    </nav>
  );
}
