import { siteRequestContext } from "#app-context";
import { createSiteApiClient } from "../api/client.server.ts";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { ListingEmpty } from "../components/property/listing-empty.tsx";
import { ListingToolbar } from "../components/property/listing-toolbar.tsx";
import { codesOf } from "../components/property/match-codes.ts";
import { Pagination } from "../components/property/pagination.tsx";
import { gridPageSize } from "../components/property/paging.ts";
import { PropertyCard } from "../components/property/property-card.tsx";
import { AdvancedSearch } from "../components/sidebar/advanced-search.tsx";
import { CategoryList } from "../components/sidebar/category-list.tsx";
import { HelpingCenter } from "../components/sidebar/helping-center.tsx";
import { PopularPosts } from "../components/sidebar/popular-posts.tsx";
import { listingSeo } from "../seo/listing-seo.ts";
import { rootDataOf, routeMeta, seoSiteOf } from "../seo/meta.ts";
import type { Route } from "./+types/property-grid";
import { loadListingPage } from "./listing.server.ts";

const title = "Properties Grid";
const path = "/property";

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
 * One page of the properties that match the URL's search, 6 cards per page (SPEC §9), and the
 * 'Popular Posts' widget drawn from layout 1: its first four items, fetched by code.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const site = context.get(siteRequestContext);
  const api = createSiteApiClient(site);
  const [listing, popular] = await Promise.all([
    loadListingPage(api, new URL(request.url), gridPageSize),
    api
      .getCollection("Product Layout 1")
      .then((layout) => api.findPropertiesByCodes(codesOf(layout?.item_list))),
  ]);
  return { ...listing, popular: popular.slice(0, 4) };
}

/** /property: the matching properties as a two-column card grid, with the left sidebar. */
export default function PropertyGrid({ loaderData }: Route.ComponentProps) {
  const { properties, total, page, pageCount, pageSize, search, filtered, popular } = loaderData;
  const first = (page - 1) * pageSize + 1;

  return (
    <>
      <PageBanner title={title} />
      <div className="container listing-layout listing-layout--sidebar-left">
        <section className="listing-layout__main" aria-label="Properties">
          <ListingToolbar
            view="grid"
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
            <ul className="property-grid">
              {properties.map((item, index) => (
                <li key={item.code} className="property-grid__item">
                  <PropertyCard property={item} headingLevel={2} imagePriority={index === 0} />
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
          <PopularPosts properties={popular} />
          <CategoryList />
          <HelpingCenter />
        </aside>
      </div>
    </>
  );
}
