/**
 * The page cache: rendered site pages held in memory, keyed by URL, so a page is rendered once
 * per TTL instead of once per visit (rendering costs ~9 ms of CPU; a hit, well under one).
 *
 * - Every page is the same for every visitor (decision 031: no CSP nonce, no enquiry puzzle
 *   in the HTML), so a kept page is one body: a strong ETag (`If-None-Match` answered 304),
 *   `Cache-Control` that lets a shared cache keep it (`cacheControl`), its CSP as the render
 *   worked it out (script hashes), and brotli and gzip bytes made once, off the request path
 *   once the page is visited again (decision 030; sent uncompressed until they are made).
 * - One lru-cache holds the pages (its byte bound, TTL and `fetch`, which shares one render).
 *   Fresh for `ttlMs`; for as long again it is served stale while one re-render runs (stale
 *   while revalidate); older, it is rendered before answering. Concurrent misses of one URL
 *   share one render.
 * - Bounded by bytes, least recently used first out. `clear()` empties it at once (the content
 *   changed); renders begun before a clear are not kept.
 * - Only 200 HTML answers of GET/HEAD are kept; other answers of a render are sent to the
 *   visitors who asked, never kept. A redirect (a listing taken off the site, SPEC §2) drops
 *   the URL's kept page and may be kept by a shared cache as long as a fresh page would, so a
 *   proxy's copy of the removed page is replaced within the TTL (decision 088).
 * - A kept page is sent with what is left of its freshness here as its shared-cache lifetime
 *   (`cacheControl(freshSeconds)`), and a stale one as not to be kept: a proxy never keeps a
 *   page longer than this cache would, so a change shows through it within the TTL.
 * - A render that answers 503 (its data could not be had: the database is away, decision 088)
 *   is sent with `Retry-After` and `no-store`, and never replaces the kept page: a stale one
 *   stays, served while young enough, and a proxy's `proxy_cache_use_stale http_503` serves its
 *   own last good copy.
 * - Bounded work (decision 028): renders run through a WorkLimit, and a render refused there is
 *   answered 503 with `Retry-After`; compressions for the cache through another, one at a time.
 *   A render counts against the share of the client whose request starts it (decision 030).
 *   Pages are keyed by `keyOf(url)`, the path and only the query parameters the route reads.
 */
import { createHash } from "node:crypto";
import type { OutgoingHttpHeader } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { enquiryPuzzlePath } from "#app-context";
import {
  answerOverloaded,
  createWorkLimit,
  OverloadedError,
  shareClientOf,
  type WorkLimit,
} from "../work-limit.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page as rendered for the cache. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: string;
}

interface SharedPage {
  kind: "shared";
  status: number;
  contentType: string;
  /** The route's own Cache-Control (the sitemap's, say); none: the cache's `cacheControl`. */
  cacheControl: string | undefined;
  etag: string;
  /** The page's CSP as rendered: its inline scripts allowed by hash. */
  csp: string | undefined;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** A render's answer that is not kept (a redirect, a 404), sent to the visitors who waited. */
interface UncachedPage {
  kind: "uncached";
  status: number;
  headers: [string, string][];
  body: Buffer;
}

type Page = SharedPage | UncachedPage;

/** Seconds an outage's 503 asks a client to wait, unless the render says otherwise. */
const unavailableRetrySeconds = "5";

/**
 * A render that answered 503 (decision 088): thrown out of the cache's fetch, so the kept page
 * (stale or not) stays, and sent to the visitors who waited for the render.
 */
class UnavailableRender extends Error {
  readonly page: UncachedPage;
  constructor(page: UncachedPage) {
    super("the page's data is unavailable");
    this.page = page;
  }
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** Pages, and the XML and text documents of resource routes (the sitemap, robots.txt). */
const cacheableContentType = /^(?:text\/html|application\/xml|text\/plain)\b/;

function isCacheableAnswer(rendered: RenderedPage): boolean {
  return (
    rendered.status === 200 &&
    cacheableContentType.test(rendered.headers.get("content-type") ?? "") &&
    !rendered.headers.has("set-cookie")
  );
}

const skippedHeaders = new Set(["content-length", "content-encoding", "transfer-encoding"]);

function toPage(rendered: RenderedPage): Page {
  const { body } = rendered;
  if (!isCacheableAnswer(rendered)) {
    return {
      kind: "uncached",
      status: rendered.status,
      headers: [...rendered.headers].filter(([name]) => !skippedHeaders.has(name.toLowerCase())),
      body: Buffer.from(body),
    };
  }
  const identity = Buffer.from(body);
  return {
    kind: "shared",
    status: 200,
    contentType: rendered.headers.get("content-type") ?? "text/html; charset=utf-8",
    cacheControl: rendered.headers.get("cache-control") ?? undefined,
    etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    csp: rendered.headers.get("content-security-policy") ?? undefined,
    identity,
  };
}

/**
 * The page with its brotli (quality 6) and gzip (level 9) bytes, made in libuv's thread pool.
 * Quality 9 made a 60 KB page 0.6 % smaller for ten times the time (≈ 10 against 1 ms) and
 * ≈ 30 MB of encoder memory against ≈ 8 (decision 038, addendum).
 */
async function compressPage(page: SharedPage): Promise<SharedPage> {
  const { identity } = page;
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return { ...page, br, gzip: gz };
}

function sizeOf(page: Page): number {
  if (page.kind === "shared") {
    return page.identity.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0);
  }
  return page.body.length;
}

/**
 * Sends `pieces` as the body, written in one go (one `writev`) without copying them into one
 * buffer first: a page-sized buffer per response is memory outside V8's heap, and allocating
 * it at thousands of answers a second made V8 run full collections several times a second.
 * The reply's headers (security, request id: set on arrival) go as they are; Fastify's
 * onSend hooks do not run, so the body must need nothing from them (no compression).
 */
function writePieces(
  reply: FastifyReply,
  status: number,
  body: { pieces: Buffer[]; length: number },
) {
  // [name, value, name, value, …], as writeHead takes them.
  const headers: OutgoingHttpHeader[] = ["content-length", body.length];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers.push(name, value);
  }
  reply.hijack();
  const response = reply.raw;
  response.writeHead(status, headers);
  response.cork();
  for (const piece of body.pieces) response.write(piece);
  response.end();
  response.uncork();
}

