/**
 * A property search: the filters, sort and page that the listing pages send to
 * `GET /api/property/display/all`. One home for reading them, shared by the API (query string
 * → search) and the site (search → query string). Reading is lenient for the text, the sort and
 * the page: a value that does not fit is ignored. A numeric filter is checked against its
 * column instead (propertySearchErrors): the API refuses one that does not fit with a 400,
 * rather than let the database fail on it (decision 029).
 */

import { type Availability, readAvailability } from "./availability.ts";
import {
  maxAmount,
  maxWholeNumber,
  readAmount,
  readPositiveInt,
  readText,
  readWholeNumber,
} from "./text.ts";

export const propertySorts = ["new", "old", "price_desc", "price_asc"] as const;
export type PropertySort = (typeof propertySorts)[number];

export interface PropertyFilters {
  /** Words searched in the headline, address, city and description. */
  keyword?: string;
  /** offer_type: 'For Rent' or 'For Sale'. */
  status?: string;
  /** lib/availability.ts: only listings in this state (this project's addition). */
  availability?: Availability;
  /** Category title, such as 'Apartments'. */
  type?: string;
  /**
   * Any of these category titles (decision 074: the Advanced Search's 'Property Category'
   * group, such as Residential = Apartments, Houses, Villas); titles no category has match
   * nothing, so an empty group answers no properties.
   */
  types?: string[];
  /** A city, province or country. */
  location?: string;
  minArea?: number;
  maxArea?: number;
  minPrice?: number;
  maxPrice?: number;
  /** At least this many. */
  bedrooms?: number;
  bathrooms?: number;
  balcony?: number;
  garage?: number;
  /** Only these codes (a collection's items). */
  codes?: string[];
  /**
   * Only properties placed inside this box (decision 054): `bbox=west,south,east,north` in
   * decimal degrees. A west edge east of the east edge crosses the antimeridian.
   */
  bbox?: BoundingBox;
}

/** A map's visible area in decimal degrees (WGS 84). */
export interface BoundingBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Decimal places a box keeps (about 1 m): URLs stay short and a box reads back the same. */
const bboxDecimals = 5;

/**
 * A `bbox` parameter: four numbers `west,south,east,north`, longitudes −180..180 and latitudes
 * −90..90 with south ≤ north; undefined for anything else (no filter, never an error).
 */
export function readBoundingBox(value: string | null | undefined): BoundingBox | undefined {
  const parts = (value ?? "").split(",").map((part) => part.trim());
  if (parts.length !== 4 || parts.some((part) => !/^-?\d{1,3}(\.\d+)?$/.test(part))) {
    return undefined;
  }
  const [west, south, east, north] = parts.map(
    (part) => Math.round(Number(part) * 10 ** bboxDecimals) / 10 ** bboxDecimals,
  ) as [number, number, number, number];
  const longitude = (degrees: number) => degrees >= -180 && degrees <= 180;
  const latitude = (degrees: number) => degrees >= -90 && degrees <= 90;
  if (!longitude(west) || !longitude(east) || !latitude(south) || !latitude(north)) {
    return undefined;
  }
  if (south > north) return undefined;
  return { west, south, east, north };
}

/** A box as its `bbox` parameter (the inverse of readBoundingBox). */
export function boundingBoxParam(box: BoundingBox): string {
  const round = (degrees: number) =>
    String(Math.round(degrees * 10 ** bboxDecimals) / 10 ** bboxDecimals);
  return [box.west, box.south, box.east, box.north].map(round).join(",");
}

export interface PropertySearch extends PropertyFilters {
  sort: PropertySort;
  /** 1-based. */
  page: number;
  limit: number;
}

export interface PropertyPageMeta {
  total: number;
  page: number;
  limit: number;
}

export { maxAmount, maxWholeNumber, readAmount, readPositiveInt, readWholeNumber };

export const maxSearchLimit = 60;
export const defaultSearchLimit = 12;
const maxKeywordLength = 100;
const maxCodes = 60;
const maxTypes = 20;

/** The query parameters of the API, by filter. */
const numberParams = {
  minArea: "min_area",
  maxArea: "max_area",
  minPrice: "min_price",
  maxPrice: "max_price",
  bedrooms: "bedrooms",
  bathrooms: "bathrooms",
  balcony: "balcony",
  garage: "garage",
} as const satisfies Record<string, string>;

/** The filters on integer columns (size, and the counts): whole numbers only. */
const wholeNumberFilters = new Set<keyof PropertyFilters>([
  "minArea",
  "maxArea",
  "bedrooms",
  "bathrooms",
  "balcony",
  "garage",
]);

