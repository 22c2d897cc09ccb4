/**
 * The page cache in front of the built site (run `npm run build` first): pages the same for
 * every visitor (decision 031), the hashed CSP, the enquiry puzzle endpoint and the enquiry
 * without JavaScript, and invalidation when the content changes, in this process and over Redis.
 */
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiryPuzzlePath } from "#app-context";
import { loadConfig } from "../../config/env.ts";
import { listEnquiries } from "../../db/queries/enquiry.ts";
import { fillWithGeneratedProperties } from "../../db/seed/generate.ts";
import { createTestImageDir, sideBySideLimits, testToken } from "../../tests/support/app.ts";
import { buildContactEnquiry, buildPropertyEnquiry } from "../../tests/support/factories.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database.ts";
import { buildApp } from "../app.ts";
import { contentChangeChannel, publishContentChange } from "../content-changes.ts";

const redisUrl = "redis://127.0.0.1:6379";

async function siteApp(database: TestDatabase, env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    API_TOKEN: testToken,
    DATABASE_URL: database.url,
    IMAGE_DIR: createTestImageDir(),
    SEED_DEMO_CONTENT: "false",
    CONTACT_RATE_LIMIT: "off",
    PAGE_CACHE_TTL: "600",
    API_CACHE_TTL: "600",
    ...sideBySideLimits,
    ...env,
  });
  // Never listening: every page's data comes from the API in process.
  const app = await buildApp({ config, database: database.handle, site: true });
  await app.ready();
  return app;
}

function hiddenValue(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`no ${name} field`);
  return match[1];
}
const listedTotal = (html: string) => /Showing 1–\d+ of (\d+)/.exec(html)?.[1];

