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
  choiceLabel,
  type PropertyFieldFilter,
  propertyField,
  readChoice,
  type SchemaFieldName,
  schemaFieldsWith,
} from "./property-fields.ts";
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
  /**
   * Only properties placed inside this drawn area (decision 075):
   * `polygon=lon lat,lon lat,…`, three to maxPolygonPoints corners in decimal degrees.
   */
  polygon?: Polygon;
  /**
   * The filters of lib/property-fields.ts's fields that have one (decision 085), by field: a
   * choice's value, or a count's bounds (both included).
   */
  fields?: FieldFilters;
}

/** A filter on one of the property schema's fields: one choice, or a count's bounds. */
export type FieldFilter = { equals: string } | { min?: number; max?: number };

/** The schema fields' filters, by field name. */
export type FieldFilters = Partial<Record<SchemaFieldName, FieldFilter>>;

/** Which side's parameter names: the API's (`min_size`) or the listing pages' (`min-size`). */
export type FieldFilterSide = "api" | "site";

/** The schema's fields that can be filtered by, in the table's order, with their filters. */
export function filterableFields(): {
  name: SchemaFieldName;
  filter: PropertyFieldFilter;
  kind: "choice" | "count";
}[] {
  return schemaFieldsWith("filter").flatMap(({ name, field, entry }) =>
    field.type.kind === "choice" || field.type.kind === "count"
      ? [{ name, filter: entry, kind: field.type.kind }]
      : [],
  );
}

/** A field filter's parameter names: a choice's one, or a count's lower and upper bounds. */
export function fieldFilterParamNames(
  filter: PropertyFieldFilter,
  kind: "choice" | "count",
  side: FieldFilterSide,
): string[] {
  const base = side === "api" ? filter.api : filter.param;
  if (kind === "choice") return [base];
  const join = side === "api" ? "_" : "-";
  return [`min${join}${base}`, `max${join}${base}`];
}

/** Every parameter of the schema fields' filters on one side. */
export function allFieldFilterParamNames(side: FieldFilterSide): string[] {
  return filterableFields().flatMap(({ filter, kind }) =>
    fieldFilterParamNames(filter, kind, side),
  );
}

/**
 * Reads the schema fields' filters: a choice by its value or label in any case (anything else
 * is no filter), a count's bounds as whole numbers up to the field's maximum (swapped if
 * crossed); undefined when none is given.
 */
export function readFieldFilters(params: Params, side: FieldFilterSide): FieldFilters | undefined {
  const filters: FieldFilters = {};
  for (const { name, filter, kind } of filterableFields()) {
    const type = propertyField(name).type;
    const [first, second] = fieldFilterParamNames(filter, kind, side);
    if (type.kind === "choice") {
      const value = readChoice(type.choices, params.get(first as string));
      if (value !== undefined) filters[name] = { equals: value };
    } else if (type.kind === "count") {
      const bound = (param: string | undefined) => {
        const value = readWholeNumber(params.get(param as string));
        return value !== undefined && value <= type.max ? value : undefined;
      };
      let min = bound(first);
      let max = bound(second);
      if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
      if (min !== undefined || max !== undefined) {
        filters[name] = {
          ...(min !== undefined ? { min } : {}),
          ...(max !== undefined ? { max } : {}),
        };
      }
    }
  }
  return Object.keys(filters).length > 0 ? filters : undefined;
}

/** Writes the schema fields' filters into `params` (the inverse of readFieldFilters). */
export function writeFieldFilters(
  params: URLSearchParams,
  filters: FieldFilters | undefined,
  side: FieldFilterSide,
): URLSearchParams {
  if (!filters) return params;
  for (const { name, filter, kind } of filterableFields()) {
    const value = filters[name];
    if (!value) continue;
    const [first, second] = fieldFilterParamNames(filter, kind, side);
    if ("equals" in value) params.set(first as string, value.equals);
    else {
      if (value.min !== undefined) params.set(first as string, String(value.min));
      if (value.max !== undefined) params.set(second as string, String(value.max));
    }
  }
  return params;
}

/**
 * The schema fields' filters in words, in the table's order: "Tenure: Freehold", a count's
 * "Floors: 2 to 3", "Floors: from 2" or "Floors: up to 3" (page titles, alert descriptions).
 */
export function describeFieldFilters(filters: FieldFilters | undefined): string[] {
  if (!filters) return [];
  return filterableFields().flatMap(({ name, filter }) => {
    const value = filters[name];
    if (!value) return [];
    if ("equals" in value) return [`${filter.label}: ${choiceLabel(name, value.equals)}`];
    const { min, max } = value;
    const text =
      min !== undefined && max !== undefined
        ? `${min} to ${max}`
        : min !== undefined
          ? `from ${min}`
          : `up to ${max}`;
    return [`${filter.label}: ${text}`];
  });
}

/** A drawn area's corners, `[longitude, latitude]` each, in drawing order (not closed). */
export type Polygon = [number, number][];

/** At most this many corners: a drawn area's URL stays short (about 1 KB). */
export const maxPolygonPoints = 50;

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

const roundDegrees = (degrees: number) =>
  Math.round(degrees * 10 ** bboxDecimals) / 10 ** bboxDecimals;

