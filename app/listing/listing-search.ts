/**
 * The listing pages' URL (/search and /property) → a property search, and back. One pure home
 * for the parameter names of docs/decisions/006-search-parameters.md, shared by the loaders,
 * the Advanced Search form, the sort form and the pager. Reading is lenient: an empty value
 * means "any", and a value that does not fit is ignored, never an error.
 */

import { availabilities, availabilityLabels, readAvailability } from "../../lib/availability.ts";
import {
  allFieldFilterParamNames,
  type PropertyFilters,
  type PropertySort,
  propertySorts,
  readAmount,
  readBoundingBox,
  readFieldFilters,
  readPolygon,
  readPositiveInt,
  writeFieldFilters,
} from "../../lib/property-search.ts";
import { readText } from "../../lib/text.ts";

/** The sliders' ranges (SPEC §9): area in sq ft, price in USD. Their ends mean "no limit". */
export const areaRange = { min: 0, max: 10_000, step: 100 } as const;
export const priceRange = { min: 0, max: 150_000, step: 1_000 } as const;

/** The Advanced Search's option groups (SPEC §2), word for word. */
export const advancedSearchOptions = {
  status: ["For Sale", "For Rent"],
  type: ["Apartments", "Houses", "Commercial", "Garages"],
  category: ["Commercial", "Residential", "Land", "Hotels"],
  location: ["New York", "Bangladesh", "India", "Canada"],
  counts: ["1", "2", "3", "4"],
} as const;

/**
 * What each 'Property Category' option means (decision 074): the category titles (Property
 * Type) it stands for. Residential is where people live, Commercial where they work or park;
 * Land and Hotels are the categories so named, none in the demo data (an honest empty result).
 */
export const categoryTypes: Readonly<Record<string, readonly string[]>> = {
  Commercial: ["Commercial", "Garages"],
  Residential: ["Apartments", "Houses", "Villas"],
  Land: ["Land"],
  Hotels: ["Hotels"],
};

/** The availability filter's options (decision 046): its URL values and labels. */
export const availabilityOptions = availabilities.map((value) => ({
  value,
  label: availabilityLabels[value],
}));

/** The sort dropdown's options (SPEC §2, word for word) and their URL values. */
export const sortOptions: readonly { value: PropertySort; label: string }[] = [
  { value: "new", label: "New To Old" },
  { value: "old", label: "Old To New" },
  { value: "price_desc", label: "Properties (High To Low)" },
  { value: "price_asc", label: "Properties (Low To High)" },
];

export const defaultSort: PropertySort = "new";

/** The URL parameters, by what they mean. */
export const listingParams = {
  /** The search form's keyword field (SPEC §2 names it `email`). */
  keyword: "email",
  /** The search form's status and type. */
  formStatus: "property-status",
  formType: "property-types",
  /** The Advanced Search's own names. */
  status: "status",
  type: "type",
  category: "category",
  location: "location",
  minArea: "min-area",
  maxArea: "max-area",
  minPrice: "min-price",
  maxPrice: "max-price",
  bedrooms: "bedrooms",
  bathrooms: "bathrooms",
  balcony: "balcony",
  garage: "garage",
  /** Only listings in this availability (lib/availability.ts), such as `under_offer`. */
  availability: "availability",
  /**
   * The unit areas are shown in (`sqft` or `m2`, app/display-units.ts): not a filter, but
   * carried along by paging, sorting and the view toggles like one.
   */
  area: "area",
  /**
   * The map's visible area, `west,south,east,north` ('Search this area', decision 054): a
   * filter like any other, so the list narrows to it too.
   */
  bbox: "bbox",
  /**
   * An area drawn on the map, `lon lat,lon lat,…` (decision 075): a filter like bbox, kept by
   * paging, sorting and the view toggles, dropped by 'Clear filters' and 'Remove area'.
   */
  polygon: "polygon",
  /** `map` shows the matches on a map above the list (decision 054); not a filter. */
  view: "view",
  sort: "sort",
  page: "page",
} as const;

/**
 * The property schema's filters' URL parameters (lib/property-fields.ts, decision 085), such
 * as `tenure` and `furnished`: filters like the others, beside the SPEC's.
 */
export const fieldFilterParamNames: readonly string[] = allFieldFilterParamNames("site");

/** Every parameter a listing page reads: the page cache keys its pages by these alone. */
export const listingParamNames: readonly string[] = [
  ...Object.values(listingParams),
  ...fieldFilterParamNames,
];

/** Every parameter that describes what is listed (all but sort, page and view). */
export const filterParamNames: readonly string[] = listingParamNames.filter(
  (name) => name !== "sort" && name !== "page" && name !== "view",
);