describe("the page cache in front of the site", () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite", { seed: true });
    app = await siteApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("serves a shareable page with no inline script to allow and no nonce", async () => {
    // No public page runs an inline script (decisions 021, 043): its CSP allows 'self' alone.
    const answer = await app.inject("/about");
    expect(answer.statusCode).toBe(200);
    const csp = answer.headers["content-security-policy"] as string;
    expect(csp).not.toContain("'nonce-");
    expect(csp).toContain("script-src 'self';");
    expect(answer.body).not.toMatch(/nonce=/);
    // Scripts the browser runs: inline, not a src= script, not a JSON-LD data block (CSP does
    // not govern data blocks, and the page has them).
    const inline = [
      ...answer.body.matchAll(
        /<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g,
      ),
    ];
    expect(answer.body).toContain('type="application/ld+json"');
    expect(inline).toEqual([]);
    const again = await app.inject({
      url: "/about",
      headers: { "if-none-match": answer.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  const publishedSlug = async () =>
    (
      await database.handle.db
        .selectFrom("property")
        .select("slug")
        .where("publish", "=", 1)
        .executeTakeFirstOrThrow()
    ).slug;

  for (const path of ["/contact", "/property/{slug}"]) {
    it(`sends every visitor of ${path} the same bytes, which a shared cache may keep`, async () => {
      const url = path.replace("{slug}", await publishedSlug());
      const first = await app.inject({ url, headers: { "x-forwarded-for": "203.0.113.1" } });
      const second = await app.inject({
        url,
        headers: { "x-forwarded-for": "198.51.100.7", cookie: "visitor=2" },
      });
      for (const answer of [first, second]) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers["cache-control"]).toBe(
          "public, max-age=0, s-maxage=600, stale-while-revalidate=600",
        );
        expect(answer.headers.etag).toMatch(/^"[\w-]{27}"$/);
        expect(answer.headers["content-security-policy"]).not.toContain("'nonce-");
        // No token (the form's template holds an empty token field, decision 043).
        expect(answer.body).not.toMatch(/nonce=|puzzle_token" value="[^"]/);
        expect(answer.body).not.toMatch(/What is \d/);
        // The form is there, its puzzle is not: the browser reads one (decision 031).
        expect(answer.body).toContain('name="fullname"');
      }
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.headers["content-security-policy"]).toBe(
        first.headers["content-security-policy"],
      );
      const again = await app.inject({
        url,
        headers: { "if-none-match": first.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    });
  }

  it("answers a fresh signed puzzle and a spare to every request of the puzzle endpoint, no-store", async () => {
    const answers = await Promise.all([1, 2].map(() => app.inject(enquiryPuzzlePath)));
    const tokens = new Set<string>();
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers.etag).toBeUndefined();
      const { puzzle, spare } = answer.json() as Record<string, Record<string, string>>;
      for (const issued of [puzzle, spare]) {
        expect(issued?.num1).toMatch(/^[0-8]$/);
        expect(issued?.num2).toMatch(/^[0-8]$/);
        tokens.add(issued?.token ?? "");
      }
    }
    // Concurrent requests too: no render is shared, nothing is kept.
    expect(tokens.size).toBe(4);
  });

  for (const path of ["/contact", "/property/{slug}"]) {
    it(`takes an enquiry on ${path} without JavaScript: a first post brings the puzzle, the second sends; a replay or a forgery is refused`, async () => {
      const url = path.replace("{slug}", await publishedSlug());
      const { fullname, telephone, message, how_you_hear } =
        path === "/contact" ? buildContactEnquiry() : buildPropertyEnquiry("");
      const email = `no-js-${Date.now()}-${path.length}@example.com`;
      const typed = { fullname, telephone, email, message, how_you_hear, website: "" };
      const post = (fields: Record<string, string>) =>
        app.inject({
          method: "POST",
          url,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: new URLSearchParams(fields).toString(),
        });
      const stored = async () =>
        (await listEnquiries(database.handle.db)).filter((row) => row.email === email).length;

      // The page has no puzzle: the first post answers one, the fields as typed, nothing sent.
      const first = await post({ ...typed, puzzle: "" });
      expect(first.statusCode).toBe(200);
      // A post's answer is the visitor's own: nothing lets a shared cache keep it.
      expect(String(first.headers["cache-control"] ?? "")).not.toMatch(/public|s-maxage/);
      expect(first.body).toMatch(/What is [0-8] \+ [0-8]\?/);
      expect(first.body).toContain("This field is required");
      expect(first.body).not.toContain("Errors!");
      expect(first.body).toContain(`value="${fullname}"`);
      expect(first.body).toContain(`value="${email}"`);
      expect(first.body).toContain(`>${message}</textarea>`);
      expect(await stored()).toBe(0);
      // No inline script to allow, no nonce (decision 043).
      expect(first.headers["content-security-policy"]).toContain("script-src 'self';");
      expect(first.body).not.toMatch(/nonce=/);

      const puzzle = {
        num1: hiddenValue(first.body, "num1"),
        num2: hiddenValue(first.body, "num2"),
        puzzle_token: hiddenValue(first.body, "puzzle_token"),
      };
      const answer = String(Number(puzzle.num1) + Number(puzzle.num2));
      const sent = await post({ ...typed, ...puzzle, puzzle: answer });
      expect(sent.statusCode).toBe(200);
      expect(sent.body).toContain("Success!");
      expect(await stored()).toBe(1);

      // The same puzzle again: refused, nothing more stored.
      const replayed = await post({ ...typed, ...puzzle, puzzle: answer });
      expect(replayed.statusCode).toBe(403);
      expect(replayed.body).toContain("Errors!");
      // A token re-signed with another secret, or tampered: refused.
      const [body = "", signature = ""] = puzzle.puzzle_token.split(".");
      const forged = `${body}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
      const refused = await post({ ...typed, ...puzzle, puzzle: answer, puzzle_token: forged });
      expect(refused.statusCode).toBe(403);
      expect(await stored()).toBe(1);
    });
  }

  it("keys a listing by the parameters it reads: others share its page and never show", async () => {
    const first = await app.inject("/property?utm_source=news&sort=price_asc&page=2");
    const second = await app.inject("/property?page=2&b=8f3c1&sort=price_asc");
    expect(first.statusCode).toBe(200);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.body).not.toMatch(/utm_source|b=8f3c1/);
    // The parameters it reads still count: another page is another entry.
    const third = await app.inject("/property?sort=price_asc&page=1");
    expect(third.headers.etag).not.toBe(first.headers.etag);
  });

  it("shows a new property once this process hears of the change", async () => {
    const before = listedTotal((await app.inject("/property")).body);
    expect(before).toBeDefined();
    await fillWithGeneratedProperties(database.handle, { count: 1 });
    expect(listedTotal((await app.inject("/property")).body)).toBe(before);
    await publishContentChange(undefined);
    expect(listedTotal((await app.inject("/property")).body)).toBe(String(Number(before) + 1));
  });
});

describe("bounded renders", () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite", { seed: true });
    // No page cache: every page is the adapter's render, one at a time, none waiting.
    app = await siteApp(database, {
      PAGE_CACHE_TTL: "0",
      RENDER_CONCURRENCY: "1",
      RENDER_QUEUE_LENGTH: "0",
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("answers 503 with Retry-After to a render beyond the limit, and renders again after", async () => {
    const answers = await Promise.all(
      ["/about", "/faq", "/services"].map((url) => app.inject(url)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses).toContain(503);
    for (const refused of answers.filter((answer) => answer.statusCode === 503)) {
      expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
      expect(refused.headers["x-request-id"]).toBeDefined();
    }
    expect((await app.inject("/faq")).statusCode).toBe(200);
  });
});

describe("a client's share of the renders", () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite", { seed: true });
    // Renders to spare, but one at a time per client.
    app = await siteApp(database, { RENDER_CONCURRENCY: "8", RENDER_PER_CLIENT: "1" });
    // Kept before the misses below.
    expect((await app.inject("/about")).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** Three new searches at once, from the clients a trusted proxy names. */
  const searches = (clients: string[]) =>
    Promise.all(
      clients.map((client, i) =>
        app.inject({
          url: `/search?email=share${client.replaceAll(".", "")}x${i}x${Math.random()}`,
          headers: { "x-forwarded-for": client },
        }),
      ),
    );

  it("answers one client's misses beyond its share 503 at once, and its hits as usual", async () => {
    const [answers, hit] = await Promise.all([
      searches(["203.0.113.7", "203.0.113.7", "203.0.113.7"]),
      app.inject({ url: "/about", headers: { "x-forwarded-for": "203.0.113.7" } }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 503, 503]);
    for (const refused of answers.filter((answer) => answer.statusCode === 503)) {
      expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    }
    expect(hit.statusCode).toBe(200);
  });

  it("keys the share by the client's address as the trusted proxy gives it", async () => {
    const answers = await searches(["203.0.113.1", "203.0.113.2", "203.0.113.3"]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
  });

  it("gives this machine's loopback address no share: it stands for many visitors", async () => {
    const answers = await Promise.all(
      ["127.0.0.1", "127.0.0.1", "::1", "::1"].map((remoteAddress, i) =>
        app.inject({ url: `/search?email=loopback${i}x${Math.random()}`, remoteAddress }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
  });
});

describe("the page cache with Redis", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let publisher: Redis;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite", { seed: true });
    app = await siteApp(database, { REDIS_URL: redisUrl });
    publisher = new Redis(redisUrl);
  });
  afterAll(async () => {
    publisher?.disconnect();
    await app?.close();
    await database?.drop();
  });

  it("is emptied when another process publishes a content change", async () => {
    const before = listedTotal((await app.inject("/property")).body);
    await fillWithGeneratedProperties(database.handle, { count: 1 });
    expect(listedTotal((await app.inject("/property")).body)).toBe(before);
    // What another process's publishContentChange(REDIS_URL) sends.
    await publisher.publish(contentChangeChannel, "changed");
    await expect
      .poll(async () => listedTotal((await app.inject("/property")).body), { timeout: 5_000 })
      .toBe(String(Number(before) + 1));
  });
});
