/**
 * The RESO Web API at /odata/ (decision 094), read only: the service document, `$metadata`,
 * the Property set with its query options, and one listing by key. Every request needs a
 * consumer's bearer token (server/feeds/consumers.ts), counted against FEEDS_RATE_LIMIT per
 * token; every refusal is OData's error shape; published listings only. While an owner has
 * paused the feed (the Portals page, decision 100) it answers 503 with Retry-After.
 */
import { format as formatDuration } from "@lukeed/ms";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../../config/env.ts";
import type { DatabaseHandle } from "../../../db/database.ts";
import { isFeedPaused } from "../../../db/queries/feed-state.ts";
import { type FeedConsumers, feedTokenHash } from "../consumers.ts";
import { badQuery, ODataError, sendODataError } from "./errors.ts";
import type { FeedContext } from "./fields.ts";
import { resoMetadataXml } from "./metadata.ts";
import { type FeedQuery, parseFeedQuery } from "./query-options.ts";
import { countFeed, type FeedPage, readFeedEntity, readFeedPage } from "./read.ts";

/** True for a path the feed answers (see resoFeedRoutes's prefix in server/app.ts). */
export function isFeedUrl(url: string): boolean {
  return url === "/odata" || url.startsWith("/odata/") || url.startsWith("/odata?");
}

export interface ResoFeedOptions {
  config: Config;
  consumers: FeedConsumers;
  database: DatabaseHandle;
}

/** How long a paused feed asks a consumer to wait before it asks again. */
const pausedRetryAfterSeconds = 3600;

const jsonType = "application/json; odata.metadata=minimal; charset=utf-8";

/** `Property('HP-1001')` or `Property(ListingKey='HP-1001')`: a listing by its key. */
const entityPath = /^\/Property\((?:ListingKey=)?'((?:[^']|'')*)'\)$/;