function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.trim().split(";");
    const q = parameters.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (weight("br") > 0) return "br";
  if (weight("gzip") > 0) return "gzip";
  return undefined;
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  // Weak comparison, as If-None-Match asks.
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

export interface PageCacheOptions {
  /** Milliseconds a page is fresh; served stale for as long again while it is re-rendered. */
  ttlMs: number;
  /** Bytes of pages kept at most (every encoding counted). */
  maxBytes: number;
  /**
   * Renders a path and query for the cache (see RenderedPage); `request` is the one whose
   * visit caused it (its logger carries the render's log lines).
   */
  render(url: string, request: FastifyRequest): Promise<RenderedPage>;
  /**
   * The `Cache-Control` of kept pages whose route sets none, given the whole seconds the page
   * stays fresh here (0 for a stale one): by default `public, no-cache` (browsers and shared
   * caches revalidate with the ETag); the site's lets shared caches keep them that long (see
   * pageCacheControl). Also sent with a render's redirect, given the whole TTL.
   */
  cacheControl?: (freshSeconds: number) => string;
  /** Keep brotli and gzip bytes of shareable pages (off in tests that count bytes). */
  precompress?: boolean;
  /**
   * Where renders wait their turn (the site shares its limit with its own renders); a render
   * refused there is answered 503 with `Retry-After`. By default `defaultRenderLimit`.
   */
  renderLimit?: WorkLimit;
  /** Where compressions for the cache wait their turn: by default one at a time. */
  compressLimit?: WorkLimit;
  /**
   * The cache key of a request's URL, which is also the URL rendered: by default the URL as
   * it came; the site's keeps the path and the query parameters its route reads.
   */
  keyOf?: (url: string) => string;
  /** Milliseconds of a monotonic clock, above 0 (tests): by default `performance.now()`. */
  now?: () => number;
  /** Told when a render fails, not refused for lack of room (a stale page stays). */
  onError?: (error: unknown, url: string) => void;
  /** Told of each page request the cache takes: answered from a kept page, or rendered. */
  onLookup?: (result: "hit" | "miss") => void;
}

export interface PageCache {
  /**
   * Answers `request` from the cache: at once (true) from a kept page, or once it is rendered
   * (a promise of true); false, or a promise of false, when the request is not the cache's or
   * the render failed (the site answers it as usual).
   */
  serve(request: FastifyRequest, reply: FastifyReply): boolean | Promise<boolean>;
  /** Empties the cache at once: the content changed. */
  clear(): void;
  /** How many pages are kept and their bytes, renders and compressions done (tests, logs). */
  stats(): { entries: number; bytes: number; renders: number; compressions: number };
  /** Resolves once no compression for the cache is waiting or running (tests). */
  compressed(): Promise<void>;
}