export const propertySearchMessages = {
  invalid: "Please correct the search parameters.",
  wholeNumber: `Please use a whole number from 0 to ${maxWholeNumber}.`,
  amount: `Please use a number from 0 to ${maxAmount}.`,
} as const;

const textParams = {
  keyword: "keyword",
  status: "status",
  type: "type",
  location: "location",
} as const satisfies Record<string, string>;

/** Every parameter the API reads; a request with none of them gets the plain §7 answer. */
export const propertySearchParamNames: readonly string[] = [
  ...Object.values(textParams),
  ...Object.values(numberParams),
  "availability",
  "types",
  "codes",
  "bbox",
  "sort",
  "page",
  "limit",
];

type Params = { get(name: string): string | null };

function readNumberFilter(field: keyof PropertyFilters, value: string | null) {
  return wholeNumberFilters.has(field) ? readWholeNumber(value) : readAmount(value);
}

/**
 * The numeric filters given a value that does not fit their column (a fraction or more than
 * 32 bits for size and the counts, text, a negative number), by parameter name; empty when
 * every one fits. An empty value is no filter, never an error.
 */
export function propertySearchErrors(params: Params): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, name] of Object.entries(numberParams) as [
    keyof typeof numberParams,
    string,
  ][]) {
    const value = params.get(name);
    if (value === null || value.trim() === "") continue;
    if (readNumberFilter(field, value) === undefined) {
      errors[name] = wholeNumberFilters.has(field)
        ? propertySearchMessages.wholeNumber
        : propertySearchMessages.amount;
    }
  }
  return errors;
}

/**
 * A `types` parameter: comma-separated category titles (at most maxTypes, each one-line text
 * of at most 200 characters); undefined when none is left.
 */
export function readTypes(value: string | null | undefined): string[] | undefined {
  const types = [
    ...new Set(
      (value ?? "")
        .split(",")
        .map((title) => readText(title, 200))
        .filter((title): title is string => title !== undefined),
    ),
  ].slice(0, maxTypes);
  return types.length > 0 ? types : undefined;
}

/** Reads the API's query parameters. */
export function readPropertySearch(params: Params): PropertySearch {
  const search: PropertySearch = {
    sort: (propertySorts as readonly string[]).includes(params.get("sort") ?? "")
      ? (params.get("sort") as PropertySort)
      : "new",
    page: readPositiveInt(params.get("page")) ?? 1,
    limit: Math.min(maxSearchLimit, readPositiveInt(params.get("limit")) ?? defaultSearchLimit),
  };
  for (const [field, name] of Object.entries(textParams) as [keyof typeof textParams, string][]) {
    const value = readText(params.get(name), field === "keyword" ? maxKeywordLength : 200);
    if (value !== undefined) search[field] = value;
  }
  for (const [field, name] of Object.entries(numberParams) as [
    keyof typeof numberParams,
    string,
  ][]) {
    const value = readNumberFilter(field, params.get(name));
    if (value !== undefined) search[field] = value;
  }
  const availability = readAvailability(params.get("availability"));
  if (availability !== undefined) search.availability = availability;
  const codes = (params.get("codes") ?? "")
    .split(",")
    .map((code) => code.trim())
    .filter((code) => code !== "" && code.length <= 120)
    .slice(0, maxCodes);
  if (codes.length > 0) search.codes = codes;
  const types = readTypes(params.get("types"));
  if (types !== undefined) search.types = types;
  const bbox = readBoundingBox(params.get("bbox"));
  if (bbox !== undefined) search.bbox = bbox;
  return search;
}

/** Writes a search as the API's query parameters (the inverse of readPropertySearch). */
export function propertySearchParams(search: Partial<PropertySearch>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, name] of Object.entries(textParams) as [keyof typeof textParams, string][]) {
    const value = search[field];
    if (value) params.set(name, value);
  }
  for (const [field, name] of Object.entries(numberParams) as [
    keyof typeof numberParams,
    string,
  ][]) {
    const value = search[field];
    if (value !== undefined) params.set(name, String(value));
  }
  if (search.availability) params.set("availability", search.availability);
  if (search.types?.length) params.set("types", search.types.join(","));
  if (search.codes?.length) params.set("codes", search.codes.join(","));
  if (search.bbox) params.set("bbox", boundingBoxParam(search.bbox));
  if (search.sort) params.set("sort", search.sort);
  if (search.page) params.set("page", String(search.page));
  if (search.limit) params.set("limit", String(search.limit));
  return params;
}

/** True when a query string holds any search parameter (so the answer carries `meta`). */
export function hasPropertySearchParams(params: Params): boolean {
  return propertySearchParamNames.some((name) => params.get(name) !== null);
}
