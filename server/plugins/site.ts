/**
 * The React Router site for every path outside /api and /images. In production it serves
 * build/ (run `npm run build` first); under `npm run dev`, Vite's dev server.
 *
 * Pages come from the page cache (./page-cache.ts) when PAGE_CACHE_TTL is set and the site is
 * built. Each render gets the §7 client in its router context: in process (the queries
 * themselves, ../api/in-process-client.ts) unless API_BASE_URL names another backend, which is
 * then read over HTTP (app/api/http-client.server.ts). Decision 032.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import type { ViteDevServer } from "vite";
import type { SingleUseStore, SiteConfig, SiteRequestContext, StaffService } from "#app-context";
import { siteRequestContext } from "#app-context";
import type { ApiClient } from "../../app/api/client.server.ts";
import { createHttpApi } from "../../app/api/http-client.server.ts";
import {
  backOfficeUnavailableMessage,
  dataUnavailableRetrySeconds,
} from "../../app/data-unavailable.ts";
import type { Config } from "../../config/env.ts";
import { isDatabaseUnavailable } from "../../db/unavailable.ts";
import { isAdminPath } from "../admin-path.ts";
import { createInProcessApi } from "../api/in-process-client.ts";
import { onContentChange, subscribeToContentChanges } from "../content-changes.ts";
import { createWorkLimit, holdSlotUntilAnswered } from "../work-limit.ts";
import { createPageCache, type RenderedPage } from "./page-cache.ts";
import { createPageCacheKey } from "./page-cache-key.ts";
import { createImageReader } from "./site-images.ts";
import {
  boundSiteFormBody,
  routeConsoleToRequestLog,
  runWithRequestLog,
  withAuditClient,
  withRequestLog,
} from "./site-requests.ts";

export interface SiteOptions {
  config: Config;
  devServer?: ViteDevServer;
  /** Spent enquiry puzzle tokens: shared through Redis when several app servers run. */
  usedPuzzleTokens: SingleUseStore;
  /** The back office's accounts: its file posts are read only for a signed-in session. */
  staff: StaffService;
  /** The back office's services, each under its own context key ({@link provide}). */
  backOffice: readonly ProvidedService[];
  /** The public services bound to the request (viewings, decision 101), set for every render. */
  publicServices?: (request: FastifyRequest) => readonly ProvidedService[];
}

/** A back-office service set under its context key in a render's router context. */
export type ProvidedService = (context: RouterContextProvider) => void;

/**
 * Pairs a service with its context key (declared beside its interface in app/context.ts). The
 * service as the screens get it answers a database outage with a 503 (decision 088).
 */
export function provide<T extends object>(key: RouterContext<T>, service: T): ProvidedService {
  const answered = unavailableAs503(service);
  return (context) => context.set(key, answered);
}

/**
 * `service` with each of its calls turning a database outage (db/unavailable.ts) into a thrown
 * 503 Response, which React Router renders as the back office's error page (its message) or a
 * screen's action catches to answer its form again, instead of a 500 (decision 088).
 */
export function unavailableAs503<T extends object>(service: T): T {
  const unavailable = () =>
    new Response(JSON.stringify({ message: backOfficeUnavailableMessage }), {
      status: 503,
      statusText: "Service Unavailable",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "retry-after": String(dataUnavailableRetrySeconds),
      },
    });
  const rethrow = (error: unknown): never => {
    throw isDatabaseUnavailable(error) ? unavailable() : error;
  };
  return new Proxy(service, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        try {
          const result: unknown = Reflect.apply(value, target, args);
          return result instanceof Promise ? result.catch(rethrow) : result;
        } catch (error) {
          return rethrow(error);
        }
      };
    },
  });
}

const projectRoot = resolve(import.meta.dirname, "../..");
const clientBuildDirectory = resolve(projectRoot, "build/client");
const assetsDirectory = resolve(clientBuildDirectory, "assets");
export const serverBuildPath = resolve(projectRoot, "build/server/index.js");

/**
 * The §7 client of each render: in process by default; over HTTP, with its short answer cache
 * emptied on every content change, when API_BASE_URL names another backend.
 */