/** Renders at once, waiting, and how long they may wait, unless the cache is given a limit. */
export const defaultRenderLimit = { concurrency: 4, queueLength: 64, maxWaitMs: 2_000 } as const;

/**
 * Compressions for the cache: one at a time in the background, so at most one of the thread
 * pool's four threads is busy with them (brotli 6 of a page takes about a millisecond); past
 * `queueLength` waiting a page stays uncompressed until it is visited again.
 */
const defaultCompressLimit = { concurrency: 1, queueLength: 256, maxWaitMs: 60_000 } as const;

/**
 * The sections whose every page is someone's own: the back office (decision 036), the search
 * alerts' pages (a visitor's token and address, decision 055) and the newsletter's (a visitor's
 * answer, a mailed token, decision 078).
 */
const personalSections = /^\/(?:admin|alerts|newsletter)(?:[/.]|$)/i;

/**
 * A listing's booking page (its free slots change with every booking, and it carries a puzzle)
 * and the staff's calendar feeds (private): decision 101.
 */
const viewingPaths = /^\/(?:property\/[^/]+\/viewing\/?$|calendar\/)/i;

/**
 * Site pages only: not React Router's data requests, nor its route manifest, nor the enquiry
 * puzzle endpoint (a fresh puzzle per request: never kept, never one render for many), nor
 * the PDF brochures (binary, and kept by their own cache, decision 053).
 */
