import { Link } from "react-router";

/** A keyset page's neighbours: the cursors before its first row and after its last. */
export interface PageCursors {
  previous: string | null;
  next: string | null;
}

/**
 * The Previous page / Next page links under a back-office table paged by keyset (decisions
 * 041, 045): `hrefOf` keeps the table's search and sort in each link's address.
 */
export function AdminPager({
  page,
  hrefOf,
}: {
  page: PageCursors;
  hrefOf: (cursor: { after?: string; before?: string }) => string;
}) {
  return (
    <nav className="admin-pager" aria-label="Pages">
      {page.previous ? (
        <Link
          className="admin-button admin-button--secondary"
          to={hrefOf({ before: page.previous })}
        >
          Previous page
        </Link>
      ) : null}
      {page.next ? (
        <Link
          className="admin-button admin-button--secondary admin-pager__next"
          to={hrefOf({ after: page.next })}
        >
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
