/**
 * The shared loader work of the two listing pages (/search and /property): the URL's search,
 * one page of matching properties from the API, and the links that keep the filters.
 */
import { redirect } from "react-router";
import type { ApiClient } from "../api/client.server.ts";
import {
  clearFiltersHref,
  filterParams,
  hasFilters,
  type ListingSearch,
  pageHref,
  readListingSearch,
} from "../components/property/listing-search.ts";
import { pageCount } from "../components/property/paging.ts";

/**
 * One page of the listing at `url`, `pageSize` per page. A page past the end redirects to the
 * last page (302), so every pager link and the address bar agree; bad parameters are ignored.
 */
export async function loadListingPage(api: ApiClient, url: URL, pageSize: number) {
  const search: ListingSearch = readListingSearch(url.searchParams);
  const result = await api.searchProperties({
    ...search.filters,
    sort: search.sort,
    page: search.page,
    limit: pageSize,
  });
  const pages = pageCount(result.total, pageSize);
  if (pages > 0 && search.page > pages) throw redirect(pageHref(url, pages));
  return {
    /** This page's properties: the 'property' records of the shared state. */
    properties: result.properties,
    total: result.total,
    page: search.page,
    pageCount: pages,
    pageSize,
    search,
    filtered: hasFilters(search.filters),
    /** The URL's filter parameters in their own names, for the sort form and view toggles. */
    filterQuery: filterParams(url.searchParams).toString(),
    clearFiltersHref: clearFiltersHref(url.pathname, search.sort),
  };
}

export type ListingPageData = Awaited<ReturnType<typeof loadListingPage>>;
