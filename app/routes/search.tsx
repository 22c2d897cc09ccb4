import { siteRequestContext } from "#app-context";
import { loadSearch } from "../listing/listing.server.ts";
import {
  listingHandle,
  listingRouteMeta,
  listingRoutes,
  SearchPage,
} from "../listing/listing-page.tsx";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = listingRouteMeta(listingRoutes.list);

export const handle = listingHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSearch(context.get(siteRequestContext).api, new URL(request.url));
}

/** /search (app/listing): the matching properties as list rows. */
export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchPage listing={loaderData} />;
}
