/**
 * The page cache: rendered site pages held in memory, keyed by URL, so a page is rendered once
 * per TTL instead of once per visit (rendering costs ~9 ms of CPU; a hit, well under one).
 *
 * - A page is rendered for the cache with placeholders (unguessable ASCII words) in place of
 *   its per-visitor values: the CSP nonce, and the enquiry puzzles (see PerVisitor in
 *   app/context.ts). A page without puzzles becomes one shareable body: nonce attributes
 *   removed, its inline scripts allowed by `'sha256-…'` hashes in the CSP, a strong ETag
 *   (`If-None-Match` answered 304), and brotli and gzip bytes made once, off the request path
 *   (sent uncompressed until they are made); its CSP is worked out once too. A page with puzzles is kept as fragments around the placeholders and put together
 *   per response with the response's nonce and fresh puzzles, sent with `Cache-Control:
 *   no-store` and no ETag; its long runs of text go out from the cached bytes themselves.
 * - Fresh for `ttlMs`; for as long again it is served stale while one re-render runs (stale
 *   while revalidate); older, it is rendered before answering. Concurrent misses of one URL
 *   share one render.
 * - Bounded by bytes, least recently used first out. `clear()` empties it at once (the content
 *   changed); renders begun before a clear are not kept.
 * - Only 200 HTML answers of GET/HEAD are kept; other answers of a render are sent to the
 *   visitors who asked, never kept.
 * - Bounded work (decision 028): renders run through a WorkLimit, and a render refused there is
 *   answered 503 with `Retry-After`; compressions for the cache through another, one at a time.
 *   Pages are keyed by `keyOf(url)`, the path and only the query parameters the route reads.
 */
import { createHash, randomBytes } from "node:crypto";
import type { OutgoingHttpHeader } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { PerVisitor } from "#app-context";
import {
  answerOverloaded,
  createWorkLimit,
  OverloadedError,
  type WorkLimit,
} from "../work-limit.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page as rendered for the cache, placeholders in place of per-visitor values. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: string;
  placeholders: RenderPlaceholders;
}

/** What a render for the cache puts in place of per-visitor values, and how to issue them. */
export interface RenderPlaceholders {
  /** Stands for the response's CSP nonce. */
  nonce: string;
  /** Hands the site placeholders instead of per-visitor values (see PerVisitor). */
  perVisitor: PerVisitor;
  /** Each perVisitor call: its placeholders by field, and how to issue a fresh value set. */
  issued: { placeholders: Record<string, string>; issue: () => Record<string, string> }[];
}

function placeholderWord(): string {
  // Letters and digits only: HTML, JSON and JavaScript strings carry them unescaped.
  return `pv${randomBytes(12).toString("hex")}`;
}

/** Fresh placeholders for one render. */
export function createRenderPlaceholders(): RenderPlaceholders {
  const issued: RenderPlaceholders["issued"] = [];
  const perVisitor = (<T extends { [K in keyof T]: string }>(issue: () => T): T => {
    // The field names come from one real issue; its values are thrown away.
    const sample = issue();
    const placeholders = Object.fromEntries(
      Object.keys(sample).map((field) => [field, placeholderWord()]),
    );
    issued.push({ placeholders, issue: issue as () => Record<string, string> });
    return placeholders as T;
  }) as PerVisitor;
  return { nonce: placeholderWord(), perVisitor, issued };
}

interface SharedPage {
  kind: "shared";
  status: number;
  contentType: string;
  /** The route's own Cache-Control (the sitemap's, say); pages revalidate with their ETag. */
  cacheControl: string;
  etag: string;
  /** The page's CSP: its inline scripts allowed by hash (see SecurityHeaders.cspWithHashes). */
  csp: string | undefined;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

interface PersonalPage {
  kind: "personal";
  status: number;
  headers: [string, string][];
  /**
   * The body cut at the placeholders: the page's text, and numbers in the values' places (the
   * slot of the value: 0 is the nonce, then each issued value set's fields, see `fields`).
   * Long runs of text are kept as UTF-8 bytes that every response sends as they are; short
   * ones as strings, joined with the values around them into one piece per response.
   */
  parts: (Buffer | string | number)[];
  /** Per issued value set, how to issue it and its field names in slot order. */
  fields: { issue: () => Record<string, string>; names: string[] }[];
  /** Bytes of the text, without the values. */
  textBytes: number;
}

/** Text runs at least this long are sent from the page's own bytes, not copied. */
const sharedRunBytes = 256;

type Page = SharedPage | PersonalPage;

interface Entry {
  page: Page;
  bytes: number;
  renderedAt: number;
}

const inlineScriptPattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** `'sha256-…'` sources for the inline scripts of `html` (not src= scripts, not data blocks). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(inlineScriptPattern)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "module" && !type.includes("javascript")) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

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

