import { useSearchParams } from "react-router";
import { siteRequestContext } from "#app-context";
import { createApiClient } from "../api/client.server.ts";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { ListingToolbar } from "../components/property/listing-toolbar.tsx";
import { codesOf, matchProperties } from "../components/property/match-codes.ts";
import { metaWithTitle } from "../components/property/page-meta.ts";
import { Pagination } from "../components/property/pagination.tsx";
import { clampPage, gridPageSize, pageCount, pageItems } from "../components/property/paging.ts";
import { PropertyCard } from "../components/property/property-card.tsx";
import { AdvancedSearch } from "../components/sidebar/advanced-search.tsx";
import { CategoryList } from "../components/sidebar/category-list.tsx";
import { HelpingCenter } from "../components/sidebar/helping-center.tsx";
import { PopularPosts } from "../components/sidebar/popular-posts.tsx";
import { useRecords } from "../store/records.ts";
import type { Route } from "./+types/property-grid";

const title = "Properties Grid";

export const meta: Route.MetaFunction = ({ matches }) => metaWithTitle(matches, title);

/** The 'Popular Posts' widget is drawn from layout 1: its codes, matched in the component. */
export async function loader({ context }: Route.LoaderArgs) {
  const { config, clientIp } = context.get(siteRequestContext);
  const api = createApiClient({ ...config, clientIp });
  const layout = await api.getCollection("Product Layout 1");
  return { popularCodes: codesOf(layout?.item_list) };
}

/** /property: every property as a two-column card grid, 6 per page, with the left sidebar. */
export default function PropertyGrid({ loaderData }: Route.ComponentProps) {
  const { property } = useRecords();
  const [searchParams] = useSearchParams();
  const count = pageCount(property.length, gridPageSize);
  const page = clampPage(searchParams.get("page"), count);
  const shown = pageItems(property, page, gridPageSize);
  const first = (page - 1) * gridPageSize + 1;
  const popular = matchProperties(loaderData.popularCodes, property).slice(0, 4);

  return (
    <>
      <PageBanner title={title} />
      <div className="container listing-layout listing-layout--sidebar-left">
        <section className="listing-layout__main" aria-label="Properties">
          <ListingToolbar
            view="grid"
            total={property.length}
            first={first}
            last={first + shown.length - 1}
          />
          {shown.length > 0 ? (
            <ul className="property-grid">
              {shown.map((item) => (
                <li key={item.code} className="property-grid__item">
                  <PropertyCard property={item} headingLevel={2} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="listing-empty">There are no properties to show right now.</p>
          )}
          <Pagination page={page} pageCount={count} label="Properties pages" />
        </section>
        <aside className="listing-layout__sidebar" aria-label="Search and categories">
          <AdvancedSearch />
          <PopularPosts properties={popular} />
          <CategoryList />
          <HelpingCenter />
        </aside>
      </div>
    </>
  );
}
