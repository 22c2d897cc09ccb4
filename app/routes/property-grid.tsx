import { siteRequestContext } from "#app-context";
import { listingParamNames } from "../components/property/listing-search.ts";
import { codesOf } from "../components/property/match-codes.ts";
import { gridPageSize } from "../components/property/paging.ts";
import { PopularPosts } from "../components/sidebar/popular-posts.tsx";
import type { RouteHandle } from "../root.tsx";
import type { Route } from "./+types/property-grid";
import { loadListingPage } from "./listing.server.ts";
import { ListingPage, listingRouteMeta } from "./listing-page.tsx";

const route = { title: "Properties Grid", path: "/property" } as const;

export const meta: Route.MetaFunction = listingRouteMeta(route);

export const handle: RouteHandle = { searchParams: listingParamNames };

/**
 * One page of the properties that match the URL's search, 6 cards per page (SPEC §9), and the
 * 'Popular Posts' widget drawn from layout 1: its first four items, fetched by code.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(siteRequestContext);
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
  return (
    <ListingPage
      {...route}
      view="grid"
      listing={loaderData}
      sidebarWidget={<PopularPosts properties={loaderData.popular} />}
    />
  );
}