/** What a listing URL asks for. */
export interface ListingSearch {
  /** The filters that narrow the list (sent to the API). */
  filters: PropertyFilters;
  /**
   * The Advanced Search's second group (Commercial, Residential, Land, Hotels), as the form
   * shows it; it filters through `filters.types` (categoryTypes, decision 074).
   */
  category?: string;
  sort: PropertySort;
  /** The requested page, at least 1; the loader moves a page past the end to the last one. */
  page: number;
  /** True for `view=map`: the map above the list (decision 054). */
  map?: boolean;
}

type Params = { get(name: string): string | null; getAll?(name: string): string[] };

/** Every value of a parameter (a form may send a name twice: the price slider and select). */
function valuesOf(params: Params, name: string): string[] {
  if (params.getAll) return params.getAll(name);
  const value = params.get(name);
  return value === null ? [] : [value];
}

const maxTextLength = 100;

/** A parameter as one-line text of at most maxTextLength characters (lib/text.ts). */
const readParam = (value: string | null) => readText(value, maxTextLength);

/** The option of `options` that equals `value` ignoring case, else `value` itself. */
function canonical(value: string, options: readonly string[]): string {
  return options.find((option) => option.toLowerCase() === value.toLowerCase()) ?? value;
}

function readOption(value: string | null, options: readonly string[]): string | undefined {
  const text = readParam(value);
  if (text === undefined) return undefined;
  const match = canonical(text, options);
  return options.includes(match) ? match : undefined;
}

/** The first of `names` with a usable value. */
function firstOf<T>(params: Params, names: string[], read: (value: string | null) => T) {
  for (const name of names) {
    const value = read(params.get(name));
    if (value !== undefined) return value;
  }
  return undefined;
}

function readSort(value: string | null): PropertySort {
  const text = readParam(value);
  if (!text) return defaultSort;
  if ((propertySorts as readonly string[]).includes(text)) return text as PropertySort;
  // The option texts are accepted too (the dropdown once sent them).
  return (
    sortOptions.find((option) => option.label.toLowerCase() === text.toLowerCase())?.value ??
    defaultSort
  );
}

/**
 * A lower and an upper bound; a bound at the end of `range` is no bound; swapped if crossed.
 * With `wholeWithin` (the size, an integer column) the bounds are whole numbers, rounded inward
 * (the same homes match), and kept within the slider: a minimum past its end is its end and a
 * maximum past it no bound, as the form shows them. So any hand-edited URL asks the API a
 * question it answers (decision 029), never one it refuses.
 */
function readRange(
  params: Params,
  minName: string,
  maxName: string,
  range: { min: number; max: number },
  wholeWithin = false,
): [number | undefined, number | undefined] {
  let min = readAmount(params.get(minName));
  let max = readAmount(params.get(maxName));
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  if (wholeWithin) {
    if (min !== undefined) min = Math.min(Math.ceil(min), range.max);
    if (max !== undefined) max = max >= range.max ? range.max : Math.floor(max);
  }
  if (min !== undefined && min <= range.min) min = undefined;
  if (max === range.max) max = undefined;
  return [min, max];
}

/**
 * The price bounds. The slider and the price selects (decision 074) share `min-price` and
 * `max-price`, so each may come more than once: every bound applies, so the highest minimum
 * and the lowest maximum win; a slider end is no bound, as with readRange.
 */
function readPriceRange(params: Params): [number | undefined, number | undefined] {
  const amounts = (name: string) =>
    valuesOf(params, name)
      .map((value) => readAmount(value))
      .filter((value): value is number => value !== undefined);
  const mins = amounts(listingParams.minPrice).filter((value) => value > priceRange.min);
  const maxes = amounts(listingParams.maxPrice).filter((value) => value !== priceRange.max);
  let min = mins.length > 0 ? Math.max(...mins) : undefined;
  let max = maxes.length > 0 ? Math.min(...maxes) : undefined;
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  return [min, max];
}

