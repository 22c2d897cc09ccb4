import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createWorkLimit, retryAfterSeconds } from "../work-limit.ts";
import {
  createPageCache,
  createRenderPlaceholders,
  inlineScriptHashes,
  type PageCacheOptions,
  type RenderedPage,
} from "./page-cache.ts";
import { type CspNonces, hashedCsp } from "./security.ts";

/** A page body of about 100 bytes that says which render made it, with a nonce'd script. */
function fakeRender(options: { status?: number; puzzle?: boolean } = {}) {
  let renders = 0;
  const render = vi.fn(async (url: string): Promise<RenderedPage> => {
    renders += 1;
    const placeholders = createRenderPlaceholders();
    let serial = 0;
    const puzzle = options.puzzle
      ? placeholders.perVisitor(() => ({ token: `token${++serial}` }))
      : undefined;
    const body =
      `<html><body><p>${url} render ${renders}</p>` +
      (puzzle ? `<input value="${puzzle.token}">` : "") +
      `<script nonce="${placeholders.nonce}">go("${placeholders.nonce}")</script></body></html>`;
    return {
      status: options.status ?? 200,
      headers: new Headers({ "content-type": "text/html; charset=utf-8" }),
      body,
      placeholders,
    };
  });
  return render;
}

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const policy = "default-src 'self';script-src 'self' 'nonce-abc';style-src 'self' 'nonce-def'";

function serveWith(options: Partial<PageCacheOptions> & Pick<PageCacheOptions, "render">) {
  const cache = createPageCache({
    ttlMs: 10_000,
    maxBytes: 1_000_000,
    sharedPageCsp: (hashes) => hashedCsp(policy, hashes),
    ...options,
  });
  const app = Fastify();
  apps.push(app);
  // What the security plugin does: a nonce per answer, in the reply and in the CSP.
  let answers = 0;
  app.decorateReply("cspNonce", null as unknown as CspNonces);
  app.addHook("onRequest", async (request, reply) => {
    answers += 1;
    reply.cspNonce = { script: `abc${answers}`, style: `def${answers}` };
    reply.header("content-security-policy", policy.replace("abc", `abc${answers}`));
    if (await cache.serve(request, reply)) return reply;
  });
  app.all("*", async () => "answered by the site");
  return { app, cache };
}