/**
 * `html` without the nonce on its `<link>` tags (stylesheets, module preloads, the icon): the
 * policy allows the site's own files by 'self', as shared pages, which carry no nonce at all,
 * show. A personal page then has a handful of nonce places instead of some thirty.
 */
function withoutLinkNonces(html: string, nonce: string): string {
  return html.replace(/<link\b[^>]*>/gi, (tag) => tag.replaceAll(` nonce="${nonce}"`, ""));
}

/**
 * A shared page's Cache-Control when its route sets none: browsers revalidate with the ETag; a
 * proxy or CDN may keep it for the page cache's own TTL and serve it stale as long again while it
 * refreshes (the nginx proxy_cache of docs/deployment.md).
 */
function sharedCacheControl(ttlMs: number): string {
  const seconds = Math.max(1, Math.round(ttlMs / 1000));
  return `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`;
}

function toPage(
  rendered: RenderedPage,
  sharedPageCsp: PageCacheOptions["sharedPageCsp"],
  defaultCacheControl: string,
): Page {
  const { body, placeholders } = rendered;
  const used = placeholders.issued.filter((entry) =>
    Object.values(entry.placeholders).some((word) => body.includes(word)),
  );
  const contentType = rendered.headers.get("content-type") ?? "text/html; charset=utf-8";
  if (used.length > 0 || rendered.status !== 200) {
    const slotOf = new Map([[placeholders.nonce, 0]]);
    const fields = used.map((entry) => {
      const names = Object.keys(entry.placeholders);
      for (const name of names) slotOf.set(entry.placeholders[name] ?? "", slotOf.size);
      return { issue: entry.issue, names };
    });
    // Text, placeholder, text, … (split with a capturing group).
    const cut = withoutLinkNonces(body, placeholders.nonce).split(
      new RegExp(`(${[...slotOf.keys()].join("|")})`),
    );
    let textBytes = 0;
    const parts = cut.map((part, index) => {
      if (index % 2 === 1) return slotOf.get(part) ?? 0;
      const bytes = Buffer.byteLength(part);
      textBytes += bytes;
      return bytes >= sharedRunBytes ? Buffer.from(part) : part;
    });
    return {
      kind: "personal",
      status: rendered.status,
      headers: [...rendered.headers].filter(([name]) => !skippedHeaders.has(name.toLowerCase())),
      parts: parts.filter((part) => part !== ""),
      fields,
      textBytes,
    };
  }
  const html = body
    .replaceAll(` nonce="${placeholders.nonce}"`, "")
    .replaceAll(placeholders.nonce, "");
  const identity = Buffer.from(html);
  return {
    kind: "shared",
    status: 200,
    contentType,
    cacheControl: rendered.headers.get("cache-control") ?? defaultCacheControl,
    etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    csp: sharedPageCsp?.(inlineScriptHashes(html)),
    identity,
  };
}

/** One response's body compressed at a cheap level (@fastify/compress's brotli default). */
function compressForResponse(bytes: Buffer, encoding: "br" | "gzip"): Promise<Buffer> {
  return encoding === "br"
    ? brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzipAsync(bytes, { level: 6 });
}

/** The page's brotli (quality 9) and gzip (level 9) bytes, made in libuv's thread pool. */
async function compressPage(page: SharedPage): Promise<void> {
  const { identity } = page;
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  page.br = br;
  page.gzip = gz;
}

function sizeOf(page: Page): number {
  if (page.kind === "shared") {
    return page.identity.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0);
  }
  // Strings at two bytes a character, as V8 may keep them.
  let bytes = 0;
  for (const part of page.parts) {
    if (typeof part === "string") bytes += 2 * part.length;
    else if (typeof part !== "number") bytes += part.length;
  }
  return bytes;
}

/**
 * The body of a personal page for one response, with its nonce and freshly issued values: the
 * page's long runs of text as they are, shared by every response, and between them strings of
 * the values and the short runs around them.
 */
