/**
 * The property search of `lib/property-search.ts` applied to a list in memory, with the same
 * rules as the API's SQL (`db/queries/property.ts`). The site uses it when the API behind
 * `API_BASE_URL` is an older backend that ignores the search parameters and answers every
 * property: the site then filters, sorts and pages that list itself.
 */
import type { Property } from "./api-contract.ts";
import { propertyField } from "./property-fields.ts";
import {
  type BoundingBox,
  filterableFields,
  type PropertyFilters,
  type PropertySearch,
  type PropertySort,
  pointInPolygon,
} from "./property-search.ts";

/** Up to six words of a keyword, lower case; every word must occur in one searched field. */
function keywordWords(keyword: string): string[] {
  return keyword.toLowerCase().split(" ").filter(Boolean).slice(0, 6);
}

type CountField = "bedrooms" | "bathrooms" | "balcony" | "garage";
const countColumns: Record<CountField, (property: Property) => number | null | undefined> = {
  bedrooms: (property) => property.bedroom,
  bathrooms: (property) => property.bathroom,
  balcony: (property) => property.balcony,
  garage: (property) => property.garage,
};

/** True when `property` matches every filter (absent filters match everything). */
export function matchesFilters(property: Property, filters: PropertyFilters): boolean {
  if (filters.keyword) {
    const fields = [property.headline, property.address, property.city, property.description].map(
      (text) => text.toLowerCase(),
    );
    for (const word of keywordWords(filters.keyword)) {
      if (!fields.some((text) => text.includes(word))) return false;
    }
  }
  if (filters.status && property.offer_type !== filters.status) return false;
  if (filters.type && property.category !== filters.type) return false;
  if (filters.types?.length && !filters.types.includes(property.category ?? "")) return false;
  if (
    filters.location &&
    ![property.city, property.province, property.country].includes(filters.location)
  ) {
    return false;
  }
  if (filters.minArea !== undefined && !(property.size >= filters.minArea)) return false;
  if (filters.maxArea !== undefined && !(property.size <= filters.maxArea)) return false;
  if (filters.minPrice !== undefined && !(property.price >= filters.minPrice)) return false;
  if (filters.maxPrice !== undefined && !(property.price <= filters.maxPrice)) return false;
  for (const field of Object.keys(countColumns) as CountField[]) {
    const atLeast = filters[field];
    if (atLeast === undefined) continue;
    // As in SQL, a missing value (null) never satisfies a comparison.
    const value = countColumns[field](property);
    if (value == null || !(value >= atLeast)) return false;
  }
  if (filters.codes?.length && !filters.codes.includes(property.code)) return false;
  for (const { name } of filterableFields()) {
    const filter = filters.fields?.[name];
    const api = propertyField(name).api;
    if (!filter || api === null) continue;
    // A field an older backend does not send matches no filter on it, as a null never does.
    const value = (property as unknown as Record<string, unknown>)[api];
    if ("equals" in filter) {
      if (value !== filter.equals) return false;
    } else if (
      typeof value !== "number" ||
      (filter.min !== undefined && value < filter.min) ||
      (filter.max !== undefined && value > filter.max)
    ) {
      return false;
    }
  }
  if (filters.bbox && !insideBox(property, filters.bbox)) return false;
  if (filters.polygon) {
    const { latitude, longitude } = property;
    if (latitude == null || longitude == null) return false;
    if (!pointInPolygon(longitude, latitude, filters.polygon)) return false;
  }
  return true;
}

/** Whether a property is placed inside a box (an unplaced one never is), as the SQL decides. */
export function insideBox(
  property: Pick<Property, "latitude" | "longitude">,
  box: BoundingBox,
): boolean {
  const { latitude, longitude } = property;
  if (latitude == null || longitude == null) return false;
  if (latitude < box.south || latitude > box.north) return false;
  return box.west <= box.east
    ? longitude >= box.west && longitude <= box.east
    : longitude >= box.west || longitude <= box.east;
}

function time(value: string): number {
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? 0 : parsed;
}

const comparators: Record<PropertySort, (a: Property, b: Property) => number> = {
  new: (a, b) => time(b.created_at) - time(a.created_at),
  old: (a, b) => time(a.created_at) - time(b.created_at),
  price_desc: (a, b) => b.price - a.price,
  price_asc: (a, b) => a.price - b.price,
};

/** A sorted copy; ties keep the list's order (the sort is stable). */
export function sortProperties(properties: readonly Property[], sort: PropertySort): Property[] {
  return [...properties].sort(comparators[sort]);
}

/**
 * One page of the properties that match `search`, and how many match in all: what the API
 * answers as `{ data, meta.total }`. A page past the end is empty, as in the API.
 */
export function searchPropertiesInMemory(
  properties: readonly Property[],
  search: PropertySearch,
): { properties: Property[]; total: number } {
  const matching = sortProperties(
    properties.filter((property) => matchesFilters(property, search)),
    search.sort,
  );
  const start = (search.page - 1) * search.limit;
  return { properties: matching.slice(start, start + search.limit), total: matching.length };
}