/** Reads a listing page's URL parameters. */
export function readListingSearch(params: Params): ListingSearch {
  const filters: PropertyFilters = {};
  const keyword = readParam(params.get(listingParams.keyword));
  if (keyword) filters.keyword = keyword;

  const status = firstOf(params, [listingParams.status, listingParams.formStatus], (value) =>
    readOption(value, advancedSearchOptions.status),
  );
  if (status) filters.status = status;

  // Types and places are open lists (the data has more than the forms offer, such as 'Villas'
  // or 'Toronto'); the forms' options are only spelled their way whatever the case.
  const type = firstOf(params, [listingParams.type, listingParams.formType], (value) => {
    const text = readParam(value);
    return text && canonical(text, advancedSearchOptions.type);
  });
  if (type) filters.type = type;
  const location = readParam(params.get(listingParams.location));
  if (location) filters.location = canonical(location, advancedSearchOptions.location);

  const [minArea, maxArea] = readRange(
    params,
    listingParams.minArea,
    listingParams.maxArea,
    areaRange,
    true,
  );
  if (minArea !== undefined) filters.minArea = minArea;
  if (maxArea !== undefined) filters.maxArea = maxArea;
  const [minPrice, maxPrice] = readPriceRange(params);
  if (minPrice !== undefined) filters.minPrice = minPrice;
  if (maxPrice !== undefined) filters.maxPrice = maxPrice;

  for (const field of ["bedrooms", "bathrooms", "balcony", "garage"] as const) {
    const count = readPositiveInt(params.get(listingParams[field]));
    if (count !== undefined) filters[field] = count;
  }
  const availability = readAvailability(readParam(params.get(listingParams.availability)));
  if (availability !== undefined) filters.availability = availability;
  const bbox = readBoundingBox(params.get(listingParams.bbox));
  if (bbox !== undefined) filters.bbox = bbox;
  const polygon = readPolygon(params.get(listingParams.polygon));
  if (polygon !== undefined) filters.polygon = polygon;
  const fields = readFieldFilters(params, "site");
  if (fields !== undefined) filters.fields = fields;

  const search: ListingSearch = {
    filters,
    sort: readSort(params.get(listingParams.sort)),
    page: readPositiveInt(params.get(listingParams.page)) ?? 1,
  };
  const category = readOption(params.get(listingParams.category), advancedSearchOptions.category);
  if (category) {
    search.category = category;
    filters.types = [...(categoryTypes[category] ?? [])];
  }
  if (readParam(params.get(listingParams.view)) === "map") search.map = true;
  return search;
}

/** True when any filter narrows the list. */
export function hasFilters(filters: PropertyFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}

/**
 * The URL's filter parameters with a value, in their own names (so a search form's
 * `property-types` stays `property-types`): what paging and sorting carry along.
 */
export function filterParams(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const [name, value] of params) {
    if (filterParamNames.includes(name) && value.trim() !== "") kept.append(name, value);
  }
  return kept;
}