function personalBody(
  page: PersonalPage,
  nonce: string,
): { pieces: (Buffer | string)[]; length: number } {
  const values = [nonce];
  for (const { issue, names } of page.fields) {
    const fresh = issue();
    for (const name of names) values.push(fresh[name] ?? "");
  }
  // Each value's length once, however often it appears (the nonce does on every script).
  const valueBytes = values.map((value) => Buffer.byteLength(value));
  const pieces: (Buffer | string)[] = [];
  let length = page.textBytes;
  let joined = "";
  for (const part of page.parts) {
    if (typeof part === "number") {
      joined += values[part] ?? "";
      length += valueBytes[part] ?? 0;
    } else if (typeof part === "string") {
      joined += part;
    } else {
      if (joined !== "") pieces.push(joined);
      joined = "";
      pieces.push(part);
    }
  }
  if (joined !== "") pieces.push(joined);
  return { pieces, length };
}

/**
 * Sends `pieces` as the body, written in one go (one `writev`) without copying them into one
 * buffer first: a page-sized buffer per response is memory outside V8's heap, and allocating
 * it at thousands of answers a second made V8 run full collections several times a second.
 * The reply's headers (security, request id: set on arrival) go as they are; Fastify's
 * onSend hooks do not run, so the body must need nothing from them (no compression).
 */
