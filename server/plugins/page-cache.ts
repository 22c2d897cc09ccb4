/**
 * The page cache: rendered site pages held in memory, keyed by URL, so a page is rendered once
 * per TTL instead of once per visit (rendering costs ~9 ms of CPU; a hit, well under one).
 *
 * - A page is rendered for the cache with placeholders (unguessable ASCII words) in place of
 *   its per-visitor values: the CSP nonce, and the enquiry puzzles (see PerVisitor in
 *   app/context.ts). A page without puzzles becomes one shareable body: nonce attributes
 *   removed, its inline scripts allowed by `'sha256-…'` hashes in the CSP, a strong ETag
 *   (`If-None-Match` answered 304), and brotli and gzip bytes made once. A page with puzzles is
 *   kept as fragments around the placeholders and put together per response with a fresh
 *   nonce and fresh puzzles, sent with `Cache-Control: no-store` and no ETag.
 * - Fresh for `ttlMs`; for as long again it is served stale while one re-render runs (stale
 *   while revalidate); older, it is rendered before answering. Concurrent misses of one URL
 *   share one render.
 * - Bounded by bytes, least recently used first out. `clear()` empties it at once (the content
 *   changed); renders begun before a clear are not kept.
 * - Only 200 HTML answers of GET/HEAD are kept; other answers of a render are sent to the
 *   visitors who asked, never kept.
 */
import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { PerVisitor } from "#app-context";

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
  /** `'sha256-…'` of each inline script, for the CSP's script-src. */
  scriptHashes: string[];
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

interface PersonalPage {
  kind: "personal";
  status: number;
  headers: [string, string][];
  /**
   * The body cut at the placeholders: text, placeholder, text, … The placeholders (odd
   * positions) are kept as text to look their values up; the text positions are empty here.
   */
  fragments: string[];
  /**
   * The same fragments encoded once as UTF-8 (placeholders' positions hold empty buffers), so a
   * response copies bytes instead of encoding the whole page again.
   */
  encodedFragments: Buffer[];
  nonce: string;
  issued: RenderPlaceholders["issued"];
}

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

/** The helmet CSP with its nonces replaced: script-src by the page's hashes, style-src by nothing. */
export function hashedCsp(policy: string, scriptHashes: readonly string[]): string {
  return policy
    .split(";")
    .map((directive) => {
      const parts = directive.trim().split(/\s+/);
      const kept = parts.filter((part) => !part.startsWith("'nonce-"));
      if (parts[0] === "script-src") kept.push(...scriptHashes);
      return kept.join(" ");
    })
    .join(";");
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

async function toPage(rendered: RenderedPage, compress: boolean): Promise<Page> {
  const { body, placeholders } = rendered;
  const used = placeholders.issued.filter((entry) =>
    Object.values(entry.placeholders).some((word) => body.includes(word)),
  );
  const contentType = rendered.headers.get("content-type") ?? "text/html; charset=utf-8";
  if (used.length > 0 || rendered.status !== 200) {
    const words = [
      placeholders.nonce,
      ...used.flatMap((entry) => Object.values(entry.placeholders)),
    ];
    const fragments = body.split(new RegExp(`(${words.join("|")})`));
    return {
      kind: "personal",
      status: rendered.status,
      headers: [...rendered.headers].filter(([name]) => !skippedHeaders.has(name.toLowerCase())),
      // Only the placeholders are looked up as text; the page's text travels as bytes.
      fragments: fragments.map((fragment, index) => (index % 2 === 1 ? fragment : "")),
      encodedFragments: fragments.map((fragment, index) =>
        index % 2 === 1 ? Buffer.alloc(0) : Buffer.from(fragment),
      ),
      nonce: placeholders.nonce,
      issued: used,
    };
  }
  const html = body
    .replaceAll(` nonce="${placeholders.nonce}"`, "")
    .replaceAll(placeholders.nonce, "");
  const identity = Buffer.from(html);
  const [br, gz] = compress
    ? await Promise.all([
        brotli(identity, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        }),
        gzipAsync(identity, { level: 9 }),
      ])
    : [undefined, undefined];
  return {
    kind: "shared",
    status: 200,
    contentType,
    cacheControl: rendered.headers.get("cache-control") ?? "public, no-cache",
    etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    scriptHashes: inlineScriptHashes(html),
    identity,
    ...(br ? { br } : {}),
    ...(gz ? { gzip: gz } : {}),
  };
}

function sizeOf(page: Page): number {
  if (page.kind === "shared") {
    return page.identity.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0);
  }
  return page.encodedFragments.reduce(
    (total, fragment) => total + fragment.length,
    page.fragments.reduce((total, fragment) => total + fragment.length * 2, 0),
  );
}