function createSiteApi(
  app: FastifyInstance,
  config: Config,
): (request: FastifyRequest, clientIp: string) => ApiClient {
  if (!config.API_BASE_URL) {
    const inProcess = createInProcessApi(app);
    return (request) => inProcess.clientFor(request);
  }
  const http = createHttpApi({
    apiBaseUrl: config.API_BASE_URL,
    apiToken: config.API_TOKEN,
    cacheTtlMs: config.API_CACHE_TTL * 1000,
  });
  const stopListening = onContentChange(() => http.clearCache());
  app.addHook("onClose", async () => stopListening());
  return (request, clientIp) => http.clientFor({ clientIp, requestId: request.id });
}

/**
 * The router context of a render of `url`: what every render has and, for the back office's
 * requests only (its address space), each of its services under its own key — a public page's
 * render holds none of them.
 */
export function routerContextFor(
  url: string,
  site: SiteRequestContext,
  backOffice: readonly ProvidedService[],
  publicServices: readonly ProvidedService[] = [],
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(siteRequestContext, site);
  for (const provideTo of publicServices) provideTo(context);
  if (isAdminPath(url)) for (const provideTo of backOffice) provideTo(context);
  return context;
}

/**
 * The `Cache-Control` of kept pages (decision 031): every page is the same for every visitor,
 * so a proxy or CDN may keep it as long as this server still would (`s-maxage`, what is left
 * of the page's freshness here, decision 088) and serve it stale while it asks for a new one;
 * browsers revalidate every time (`max-age=0`) and get 304 for an unchanged ETag. A stale page
 * (no freshness left) is `no-cache`: a proxy keeps its own copy rather than this one, so no
 * cache holds a page longer than the TTL after this server rendered it.
 */
export function pageCacheControl(ttlSeconds: number): (freshSeconds: number) => string {
  return (freshSeconds) =>
    freshSeconds > 0
      ? `public, max-age=0, s-maxage=${freshSeconds}, stale-while-revalidate=${ttlSeconds}`
      : "public, no-cache";
}

/**
 * Every 503 of the site (a render without its data, decision 088; a busy server) tells the
 * client when to ask again and is never kept by any cache.
 */
async function unavailableNeverKept(_request: FastifyRequest, reply: FastifyReply) {
  if (reply.statusCode !== 503) return;
  if (!reply.hasHeader("retry-after")) {
    reply.header("retry-after", String(dataUnavailableRetrySeconds));
  }
  if (!/\bno-store\b/.test(String(reply.getHeader("cache-control") ?? ""))) {
    reply.header("cache-control", "no-store");
  }
}