/** `pathname` with `params`, without a bare '?'. */
export function withQuery(pathname: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The same listing without filters: its sort, map and area unit are kept (they say how, not
 * what, is listed), its page is not.
 */
export function clearFiltersHref(
  pathname: string,
  sort: PropertySort,
  map = false,
  areaUnit?: string | null,
): string {
  const params = new URLSearchParams();
  if (map) params.set(listingParams.view, "map");
  if (sort !== defaultSort) params.set(listingParams.sort, sort);
  if (areaUnit) params.set(listingParams.area, areaUnit);
  return withQuery(pathname, params);
}

/** The same listing without its drawn area ('Remove area', decision 075), from page 1. */
export function removeAreaHref(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete(listingParams.polygon);
  params.delete(listingParams.page);
  return withQuery(url.pathname, params);
}

/**
 * The parameters the Advanced Search has fields for (decision 074), and the search form's
 * names it replaces (its status and type win over `property-status` and `property-types`).
 */
export const advancedSearchFieldNames: readonly string[] = [
  listingParams.keyword,
  listingParams.formStatus,
  listingParams.formType,
  listingParams.status,
  listingParams.type,
  listingParams.category,
  listingParams.location,
  listingParams.minArea,
  listingParams.maxArea,
  listingParams.minPrice,
  listingParams.maxPrice,
  listingParams.bedrooms,
  listingParams.bathrooms,
  listingParams.balcony,
  listingParams.garage,
  listingParams.availability,
  ...fieldFilterParamNames,
  listingParams.sort,
  listingParams.page,
];

/**
 * What the Advanced Search carries as hidden fields so that refining keeps every other choice
 * (decision 074): each listing parameter of the URL it has no field for (the map view, the
 * area unit, the map's box, and any filter added later), in its own name. The page is not
 * carried (a refined search starts at page 1) and the sort has its own hidden field.
 */
export function carriedParams(params: URLSearchParams): [string, string][] {
  const carried: [string, string][] = [];
  for (const [name, value] of params) {
    if (!listingParamNames.includes(name) || advancedSearchFieldNames.includes(name)) continue;
    if (value.trim() !== "") carried.push([name, value]);
  }
  return carried;
}

/** The steps of each power of ten. */
const priceLadder = [1, 1.5, 2, 3, 4, 5, 7.5] as const;

/**
 * The price choices up to `highest` (the catalogue's highest price of an offer type, decision
 * 074): 1, 1.5, 2, 3, 4, 5 and 7.5 times each power of ten from a hundredth of the highest
 * price's, ending at the first step at or above it. The slider's end (150,000) is left out: as
 * a bound it means "no limit".
 */
export function priceSteps(highest: number | undefined): number[] {
  if (highest === undefined || !Number.isFinite(highest) || highest <= 0) return [];
  const top = 10 ** Math.floor(Math.log10(highest));
  let power = Math.max(1, top / 100);
  const steps: number[] = [];
  for (;;) {
    for (const factor of priceLadder) {
      const step = Math.round(factor * power);
      if (step === priceRange.max) continue;
      steps.push(step);
      if (step >= highest) return steps;
    }
    power *= 10;
  }
}

/** The URL of page `page` of the listing at `url` (everything else kept). */
export function pageHref(url: URL, page: number): string {
  const params = new URLSearchParams(url.search);
  params.set(listingParams.page, String(page));
  return withQuery(url.pathname, params);
}

/** The field values of the Advanced Search form for a search (empty strings for "any"). */
export interface AdvancedSearchValues {
  status: string;
  availability: string;
  type: string;
  category: string;
  location: string;
  bedrooms: string;
  bathrooms: string;
  balcony: string;
  garage: string;
  minArea: number;
  maxArea: number;
  minPrice: number;
  maxPrice: number;
  /** The price bounds as the price selects show them ('' for none). */
  priceFrom: string;
  priceTo: string;
  keyword: string;
  /** The schema fields' filters by URL parameter: a choice's value, a count's bound. */
  fields: Record<string, string>;
}

function clamp(value: number | undefined, range: { min: number; max: number }, fallback: number) {
  if (value === undefined) return fallback;
  return Math.min(range.max, Math.max(range.min, value));
}

export function advancedSearchValues(search?: ListingSearch): AdvancedSearchValues {
  const filters = search?.filters ?? {};
  const count = (value: number | undefined) =>
    value !== undefined && (advancedSearchOptions.counts as readonly string[]).includes(`${value}`)
      ? `${value}`
      : "";
  const option = (value: string | undefined, options: readonly string[]) =>
    value !== undefined && options.includes(value) ? value : "";
  return {
    keyword: filters.keyword ?? "",
    status: option(filters.status, advancedSearchOptions.status),
    availability: filters.availability ?? "",
    // Types and places are open lists: the form offers the catalogue's, and shows any other.
    type: filters.type ?? "",
    category: search?.category ?? "",
    location: filters.location ?? "",
    bedrooms: count(filters.bedrooms),
    bathrooms: count(filters.bathrooms),
    balcony: count(filters.balcony),
    garage: count(filters.garage),
    minArea: clamp(filters.minArea, areaRange, areaRange.min),
    maxArea: clamp(filters.maxArea, areaRange, areaRange.max),
    minPrice: clamp(filters.minPrice, priceRange, priceRange.min),
    maxPrice: clamp(filters.maxPrice, priceRange, priceRange.max),
    priceFrom: filters.minPrice !== undefined ? String(filters.minPrice) : "",
    priceTo: filters.maxPrice !== undefined ? String(filters.maxPrice) : "",
    fields: Object.fromEntries(writeFieldFilters(new URLSearchParams(), filters.fields, "site")),
  };
}

/**
 * The query string the Advanced Search submits, without "any" values and slider ends, so its
 * URLs stay short: what the form sends with JavaScript (without, the browser sends every field
 * and the reader drops the same values).
 */
export function compactSearchParams(form: Iterable<[string, FormDataEntryValue]>): URLSearchParams {
  const params = new URLSearchParams();
  const ends: Record<string, number> = {
    [listingParams.minArea]: areaRange.min,
    [listingParams.maxArea]: areaRange.max,
    [listingParams.minPrice]: priceRange.min,
    [listingParams.maxPrice]: priceRange.max,
  };
  const prices = new URLSearchParams();
  for (const [name, value] of form) {
    if (typeof value !== "string" || value.trim() === "") continue;
    if (name in ends && Number(value) === ends[name]) continue;
    if (name === listingParams.sort && value === defaultSort) continue;
    if (name === listingParams.minPrice || name === listingParams.maxPrice) {
      prices.append(name, value);
      continue;
    }
    params.append(name, value);
  }
  // The slider and the price selects as one bound each: the narrowest (readPriceRange).
  const [minPrice, maxPrice] = readPriceRange(prices);
  if (minPrice !== undefined) params.set(listingParams.minPrice, String(minPrice));
  if (maxPrice !== undefined) params.set(listingParams.maxPrice, String(maxPrice));
  return params;
}