export function isCacheablePath(path: string): boolean {
  // Personal sections are never kept; nor are puzzles (decision 031).
  return (
    !path.endsWith(".data") &&
    !/\.pdf$/i.test(path) &&
    !path.startsWith("/__manifest") &&
    path !== enquiryPuzzlePath &&
    !personalSections.test(path) &&
    !viewingPaths.test(path)
  );
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const {
    ttlMs,
    maxBytes,
    render,
    precompress = true,
    now = performance.now.bind(performance),
  } = options;
  const cacheControl = options.cacheControl ?? (() => "public, no-cache");
  const renderLimit = options.renderLimit ?? createWorkLimit(defaultRenderLimit);
  const compressLimit = options.compressLimit ?? createWorkLimit(defaultCompressLimit);
  const keyOf = options.keyOf ?? ((url: string) => url);
  /** Pages whose compression is waiting or running. */
  const compressing = new Map<SharedPage, Promise<void>>();
  let renders = 0;
  let compressions = 0;

  const pages = new LRUCache<string, Page, FastifyRequest>({
    // Bytes of every encoding kept, least recently used first out. An answer that is not kept
    // (a 404, a redirect) is sized over the bound: lru-cache hands it to the visitors who
    // waited for it and keeps nothing (dropping a stale page of that URL too).
    maxSize: maxBytes,
    sizeCalculation: (page) => (page.kind === "shared" ? sizeOf(page) : maxBytes + 1),
    // Fresh for `ttlMs`; then stale, kept for `fetch` to serve while it re-renders.
    ttl: ttlMs,
    ttlResolution: 0,
    perf: { now },
    noDeleteOnStaleGet: true,
    // A failed re-render leaves the stale page (served while it is young enough, see serve).
    noDeleteOnFetchRejection: true,
    // clear() aborts renders in flight: their visitors get the page, the cache keeps nothing.
    ignoreFetchAbort: true,
    // One render per key at a time, charged to the client whose request starts it (030).
    fetchMethod: async (key, _stale, { context: request }) => {
      try {
        const rendered = await renderLimit.run(() => {
          renders++;
          return render(key, request);
        }, shareClientOf(request));
        const page = toPage(rendered);
        if (page.kind === "uncached" && page.status === 503) throw unavailable(page);
        return page;
      } catch (error) {
        if (!(error instanceof OverloadedError || error instanceof UnavailableRender)) {
          options.onError?.(error, key);
        }
        throw error;
      }
    },
  });

  /**
   * Makes the brotli and gzip bytes of `key`'s shareable page in the compression limit's turn,
   * once, from its second visit on (a fresh hit): a page asked for once (a new search each
   * time, say) is never compressed, which costs the main thread a few milliseconds a page
   * besides the thread pool's work (decision 030). Until then it is sent uncompressed. Refused
   * (the queue is full), it is tried again on the page's next visit.
   */
  function compressLater(key: string, page: Page) {
    if (!precompress || page.kind !== "shared" || page.br || compressing.has(page)) return;
    // Kept only while it is still this key's fresh page (not evicted, re-rendered or stale).
    const current = () => pages.peek(key) === page;
    const done = compressLimit
      .run(async () => {
        if (!current()) return;
        const compressed = await compressPage(page);
        compressions++;
        if (current()) pages.set(key, compressed, { noUpdateTTL: true });
      })
      .catch((error: unknown) => {
        if (!(error instanceof OverloadedError)) options.onError?.(error, key);
      })
      .finally(() => compressing.delete(page));
    compressing.set(page, done);
  }

  /** The 503 of a render without its data: never kept here or by any cache. */
  function unavailable(page: UncachedPage): UnavailableRender {
    const headers = page.headers.filter(([name]) => name.toLowerCase() !== "cache-control");
    headers.push(["cache-control", "no-store"]);
    if (!headers.some(([name]) => name.toLowerCase() === "retry-after")) {
      headers.push(["retry-after", unavailableRetrySeconds]);
    }
    return new UnavailableRender({ ...page, headers });
  }

  /** Whole seconds `key`'s kept page stays fresh; 0 when stale or no longer kept. */
  function freshSecondsOf(key: string): number {
    return Math.max(0, Math.ceil(pages.getRemainingTTL(key) / 1000));
  }

  function send(request: FastifyRequest, reply: FastifyReply, page: Page, key: string) {
    const head = request.method === "HEAD";
    reply.header("vary", "Accept-Encoding");
    if (page.kind === "uncached") {
      // Sent as any dynamic answer (compressed by the server's onSend hook), never kept. A
      // redirect is the same for everyone (a render has no visitor): a shared cache may keep
      // it as long as a page, so it replaces a proxy's copy of a removed listing's page.
      for (const [name, value] of page.headers) reply.header(name, value);
      if (!reply.hasHeader("cache-control")) {
        const shared = redirectStatuses.has(page.status) && !reply.hasHeader("set-cookie");
        reply.header("cache-control", shared ? cacheControl(Math.ceil(ttlMs / 1000)) : "no-store");
      }
      reply.code(page.status);
      return reply.send(head ? "" : page.body);
    }
    // A resource route's answer (the sitemap) keeps the server's own policy.
    if (page.csp !== undefined) reply.header("content-security-policy", page.csp);
    reply.header("content-type", page.contentType);
    reply.header("etag", page.etag);
    reply.header("cache-control", page.cacheControl ?? cacheControl(freshSecondsOf(key)));
    if (matchesEtag(request.headers["if-none-match"], page.etag)) {
      return reply.code(304).send();
    }
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    const bytes =
      encoding === "br" && page.br
        ? page.br
        : encoding === "gzip" && page.gzip
          ? page.gzip
          : page.identity;
    if (bytes !== page.identity) reply.header("content-encoding", encoding);
    reply.code(200);
    if (head) {
      reply.header("content-length", String(bytes.length));
      return reply.send();
    }
    // Not yet compressed for the cache: sent as it is, not compressed per response (which is
    // what starved the thread pool under misses, issue 14).
    if (encoding !== undefined && bytes === page.identity) {
      return writePieces(reply, 200, { pieces: [bytes], length: bytes.length });
    }
    return reply.send(bytes);
  }

  return {
    serve(request, reply) {
      if (request.method !== "GET" && request.method !== "HEAD") return false;
      if (!isCacheablePath(request.url.split("?")[0] ?? request.url)) return false;
      const key = keyOf(request.url);
      const fresh = pages.get(key);
      if (fresh) {
        options.onLookup?.("hit");
        compressLater(key, fresh);
        send(request, reply, fresh, key);
        return true;
      }
      // Stale for less than the TTL again: served while one re-render runs; older, or none
      // kept, the visitor waits for the render (one for all who ask meanwhile).
      const servesStale =
        pages.peek(key, { allowStale: true }) !== undefined && pages.getRemainingTTL(key) > -ttlMs;
      options.onLookup?.(servesStale ? "hit" : "miss");
      return pages.fetch(key, { context: request, allowStale: servesStale }).then(
        (page) => {
          if (!page) return false;
          send(request, reply, page, key);
          return true;
        },
        (error: unknown) => {
          if (error instanceof UnavailableRender) {
            request.log.warn({ url: key }, "page without its data: answered 503");
            send(request, reply, error.page, key);
            return true;
          }
          if (!(error instanceof OverloadedError)) return false;
          request.log.warn({ reason: error.message, url: key }, "site busy: answered 503");
          answerOverloaded(reply);
          return true;
        },
      );
    },
    clear() {
      pages.clear();
    },
    stats() {
      return { entries: pages.size, bytes: pages.calculatedSize, renders, compressions };
    },
    async compressed() {
      while (compressing.size > 0) await Promise.all(compressing.values());
    },
  };
}
