/**
 * The §7 reads. Each answers `{ "data": ... }` so that an axios-style client reads `data.data`.
 * A missing property or collection answers 404 with `{ "data": null }`
 * (docs/decisions/002-api-envelope-and-missing-records.md).
 */
import type { FastifyInstance } from "fastify";
import { listAmenities } from "../../db/queries/amenity.ts";
import { listCategoryCounters } from "../../db/queries/category.ts";
import { findCollection } from "../../db/queries/collection.ts";
import { findCompanyProfile } from "../../db/queries/company-profile.ts";
import { findPublishedProperty, listPublishedProperties } from "../../db/queries/property.ts";
import {
  maxMapMarkers,
  searchPropertyMarkers,
  searchPublishedProperties,
} from "../../db/queries/property-search.ts";
import { listSliders } from "../../db/queries/slider.ts";
import {
  hasPropertySearchParams,
  propertySearchErrors,
  propertySearchMessages,
  readPropertySearch,
} from "../../lib/property-search.ts";
import { hasControlCharacters } from "../../lib/text.ts";
import { sendApiError } from "./errors.ts";

/** The longest code, slug or collection name the reads look up. */
const maxLookupLength = 200;

/**
 * Whether a code, slug or collection name can name anything: a value past the longest one, or
 * with a control character (PostgreSQL refuses a NUL in a text parameter), names nothing.
 */
export function isLookupName(value: string): boolean {
  return value.length >= 1 && value.length <= maxLookupLength && !hasControlCharacters(value);
}

const nameParams = {
  type: "object",
  properties: { name: { type: "string", minLength: 1, maxLength: maxLookupLength } },
  required: ["name"],
} as const;

const codeParams = {
  type: "object",
  properties: { code: { type: "string", minLength: 1, maxLength: maxLookupLength } },
  required: ["code"],
} as const;

export async function contentRoutes(app: FastifyInstance) {
  const db = () => app.database.db;

  app.get("/sliders/display/all", async () => ({ data: await listSliders(db()) }));

  app.get("/company/profile", async (_request, reply) => {
    const profile = await findCompanyProfile(db());
    return profile ? { data: profile } : reply.code(404).send({ data: null });
  });

  app.get("/amenity/view", async () => ({ data: await listAmenities(db()) }));

  /**
   * Without parameters: every published property, exactly as §7. With search parameters
   * (page, limit, filters, sort; see lib/property-search.ts): one page and its `meta`.
   */
  app.get("/property/display/all", async (request, reply) => {
    const query = new URLSearchParams(request.url.split("?")[1] ?? "");
    if (!hasPropertySearchParams(query)) return { data: await listPublishedProperties(db()) };
    // A number its column cannot hold (min_area=1.5 on an integer) is the client's mistake:
    // PostgreSQL would refuse it with an error, SQLite compare it loosely.
    const errors = propertySearchErrors(query);
    if (Object.keys(errors).length > 0) {
      request.log.info({ params: Object.keys(errors) }, "search refused: invalid numbers");
      return sendApiError(reply, 400, propertySearchMessages.invalid, errors);
    }
    const search = readPropertySearch(query);
    const { properties, total } = await searchPublishedProperties(db(), search);
    return { data: properties, meta: { total, page: search.page, limit: search.limit } };
  });

  /**
   * This project's addition (decision 054), not §7: the placed published properties that
   * match the same filters as the search above (`bbox` included; sort, page and limit are
   * ignored), newest first, at most maxMapMarkers, as markers; `meta.more` when more match.
   */
  app.get("/property/display/map", async (request, reply) => {
    const query = new URLSearchParams(request.url.split("?")[1] ?? "");
    const errors = propertySearchErrors(query);
    if (Object.keys(errors).length > 0) {
      return sendApiError(reply, 400, propertySearchMessages.invalid, errors);
    }
    const { sort: _sort, page: _page, limit: _limit, ...filters } = readPropertySearch(query);
    const { markers, more } = await searchPropertyMarkers(db(), filters);
    return { data: markers, meta: { more, limit: maxMapMarkers } };
  });

  app.get("/category/display_counter", async () => ({ data: await listCategoryCounters(db()) }));

  app.get<{ Params: { name: string } }>(
    "/collection/show_one/:name",
    { schema: { params: nameParams } },
    async (request, reply) => {
      if (!isLookupName(request.params.name)) return reply.code(404).send({ data: null });
      const collection = await findCollection(db(), request.params.name);
      return collection ? { data: collection } : reply.code(404).send({ data: null });
    },
  );

  app.get<{ Params: { code: string } }>(
    "/property/show/one/:code",
    { schema: { params: codeParams } },
    async (request, reply) => {
      if (!isLookupName(request.params.code)) return reply.code(404).send({ data: null });
      const property = await findPublishedProperty(db(), request.params.code);
      return property ? { data: property } : reply.code(404).send({ data: null });
    },
  );
}
