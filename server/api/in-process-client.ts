/**
 * The site's §7 client in process (the default, when API_BASE_URL is not set): each call runs
 * the query its §7 route runs, with no HTTP, JSON or schema parsing in between, and answers
 * what the HTTP client (app/api/http-client.server.ts) would parse from that route's answer:
 * the same shapes, the same normalised searches, the same empty answers for what the route
 * answers 4xx, and `POST /contact/add`'s own intake (rate limit, validation, storage, outbox)
 * for the enquiry. Tests compare the two clients' pages (in-process-client.test.ts).
 *
 * GET failures are silently ignored (SPEC §8): logged, and answered empty; but a database that
 * is away makes a read throw the client's 503 (`dataUnavailable`, decision 088), since an empty
 * answer would be a page without its data. Each call logs a debug line under the page
 * request's id; the enquiry's lines are the intake's, under it too.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  type ApiClient,
  dataUnavailable,
  findPropertiesByCodesWith,
  type PropertySearchResult,
} from "../../app/api/client.server.ts";
import { listAmenities } from "../../db/queries/amenity.ts";
import { listCategoryCounters } from "../../db/queries/category.ts";
import { findCollection } from "../../db/queries/collection.ts";
import { findCompanyProfile } from "../../db/queries/company-profile.ts";
import {
  findPublishedProperty,
  findWithdrawnListing,
  listPublishedProperties,
} from "../../db/queries/property.ts";
import {
  searchPropertyMarkers,
  searchPublishedProperties,
} from "../../db/queries/property-search.ts";
import { listSearchFacets } from "../../db/queries/search-facets.ts";
import { listSliders } from "../../db/queries/slider.ts";
import { isDatabaseUnavailable } from "../../db/unavailable.ts";
import {
  type PropertyFilters,
  type PropertySearch,
  propertySearchErrors,
  propertySearchParams,
  readPropertySearch,
} from "../../lib/property-search.ts";
import { emptySearchFacets } from "../../lib/search-facets.ts";
import { errorMessages } from "../plugins/errors.ts";
import { isLookupName } from "./content.ts";

export interface InProcessApi {
  /** The client for one request of the site: its visitor, its logger and request id. */
  clientFor(request: FastifyRequest): ApiClient;
}

export function createInProcessApi(app: FastifyInstance): InProcessApi {
  const db = () => app.database.db;

  function clientFor(request: FastifyRequest): ApiClient {
    const { log } = request;

    /**
     * `query()`'s answer, or `empty` when it fails (logged); the 503 of `dataUnavailable` when
     * it fails because the database is away, as the route answers 503 then.
     */
    async function read<T>(call: string, query: () => Promise<T>, empty: T): Promise<T> {
      const start = performance.now();
      try {
        const answer = await query();
        log.debug({ call, ms: Math.round((performance.now() - start) * 100) / 100 }, "api read");
        return answer;
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          log.warn({ err: error }, `API read failed: ${call}: the database is unavailable`);
          throw dataUnavailable();
        }
        log.warn({ err: error }, `API read failed: ${call}: ${(error as Error).message}`);
        return empty;
      }
    }

    /**
     * As GET /property/display/all with the search's parameters: the route reads the search
     * back from its query string (bounding the page size, dropping what does not fit) and
     * refuses numbers that do not fit their columns, which the HTTP client answers as an
     * empty page.
     */
    function searchProperties(search: PropertySearch): Promise<PropertySearchResult> {
      const empty = { properties: [], total: 0, page: search.page, limit: search.limit };
      const params = propertySearchParams(search);
      if (Object.keys(propertySearchErrors(params)).length > 0) return Promise.resolve(empty);
      const asked = readPropertySearch(params);
      return read(
        "searchProperties",
        async () => ({
          ...(await searchPublishedProperties(db(), asked)),
          page: asked.page,
          limit: asked.limit,
        }),
        empty,
      );
    }

    /** What the route's error handler (server/plugins/errors.ts) would answer. */
    function failureAnswer(error: unknown) {
      if (isDatabaseUnavailable(error)) {
        log.warn({ err: error }, "request failed: the database is unavailable");
        return { httpStatus: 503, answer: { status: 503, message: errorMessages.unavailable } };
      }
      log.error({ err: error }, "request failed");
      return { httpStatus: 500, answer: { status: 500, message: errorMessages.internal } };
    }

    /** As GET /property/display/map with the filters' parameters (read back the same way). */
    function searchMarkers(filters: PropertyFilters) {
      const empty = { markers: [], more: false };
      const params = propertySearchParams(filters);
      if (Object.keys(propertySearchErrors(params)).length > 0) return Promise.resolve(empty);
      const { sort: _sort, page: _page, limit: _limit, ...asked } = readPropertySearch(params);
      return read("searchPropertyMarkers", () => searchPropertyMarkers(db(), asked), empty);
    }

    return {
      getSliders: () => read("getSliders", () => listSliders(db()), []),
      getCompanyProfile: () => read("getCompanyProfile", () => findCompanyProfile(db()), undefined),
      getAmenities: () => read("getAmenities", () => listAmenities(db()), []),
      getProperties: () => read("getProperties", () => listPublishedProperties(db()), []),
      searchProperties,
      searchPropertyMarkers: searchMarkers,
      findPropertiesByCodes: (codes) => findPropertiesByCodesWith(searchProperties, codes),
      getCategoryCounters: () => read("getCategoryCounters", () => listCategoryCounters(db()), []),
      getSearchFacets: () =>
        read("getSearchFacets", () => listSearchFacets(db()), emptySearchFacets),
      getCollection: (name) =>
        isLookupName(name)
          ? read("getCollection", () => findCollection(db(), name), undefined)
          : Promise.resolve(undefined),
      getProperty: (code) =>
        isLookupName(code)
          ? read("getProperty", () => findPublishedProperty(db(), code), undefined)
          : Promise.resolve(undefined),
      getWithdrawnListing: (code) =>
        isLookupName(code)
          ? read("getWithdrawnListing", () => findWithdrawnListing(db(), code), undefined)
          : Promise.resolve(undefined),
      async alert(action) {
        try {
          return { kind: "answer", ...(await app.searchAlerts.run(action, request)) };
        } catch (error) {
          return { kind: "answer", ...failureAnswer(error) };
        }
      },
      async newsletter(action) {
        try {
          return { kind: "answer", ...(await app.newsletter.run(action, request)) };
        } catch (error) {
          return { kind: "answer", ...failureAnswer(error) };
        }
      },
      async addContact(fields) {
        try {
          return { kind: "answer", ...(await app.contactIntake.add(fields, request)) };
        } catch (error) {
          // What the route's error handler (server/plugins/errors.ts) would answer.
          if (isDatabaseUnavailable(error)) {
            log.warn({ err: error }, "request failed: the database is unavailable");
            const status = 503;
            return {
              kind: "answer",
              httpStatus: status,
              answer: { status, message: errorMessages.unavailable },
            };
          }
          log.error({ err: error }, "request failed");
          const status = 500;
          return {
            kind: "answer",
            httpStatus: status,
            answer: { status, message: errorMessages.internal },
          };
        }
      },
    };
  }

  return { clientFor };
}
