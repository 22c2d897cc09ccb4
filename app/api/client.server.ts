/**
 * The site's typed SPEC §7 client: its only way to data. Runs on the server (loaders and
 * actions), so the bearer token never reaches the browser. Every request carries a multipart
 * content type and the bearer token, as §7 says.
 *
 * GET failures are "silently ignored" (SPEC §8): each read answers `undefined` (or an empty
 * list) instead of throwing, and the page renders with what it has. The failure is logged.
 */
import { z } from "zod";
import type { SiteConfig, SiteRequestContext } from "#app-context";
import {
  type Amenity,
  amenitySchema,
  type Category,
  type Collection,
  type CompanyProfile,
  type ContactAnswer,
  categorySchema,
  collectionSchema,
  companyProfileSchema,
  contactAnswerSchema,
  type Property,
  propertySchema,
  type Slider,
  sliderSchema,
} from "../../lib/api-contract.ts";
import type { CollectionName } from "../../lib/collection-names.ts";
import type { EnquiryFields } from "../../lib/enquiry-fields.ts";
import {
  maxSearchLimit,
  type PropertySearch,
  propertySearchParams,
} from "../../lib/property-search.ts";
import { searchPropertiesInMemory } from "../../lib/property-search-memory.ts";
import { type AnswerCache, createAnswerCache } from "./answer-cache.server.ts";

