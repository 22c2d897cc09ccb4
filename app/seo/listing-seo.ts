/**
 * The search-engine rules of the two listing pages (/property and /search), docs/decisions/011:
 * - the plain listing and its pages (`?page=N`) are indexed; each page is its own canonical
 *   (page 1 without `?page`), with 'Page N' in its title and description;
 * - a filtered or re-sorted listing is `noindex, follow` (crawlers still follow its links to
 *   the properties) with the plain listing as canonical: filter combinations are endless
 *   near-copies of the listing, and every property is in the sitemap anyway;
 * - parameters that change nothing (tracking tags, the Advanced Search's second group) are
 *   dropped from the canonical.
 * Titles and descriptions name the filters, so every distinct listing has a distinct title.
 */
import { availabilityLabels } from "../../lib/availability.ts";
import {
  type CurrencyFormat,
  defaultCurrency,
  formatArea,
  formatWholeAmount,
} from "../../lib/format.ts";
import { describeFieldFilters, type PropertyFilters } from "../../lib/property-search.ts";
import {
  defaultSort,
  hasFilters,
  type ListingSearch,
  sortOptions,
} from "../listing/listing-search.ts";
import type { PageSeo } from "./meta.ts";

const countFormat = new Intl.NumberFormat("en-US");

function plural(count: number, one: string, many: string): string {
  return `${countFormat.format(count)} ${count === 1 ? one : many}`;
}

function range(min: number | undefined, max: number | undefined, format: (n: number) => string) {
  if (min !== undefined && max !== undefined) return `${format(min)}–${format(max)}`;
  if (min !== undefined) return `from ${format(min)}`;
  if (max !== undefined) return `up to ${format(max)}`;
  return undefined;
}

/**
 * The filters in words, such as 'Houses For Rent in New York matching “garden”, 3+ bedrooms';
 * '' without filters.
 */
export function describeFilters(
  filters: PropertyFilters,
  currency: CurrencyFormat = defaultCurrency,
): string {
  if (!hasFilters(filters)) return "";
  const what = [filters.type ?? "Homes", filters.status].filter(Boolean).join(" ");
  const head = filters.location ? `${what} in ${filters.location}` : what;
  const parts = [filters.keyword ? `${head} matching “${filters.keyword}”` : head];
  if (filters.availability) parts.push(availabilityLabels[filters.availability].toLowerCase());
  if (filters.bbox) parts.push("in the map's area");
  if (filters.polygon) parts.push("in a drawn area");
  // The area filter is in square feet, whatever unit the page shows areas in.
  const area = range(filters.minArea, filters.maxArea, (n) =>
    formatArea(n, "sqft", { group: true }),
  );
  if (area) parts.push(area);
  const price = range(filters.minPrice, filters.maxPrice, (n) => formatWholeAmount(n, currency));
  if (price) parts.push(price);
  const counts = [
    ["bedrooms", "bedroom", "bedrooms"],
    ["bathrooms", "bathroom", "bathrooms"],
    ["balcony", "balcony", "balconies"],
    ["garage", "garage", "garages"],
  ] as const;
  for (const [field, one, many] of counts) {
    const count = filters[field];
    if (count !== undefined) parts.push(`${count}+ ${count === 1 ? one : many}`);
  }
  parts.push(...describeFieldFilters(filters.fields));
  return parts.join(", ");
}

/** True when search engines should index this listing URL (no filter, the default order). */
export function isIndexableListing(search: Pick<ListingSearch, "filters" | "sort">): boolean {
  return !hasFilters(search.filters) && search.sort === defaultSort;
}

export interface ListingSeoInput {
  /** The listing's path: '/property' or '/search'. */
  path: string;
  /** The page's heading, such as 'Properties Grid'. */
  title: string;
  search: Pick<ListingSearch, "filters" | "sort">;
  page: number;
  pageCount: number;
  total: number;
  businessName: string;
  currency?: CurrencyFormat;
}

/** The metadata of one listing page (see the rules above). */
export function listingSeo(input: ListingSeoInput): PageSeo {
  const { path, search, page, pageCount, total } = input;
  const indexable = isIndexableListing(search);
  const filters = describeFilters(search.filters, input.currency);
  const sort =
    search.sort === defaultSort
      ? undefined
      : sortOptions.find((option) => option.value === search.sort)?.label;
  const paged = page > 1 ? `Page ${page}` : undefined;
  const title = [filters, input.title, sort, paged].filter(Boolean).join(" – ");

  const at = input.businessName ? ` at ${input.businessName}` : "";
  const what = filters
    ? `${filters}: ${plural(total, "property", "properties")}${at}.`
    : `${plural(total, "home", "homes")} for rent and for sale${at}.`;
  const position = pageCount > 1 ? ` Page ${page} of ${pageCount}.` : "";
  const description = `${what}${position} Prices, photos, floor plans and details of every listing.`;

  if (!indexable) return { title, description, canonicalPath: path, robots: "noindex, follow" };
  return { title, description, canonicalPath: page > 1 ? `${path}?page=${page}` : path };
}
