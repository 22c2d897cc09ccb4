/**
 * The §7 client over HTTP, for a site whose API_BASE_URL names another backend (any server
 * that speaks SPEC §7; this project's own /api included). Runs on the site's server, so the
 * bearer token never reaches the browser. Every request carries a multipart content type and
 * the bearer token, as §7 says. Answers are parsed with lib/api-contract.ts's schemas,
 * leniently: another backend may send numbers as strings, or ignore the search parameters.
 *
 * GET answers are kept a short while (the answer cache, on lru-cache): most pages ask the same
 * few questions (the profile, the amenities, the counters, the collections), and a round trip
 * to another backend costs far more than a lookup. See docs/decisions/032 for what is cached
 * where.
 *
 * A backend that does not answer (a refused connection, a time-out) or answers 502, 503 or 504
 * is away, not wrong: its reads throw the client's 503 (`dataUnavailable`, decision 088) and
 * are not kept, so the page is not rendered without its data. Other failures read as empty.
 */
import { LRUCache } from "lru-cache";
import { z } from "zod";
import {
  amenitySchema,
  type ContactAnswer,
  categorySchema,
  collectionSchema,
  companyProfileSchema,
  contactAnswerSchema,
  type PropertyMarker,
  propertyMarkerSchema,
  propertySchema,
  sliderSchema,
} from "../../lib/api-contract.ts";
import type { NewsletterAnswer } from "../../lib/newsletter.ts";
import {
  type PropertyFilters,
  type PropertySearch,
  propertySearchParams,
} from "../../lib/property-search.ts";
import {
  matchesFilters,
  searchPropertiesInMemory,
  sortProperties,
} from "../../lib/property-search-memory.ts";
import type { AlertAnswer } from "../../lib/search-alert.ts";
import { searchFacetsOf } from "../../lib/search-facets.ts";
import {
  type ApiClient,
  dataUnavailable,
  findPropertiesByCodesWith,
  type PropertyMarkersResult,
  type PropertySearchResult,
} from "./client.server.ts";

