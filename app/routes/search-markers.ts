/**
 * `/search/markers?…` (decision 054): the map of `/search?…&view=map` reads its markers here,
 * with the listing page's own parameters, so the map and the list answer the same search. Every
 * placed match (up to the API's limit), not one page: the title, the price as the site shows
 * it (a rent's with its period, decision 073), the offer type, the coordinates and the property page's address.
 */
import { siteRequestContext } from "#app-context";
import { formatCompactListingPrice, formatListingPrice } from "../../lib/format.ts";
import { listingParamNames, readListingSearch } from "../listing/listing-search.ts";
import type { Route } from "./+types/search-markers";

/** What the map's script reads (app/components/map/draw-property-map.ts). */
export interface MarkersAnswer {
  markers: {
    code: string;
    title: string;
    price: string;
    /** The price in a few characters, on the marker itself. */
    short: string;
    offer: string;
    lat: number;
    lng: number;
    href: string;
  }[];
  /** More properties match than the answer holds (the newest are given). */
  more: boolean;
}

export const handle = { searchParams: listingParamNames };

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api, config } = context.get(siteRequestContext);
  const { filters } = readListingSearch(new URL(request.url).searchParams);
  const { markers, more } = await api.searchPropertyMarkers(filters);
  const answer: MarkersAnswer = {
    markers: markers.map((marker) => ({
      code: marker.code,
      title: marker.headline,
      price: formatListingPrice(marker, config.currency),
      short: formatCompactListingPrice(marker, config.currency),
      offer: marker.offer_type,
      lat: marker.latitude,
      lng: marker.longitude,
      href: `/property/${encodeURIComponent(marker.slug)}`,
    })),
    more,
  };
  return Response.json(answer, {
    headers: {
      // As the listing pages: shared, revalidated (decision 031).
      "Cache-Control": "public, max-age=0, s-maxage=30, stale-while-revalidate=30",
      "X-Robots-Tag": "noindex",
    },
  });
}
