/**
 * The pages of the two listing routes, /property (card grid) and /search (list rows): the
 * banner, the toolbar, the page of results (one PropertyCard each, in the view's variant) or the
 * empty state, the pager, and the sidebar. Their route modules only call these.
 */
import type { ReactNode } from "react";
import type { Property } from "../../lib/api-contract.ts";
import { AlertForm } from "../components/alerts/alert-form.tsx";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { Icon } from "../components/icons.tsx";
import { PropertyMap } from "../components/map/property-map.tsx";
import { PropertyCard } from "../components/property/property-card.tsx";
import { AdvancedSearch } from "../components/sidebar/advanced-search.tsx";
import { CategoryList } from "../components/sidebar/category-list.tsx";
import { HelpingCenter } from "../components/sidebar/helping-center.tsx";
import { PopularPosts } from "../components/sidebar/popular-posts.tsx";
import { RecentlyAdded } from "../components/sidebar/recently-added.tsx";
import type { RouteHandle } from "../root.tsx";
import { listingSeo } from "../seo/listing-seo.ts";
import { type MetaMatches, rootDataOf, routeMeta, seoSiteOf } from "../seo/meta.ts";
import type { ListingPageData, loadPropertyGrid, loadSearch } from "./listing.server.ts";
import { ListingEmpty } from "./listing-empty.tsx";
import { listingParamNames } from "./listing-search.ts";
import { ListingToolbar } from "./listing-toolbar.tsx";
import { Pagination } from "./pagination.tsx";
import type { ListingView } from "./view-toggles.tsx";

interface ListingRoute {
  /** The page's name: its h1 and title. */
  title: string;
  /** The route's path, where its forms submit. */
  path: "/property" | "/search";
}

/** The two listing routes: their names and paths. */
export const listingRoutes = {
  grid: { title: "Properties Grid", path: "/property" },
  list: { title: "Properties Listing", path: "/search" },
} as const satisfies Record<string, ListingRoute>;

/** Both listing routes keep their search parameters through client navigation. */
export const listingHandle: RouteHandle = { searchParams: listingParamNames };

/** The metadata of a listing route: paged listings are indexed, filtered or re-sorted ones are not. */
export function listingRouteMeta({ title, path }: ListingRoute) {
  return (args: { matches: MetaMatches; error?: unknown; loaderData?: ListingPageData }) =>
    routeMeta(
      args,
      args.loaderData &&
        listingSeo({
          ...args.loaderData,
          path,
          title,
          businessName: seoSiteOf(rootDataOf(args.matches)).businessName,
          currency: seoSiteOf(rootDataOf(args.matches)).currency,
        }),
    );
}

export interface ListingPageProps extends ListingRoute {
  view: "grid" | "list";
  listing: ListingPageData & { recent: Property[] };
  /** What /property's sidebar has beyond /search's (SPEC §2: 'Popular Posts'). */
  moreWidgets?: ReactNode;
}

/** The Advanced Search's anchor: the phone's 'Filters' link goes there. */
export const filtersId = "filters";

export function ListingPage({ title, path, view, listing, moreWidgets }: ListingPageProps) {
  const { properties, total, page, pageCount, pageSize, search, filtered } = listing;
  const first = (page - 1) * pageSize + 1;
  const sidebarSide = view === "grid" ? "left" : "right";
  const listClass = view === "grid" ? "property-grid" : "property-list";
  // view=map on /search: the map of every match above the same list (decision 054).
  const shownView: ListingView = path === "/search" && search.map ? "map" : view;

  return (
    <>
      <PageBanner title={title} />
      <div className={`container listing-layout listing-layout--sidebar-${sidebarSide}`}>
        <section className="listing-layout__main" aria-label="Properties">
          {/* Phones: the filters sit after the results; this opens them (decision 074). */}
          <a href={`#${filtersId}`} className="listing-filters-link" data-enhance="filters-toggle">
            <Icon name="search" size={18} />
            Filters
          </a>
          <ListingToolbar
            view={shownView}
            path={path}
            total={total}
            first={first}
            last={first + properties.length - 1}
            sort={search.sort}
            filtered={filtered}
            filterQuery={listing.filterQuery}
            clearFiltersHref={listing.clearFiltersHref}
          />
          {listing.removeAreaHref ? (
            <p className="listing-area">
              The list is limited to an area drawn on the map.{" "}
              <a href={listing.removeAreaHref} className="listing-area__remove">
                Remove area
              </a>
            </p>
          ) : null}
          {shownView === "map" ? (
            <PropertyMap
              label="Map of the properties found"
              markersUrl={`/search/markers${listing.filterQuery ? `?${listing.filterQuery}` : ""}`}
              searchAreaPath={path}
              bbox={search.filters.bbox}
              polygon={search.filters.polygon}
              listed={total}
            />
          ) : null}
          {properties.length > 0 ? (
            <ul className={listClass}>
              {properties.map((item, index) => (
                <li key={item.code} className={`${listClass}__item`}>
                  <PropertyCard
                    property={item}
                    variant={view === "grid" ? "grid" : "row"}
                    headingLevel={2}
                    imagePriority={index === 0}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <ListingEmpty filtered={filtered} clearFiltersHref={listing.clearFiltersHref} />
          )}
          {properties.length > 0 ? (
            <Pagination page={page} pageCount={pageCount} label="Properties pages" />
          ) : null}
        </section>
        <aside className="listing-layout__sidebar" aria-label="Search and categories">
          <AdvancedSearch
            action={path}
            search={search}
            carried={listing.carried}
            facets={listing.facets}
            sectionId={filtersId}
          />
          <AlertForm filters={search.filters} />
          <RecentlyAdded properties={listing.recent} />
          {moreWidgets}
          <CategoryList />
          <HelpingCenter />
        </aside>
      </div>
    </>
  );
}

/** /property: the matching properties as a two-column card grid, with the left sidebar. */
export function PropertyGridPage({
  listing,
}: {
  listing: Awaited<ReturnType<typeof loadPropertyGrid>>;
}) {
  return (
    <ListingPage
      {...listingRoutes.grid}
      view="grid"
      listing={listing}
      moreWidgets={<PopularPosts properties={listing.popular} />}
    />
  );
}

/** /search: the matching properties as list rows, with the right sidebar. */
export function SearchPage({ listing }: { listing: Awaited<ReturnType<typeof loadSearch>> }) {
  return <ListingPage {...listingRoutes.list} view="list" listing={listing} />;
}
