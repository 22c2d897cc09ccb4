import { brotliDecompressSync } from "node:zlib";
import Fastify from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { enquiryPuzzlePath } from "#app-context";
import { createWorkLimit, retryAfterSeconds } from "../work-limit.ts";
import { createPageCache, type PageCacheOptions, type RenderedPage } from "./page-cache.ts";

/** The policy the site's renderer works out for a page: its inline script's hash. */
const pagePolicy = "default-src 'self';script-src 'self' 'sha256-page'";

/** A page body of about 100 bytes that says which render made it, with an inline script. */
function fakeRender(options: { status?: number } = {}) {
  let renders = 0;
  const render = vi.fn(async (url: string): Promise<RenderedPage> => {
    renders += 1;
    return {
      status: options.status ?? 200,
      headers: new Headers({
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": pagePolicy,
      }),
      body: `<html><body><p>${url} render ${renders}</p><script>go()</script></body></html>`,
    };
  });
  return render;
}

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** The policy the security plugin sets on every answer. */
const serverPolicy = "default-src 'self';script-src 'self'";

function serveWith(options: Partial<PageCacheOptions> & Pick<PageCacheOptions, "render">) {
  const cache = createPageCache({ ttlMs: 10_000, maxBytes: 1_000_000, ...options });
  const app = Fastify();
  apps.push(app);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("content-security-policy", serverPolicy);
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
      }),
    );
    const { app } = serveWith({ render });
    const first = await app.inject("/sitemap.xml");
    const second = await app.inject("/sitemap.xml");
    expect(render).toHaveBeenCalledTimes(1);
    expect(second.body).toBe(first.body);
    expect(first.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(first.headers["cache-control"]).toBe("public, max-age=900");
    // No policy of its own: the server's stays.
    expect(first.headers["content-security-policy"]).toBe(serverPolicy);
  });

  it("sends kept pages with the Cache-Control it is given, for shared caches", async () => {
    const cacheControl = (fresh: number) => `public, max-age=0, s-maxage=${fresh}`;
    const { app } = serveWith({ render: fakeRender(), cacheControl });
    for (const answer of [await app.inject("/about"), await app.inject("/about")]) {
      expect(answer.headers["cache-control"]).toBe("public, max-age=0, s-maxage=10");
      expect(answer.headers.etag).toMatch(/^"[\w-]{27}"$/);
    }
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
    // Compressed from its second visit on.
    await app.inject("/");
    await cache.compressed();
    const br = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const none = await app.inject({ url: "/", headers: { "accept-encoding": "br;q=0" } });
    expect(none.headers["content-encoding"]).toBeUndefined();
  });

  it("answers a miss at once, uncompressed, and compresses the page once it is visited again", async () => {
    const { app, cache } = serveWith({ render: fakeRender() });
    const accepts = { "accept-encoding": "br, gzip" };
    const miss = await app.inject({ url: "/about", headers: accepts });
    expect(miss.statusCode).toBe(200);
    expect(miss.headers["content-encoding"]).toBeUndefined();
    expect(miss.body).toContain("/about render 1");
    expect(Number(miss.headers["content-length"])).toBe(miss.rawPayload.length);
    expect(miss.headers.etag).toMatch(/^"[\w-]{27}"$/);
    // Not compressed per response, nor for the cache: a page asked for once (a new search
    // every time, say) never costs a compression (decision 030).
    await cache.compressed();
    expect(cache.stats().compressions).toBe(0);
    const second = await app.inject({ url: "/about", headers: accepts });
    expect(second.headers["content-encoding"]).toBeUndefined();
    expect(second.body).toBe(miss.body);
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

  it("answers kept pages while renders fill their slots and queue, and one client gets its share", async () => {
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    const fast = fakeRender();
    const render = vi.fn(async (url: string) => {
      if (url !== "/kept") await held;
      return fast(url);
    });
    const renderLimit = createWorkLimit({
      concurrency: 2,
      queueLength: 8,
      maxWaitMs: 60_000,
      perClient: 2,
    });
    const { app } = serveWith({ render, renderLimit });
    expect((await app.inject("/kept")).statusCode).toBe(200);
    const busting = "10.0.0.1";
    const misses = ["/s?1", "/s?2"].map((url) =>
      Promise.resolve(app.inject({ url, remoteAddress: busting })),
    );
    await vi.waitFor(() => expect(renderLimit.stats()).toEqual({ running: 2, waiting: 0 }));
    // The same client's next miss is refused at once, though the queue has room...
    const refused = await app.inject({ url: "/s?3", remoteAddress: busting });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe(String(retryAfterSeconds));
    // ...another client's miss waits its turn...
    const other = Promise.resolve(app.inject({ url: "/s?4", remoteAddress: "10.0.0.2" }));
    await vi.waitFor(() => expect(renderLimit.stats()).toEqual({ running: 2, waiting: 1 }));
    // ...and a kept page is answered meanwhile, to anyone, without a render.
    for (const remoteAddress of [busting, "10.0.0.2"]) {
      const hit = await app.inject({ url: "/kept", remoteAddress });
      expect(hit.statusCode).toBe(200);
      expect(hit.body).toContain("/kept render 1");
    }
    release();
    expect((await Promise.all([...misses, other])).map((answer) => answer.statusCode)).toEqual([
      200, 200, 200,
    ]);
    expect((await app.inject({ url: "/s?3", remoteAddress: busting })).statusCode).toBe(200);
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

  it("sends a kept page with the CSP its render worked out (its scripts' hashes)", async () => {
    const { app } = serveWith({ render: fakeRender() });
    for (const answer of [await app.inject("/"), await app.inject("/")]) {
      expect(answer.headers["content-security-policy"]).toBe(pagePolicy);
    }
  });

  it("serves a stale page once past its TTL while one re-render runs, and waits when older", async () => {
    // A clock that starts above 0, as performance.now() does (lru-cache takes 0 for "no TTL").
    let now = 1;
    const render = fakeRender();
    const { app, cache } = serveWith({ render, ttlMs: 1000, now: () => now });
    expect((await app.inject("/")).body).toContain("render 1");
    now = 1501;
    const stale = await Promise.all([app.inject("/"), app.inject("/")]);
    expect(stale.map((answer) => answer.body.includes("render 1"))).toEqual([true, true]);
    await vi.waitFor(() => expect(cache.stats().renders).toBe(2));
    await vi.waitFor(async () => expect((await app.inject("/")).body).toContain("render 2"));
    expect(render).toHaveBeenCalledTimes(2);
    // Past twice the TTL the old page is not served at all.
    now = 1501 + 2000;
    expect((await app.inject("/")).body).toContain("render 3");
  });

  it("keeps serving the stale page when its re-render fails, and tells onError once", async () => {
    let now = 1;
    let fail = false;
    const fast = fakeRender();
    const render = vi.fn(async (url: string) => {
      if (fail) throw new Error("database down");
      return fast(url);
    });
    const onError = vi.fn();
    const { app, cache } = serveWith({ render, ttlMs: 1000, now: () => now, onError });
    expect((await app.inject("/")).body).toContain("render 1");
    fail = true;
    now = 1501;
    expect((await app.inject("/")).body).toContain("render 1");
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(cache.stats().entries).toBe(1);
    expect((await app.inject("/")).body).toContain("render 1");
    // Past twice the TTL it is not served: the visitor waits for a render, which fails.
    now = 1501 + 2000;
    expect((await app.inject("/")).body).toBe("answered by the site");
  });

  it("lets a shared cache keep a page no longer than it is fresh here, and a stale one not at all", async () => {
    let now = 1;
    const cacheControl = (fresh: number) =>
      fresh > 0 ? `public, max-age=0, s-maxage=${fresh}` : "public, no-cache";
    const { app } = serveWith({
      render: fakeRender(),
      ttlMs: 10_000,
      now: () => now,
      cacheControl,
    });
    expect((await app.inject("/")).headers["cache-control"]).toBe("public, max-age=0, s-maxage=10");
    now = 7_501;
    const kept = await app.inject("/");
    expect(kept.headers["cache-control"]).toBe("public, max-age=0, s-maxage=3");
    // A proxy's revalidation of its copy is told the same.
    const revalidated = await app.inject({
      url: "/",
      headers: { "if-none-match": kept.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers["cache-control"]).toBe("public, max-age=0, s-maxage=3");
    now = 10_501;
    const stale = await app.inject("/");
    expect(stale.body).toContain("render 1");
    expect(stale.headers["cache-control"]).toBe("public, no-cache");
  });

  it("lets a shared cache keep a render's redirect as long as a fresh page, and drops the kept page", async () => {
    let now = 1;
    let status = 200;
    const fast = fakeRender();
    const render = vi.fn(async (url: string) => {
      const page = await fast(url);
      if (status === 200) return page;
      page.headers.set("location", "/");
      return { ...page, status, body: "" };
    });
    const cacheControl = (fresh: number) => `public, max-age=0, s-maxage=${fresh}`;
    const { app, cache } = serveWith({ render, ttlMs: 2000, now: () => now, cacheControl });
    expect((await app.inject("/property/HP-1")).statusCode).toBe(200);
    status = 302;
    now = 2_501;
    await app.inject("/property/HP-1");
    await vi.waitFor(() => expect(cache.stats().entries).toBe(0));
    const moved = await app.inject("/property/HP-1");
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe("/");
    expect(moved.headers["cache-control"]).toBe("public, max-age=0, s-maxage=2");
  });

  it("answers a render's 503 with Retry-After and no-store and keeps the good page it had", async () => {
    let now = 1;
    let status = 200;
    const fast = fakeRender();
    const render = vi.fn(async (url: string) => ({ ...(await fast(url)), status }));
    const onError = vi.fn();
    const { app, cache } = serveWith({ render, ttlMs: 1000, now: () => now, onError });
    const good = await app.inject("/search");
    expect(good.body).toContain("render 1");
    // The database goes away: the stale page is served while its re-render answers 503.
    status = 503;
    now = 1_501;
    expect((await app.inject("/search")).body).toContain("render 1");
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(2));
    expect((await app.inject("/search")).body).toContain("render 1");
    // Too old to serve: the visitor gets the 503 itself, never kept; the good page stays.
    now = 3_001;
    const unavailable = await app.inject("/search");
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.headers["retry-after"]).toBe("5");
    expect(unavailable.headers["cache-control"]).toBe("no-store");
    expect(unavailable.headers.etag).toBeUndefined();
    expect(cache.stats().entries).toBe(1);
    expect(onError).not.toHaveBeenCalled();
    // Back: the next render replaces the good page with a new one.
    status = 200;
    const back = await app.inject("/search");
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain("render 4");
    expect((await app.inject("/search")).body).toContain("render 4");
  });

  it("drops the stale page when its re-render answers other than 200", async () => {
    let now = 1;
    let status = 200;
    const fast = fakeRender();
    const render = vi.fn(async (url: string) => ({ ...(await fast(url)), status }));
    const { app, cache } = serveWith({ render, ttlMs: 1000, now: () => now });
    expect((await app.inject("/gone")).statusCode).toBe(200);
    status = 404;
    now = 1501;
    expect((await app.inject("/gone")).statusCode).toBe(200);
    await vi.waitFor(() => expect(cache.stats().entries).toBe(0));
    const missing = await app.inject("/gone");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["cache-control"]).toBe("no-store");
  });

  it("renders again at once after clear()", async () => {
    const { app, cache } = serveWith({ render: fakeRender() });
    await app.inject("/");
    cache.clear();
    expect((await app.inject("/")).body).toContain("render 2");
  });

  it("answers a render begun before clear() but does not keep it", async () => {
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    const fast = fakeRender();
    const render = vi.fn(async (url: string) => {
      if (render.mock.calls.length === 1) await held;
      return fast(url);
    });
    const { app, cache } = serveWith({ render });
    const before = Promise.resolve(app.inject("/"));
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(1));
    cache.clear();
    release();
    expect((await before).body).toContain("render 1");
    expect(cache.stats().entries).toBe(0);
    expect((await app.inject("/")).body).toContain("render 2");
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

  it("sends but never keeps an answer other than 200 HTML", async () => {
    const render = fakeRender({ status: 404 });
    const { app } = serveWith({ render });
    const missing = await app.inject("/missing");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("/missing render 1");
    expect(missing.headers["cache-control"]).toBe("no-store");
    expect(missing.headers["content-security-policy"]).toBe(pagePolicy);
    expect((await app.inject({ method: "HEAD", url: "/missing" })).body).toBe("");
    expect((await app.inject("/missing")).statusCode).toBe(404);
    expect(render).toHaveBeenCalledTimes(3);
  });

  it("leaves POSTs, data requests and the route manifest to the site", async () => {
    const render = fakeRender();
    const { app } = serveWith({ render });
    for (const request of [
      { method: "POST" as const, url: "/contact" },
      { method: "GET" as const, url: "/property.data?page=2" },
      { method: "GET" as const, url: "/__manifest?p=%2F" },
      // A fresh puzzle per request: one render shared by concurrent visitors would share it.
      { method: "GET" as const, url: enquiryPuzzlePath },
    ]) {
      expect((await app.inject(request)).body).toBe("answered by the site");
    }
    expect(render).not.toHaveBeenCalled();
  });
});