export async function resoFeedRoutes(app: FastifyInstance, options: ResoFeedOptions) {
  const { config, consumers, database } = options;
  const serviceRoot = `${config.siteUrl}/odata`;
  const context: FeedContext = { siteUrl: config.siteUrl, imageBaseUrl: config.IMAGE_BASE_URL };
  const limit = config.FEEDS_RATE_LIMIT;
  // @fastify/rate-limit is registered by the contact intake (server/api/contact.ts): one
  // counter per token, shared through Redis when several app servers run.
  const countRequest =
    limit === "off"
      ? undefined
      : app.createRateLimit({
          max: limit.max,
          timeWindow: limit.windowMs,
          keyGenerator: (request: FastifyRequest) =>
            `feed-${feedTokenHash(request.headers.authorization ?? "")}`,
        });

  app.addHook("onRequest", async (request, reply) => {
    reply.header("cache-control", "no-store").header("odata-version", "4.0");
    const consumer = await consumers.authenticate(request.headers.authorization);
    if (!consumer) {
      reply.header("www-authenticate", 'Bearer realm="RESO Web API"');
      return sendODataError(
        reply,
        401,
        "A feed token is needed: send it as Authorization: Bearer <token>.",
      );
    }
    if (await isFeedPaused(database.db, "reso")) {
      reply.header("retry-after", pausedRetryAfterSeconds);
      return sendODataError(reply, 503, "The feed is paused by the agency: try again later.");
    }
    if (!countRequest) return;
    const verdict = await countRequest(request);
    if (!verdict.isAllowed && verdict.isExceeded) {
      reply.header("retry-after", verdict.ttlInSeconds);
      const after = formatDuration(verdict.ttlInSeconds * 1000, true);
      return sendODataError(
        reply,
        429,
        `Too many requests with this token: try again in ${after}.`,
      );
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ODataError) return sendODataError(reply, error.status, error.message);
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return sendODataError(reply, status, "The request is not one the feed can read.");
    }
    request.log.error({ err: error }, "feed request failed");
    return sendODataError(reply, 500, "The feed could not answer; try again later.");
  });

  app.get("/", async (_request, reply) =>
    reply.type(jsonType).send({
      "@odata.context": `${serviceRoot}/$metadata`,
      value: [{ name: "Property", kind: "EntitySet", url: "Property" }],
    }),
  );

  app.get("/$metadata", async (_request, reply) =>
    reply.type("application/xml; charset=utf-8").send(resoMetadataXml),
  );

  app.get("/Property", async (request, reply) => {
    const parameters = request.query as Record<string, unknown>;
    const query = parseFeedQuery(parameters);
    const page = await readFeedPage(app.database.db, query, context);
    const body: Record<string, unknown> = { "@odata.context": contextUrl(serviceRoot, query) };
    if (page.count !== undefined) body["@odata.count"] = page.count;
    body.value = page.entities;
    if (page.more) body["@odata.nextLink"] = nextLink(serviceRoot, request, query, page);
    return reply.type(jsonType).send(body);
  });

  // OData's count of a set as plain text: the listings a $filter keeps.
  app.get("/Property/$count", async (request, reply) => {
    const query = parseFeedQuery(request.query as Record<string, unknown>);
    if (
      query.orderBy.length > 0 ||
      query.top !== undefined ||
      query.skip > 0 ||
      query.after !== undefined ||
      query.select
    ) {
      throw badQuery("Property/$count takes $filter only.");
    }
    const count = await countFeed(app.database.db, query);
    return reply.type("text/plain; charset=utf-8").send(String(count));
  });

  // A listing by key, and OData's 404 for every other path under /odata.
  app.get("/*", async (request, reply) => {
    const path = decodedPath(request.url.replace(/^\/odata/, ""));
    const key = path === undefined ? undefined : entityPath.exec(path)?.[1];
    // A key with a NUL is no listing's (and PostgreSQL's text cannot hold one).
    if (key === undefined || key.includes("\u0000")) {
      return sendODataError(
        reply,
        404,
        "No such resource: the feed serves Property and $metadata.",
      );
    }
    const query = parseFeedQuery(request.query as Record<string, unknown>);
    if (
      query.filter ||
      query.orderBy.length > 0 ||
      query.top !== undefined ||
      query.after !== undefined ||
      query.count
    ) {
      throw badQuery("A single listing takes $select and $expand only.");
    }
    const entity = await readFeedEntity(app.database.db, key.replaceAll("''", "'"), query, context);
    if (!entity) return sendODataError(reply, 404, "No published listing has this key.");
    return reply
      .type(jsonType)
      .send({ "@odata.context": `${contextUrl(serviceRoot, query)}/$entity`, ...entity });
  });

  const readOnly = (_request: FastifyRequest, reply: FastifyReply) =>
    sendODataError(reply.header("allow", "GET, HEAD"), 405, "The feed is read only.");
  const writes = app.supportedMethods.filter((method) => method !== "GET" && method !== "HEAD");
  for (const path of ["/", "/*"]) app.route({ method: writes, url: path, handler: readOnly });
}

function decodedPath(url: string): string | undefined {
  const path = url.split("?")[0] ?? "";
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/** `$metadata#Property` or, with $select, `$metadata#Property(ListingKey,City)`. */
function contextUrl(serviceRoot: string, query: Pick<FeedQuery, "select" | "expandMedia">): string {
  const selected = query.select?.map((field) => field.name);
  if (selected && query.expandMedia) selected.push("Media()");
  return `${serviceRoot}/$metadata#Property${selected ? `(${selected.join(",")})` : ""}`;
}

/**
 * The next page's address: the same query with $top (when given) lowered by this page, so a
 * consumer that follows the links gets what it asked for in all, and moved on past this page:
 * in the default order by `$skiptoken` (the page's last id, decision 110), with $orderby by
 * $skip.
 */
function nextLink(
  serviceRoot: string,
  request: FastifyRequest,
  query: FeedQuery,
  page: Pick<FeedPage, "pageSize" | "lastId">,
): string {
  const search = new URLSearchParams(request.url.split("?")[1] ?? "");
  if (query.orderBy.length === 0 && page.lastId !== undefined) {
    search.delete("$skip");
    search.set("$skiptoken", String(page.lastId));
  } else {
    search.set("$skip", String(query.skip + page.pageSize));
  }
  if (query.top !== undefined) search.set("$top", String(query.top - page.pageSize));
  // URLSearchParams writes a space as '+', which OData's parsers read as a plus: %20.
  // A '$' and a ',' kept as they are read better, and mean the same.
  const text = search
    .toString()
    .replaceAll("+", "%20")
    .replaceAll("%24", "$")
    .replaceAll("%2C", ",");
  return `${serviceRoot}/Property?${text}`;
}
