/**
 * What the catalogue offers to search by (decision 074): every city with its number of
 * published listings, and the highest published price per offer type, from which the
 * Advanced Search's price choices are stepped. Computed by the database (db/queries/
 * search-facets.ts) or, against a §7 backend, from the full list (searchFacetsOf).
 */
import type { Property } from "./api-contract.ts";

export interface CityFacet {
  name: string;
  /** Published listings in the city. */
  count: number;
}

export interface SearchFacets {
  /** Every city of a published listing, by name. */
  cities: CityFacet[];
  /** The highest published price per offer type ('For Sale', 'For Rent'); absent for none. */
  maxPrice: Record<string, number>;
}

export const emptySearchFacets: SearchFacets = { cities: [], maxPrice: {} };

/** The facets of a list of published properties. */
export function searchFacetsOf(properties: readonly Property[]): SearchFacets {
  const counts = new Map<string, number>();
  const maxPrice: Record<string, number> = {};
  for (const property of properties) {
    const city = property.city?.trim();
    if (city) counts.set(city, (counts.get(city) ?? 0) + 1);
    const price = Number(property.price);
    if (Number.isFinite(price) && price > (maxPrice[property.offer_type] ?? 0)) {
      maxPrice[property.offer_type] = price;
    }
  }
  const cities = [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return { cities, maxPrice };
}