export interface ApiClientOptions {
  apiBaseUrl: string;
  apiToken: string;
  /** The visitor's IP, sent as X-Forwarded-For so the API limits enquiries per visitor. */
  clientIp?: string;
  /**
   * The page request's id, sent as X-Request-Id: the API logs its side of a page view (reads
   * and the enquiry post alike) under the page's id instead of a new one per call.
   */
  requestId?: string;
  /** Milliseconds before a request is abandoned. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Reuses GET answers (never the enquiry POST); absent: every read asks the API. */
  answerCache?: AnswerCache;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** One page of a property search and how many properties match in all. */
export interface PropertySearchResult {
  properties: Property[];
  total: number;
  page: number;
  limit: number;
}

const searchMetaSchema = z.object({
  total: z.coerce.number().int().nonnegative(),
  page: z.coerce.number().int().positive(),
  limit: z.coerce.number().int().positive(),
});

/** The outcome of `POST /contact/add`: the API's answer, or the network failure's message. */
export type ContactResult =
  | { kind: "answer"; httpStatus: number; answer: ContactAnswer }
  | { kind: "network-error"; message: string };

export function createApiClient(options: ApiClientOptions) {
  const base = options.apiBaseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  function headers(): Record<string, string> {
    const result: Record<string, string> = {
      authorization: `Bearer ${options.apiToken}`,
      accept: "application/json",
    };
    if (options.clientIp) result["x-forwarded-for"] = options.clientIp;
    if (options.requestId) result["x-request-id"] = options.requestId;
    return result;
  }

  /** GETs `path` and answers its JSON body when it has `data`; undefined on any failure. */
  function readBody(path: string): Promise<{ data: unknown; meta?: unknown } | undefined> {
    return options.answerCache
      ? options.answerCache.read(path, () => fetchBody(path))
      : fetchBody(path);
  }

  async function fetchBody(path: string): Promise<{ data: unknown; meta?: unknown } | undefined> {
    try {
      const response = await doFetch(`${base}${path}`, {
        headers: { ...headers(), "content-type": "multipart/form-data" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return undefined;
      const body = (await response.json()) as { data?: unknown; meta?: unknown } | null;
      if (body?.data == null) return undefined;
      return { data: body.data, meta: body.meta };
    } catch (error) {
      console.warn(`API read failed: GET ${path}: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** GETs `path` and parses `data` with `schema`; undefined on any failure. */
  async function read<T>(path: string, schema: z.ZodType<T>): Promise<T | undefined> {
    const body = await readBody(path);
    if (!body) return undefined;
    const parsed = schema.safeParse(body.data);
    return parsed.success ? parsed.data : undefined;
  }

  /** Parses a list item by item, dropping the items that do not fit. */
  function listOf<T>(item: z.ZodType<T>): z.ZodType<T[]> {
    return z.array(z.unknown()).transform((items) =>
      items.flatMap((value) => {
        const parsed = item.safeParse(value);
        return parsed.success ? [parsed.data] : [];
      }),
    ) as unknown as z.ZodType<T[]>;
  }

  /**
   * One page of the properties that match `search` (GET /property/display/all with the
   * search parameters, answered as `{ data, meta }`). An older backend that ignores the
   * parameters answers every property without `meta`: the same rules then run in memory.
   * A failure answers an empty page.
   */
  async function searchProperties(search: PropertySearch): Promise<PropertySearchResult> {
    const body = await readBody(`/property/display/all?${propertySearchParams(search)}`);
    const properties = listOf(propertySchema).safeParse(body?.data);
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

  return {
    async getSliders(): Promise<Slider[]> {
      return (await read("/sliders/display/all", listOf(sliderSchema))) ?? [];
    },
    getCompanyProfile(): Promise<CompanyProfile | undefined> {
      return read("/company/profile", companyProfileSchema);
    },
    async getAmenities(): Promise<Amenity[]> {
      return (await read("/amenity/view", listOf(amenitySchema))) ?? [];
    },
    async getProperties(): Promise<Property[]> {
      return (await read("/property/display/all", listOf(propertySchema))) ?? [];
    },
    searchProperties,
    /**
     * The properties a code list names (a collection's items, a property's related list), in
     * the list's order, each once; codes that match nothing are dropped.
     */
    async findPropertiesByCodes(codes: readonly string[]): Promise<Property[]> {
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
    },
    async getCategoryCounters(): Promise<Category[]> {
      return (await read("/category/display_counter", listOf(categorySchema))) ?? [];
    },
    getCollection(name: CollectionName): Promise<Collection | undefined> {
      return read(`/collection/show_one/${encodeURIComponent(name)}`, collectionSchema);
    },
    /** The property by code or slug; undefined when missing or empty (the caller redirects). */
    getProperty(code: string): Promise<Property | undefined> {
      return read(`/property/show/one/${encodeURIComponent(code)}`, propertySchema);
    },
    /** Posts an enquiry as multipart form data. Never throws. */
    async addContact(fields: EnquiryFields): Promise<ContactResult> {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      try {
        const response = await doFetch(`${base}/contact/add`, {
          method: "POST",
          headers: headers(),
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

interface SiteAnswerCache {
  cache: AnswerCache;
  contentVersion: number;
}

/** One answer cache per site configuration (that is, per server), kept across requests. */
const siteAnswerCaches = new WeakMap<SiteConfig, SiteAnswerCache>();

function answerCacheFor(site: SiteRequestContext): AnswerCache {
  let entry = siteAnswerCaches.get(site.config);
  if (!entry) {
    entry = {
      cache: createAnswerCache({ ttlMs: site.config.apiCacheTtlMs }),
      contentVersion: site.contentVersion,
    };
    siteAnswerCaches.set(site.config, entry);
  }
  if (entry.contentVersion !== site.contentVersion) {
    entry.contentVersion = site.contentVersion;
    entry.cache.clear();
  }
  return entry.cache;
}

/**
 * The client a loader or action uses: the request's API (in-process or remote), the visitor's
 * IP, the request's id, and the server's answer cache, emptied when the content changes.
 */
export function createSiteApiClient(site: SiteRequestContext): ApiClient {
  return createApiClient({
    ...site.config,
    clientIp: site.clientIp,
    requestId: site.requestId,
    answerCache: answerCacheFor(site),
    ...(site.apiFetch ? { fetch: site.apiFetch } : {}),
  });
}
