import { siteRequestContext } from "#app-context";
import { loadPropertyGrid } from "../listing/listing.server.ts";
import {
  listingHandle,
  listingRouteMeta,
  listingRoutes,
  PropertyGridPage,
} from "../listing/listing-page.tsx";
import type { Route } from "./+types/property-grid";

export const meta: Route.MetaFunction = listingRouteMeta(listingRoutes.grid);

export const handle = listingHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadPropertyGrid(context.get(siteRequestContext).api, new URL(request.url));
}

/** /property (app/listing): the matching properties as a card grid. */
export default function PropertyGrid({ loaderData }: Route.ComponentProps) {
  return <PropertyGridPage listing={loaderData} />;
}