function writePieces(reply: FastifyReply, status: number, body: ReturnType<typeof personalBody>) {
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
   * The CSP of a shareable page, given the hashes of its inline scripts (see
   * SecurityHeaders.cspWithHashes); without it, shareable pages are sent without a CSP of
   * their own.
   */
  sharedPageCsp?: (scriptHashes: readonly string[]) => string | undefined;
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
  now?: () => number;
  /** Told when a background re-render fails (the stale page stays). */
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
 * pool's four threads is busy with them (brotli 9 of a page takes a few milliseconds); past
 * `queueLength` waiting a page stays uncompressed until it is visited again.
 */
const defaultCompressLimit = { concurrency: 1, queueLength: 256, maxWaitMs: 60_000 } as const;

/**
 * Compressions of personal pages, per response: two at a time, a few waiting briefly; past
 * that the page goes uncompressed rather than late.
 */
const defaultResponseCompressLimit = { concurrency: 2, queueLength: 32, maxWaitMs: 200 } as const;

/** Site pages only: not React Router's data requests, nor its route manifest. */
export function isCacheablePath(path: string): boolean {
  return !path.endsWith(".data") && !path.startsWith("/__manifest");
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { ttlMs, maxBytes, render, sharedPageCsp, precompress = true, now = Date.now } = options;
  const renderLimit = options.renderLimit ?? createWorkLimit(defaultRenderLimit);
  const compressLimit = options.compressLimit ?? createWorkLimit(defaultCompressLimit);
  const responseCompressLimit = createWorkLimit(defaultResponseCompressLimit);
  const keyOf = options.keyOf ?? ((url: string) => url);
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Page>>();
  /** Pages whose compression is waiting or running. */
  const compressing = new Map<SharedPage, Promise<void>>();
  let totalBytes = 0;
  let generation = 0;
  let renders = 0;
  let compressions = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  function evictOverBudget() {
    for (const oldest of entries.keys()) {
      if (totalBytes <= maxBytes) break;
      remove(oldest);
    }
  }

  function keep(key: string, page: Page, renderedAt: number) {
    remove(key);
    const bytes = sizeOf(page);
    if (bytes > maxBytes) return;
    entries.set(key, { page, bytes, renderedAt });
    totalBytes += bytes;
    evictOverBudget();
    compressLater(key, page);
  }

  /**
   * Makes the brotli and gzip bytes of `key`'s shareable page in the compression limit's turn,
   * once; until then it is sent uncompressed. Refused (the queue is full), it is tried again
   * on the page's next visit.
   */
  function compressLater(key: string, page: Page) {
    if (!precompress || page.kind !== "shared" || page.br || compressing.has(page)) return;
    const done = compressLimit
      .run(async () => {
        // Evicted or rendered again while it waited: nobody will be sent these bytes.
        if (entries.get(key)?.page !== page) return;
        await compressPage(page);
        compressions++;
        const entry = entries.get(key);
        if (entry?.page !== page) return;
        const bytes = sizeOf(page);
        totalBytes += bytes - entry.bytes;
        entry.bytes = bytes;
        if (bytes > maxBytes) remove(key);
        else evictOverBudget();
      })
      .catch((error: unknown) => {
        if (!(error instanceof OverloadedError)) options.onError?.(error, key);
      })
      .finally(() => compressing.delete(page));
    compressing.set(page, done);
  }

  /** One render of `key` at a time; kept when cacheable and no clear() came meanwhile. */
  function renderOnce(key: string, request: FastifyRequest): Promise<Page> {
    const pending = rendering.get(key);
    if (pending) return pending;
    const startedIn = generation;
    const startedAt = now();
    const flight = (async () => {
      const rendered = await renderLimit.run(() => {
        renders++;
        return render(key, request);
      });
      const page = toPage(rendered, sharedPageCsp, sharedCacheControl(ttlMs));
      if (isCacheableAnswer(rendered) && startedIn === generation) keep(key, page, startedAt);
      return page;
    })();
    const shared = flight.finally(() => {
      if (rendering.get(key) === shared) rendering.delete(key);
    });
    rendering.set(key, shared);
    return shared;
  }

  /** The kept page of `key`, fresh or stale (then re-rendered in the background), if any. */
  function keptPage(key: string, request: FastifyRequest): Page | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const age = now() - entry.renderedAt;
    if (age >= 2 * ttlMs) {
      remove(key);
      return undefined;
    }
    // Map order is use order: the first key is the least recently used.
    entries.delete(key);
    entries.set(key, entry);
    if (age >= ttlMs) {
      renderOnce(key, request).catch((error: unknown) => {
        // Busy: the stale page serves until a later visit finds a turn.
        if (!(error instanceof OverloadedError)) options.onError?.(error, key);
      });
    }
    compressLater(key, entry.page);
    return entry.page;
  }

  /**
   * A personal page's body compressed for one response, in the response compression limit's
   * turn: so many visitors at once cost that many compressors' memory at most (a stream each,
   * as @fastify/compress would make, took megabytes apiece). No turn soon: sent uncompressed.
   */
  function sendCompressed(
    reply: FastifyReply,
    status: number,
    body: ReturnType<typeof personalBody>,
    encoding: "br" | "gzip",
  ) {
    const bytes = Buffer.concat(
      body.pieces.map((piece) => (typeof piece === "string" ? Buffer.from(piece) : piece)),
      body.length,
    );
    responseCompressLimit
      .run(() => compressForResponse(bytes, encoding))
      .then(
        (compressed) => {
          reply.header("content-encoding", encoding);
          writePieces(reply, status, { pieces: [compressed], length: compressed.length });
        },
        () => writePieces(reply, status, { pieces: [bytes], length: bytes.length }),
      );
  }

  function send(request: FastifyRequest, reply: FastifyReply, page: Page) {
    const head = request.method === "HEAD";
    reply.header("vary", "Accept-Encoding");
    if (page.kind === "personal") {
      for (const [name, value] of page.headers) reply.header(name, value);
      reply.header("cache-control", "no-store");
      reply.code(page.status);
      if (head) return reply.send("");
      const body = personalBody(page, reply.cspNonce?.script ?? "");
      const encoding = preferredEncoding(request.headers["accept-encoding"]);
      if (encoding !== undefined) return sendCompressed(reply, page.status, body, encoding);
      return writePieces(reply, page.status, body);
    }
    if (page.csp === undefined) reply.removeHeader("content-security-policy");
    else reply.header("content-security-policy", page.csp);
    reply.header("content-type", page.contentType);
    reply.header("etag", page.etag);
    reply.header("cache-control", page.cacheControl);
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
      const kept = keptPage(key, request);
      options.onLookup?.(kept ? "hit" : "miss");
      if (kept) {
        send(request, reply, kept);
        return true;
      }
      return renderOnce(key, request).then(
        (page) => {
          send(request, reply, page);
          return true;
        },
        (error: unknown) => {
          if (error instanceof OverloadedError) {
            request.log.warn({ reason: error.message, url: key }, "site busy: answered 503");
            answerOverloaded(reply);
            return true;
          }
          options.onError?.(error, key);
          return false;
        },
      );
    },
    clear() {
      generation++;
      entries.clear();
      totalBytes = 0;
    },
    stats() {
      return { entries: entries.size, bytes: totalBytes, renders, compressions };
    },
    async compressed() {
      while (compressing.size > 0) await Promise.all(compressing.values());
    },
  };
}