const alertAnswerSchema = z.object({
  status: z.number(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  email: z.string().optional(),
  alerts: z
    .array(
      z.object({
        id: z.number(),
        description: z.string(),
        searchQuery: z.string(),
        confirmed: z.boolean(),
        createdAt: z.string(),
      }),
    )
    .optional(),
});

const newsletterAnswerSchema = z.object({
  status: z.number(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export interface HttpApiOptions {
  /** Base URL of the §7 API, such as https://api.example.com/api. */
  apiBaseUrl: string;
  apiToken: string;
  /** Milliseconds before a request is abandoned. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Milliseconds a GET answer is reused (never the enquiry POST's); 0: every read asks. */
  cacheTtlMs: number;
  /** GET answers kept at most, the least recently used first out. */
  cacheMaxEntries?: number;
  /** The cache's clock (tests). */
  now?: () => number;
}

/** Who a request is for: sent along so the API's limits and logs are the visitor's page view's. */
export interface HttpApiVisitor {
  /** The visitor's IP, sent as X-Forwarded-For so the API limits enquiries per visitor. */
  clientIp?: string;
  /**
   * The page request's id, sent as X-Request-Id: the API logs its side of a page view (reads
   * and the enquiry post alike) under the page's id instead of a new one per call.
   */
  requestId?: string;
}

export interface HttpApi {
  /** The client for one request of the site. */
  clientFor(visitor: HttpApiVisitor): ApiClient;
  /** Drops every kept answer (the content changed). */
  clearCache(): void;
}

/** A §7 answer's body when it has `data`. */
interface Body {
  data: unknown;
  meta?: unknown;
}

const searchMetaSchema = z.object({
  total: z.coerce.number().int().nonnegative(),
  page: z.coerce.number().int().positive(),
  limit: z.coerce.number().int().positive(),
});

/** Parses a list item by item, dropping the items that do not fit. */
function listOf<T>(item: z.ZodType<T>): z.ZodType<T[]> {
  return z.array(z.unknown()).transform((items) =>
    items.flatMap((value) => {
      const parsed = item.safeParse(value);
      return parsed.success ? [parsed.data] : [];
    }),
  ) as unknown as z.ZodType<T[]>;
}

const lists = {
  sliders: listOf(sliderSchema),
  amenities: listOf(amenitySchema),
  properties: listOf(propertySchema),
  categories: listOf(categorySchema),
  markers: listOf(propertyMarkerSchema),
};

const markersMetaSchema = z.object({
  more: z.boolean(),
  limit: z.coerce.number().int().positive(),
});

/** Answers of a backend that cannot answer now: a proxy's 502 and 504, an outage's 503. */
const awayStatuses = new Set([502, 503, 504]);

/** A read's backend did not answer, or said it cannot now. */
class BackendAway extends Error {
  constructor() {
    super("the §7 backend is unavailable");
  }
}

/** How many markers the in-memory fallback answers, as this project's API (maxMapMarkers). */
const fallbackMarkerLimit = 3_000;

export function createHttpApi(options: HttpApiOptions): HttpApi {
  const base = options.apiBaseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  function headers(visitor: HttpApiVisitor): Record<string, string> {
    const result: Record<string, string> = {
      authorization: `Bearer ${options.apiToken}`,
      accept: "application/json",
    };
    if (visitor.clientIp) result["x-forwarded-for"] = visitor.clientIp;
    if (visitor.requestId) result["x-request-id"] = visitor.requestId;
    return result;
  }

  /**
   * GETs `path` and answers its JSON body when it has `data`; undefined on a failure, and
   * BackendAway when the backend did not answer or said it cannot now (502 to 504).
   */
  async function fetchBody(path: string, visitor: HttpApiVisitor): Promise<Body | undefined> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        headers: { ...headers(visitor), "content-type": "multipart/form-data" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      console.warn(`API read failed: GET ${path}: ${(error as Error).message}`);
      throw new BackendAway();
    }
    if (awayStatuses.has(response.status)) {
      console.warn(`API read failed: GET ${path}: the API answered ${response.status}`);
      throw new BackendAway();
    }
    try {
      if (!response.ok) return undefined;
      const body = (await response.json()) as { data?: unknown; meta?: unknown } | null;
      if (body?.data == null) return undefined;
      return { data: body.data, meta: body.meta };
    } catch (error) {
      console.warn(`API read failed: GET ${path}: ${(error as Error).message}`);
      return undefined;
    }
  }

  // Concurrent reads of one path share one request (lru-cache's fetch), under the first
  // reader's headers. A failure (undefined) is shared but not kept. A read still in flight
  // when the cache is cleared answers its readers but is not kept (ignoreFetchAbort: the
  // content-change clear must not cut short the pages being rendered).
  const cache =
    options.cacheTtlMs > 0
      ? new LRUCache<string, Body, HttpApiVisitor>({
          max: options.cacheMaxEntries ?? 500,
          ttl: options.cacheTtlMs,
          ignoreFetchAbort: true,
          ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
          fetchMethod: (path, _stale, { context }) => fetchBody(path, context),
        })
      : undefined;

  /** Throws a 503 of its own to each reader when the backend is away (a body is read once). */
  async function readBody(path: string, visitor: HttpApiVisitor): Promise<Body | undefined> {
    try {
      return await (cache ? cache.fetch(path, { context: visitor }) : fetchBody(path, visitor));
    } catch (error) {
      if (error instanceof BackendAway) throw dataUnavailable();
      throw error;
    }
  }

  function clientFor(visitor: HttpApiVisitor): ApiClient {
    /** GETs `path` and parses `data` with `schema`; undefined on any failure. */
    async function read<T>(path: string, schema: z.ZodType<T>): Promise<T | undefined> {
      const body = await readBody(path, visitor);
      if (!body) return undefined;
      const parsed = schema.safeParse(body.data);
      return parsed.success ? parsed.data : undefined;
    }

    /**
     * GET /property/display/all with the search parameters, answered as `{ data, meta }`. A
     * §7 backend that ignores the parameters answers every property without `meta`: the
     * same rules then run in memory (lib/property-search-memory.ts).
     */
    async function searchProperties(search: PropertySearch): Promise<PropertySearchResult> {
      const body = await readBody(`/property/display/all?${propertySearchParams(search)}`, visitor);
      const properties = lists.properties.safeParse(body?.data);
      if (!body || !properties.success) {
        return { properties: [], total: 0, page: search.page, limit: search.limit };
      }
      const meta = searchMetaSchema.safeParse(body.meta);
      if (meta.success) return { properties: properties.data, ...meta.data };
      return {
        ...searchPropertiesInMemory(properties.data, search),
        page: search.page,
        limit: search.limit,
      };
    }

    /**
     * GET /property/display/map (decision 054). A §7 backend without it (any failure): every
     * property, filtered and placed in memory, as for a search it ignores.
     */
    async function searchPropertyMarkers(filters: PropertyFilters): Promise<PropertyMarkersResult> {
      const body = await readBody(
        `/property/display/map?${propertySearchParams(filters)}`,
        visitor,
      );
      const markers = lists.markers.safeParse(body?.data);
      const meta = markersMetaSchema.safeParse(body?.meta);
      if (body && markers.success && meta.success) {
        return { markers: markers.data, more: meta.data.more };
      }
      const all = (await read("/property/display/all", lists.properties)) ?? [];
      const placed = sortProperties(all, "new").flatMap((property): PropertyMarker[] => {
        const { latitude, longitude } = property;
        if (latitude == null || longitude == null || !matchesFilters(property, filters)) return [];
        const { code, slug, headline, price, offer_type, rent_period } = property;
        return [{ code, slug, headline, price, offer_type, rent_period, latitude, longitude }];
      });
      return {
        markers: placed.slice(0, fallbackMarkerLimit),
        more: placed.length > fallbackMarkerLimit,
      };
    }

    return {
      async getSliders() {
        return (await read("/sliders/display/all", lists.sliders)) ?? [];
      },
      getCompanyProfile() {
        return read("/company/profile", companyProfileSchema);
      },
      async getAmenities() {
        return (await read("/amenity/view", lists.amenities)) ?? [];
      },
      async getProperties() {
        return (await read("/property/display/all", lists.properties)) ?? [];
      },
      searchProperties,
      searchPropertyMarkers,
      findPropertiesByCodes(codes) {
        return findPropertiesByCodesWith(searchProperties, codes);
      },
      async getCategoryCounters() {
        return (await read("/category/display_counter", lists.categories)) ?? [];
      },
      /** §7 has no facets read: they are counted from the full list (decision 074). */
      async getSearchFacets() {
        return searchFacetsOf((await read("/property/display/all", lists.properties)) ?? []);
      },
      getCollection(name) {
        return read(`/collection/show_one/${encodeURIComponent(name)}`, collectionSchema);
      },
      getProperty(code) {
        return read(`/property/show/one/${encodeURIComponent(code)}`, propertySchema);
      },
      /** §7 has no read of a withdrawn listing: every missing code reads as unknown. */
      async getWithdrawnListing() {
        return undefined;
      },
      /** Posts the enquiry as multipart form data. */
      async alert(action) {
        const { action: name, ...fields } = action;
        try {
          const response = await doFetch(`${base}/alert/${name}`, {
            method: "POST",
            headers: { ...headers(visitor), "content-type": "application/json" },
            body: JSON.stringify(fields),
            signal: AbortSignal.timeout(timeoutMs),
          });
          const json: unknown = await response.json().catch(() => null);
          const parsed = alertAnswerSchema.safeParse(json);
          const answer: AlertAnswer = parsed.success
            ? (parsed.data as AlertAnswer)
            : { status: response.status, message: response.statusText || "Unexpected answer" };
          return { kind: "answer", httpStatus: response.status, answer };
        } catch (error) {
          return { kind: "network-error", message: (error as Error).message };
        }
      },
      async newsletter(action) {
        const { action: name, ...fields } = action;
        try {
          const response = await doFetch(`${base}/newsletter/${name}`, {
            method: "POST",
            headers: { ...headers(visitor), "content-type": "application/json" },
            body: JSON.stringify(fields),
            signal: AbortSignal.timeout(timeoutMs),
          });
          const json: unknown = await response.json().catch(() => null);
          const parsed = newsletterAnswerSchema.safeParse(json);
          const answer: NewsletterAnswer = parsed.success
            ? parsed.data
            : { status: response.status, message: response.statusText || "Unexpected answer" };
          return { kind: "answer", httpStatus: response.status, answer };
        } catch (error) {
          return { kind: "network-error", message: (error as Error).message };
        }
      },
      async addContact(fields) {
        const body = new FormData();
        for (const [name, value] of Object.entries(fields)) body.append(name, value);
        try {
          const response = await doFetch(`${base}/contact/add`, {
            method: "POST",
            headers: headers(visitor),
            body,
            signal: AbortSignal.timeout(timeoutMs),
          });
          const json: unknown = await response.json().catch(() => null);
          const parsed = contactAnswerSchema.safeParse(json);
          const answer: ContactAnswer = parsed.success
            ? parsed.data
            : { status: response.status, message: response.statusText || "Unexpected answer" };
          return { kind: "answer", httpStatus: response.status, answer };
        } catch (error) {
          return { kind: "network-error", message: (error as Error).message };
        }
      },
    };
  }

  return { clientFor, clearCache: () => cache?.clear() };
}