describe("the page cache", () => {
  it("renders a page once and serves the same bytes to the next visitor", async () => {
    const render = fakeRender();
    const { app } = serveWith({ render });
    const first = await app.inject("/about");
    const second = await app.inject("/about");
    expect(render).toHaveBeenCalledTimes(1);
    expect(first.body).toContain("/about render 1");
    expect(second.body).toBe(first.body);
    expect(first.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers["cache-control"]).toBe(
      "public, max-age=0, s-maxage=10, stale-while-revalidate=10",
    );
    expect(first.headers.vary).toBe("Accept-Encoding");
  });

  it("keeps a resource route's XML with its own Cache-Control (the sitemap's)", async () => {
    const render = vi.fn(
      async (): Promise<RenderedPage> => ({
        status: 200,
        headers: new Headers({
          "content-type": "application/xml; charset=utf-8",
          "cache-control": "public, max-age=900",
        }),
        body: '<?xml version="1.0" encoding="UTF-8"?><urlset></urlset>',
        placeholders: createRenderPlaceholders(),
      }),
    );
    const { app } = serveWith({ render });
    const first = await app.inject("/sitemap.xml");
    const second = await app.inject("/sitemap.xml");
    expect(render).toHaveBeenCalledTimes(1);
    expect(second.body).toBe(first.body);
    expect(first.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(first.headers["cache-control"]).toBe("public, max-age=900");
  });

  it("shares one render among concurrent misses of a URL", async () => {
    const render = fakeRender();
    const { app } = serveWith({ render });
    const answers = await Promise.all([1, 2, 3].map(() => app.inject("/faq")));
    expect(render).toHaveBeenCalledTimes(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it("answers If-None-Match with 304 and no body", async () => {
    const { app } = serveWith({ render: fakeRender() });
    const { etag } = (await app.inject("/")).headers;
    const again = await app.inject({ url: "/", headers: { "if-none-match": `W/${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const other = await app.inject({ url: "/", headers: { "if-none-match": '"other"' } });
    expect(other.statusCode).toBe(200);
  });

  it("sends the precompressed brotli or gzip bytes the visitor accepts", async () => {
    const { app, cache } = serveWith({ render: fakeRender() });
    const plain = await app.inject("/");
    await cache.compressed();
    const br = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const none = await app.inject({ url: "/", headers: { "accept-encoding": "br;q=0" } });
    expect(none.headers["content-encoding"]).toBeUndefined();
  });

  it("answers a miss at once, uncompressed, and compresses the page for the cache afterwards", async () => {
    const { app, cache } = serveWith({ render: fakeRender() });
    const accepts = { "accept-encoding": "br, gzip" };
    const miss = await app.inject({ url: "/about", headers: accepts });
    expect(miss.statusCode).toBe(200);
    expect(miss.headers["content-encoding"]).toBeUndefined();
    expect(miss.body).toContain("/about render 1");
    expect(Number(miss.headers["content-length"])).toBe(miss.rawPayload.length);
    expect(miss.headers.etag).toMatch(/^"[\w-]{27}"$/);
    // Not compressed per response either: the page's compression is not on this answer's path.
    expect(cache.stats().compressions).toBe(0);
    await cache.compressed();
    expect(cache.stats().compressions).toBe(1);
    const hit = await app.inject({ url: "/about", headers: accepts });
    expect(hit.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(hit.rawPayload).toString()).toBe(miss.body);
    // The compressed bytes count against the budget.
    expect(cache.stats().bytes).toBeGreaterThan(miss.rawPayload.length + hit.rawPayload.length);
  });

  it("answers 503 with Retry-After at once when renders and their queue are full", async () => {
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    const slow = fakeRender();
    const render = vi.fn(async (url: string) => {
      await held;
      return slow(url);
    });
    const renderLimit = createWorkLimit({ concurrency: 1, queueLength: 1, maxWaitMs: 60_000 });
    const { app } = serveWith({ render, renderLimit });
    // inject() starts a request once it is awaited: Promise.resolve starts these two.
    const rendering = Promise.resolve(app.inject("/a"));
    const waiting = Promise.resolve(app.inject("/b"));
    await vi.waitFor(() => expect(renderLimit.stats()).toEqual({ running: 1, waiting: 1 }));
    const refused = await app.inject("/c");
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe(String(retryAfterSeconds));
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(render).toHaveBeenCalledTimes(1);
    release();
    expect((await rendering).statusCode).toBe(200);
    expect((await waiting).body).toContain("/b render");
    // Refused, not kept as refused: the next visit renders it.
    expect((await app.inject("/c")).statusCode).toBe(200);
  });

  it("answers 503 to a render that waits longer than the limit allows", async () => {
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    const slow = fakeRender();
    const render = async (url: string) => {
      if (url === "/a") await held;
      return slow(url);
    };
    const renderLimit = createWorkLimit({ concurrency: 1, queueLength: 10, maxWaitMs: 50 });
    const { app } = serveWith({ render, renderLimit });
    const rendering = Promise.resolve(app.inject("/a"));
    await vi.waitFor(() => expect(renderLimit.stats().running).toBe(1));
    const started = performance.now();
    const waited = await app.inject("/b");
    expect(waited.statusCode).toBe(503);
    expect(performance.now() - started).toBeLessThan(2_000);
    release();
    expect((await rendering).statusCode).toBe(200);
  });

  it("keys pages by keyOf(url) and renders the key, so URLs with one key share a render", async () => {
    const render = fakeRender();
    const keyOf = (url: string) => url.split("?")[0] ?? url;
    const { app, cache } = serveWith({ render, keyOf });
    const first = await app.inject("/faq?utm_source=one");
    const second = await app.inject("/faq?b=two");
    expect(render).toHaveBeenCalledTimes(1);
    expect(render.mock.calls[0]?.[0]).toBe("/faq");
    expect(second.body).toBe(first.body);
    expect(cache.stats().entries).toBe(1);
  });

  it("drops the nonce from a shareable page and allows its scripts by hash instead", async () => {
    const { app } = serveWith({ render: fakeRender() });
    const answer = await app.inject("/");
    expect(answer.body).toContain('<script>go("")</script>');
    const hash = createHash("sha256").update('go("")').digest("base64");
    expect(answer.headers["content-security-policy"]).toBe(
      `default-src 'self';script-src 'self' 'sha256-${hash}';style-src 'self'`,
    );
  });

  it("serves a stale page once past its TTL while one re-render runs, and waits when older", async () => {
    let now = 0;
    const render = fakeRender();
    const { app, cache } = serveWith({ render, ttlMs: 1000, now: () => now });
    expect((await app.inject("/")).body).toContain("render 1");
    now = 1500;
    const stale = await Promise.all([app.inject("/"), app.inject("/")]);
    expect(stale.map((answer) => answer.body.includes("render 1"))).toEqual([true, true]);
    await vi.waitFor(() => expect(cache.stats().renders).toBe(2));
    await vi.waitFor(async () => expect((await app.inject("/")).body).toContain("render 2"));
    expect(render).toHaveBeenCalledTimes(2);
    // Past twice the TTL the old page is not served at all.
    now = 1500 + 2000;
    expect((await app.inject("/")).body).toContain("render 3");
  });

  it("renders again at once after clear()", async () => {
    const { app, cache } = serveWith({ render: fakeRender() });
    await app.inject("/");
    cache.clear();
    expect((await app.inject("/")).body).toContain("render 2");
  });

  it("keeps pages within its byte budget, least recently used first out", async () => {
    const render = fakeRender();
    const { app, cache } = serveWith({ render, maxBytes: 150, precompress: false });
    await app.inject("/a");
    await app.inject("/b");
    await app.inject("/a"); // /a is now the most recently used
    await app.inject("/c"); // three pages do not fit: /b goes
    expect(cache.stats().entries).toBe(2);
    expect(cache.stats().bytes).toBeLessThanOrEqual(150);
    await app.inject("/a");
    expect(render).toHaveBeenCalledTimes(3);
    await app.inject("/b");
    expect(render).toHaveBeenCalledTimes(4);
  });

  it("issues per-visitor values afresh for every response, with no ETag and no-store", async () => {
    const render = fakeRender({ puzzle: true });
    const { app } = serveWith({ render });
    const [first, second] = [await app.inject("/contact"), await app.inject("/contact")];
    expect(render).toHaveBeenCalledTimes(1);
    expect(first.body).toContain('<input value="token2">');
    expect(second.body).toContain('<input value="token3">');
    // Each answer carries its own CSP nonce, wherever the page had it.
    expect(first.body).toContain('<script nonce="abc1">go("abc1")</script>');
    expect(second.body).toContain('<script nonce="abc2">go("abc2")</script>');
    expect(first.headers["content-security-policy"]).toContain("'nonce-abc1'");
    expect(first.headers.etag).toBeUndefined();
    expect(first.headers["cache-control"]).toBe("no-store");
  });

  it("puts a long personal page together byte for byte, whatever the visitor accepts", async () => {
    // Long runs of text are sent from the page's own bytes, short ones joined with the values.
    const long = `<p>${"Détails – ".repeat(200)}</p>`;
    const page = (nonce: string, token: string) =>
      `<p>${token}</p>${long}<b>${token}</b><script nonce="${nonce}">go()</script>${long}${nonce}`;
    const render = async (): Promise<RenderedPage> => {
      const placeholders = createRenderPlaceholders();
      let serial = 0;
      const { token } = placeholders.perVisitor(() => ({ token: `token${++serial}` }));
      return {
        status: 200,
        headers: new Headers({ "content-type": "text/html; charset=utf-8" }),
        body: page(placeholders.nonce, token),
        placeholders,
      };
    };
    const { app } = serveWith({ render });
    const plain = await app.inject("/contact");
    expect(plain.body).toBe(page("abc1", "token2"));
    expect(Number(plain.headers["content-length"])).toBe(plain.rawPayload.length);
    expect(plain.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(plain.headers["content-security-policy"]).toContain("'nonce-abc1'");
    const accepting = await app.inject({ url: "/contact", headers: { "accept-encoding": "gzip" } });
    expect(accepting.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(accepting.rawPayload).toString()).toBe(page("abc2", "token3"));
    expect(Number(accepting.headers["content-length"])).toBe(accepting.rawPayload.length);
    const head = await app.inject({ method: "HEAD", url: "/contact" });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
  });

  it("leaves the nonce out of a personal page's <link> tags, which 'self' allows", async () => {
    const render = async (): Promise<RenderedPage> => {
      const placeholders = createRenderPlaceholders();
      const { token } = placeholders.perVisitor(() => ({ token: "t" }));
      const { nonce } = placeholders;
      return {
        status: 200,
        headers: new Headers({ "content-type": "text/html; charset=utf-8" }),
        body:
          `<link rel="modulepreload" href="/a.js" nonce="${nonce}"/>` +
          `<LINK nonce="${nonce}" rel="stylesheet" href="/a.css">` +
          `<script nonce="${nonce}">go("${nonce}")</script><input value="${token}">`,
        placeholders,
      };
    };
    const { app } = serveWith({ render });
    expect((await app.inject("/contact")).body).toBe(
      '<link rel="modulepreload" href="/a.js"/><LINK rel="stylesheet" href="/a.css">' +
        '<script nonce="abc1">go("abc1")</script><input value="t">',
    );
  });

  it("sends but never keeps an answer other than 200 HTML", async () => {
    const render = fakeRender({ status: 404 });
    const { app } = serveWith({ render });
    expect((await app.inject("/missing")).statusCode).toBe(404);
    expect((await app.inject("/missing")).statusCode).toBe(404);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it("leaves POSTs, data requests and the route manifest to the site", async () => {
    const render = fakeRender();
    const { app } = serveWith({ render });
    for (const request of [
      { method: "POST" as const, url: "/contact" },
      { method: "GET" as const, url: "/property.data?page=2" },
      { method: "GET" as const, url: "/__manifest?p=%2F" },
    ]) {
      expect((await app.inject(request)).body).toBe("answered by the site");
    }
    expect(render).not.toHaveBeenCalled();
  });
});

describe("inline script hashes", () => {
  it("hash inline scripts, not external ones nor JSON-LD data blocks", () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script src="/x.js"></script>' +
      '<script type="application/ld+json">{"@type":"Thing"}</script>';
    const digest = (text: string) =>
      `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([digest("a()"), digest("b()")]);
  });
});
