/**
 * "More homes like this" (decision 072): published homes like one listing, for the Similar tab
 * when its hand-picked related list is short and for the home page's notice about a withdrawn
 * listing. The rule, in order:
 * 1. the same offer (rent or sale), the same city, a price within ±30 %;
 * 2. then, to fill up, the same offer and category (any city), a price within ±30 %.
 * Each pass lists the newest first. Never the listing itself nor the codes to leave out (the
 * hand-picked ones). Both passes are ordinary searches (`GET /property/display/all`'s filters),
 * so they read the listing indexes the search pages read (decisions 009, 033, 058) and work
 * against any §7 backend.
 */
import type { Property } from "./api-contract.ts";
import {
  maxAmount,
  maxSearchLimit,
  type PropertyFilters,
  type PropertySearch,
} from "./property-search.ts";

/** A property search (the site's API client's `searchProperties`, or the query itself). */
export type SearchProperties = (search: PropertySearch) => Promise<{ properties: Property[] }>;

/** What a similar home is matched on: a listing's offer, category, city and price. */
export interface HomeLike {
  code: string;
  offer_type: string;
  category?: string | null | undefined;
  city: string;
  price: number;
}

/** The Similar tab's hand-picked homes are topped up with similar ones to this many. */
export const similarTabSize = 3;

/** A similar home's price is within this fraction of the listing's, either way. */
export const similarPriceBand = 0.3;

/** The price filters of a listing's band; none for a listing without a price. */
function priceBand(price: number): Pick<PropertyFilters, "minPrice" | "maxPrice"> {
  if (!(price > 0)) return {};
  return {
    minPrice: Math.floor(price * (1 - similarPriceBand)),
    maxPrice: Math.min(maxAmount, Math.ceil(price * (1 + similarPriceBand))),
  };
}

/** Up to `count` published homes like `like` by the rule above, left out `exclude`'s codes. */
export async function findSimilarHomes(
  searchProperties: SearchProperties,
  like: HomeLike,
  { count, exclude = [] }: { count: number; exclude?: readonly string[] },
): Promise<Property[]> {
  // The offer is the rule's core: a renter is never shown homes for sale.
  if (count <= 0 || like.offer_type === "") return [];
  const band = priceBand(like.price);
  const passes: PropertyFilters[] = [];
  if (like.city !== "") passes.push({ status: like.offer_type, location: like.city, ...band });
  if (like.category) passes.push({ status: like.offer_type, type: like.category, ...band });

  const skipped = new Set([like.code, ...exclude]);
  const found: Property[] = [];
  for (const filters of passes) {
    if (found.length >= count) break;
    // Enough rows that the ones left out still leave `count`.
    const page = await searchProperties({
      ...filters,
      sort: "new",
      page: 1,
      limit: Math.min(maxSearchLimit, count + skipped.size),
    });
    for (const property of page.properties) {
      if (found.length >= count) break;
      if (skipped.has(property.code)) continue;
      skipped.add(property.code);
      found.push(property);
    }
  }
  return found;
}