export async function sitePlugin(app: FastifyInstance, options: SiteOptions) {
  const { config, devServer, usedPuzzleTokens, staff, backOffice, publicServices } = options;
  if (!devServer && !existsSync(serverBuildPath)) {
    throw new Error(`The site is not built: ${serverBuildPath} is missing. Run \`npm run build\`.`);
  }
  const siteConfig: SiteConfig = {
    imageBaseUrl: config.IMAGE_BASE_URL,
    siteUrl: config.siteUrl,
    imageDerivatives: config.IMAGE_DERIVATIVES,
    investorsUrl: config.INVESTORS_URL,
    currency: config.CURRENCY,
    areaUnit: config.AREA_UNIT,
    soldListingSitemapDays: config.SOLD_LISTING_SITEMAP_DAYS,
    mapTileUrl: config.MAP_TILE_URL,
    mapTileAttribution: config.MAP_TILE_ATTRIBUTION,
    puzzleSecret: app.formSecrets.puzzle,
  };
  const apiFor = createSiteApi(app, config);
  const readImage = createImageReader(app);
  // One limit for every render of the site: the cache's and the adapter's (decision 028).
  const renderLimit = createWorkLimit({
    concurrency: config.RENDER_CONCURRENCY,
    queueLength: config.RENDER_QUEUE_LENGTH,
    maxWaitMs: config.RENDER_QUEUE_WAIT_MS,
    // One client's share, so its misses cannot hold every slot (decision 030).
    perClient: config.RENDER_PER_CLIENT,
  });

  const contentSecurityPolicy = app.securityHeaders.cspWithHashes;

  /**
   * The router context of a render for `request` (or caused by it, for the page cache); the
   * visitor's IP goes to the API only when the render is the visitor's own.
   */
  function requestContext(request: FastifyRequest, clientIp: string): RouterContextProvider {
    return routerContextFor(
      request.url,
      {
        config: siteConfig,
        contentSecurityPolicy,
        usedPuzzleTokens,
        api: apiFor(request, clientIp),
        readImage,
        clientIp,
      },
      backOffice,
      publicServices?.(request),
    );
  }

  let answerFromCache: onRequestHookHandler | undefined;
  // Loaded here once for both the adapter and the page cache's renders.
  const build = devServer
    ? undefined
    : ((await import(pathToFileURL(serverBuildPath).href)) as ServerBuild);
  if (build && config.PAGE_CACHE_TTL > 0) {
    const handle = createRequestHandler(
      build,
      config.NODE_ENV === "production" ? "production" : "development",
    );
    /** A render for the cache: no visitor's headers, nothing of any visitor in the page. */
    async function renderForCache(url: string, request: FastifyRequest): Promise<RenderedPage> {
      const context = requestContext(request, "");
      const response = await handle(
        new Request(new URL(url, config.siteUrl), { headers: { accept: "text/html" } }),
        context,
      );
      return {
        status: response.status,
        headers: response.headers,
        body: await response.text(),
      };
    }
    const pageCache = createPageCache({
      ttlMs: config.PAGE_CACHE_TTL * 1000,
      maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024,
      // The render logs under the request that caused it.
      render: (url, request) => runWithRequestLog(request, () => renderForCache(url, request)),
      cacheControl: pageCacheControl(config.PAGE_CACHE_TTL),
      renderLimit,
      keyOf: createPageCacheKey(build.routes),
      onError: (error, url) =>
        app.log.error({ err: error, url }, "page render for the cache failed"),
      ...(app.metrics ? { onLookup: app.metrics.countPageCacheLookup } : {}),
    });
    app.metrics?.watchPageCache(() => pageCache.stats());
    // On the page route (the catch-all) only: built assets and files have their own routes.
    // A callback hook, so that a kept page is answered without waiting on a promise.
    answerFromCache = (request, reply, done) => {
      const served = pageCache.serve(request, reply);
      if (served === false) done();
      else if (served !== true) served.then((answered) => answered || done());
    };
    const stopListening = onContentChange(() => {
      pageCache.clear();
    });
    app.addHook("onClose", async () => stopListening());
    if (config.REDIS_URL) {
      const subscription = await subscribeToContentChanges(config.REDIS_URL, app.log);
      app.addHook("onReady", async () => subscription.ready);
      app.addHook("onClose", async () => subscription.close());
    }
  }

  routeConsoleToRequestLog();
  app.addHook("onSend", unavailableNeverKept);
  await app.register(fastifyReactRouter, {
    ...(devServer ? { devServer } : {}),
    ...(build ? { build } : {}),
    serverBuildPath,
    clientBuildDirectory,
    mode: config.NODE_ENV === "production" ? "production" : "development",
    // Built assets have content hashes in their names: cache them for a year. Set here, not
    // through the adapter's assetCacheControl: its own setHeaders calls `res.setHeader`, but
    // the @fastify/static it is given (package.json `overrides`, decision 029) passes a reply.
    staticOptions: {
      setHeaders(reply, filePath) {
        reply.header(
          "cache-control",
          filePath.startsWith(assetsDirectory)
            ? "public, max-age=31536000, immutable"
            : "public, max-age=3600",
        );
      },
    },
    routeOptions: {
      ...(answerFromCache ? { onRequest: answerFromCache } : {}),
      preValidation: boundSiteFormBody(staff),
      // A render that waits for its turn (or is refused) before it starts.
      preHandler: [holdSlotUntilAnswered(renderLimit), withRequestLog, withAuditClient],
    },
    getLoadContext(request) {
      return requestContext(request, request.ip);
    },
  });
}