/** The body of a personal page for one response: a fresh nonce and fresh values. */
function personalBody(page: PersonalPage, nonce: string): Buffer {
  const values = new Map<string, string>([[page.nonce, nonce]]);
  for (const entry of page.issued) {
    const fresh = entry.issue();
    for (const [field, word] of Object.entries(entry.placeholders)) {
      values.set(word, fresh[field] ?? "");
    }
  }
  // Odd positions are the placeholders (split with a capturing group).
  return Buffer.concat(
    page.encodedFragments.map((bytes, index) =>
      index % 2 === 1 ? Buffer.from(values.get(page.fragments[index] ?? "") ?? "") : bytes,
    ),
  );
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
  /** Renders a path and query for the cache (see RenderedPage). */
  render(url: string): Promise<RenderedPage>;
  /** Keep brotli and gzip bytes of shareable pages (off in tests that count bytes). */
  precompress?: boolean;
  now?: () => number;
  /** Told when a background re-render fails (the stale page stays). */
  onError?: (error: unknown, url: string) => void;
}

export interface PageCache {
  /**
   * Answers `request` from the cache (rendering it first if need be); false when the request
   * is not the cache's (the site answers it as usual).
   */
  serve(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  /** Empties the cache at once: the content changed. */
  clear(): void;
  /** How many pages are kept and their bytes (for tests and logs). */
  stats(): { entries: number; bytes: number; renders: number };
}

/** Site pages only: not React Router's data requests, nor its route manifest. */
export function isCacheablePath(path: string): boolean {
  return !path.endsWith(".data") && !path.startsWith("/__manifest");
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { ttlMs, maxBytes, render, precompress = true, now = Date.now } = options;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Page>>();
  let totalBytes = 0;
  let generation = 0;
  let renders = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  function keep(key: string, page: Page, renderedAt: number) {
    remove(key);
    const bytes = sizeOf(page);
    if (bytes > maxBytes) return;
    entries.set(key, { page, bytes, renderedAt });
    totalBytes += bytes;
    for (const oldest of entries.keys()) {
      if (totalBytes <= maxBytes) break;
      remove(oldest);
    }
  }

  /** One render of `key` at a time; kept when cacheable and no clear() came meanwhile. */
  function renderOnce(key: string): Promise<Page> {
    const pending = rendering.get(key);
    if (pending) return pending;
    const startedIn = generation;
    const startedAt = now();
    const flight = (async () => {
      renders++;
      const rendered = await render(key);
      const page = await toPage(rendered, precompress);
      if (isCacheableAnswer(rendered) && startedIn === generation) keep(key, page, startedAt);
      return page;
    })();
    const shared = flight.finally(() => {
      if (rendering.get(key) === shared) rendering.delete(key);
    });
    rendering.set(key, shared);
    return shared;
  }

  async function pageFor(key: string): Promise<Page> {
    const entry = entries.get(key);
    if (entry) {
      const age = now() - entry.renderedAt;
      if (age < 2 * ttlMs) {
        // Map order is use order: the first key is the least recently used.
        entries.delete(key);
        entries.set(key, entry);
        if (age >= ttlMs) {
          renderOnce(key).catch((error: unknown) => options.onError?.(error, key));
        }
        return entry.page;
      }
      remove(key);
    }
    return renderOnce(key);
  }

  function send(request: FastifyRequest, reply: FastifyReply, page: Page) {
    const head = request.method === "HEAD";
    reply.header("vary", "Accept-Encoding");
    if (page.kind === "personal") {
      for (const [name, value] of page.headers) reply.header(name, value);
      reply.header("cache-control", "no-store");
      reply.code(page.status);
      const nonce = reply.cspNonce?.script ?? "";
      return reply.send(head ? "" : personalBody(page, nonce));
    }
    const policy = reply.getHeader("content-security-policy");
    if (typeof policy === "string") {
      reply.header("content-security-policy", hashedCsp(policy, page.scriptHashes));
    }
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
    return reply.send(bytes);
  }

  return {
    async serve(request, reply) {
      if (request.method !== "GET" && request.method !== "HEAD") return false;
      const key = request.url;
      if (!isCacheablePath(key.split("?")[0] ?? key)) return false;
      let page: Page;
      try {
        page = await pageFor(key);
      } catch (error) {
        options.onError?.(error, key);
        return false;
      }
      await send(request, reply, page);
      return true;
    },
    clear() {
      generation++;
      entries.clear();
      totalBytes = 0;
    },
    stats() {
      return { entries: entries.size, bytes: totalBytes, renders };
    },
  };
}
