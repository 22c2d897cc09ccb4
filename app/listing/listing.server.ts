/**
 * The loaders of the listing pages: /property and /search (the URL's search, one page of
 * matching properties from the API, the links that keep the filters, and each page's sidebar
 * widget) and /gallery (every property's cover). Their route modules only call these.
 */
import { redirect } from "react-router";
import { readAreaUnit } from "../../lib/format.ts";
import type { ApiClient } from "../api/client.server.ts";
import { codesOf } from "../components/property/match-codes.ts";
import {
  carriedParams,
  clearFiltersHref,
  filterParams,
  hasFilters,
  type ListingSearch,
  pageHref,
  readListingSearch,
  removeAreaHref,
} from "./listing-search.ts";
import { gridPageSize, listPageSize, pageCount } from "./paging.ts";

/**
 * One page of the listing at `url`, `pageSize` per page. A page past the end redirects to the
 * last page (302), so every pager link and the address bar agree; bad parameters are ignored.
 */
export async function loadListingPage(api: ApiClient, url: URL, pageSize: number) {
  const search: ListingSearch = readListingSearch(url.searchParams);
  const [result, facets] = await Promise.all([
    api.searchProperties({
      ...search.filters,
      sort: search.sort,
      page: search.page,
      limit: pageSize,
    }),
    api.getSearchFacets(),
  ]);
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
    /** The same listing without its drawn area, when it has one (decision 075). */
    removeAreaHref: search.filters.polygon ? removeAreaHref(url) : undefined,
    clearFiltersHref: clearFiltersHref(
      url.pathname,
      search.sort,
      search.map,
      readAreaUnit(url.searchParams.get("area")),
    ),
    /** What the Advanced Search keeps as hidden fields (view, area unit, map box, …). */
    carried: carriedParams(url.searchParams),
    /** The catalogue's cities and top prices, for the Advanced Search's choices. */
    facets,
  };
}

export type ListingPageData = Awaited<ReturnType<typeof loadListingPage>>;

/** The three newest properties, for the sidebar's 'Recently Added' widget (both listings). */
async function loadRecent(api: ApiClient) {
  return (await api.searchProperties({ sort: "new", page: 1, limit: 3 })).properties;
}

/**
 * /property: one page of the properties that match the URL's search, 6 cards per page (SPEC §9),
 * with /search's sidebar plus the 'Popular Posts' widget drawn from layout 1 (SPEC §2): its
 * first four items, fetched by code.
 */
export async function loadPropertyGrid(api: ApiClient, url: URL) {
  const [listing, recent, popular] = await Promise.all([
    loadListingPage(api, url, gridPageSize),
    loadRecent(api),
    api
      .getCollection("Product Layout 1")
      .then((layout) => api.findPropertiesByCodes(codesOf(layout?.item_list))),
  ]);
  return { ...listing, recent, popular: popular.slice(0, 4) };
}

/**
 * /search: one page of the properties that match the URL's search (the search form and the
 * Advanced Search both GET this page), 10 rows per page (docs/decisions/005), and the three
 * newest properties for the 'Recently Added' widget.
 */
export async function loadSearch(api: ApiClient, url: URL) {
  const [listing, recent] = await Promise.all([
    loadListingPage(api, url, listPageSize),
    loadRecent(api),
  ]);
  return { ...listing, recent };
}

/** /gallery: every property's cover (SPEC §2), so the gallery loads the full list (SPEC §7). */
export async function loadGallery(api: ApiClient) {
  return { properties: await api.getProperties() };
}
