/**
 * The site's SPEC §7 client: the typed calls its loaders and actions make, and its only way to
 * data. The server puts one in the router context for each request (`siteRequestContext`'s
 * `api`): by default one that calls this server's queries in process, or, when API_BASE_URL
 * names another backend, one that speaks §7 over HTTP (./http-client.server.ts). Both answer
 * the same shapes, those of lib/api-contract.ts.
 *
 * GET failures are "silently ignored" (SPEC §8): each read answers `undefined` (or an empty
 * list, or an empty page) instead of throwing, and the page renders with what it has. The
 * failure is logged. Answers may be shared with other requests: treat them as read-only.
 *
 * Except an outage (decision 088): a read that fails because the data cannot be had now (the
 * database is down, the §7 backend does not answer or says 502 to 504) throws
 * {@link dataUnavailable}'s 503 instead of answering empty, so no page rendered without its
 * data (an empty list, a redirect home) is ever sent as a good one or kept by a cache.
 */
import type {
  Amenity,
  Category,
  Collection,
  CompanyProfile,
  ContactAnswer,
  Property,
  PropertyMarker,
  Slider,
} from "../../lib/api-contract.ts";
import type { CollectionName } from "../../lib/collection-names.ts";
import type { EnquiryFields } from "../../lib/enquiry-fields.ts";
import type { FloorPlan } from "../../lib/floor-plans.ts";
import type { NewsletterAnswer, NewsletterRequest } from "../../lib/newsletter.ts";
import {
  maxSearchLimit,
  type PropertyFilters,
  type PropertySearch,
} from "../../lib/property-search.ts";
import type { AlertAnswer, AlertRequest } from "../../lib/search-alert.ts";
import type { SearchFacets } from "../../lib/search-facets.ts";
import type { HomeLike } from "../../lib/similar-homes.ts";
import { dataUnavailableMessage, dataUnavailableRetrySeconds } from "../data-unavailable.ts";

/**
 * The answer a read throws when its data cannot be had now: a 503 that React Router renders
 * in the error boundary, with `Retry-After` and `no-store`, which no cache keeps (decision 088).
 * A Response, not an Error, so that React Router takes its status whichever copy of it runs.
 */
export function dataUnavailable(): Response {
  return new Response(dataUnavailableMessage, {
    status: 503,
    statusText: "Service Unavailable",
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "retry-after": String(dataUnavailableRetrySeconds),
      "cache-control": "no-store",
    },
  });
}

/**
 * One floor plan of a property (decision 052), in `getProperty(code).floor_plans` (absent from
 * the lists' properties, and from backends without plans): its `label`, its `file` (read as
 * `cover_image` is, through app/site-settings.ts's `imageUrl(imageBaseUrl, "property", file)`),
 * and its `kind`, "image" or "pdf".
 */
export type { FloorPlan };

/** A withdrawn listing's code and what its similar homes are matched on (decision 072). */
export type WithdrawnListing = HomeLike;

/** One page of a property search and how many properties match in all. */
export interface PropertySearchResult {
  properties: Property[];
  total: number;
  page: number;
  limit: number;
}

/** The markers of a map search (decision 054), newest first; `more` when some were left out. */
export interface PropertyMarkersResult {
  markers: PropertyMarker[];
  more: boolean;
}

/** The outcome of `POST /contact/add`: the API's answer, or the network failure's message. */
export type ContactResult =
  | { kind: "answer"; httpStatus: number; answer: ContactAnswer }
  | { kind: "network-error"; message: string };

/** The outcome of `POST /api/alert/{action}` (decision 055). */
export type AlertResult =
  | { kind: "answer"; httpStatus: number; answer: AlertAnswer }
  | { kind: "network-error"; message: string };

/** The outcome of `POST /api/newsletter/{action}` (decision 078). */
export type NewsletterResult =
  | { kind: "answer"; httpStatus: number; answer: NewsletterAnswer }
  | { kind: "network-error"; message: string };

export interface ApiClient {
  getSliders(): Promise<Slider[]>;
  getCompanyProfile(): Promise<CompanyProfile | undefined>;
  getAmenities(): Promise<Amenity[]>;
  /** Every published property (§7 `GET /property/display/all` without parameters). */
  getProperties(): Promise<Property[]>;
  /** One page of the properties that match `search`; a failure answers an empty page. */
  searchProperties(search: PropertySearch): Promise<PropertySearchResult>;
  /**
   * Every placed property that matches `filters`, as map markers, up to the API's limit
   * (decision 054); a failure answers none.
   */
  searchPropertyMarkers(filters: PropertyFilters): Promise<PropertyMarkersResult>;
  /**
   * The properties a code list names (a collection's items, a property's related list), in
   * the list's order, each once; codes that match nothing are dropped.
   */
  findPropertiesByCodes(codes: readonly string[]): Promise<Property[]>;
  getCategoryCounters(): Promise<Category[]>;
  /**
   * The catalogue's cities with counts and its highest price per offer type, for the
   * Advanced Search's choices (decision 074); a failure answers none.
   */
  getSearchFacets(): Promise<SearchFacets>;
  getCollection(name: CollectionName): Promise<Collection | undefined>;
  /** The property by code or slug; undefined when missing (the caller redirects). */
  getProperty(code: string): Promise<Property | undefined>;
  /**
   * The withdrawn listing (published once, not now) by code or slug, with what its similar
   * homes are matched on (decision 072); undefined for any other code, and from a §7 backend,
   * which has no such read.
   */
  getWithdrawnListing(code: string): Promise<WithdrawnListing | undefined>;
  /**
   * Sends an enquiry through §7 `POST /contact/add` (its validation, per-visitor rate limit,
   * storage and e-mail); the visitor is the request's. Never throws.
   */
  addContact(fields: EnquiryFields): Promise<ContactResult>;
  /**
   * A search alert action through `POST /api/alert/{action}` (decision 055): a save is limited
   * per visitor like an enquiry. Never throws.
   */
  alert(request: AlertRequest): Promise<AlertResult>;
  /**
   * A newsletter action through `POST /api/newsletter/{action}` (decision 078): a subscribe is
   * limited per visitor like an alert. Never throws.
   */
  newsletter(request: NewsletterRequest): Promise<NewsletterResult>;
}

/**
 * findPropertiesByCodes on top of a client's searchProperties, so that both clients ask the
 * same searches: the codes in chunks of the largest page, then put back in the list's order.
 */
export async function findPropertiesByCodesWith(
  searchProperties: ApiClient["searchProperties"],
  codes: readonly string[],
): Promise<Property[]> {
  const wanted = [...new Set(codes.filter((code) => code !== ""))];
  const chunks: string[][] = [];
  for (let start = 0; start < wanted.length; start += maxSearchLimit) {
    chunks.push(wanted.slice(start, start + maxSearchLimit));
  }
  const pages = await Promise.all(
    chunks.map((chunk) =>
      searchProperties({ codes: chunk, sort: "new", page: 1, limit: maxSearchLimit }),
    ),
  );
  const byCode = new Map(
    pages.flatMap((page) => page.properties).map((property) => [property.code, property]),
  );
  return wanted.flatMap((code) => {
    const property = byCode.get(code);
    return property ? [property] : [];
  });
}
