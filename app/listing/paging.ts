/**
 * Pagination math of the listings (SPEC §4: the current page starts at 1; 6 items per page in
 * the grid). Pure, so it is shared by the pager and the routes and tested on its own.
 */
import { readPositiveInt } from "../../lib/text.ts";

/** Items per page of the /property card grid (SPEC §9). */
export const gridPageSize = 6;

/**
 * Items per page of the /search list view. SPEC §9 leaves it "not shown"; 10 keeps a list row
 * page about as long as a grid page (see docs/decisions).
 */
export const listPageSize = 10;

/** How many pages `total` items fill; 0 when there is nothing to show. */
export function pageCount(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}

/**
 * The page to show for the `?page=` value `requested`: unreadable, missing or below 1 is page 1;
 * beyond the end is the last page.
 */
export function clampPage(requested: string | number | null | undefined, count: number): number {
  const wanted = typeof requested === "number" ? Math.trunc(requested) : readPositiveInt(requested);
  if (wanted === undefined || !Number.isFinite(wanted) || wanted < 1) return 1;
  return Math.max(1, Math.min(wanted, count));
}

/** The items of page `page` (1-based). */
export function pageItems<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const start = (page - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

export type PageLink = number | "gap";

/**
 * The numbered links of the pager: every page when there are few, otherwise the first, the last
 * and the neighbours of the current page, with gaps between.
 */
export function pageLinks(page: number, count: number): PageLink[] {
  if (count <= 7) return Array.from({ length: count }, (_, index) => index + 1);
  const shown = new Set([1, count, page - 1, page, page + 1]);
  if (page <= 3) for (const n of [2, 3, 4]) shown.add(n);
  if (page >= count - 2) for (const n of [count - 3, count - 2, count - 1]) shown.add(n);
  const numbers = [...shown].filter((n) => n >= 1 && n <= count).sort((a, b) => a - b);
  const links: PageLink[] = [];
  for (const n of numbers) {
    const previous = links.at(-1);
    if (typeof previous === "number" && n - previous > 1) links.push("gap");
    links.push(n);
  }
  return links;
}