/**
 * A `polygon` parameter: `lon lat` pairs (a space, or `+` once decoded as one) separated by
 * commas, longitudes −180..180 and latitudes −90..90, rounded to five places; a last corner
 * equal to the first is dropped and so are repeated corners. Undefined (no filter, never an
 * error) for anything else: fewer than three distinct corners, more than maxPolygonPoints, a
 * number that does not parse or is out of range, or an area of zero.
 */
export function readPolygon(value: string | null | undefined): Polygon | undefined {
  const text = (value ?? "").trim();
  if (text === "" || text.length > maxPolygonPoints * 24) return undefined;
  const corners: Polygon = [];
  for (const pair of text.split(",")) {
    const parts = pair.trim().split(/[\s+]+/);
    if (parts.length !== 2 || parts.some((part) => !/^-?\d{1,3}(\.\d+)?$/.test(part))) {
      return undefined;
    }
    const [lon, lat] = parts.map((part) => roundDegrees(Number(part))) as [number, number];
    if (lon < -180 || lon > 180 || lat < -90 || lat > 90) return undefined;
    const last = corners.at(-1);
    if (last && last[0] === lon && last[1] === lat) continue;
    corners.push([lon, lat]);
  }
  const first = corners[0];
  const last = corners.at(-1);
  if (corners.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) {
    corners.pop();
  }
  if (corners.length < 3 || corners.length > maxPolygonPoints) return undefined;
  if (polygonArea(corners) === 0) return undefined;
  return corners;
}

/** A polygon as its `polygon` parameter (the inverse of readPolygon). */
export function polygonParam(polygon: Polygon): string {
  return polygon
    .map(([lon, lat]) => `${String(roundDegrees(lon))} ${String(roundDegrees(lat))}`)
    .join(",");
}

/** Twice the signed area (shoelace), in square degrees: zero when every corner is on a line. */
function polygonArea(polygon: Polygon): number {
  let sum = 0;
  for (let i = 0; i < polygon.length; i++) {
    const [x1, y1] = polygon[i] as [number, number];
    const [x2, y2] = polygon[(i + 1) % polygon.length] as [number, number];
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

/** The smallest box around a polygon: the database's prefilter on its coordinate index. */
export function polygonBounds(polygon: Polygon): BoundingBox {
  const lons = polygon.map(([lon]) => lon);
  const lats = polygon.map(([, lat]) => lat);
  return {
    west: Math.min(...lons),
    south: Math.min(...lats),
    east: Math.max(...lons),
    north: Math.max(...lats),
  };
}

/**
 * Whether a point is inside a polygon or on its edge, by its winding number (non-zero: inside),
 * the rule of PostgreSQL's `polygon @> point`, so SQLite's function (db/database.ts), the
 * in-memory search and PostgreSQL agree, a self-crossing drawing included. Plane geometry on
 * the degrees (no antimeridian crossing: a drawn area is a few cities wide at most).
 */
export function pointInPolygon(lon: number, lat: number, polygon: Polygon): boolean {
  let winding = 0;
  for (let i = 0; i < polygon.length; i++) {
    const [x1, y1] = polygon[i] as [number, number];
    const [x2, y2] = polygon[(i + 1) % polygon.length] as [number, number];
    const cross = (x2 - x1) * (lat - y1) - (lon - x1) * (y2 - y1);
    // On the edge: inside, as PostgreSQL counts it.
    if (
      Math.abs(cross) < 1e-12 &&
      lon >= Math.min(x1, x2) &&
      lon <= Math.max(x1, x2) &&
      lat >= Math.min(y1, y2) &&
      lat <= Math.max(y1, y2)
    ) {
      return true;
    }
    if (y1 <= lat) {
      if (y2 > lat && cross > 0) winding++;
    } else if (y2 <= lat && cross < 0) {
      winding--;
    }
  }
  return winding !== 0;
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
  "polygon",
  ...allFieldFilterParamNames("api"),
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
  for (const { name, filter, kind } of filterableFields()) {
    const type = propertyField(name).type;
    if (kind !== "count" || type.kind !== "count") continue;
    for (const param of fieldFilterParamNames(filter, kind, "api")) {
      const value = params.get(param);
      if (value === null || value.trim() === "") continue;
      const read = readWholeNumber(value);
      if (read === undefined || read > type.max) {
        errors[param] = `Please use a whole number from 0 to ${type.max}.`;
      }
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
  const polygon = readPolygon(params.get("polygon"));
  if (polygon !== undefined) search.polygon = polygon;
  const fields = readFieldFilters(params, "api");
  if (fields !== undefined) search.fields = fields;
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
  if (search.polygon) params.set("polygon", polygonParam(search.polygon));
  writeFieldFilters(params, search.fields, "api");
  if (search.sort) params.set("sort", search.sort);
  if (search.page) params.set("page", String(search.page));
  if (search.limit) params.set("limit", String(search.limit));
  return params;
}

/** True when a query string holds any search parameter (so the answer carries `meta`). */
export function hasPropertySearchParams(params: Params): boolean {
  return propertySearchParamNames.some((name) => params.get(name) !== null);
}
