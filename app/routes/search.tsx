import { useSearchParams } from "react-router";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { ListingToolbar } from "../components/property/listing-toolbar.tsx";
import { metaWithTitle } from "../components/property/page-meta.ts";
import { Pagination } from "../components/property/pagination.tsx";
import { clampPage, listPageSize, pageCount, pageItems } from "../components/property/paging.ts";
import { PropertyRow } from "../components/property/property-row.tsx";
import { AdvancedSearch } from "../components/sidebar/advanced-search.tsx";
import { CategoryList } from "../components/sidebar/category-list.tsx";
import { HelpingCenter } from "../components/sidebar/helping-center.tsx";
import { RecentlyAdded } from "../components/sidebar/recently-added.tsx";
import { useRecords } from "../store/records.ts";
import type { Route } from "./+types/search";

const title = "Properties Listing";

export const meta: Route.MetaFunction = ({ matches }) => metaWithTitle(matches, title);

/**
 * /search: every property as a list row, with the right sidebar. The search form submits here,
 * but SPEC §2 applies no filter: its fields are only kept in the pager's links.
 */
export default function Search() {
  const { property } = useRecords();
  const [searchParams] = useSearchParams();
  const count = pageCount(property.length, listPageSize);
  const page = clampPage(searchParams.get("page"), count);
  const shown = pageItems(property, page, listPageSize);
  const first = (page - 1) * listPageSize + 1;

  return (
    <>
      <PageBanner title={title} />
      <div className="container listing-layout listing-layout--sidebar-right">
        <section className="listing-layout__main" aria-label="Properties">
          <ListingToolbar
            view="list"
            total={property.length}
            first={first}
            last={first + shown.length - 1}
          />
          {shown.length > 0 ? (
            <ul className="property-list">
              {shown.map((item) => (
                <li key={item.code} className="property-list__item">
                  <PropertyRow property={item} />
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
          <RecentlyAdded />
          <CategoryList />
          <HelpingCenter />
        </aside>
      </div>
    </>
  );
}
