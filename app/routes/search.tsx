import { siteRequestContext } from "#app-context";
import { listingParamNames } from "../components/property/listing-search.ts";
import { listPageSize } from "../components/property/paging.ts";
import { RecentlyAdded } from "../components/sidebar/recently-added.tsx";
import type { RouteHandle } from "../root.tsx";
import type { Route } from "./+types/search";
import { loadListingPage } from "./listing.server.ts";
import { ListingPage, listingRouteMeta } from "./listing-page.tsx";

const route = { title: "Properties Listing", path: "/search" } as const;

export const meta: Route.MetaFunction = listingRouteMeta(route);

export const handle: RouteHandle = { searchParams: listingParamNames };

/**
 * One page of the properties that match the URL's search (the search form and the Advanced
 * Search both GET this page), 10 rows per page (docs/decisions/005), and the three newest
 * properties for the 'Recently Added' widget.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(siteRequestContext);
  const [listing, recent] = await Promise.all([
    loadListingPage(api, new URL(request.url), listPageSize),
    api.searchProperties({ sort: "new", page: 1, limit: 3 }),
  ]);
  return { ...listing, recent: recent.properties };
}

/** /search: the matching properties as list rows, with the right sidebar. */
export default function Search({ loaderData }: Route.ComponentProps) {
  return (
    <ListingPage
      {...route}
      view="list"
      listing={loaderData}
      sidebarWidget={<RecentlyAdded properties={loaderData.recent} />}
    />
  );
}
