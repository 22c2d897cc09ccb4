import { siteRequestContext } from "#app-context";
import { createSiteApiClient } from "../api/client.server.ts";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { ListingEmpty } from "../components/property/listing-empty.tsx";
import { ListingToolbar } from "../components/property/listing-toolbar.tsx";
import { Pagination } from "../components/property/pagination.tsx";
import { listPageSize } from "../components/property/paging.ts";
import { PropertyRow } from "../components/property/property-row.tsx";
import { AdvancedSearch } from "../components/sidebar/advanced-search.tsx";
import { CategoryList } from "../components/sidebar/category-list.tsx";
import { HelpingCenter } from "../components/sidebar/helping-center.tsx";
import { RecentlyAdded } from "../components/sidebar/recently-added.tsx";
import { listingSeo } from "../seo/listing-seo.ts";
import { rootDataOf, routeMeta, seoSiteOf } from "../seo/meta.ts";
import type { Route } from "./+types/search";
import { loadListingPage } from "./listing.server.ts";

const title = "Properties Listing";
const path = "/search";

/** Paged listings are indexed; filtered or re-sorted ones are not (app/seo/listing-seo.ts). */
export const meta: Route.MetaFunction = (args) =>
  routeMeta(
    args,
    args.loaderData &&
      listingSeo({
        ...args.loaderData,
        path,
        title,
        businessName: seoSiteOf(rootDataOf(args.matches)).businessName,
      }),
  );

/**
 * One page of the properties that match the URL's search (the search form and the Advanced
 * Search both GET this page), 10 rows per page (docs/decisions/005), and the three newest
 * properties for the 'Recently Added' widget.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const site = context.get(siteRequestContext);
  const api = createSiteApiClient(site);
  const [listing, recent] = await Promise.all([
    loadListingPage(api, new URL(request.url), listPageSize),
    api.searchProperties({ sort: "new", page: 1, limit: 3 }),
  ]);
  return { ...listing, recent: recent.properties };
}

/** /search: the matching properties as list rows, with the right sidebar. */
export default function Search({ loaderData }: Route.ComponentProps) {
  const { properties, total, page, pageCount, pageSize, search, filtered, recent } = loaderData;
  const first = (page - 1) * pageSize + 1;

  return (
    <>
      <PageBanner title={title} />
      <div className="container listing-layout listing-layout--sidebar-right">
        <section className="listing-layout__main" aria-label="Properties">
          <ListingToolbar
            view="list"
            path={path}
            total={total}
            first={first}
            last={first + properties.length - 1}
            sort={search.sort}
            filtered={filtered}
            filterQuery={loaderData.filterQuery}
            clearFiltersHref={loaderData.clearFiltersHref}
          />
          {properties.length > 0 ? (
            <ul className="property-list">
              {properties.map((item, index) => (
                <li key={item.code} className="property-list__item">
                  <PropertyRow property={item} imagePriority={index === 0} />
                </li>
              ))}
            </ul>
          ) : (
            <ListingEmpty filtered={filtered} clearFiltersHref={loaderData.clearFiltersHref} />
          )}
          {properties.length > 0 ? (
            <Pagination page={page} pageCount={pageCount} label="Properties pages" />
          ) : null}
        </section>
        <aside className="listing-layout__sidebar" aria-label="Search and categories">
          <AdvancedSearch action={path} search={search} />
          <RecentlyAdded properties={recent} />
          <CategoryList />
          <HelpingCenter />
        </aside>
      </div>
    </>
  );
}
