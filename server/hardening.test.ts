import { createHash } from "node:crypto";
/**
 * The hardened server (issue 7): security headers, HSTS only over HTTPS, request ids in every
 * log line and answer, bounded bodies with clear refusals, and no failure detail in any answer.
 */
import { readdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { resolve } from "node:path";
import { Readable } from "node:stream";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auth,
  createTestApp,
  createTestSiteApp,
  multipart,
  type TestApp,
} from "../tests/support/app.ts";
import { buildContactEnquiry } from "../tests/support/factories.ts";
import { leakPattern } from "../tests/support/leaks.ts";
import { freePort } from "../tests/support/server-process.ts";
import { testDialects } from "../tests/support/test-database.ts";
import { timeoutCheckingIntervalMs } from "./app.ts";
import { siteFormTooLarge } from "./plugins/site-requests.ts";
import { strictTransportSecurity } from "./plugins/strict-transport.ts";

/** Collects the JSON log lines an app writes. */
function logCollector() {
  const lines: Record<string, unknown>[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
  };
}

describe("security headers", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestSiteApp("sqlite");
  });
  afterAll(() => test.close());

  it.each(["/about", "/contact", "/api/amenity/view", "/images/no.png", "/healthz"])(
    "are on %s: CSP without a nonce or hash and frame-ancestors, Referrer-Policy, nosniff",
    async (url) => {
      const response = await test.app.inject({ url, headers: auth });
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).not.toContain("'nonce-");
      // Public pages run no inline script (decision 043): 'self' alone.
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    },
  );

  it("are on the built assets, served by the one @fastify/static and cached for a year", async () => {
    const asset = readdirSync(resolve(import.meta.dirname, "../build/client/assets")).find((name) =>
      name.endsWith(".js"),
    );
    const response = await test.app.inject({ url: `/assets/${asset}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    const outside = await test.app.inject({ url: "/assets/..%2f..%2fpackage.json" });
    expect(outside.statusCode).toBe(404);
  });

  it.each(["/", "/contact", "/property"])(
    "allow %s, which has no inline script (decisions 021, 043), scripts from 'self' only",
    async (url) => {
      const response = await test.app.inject({ url });
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.body).toMatch(
        /<script type="module" src="\/assets\/entry\.enhance-[\w-]+\.js">/,
      );
    },
  );

  it("allow the back office's inline scripts by their hashes, no nonce", async () => {
    // Only the back office has inline scripts (React Router's, decision 043); its pages are
    // personal (a CSRF token), so their hashes differ from one visitor to the next.
    const first = await test.app.inject({ url: "/admin/sign-in" });
    const csp = String(first.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(first.body).not.toMatch(/nonce=/);
    // JSON-LD data blocks are not scripts the browser runs; CSP does not govern them.
    const inline = [
      ...first.body.matchAll(
        /<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g,
      ),
    ];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, text] of inline) {
      expect(csp).toContain(
        `'sha256-${createHash("sha256")
          .update(text ?? "")
          .digest("base64")}'`,
      );
    }
  });

  it("send HSTS only when the request came over HTTPS through a trusted proxy", async () => {
    const plain = await test.app.inject({ url: "/healthz" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    // app.inject comes from 127.0.0.1, a trusted proxy by default.
    const proxied = await test.app.inject({
      url: "/healthz",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(proxied.headers["strict-transport-security"]).toBe(strictTransportSecurity);
    const page = await test.app.inject({ url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(page.headers["strict-transport-security"]).toBe(strictTransportSecurity);
    const spoofed = await test.app.inject({
      url: "/healthz",
      remoteAddress: "203.0.113.9",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("request ids", () => {
  it("are answered in x-request-id and carried by every log line of the request", async () => {
    const logs = logCollector();
    const test = await createTestApp("sqlite", { LOG_LEVEL: "info" }, { logStream: logs.stream });
    try {
      const given = await test.app.inject({
        url: "/api/amenity/view",
        headers: { ...auth, "x-request-id": "edge-4f2a.17" },
      });
      expect(given.headers["x-request-id"]).toBe("edge-4f2a.17");
      const form = await multipart({ fullname: "x" });
      const refused = await test.app.inject({
        method: "POST",
        url: "/api/contact/add",
        headers: { ...auth, ...form.headers },
        payload: form.payload,
      });
      expect(refused.statusCode).toBe(422);
      const id = String(refused.headers["x-request-id"]);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const lines = logs.lines.filter((line) => line.reqId === id);
      expect(lines.map((line) => line.msg)).toEqual(
        expect.arrayContaining([
          "incoming request",
          "enquiry refused: invalid fields",
          "request completed",
        ]),
      );
      // Every line about a request names it.
      for (const line of logs.lines.filter((line) => "req" in line || "res" in line)) {
        expect(line.reqId).toEqual(expect.any(String));
      }
    } finally {
      await test.close();
    }
  });

  it("are answered and logged for a page the page cache answers itself (a kept page)", async () => {
    const logs = logCollector();
    const test = await createTestSiteApp(
      "sqlite",
      { LOG_LEVEL: "info" },
      { logStream: logs.stream },
    );
    try {
      await test.app.inject({ url: "/contact" });
      const response = await test.app.inject({ url: "/contact" });
      expect(response.statusCode).toBe(200);
      const id = String(response.headers["x-request-id"]);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const completed = logs.lines.find(
        (line) => line.reqId === id && line.msg === "request completed",
      );
      expect(completed).toMatchObject({ res: { statusCode: 200 } });
    } finally {
      await test.close();
    }
  });

  it.each([
    ["a space", "abc def"],
    ["a line break", "abc\ndef"],
    ["129 characters", "a".repeat(129)],
  ])("replace a given id with %s by a new one", async (_label, given) => {
    const test = await createTestApp("sqlite");
    try {
      const response = await test.app.inject({
        url: "/healthz",
        headers: { "x-request-id": given },
      });
      expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await test.close();
    }
  });

  it("are on the site's server-side log lines too (a failed API read)", async () => {
    const logs = logCollector();
    const closedPort = await freePort();
    const test = await createTestSiteApp(
      "sqlite",
      { LOG_LEVEL: "info", API_BASE_URL: `http://127.0.0.1:${closedPort}/api` },
      { logStream: logs.stream },
    );
    try {
      const response = await test.app.inject({ url: "/about" });
      // A backend that does not answer: a 503 page, not one without its data (decision 088).
      expect(response.statusCode).toBe(503);
      const id = response.headers["x-request-id"];
      const failures = logs.lines.filter((line) => String(line.msg).startsWith("API read failed"));
      expect(failures.length).toBeGreaterThan(0);
      for (const line of failures) {
        expect(line.reqId).toBe(id);
        expect(line.level).toBe(40);
      }
    } finally {
      await test.close();
    }
  });
});

describe("request size limits", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestSiteApp("sqlite");
  });
  afterAll(() => test.close());

  it("refuse an enquiry body over 64 KiB with 413, in JSON, urlencoded or multipart", async () => {
    const big = buildContactEnquiry({ message: "x".repeat(70 * 1024) });
    const form = await multipart(big);
    for (const request of [
      { headers: { ...auth, "content-type": "application/json" }, payload: JSON.stringify(big) },
      {
        headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(big).toString(),
      },
      { headers: { ...auth, ...form.headers }, payload: form.payload },
    ]) {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/contact/add",
        ...request,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ status: 413, message: "The enquiry is too large." });
    }
  });

  it("refuse a file, too many fields and an over-long field in an enquiry", async () => {
    const withFile = new FormData();
    withFile.append("fullname", "Ann");
    withFile.append("message", new Blob(["<?php ?>"]), "shell.php");
    const request = new Request("http://x/", { method: "POST", body: withFile });
    const file = await test.app.inject({
      method: "POST",
      url: "/api/contact/add",
      headers: { ...auth, "content-type": String(request.headers.get("content-type")) },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(file.statusCode).toBe(413);
    expect(file.json().message).toBe("The request is too large.");

    const many = await multipart(
      Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, "1"])),
    );
    const fields = await test.app.inject({
      method: "POST",
      url: "/api/contact/add",
      headers: { ...auth, ...many.headers },
      payload: many.payload,
    });
    expect(fields.statusCode).toBe(413);

    // 40 KiB of four-byte characters: cut at the field limit, still refused as too long.
    const long = await multipart(buildContactEnquiry({ message: "🏠".repeat(10_000) }));
    const cut = await test.app.inject({
      method: "POST",
      url: "/api/contact/add",
      headers: { ...auth, ...long.headers },
      payload: long.payload,
    });
    expect(cut.statusCode).toBe(422);
    expect(cut.json().errors.message).toBe("Please use at most 5000 characters");
  });

  it("answer a broken multipart body with 400, not a server error", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/contact/add",
      headers: { ...auth, "content-type": "multipart/form-data; boundary=xyz" },
      payload: '--xyz\r\nContent-Disposition: form-data; name="fullname"\r\n\r\nAnn',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, message: "The form data could not be read." });
  });

  it("refuse a site form post over 64 KiB with 413, with or without a length", async () => {
    const body = `fullname=Ann&message=${"x".repeat(70 * 1024)}`;
    for (const payload of [body, Readable.from([Buffer.from(body)])]) {
      const response = await test.app.inject({
        method: "POST",
        url: "/contact",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload,
      });
      expect(response.statusCode).toBe(413);
      expect(response.body).toBe(siteFormTooLarge);
    }
  });

  it("still read a site form post under the limit", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "fullname=Ann&website=spam",
    });
    // The honeypot refusal: the form was read, and refused by the action.
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Your enquiry could not be sent.");
  });
});

describe.each(testDialects)("answers when the database fails, on %s", (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestSiteApp(dialect, { NODE_ENV: "production" });
  });
  afterAll(() => test.close());

  it("API: a generic 500, no SQL or stack; the site: pages without them either", async () => {
    const db = test.app.database.db;
    await sql`drop table amenity`.execute(db);
    const api = await test.app.inject({ url: "/api/amenity/view", headers: auth });
    expect(api.statusCode).toBe(500);
    expect(api.json()).toEqual({
      status: 500,
      message: "Something went wrong on our side. Please try again later.",
    });
    for (const url of ["/", "/about", "/property"]) {
      const page = await test.app.inject({ url });
      expect(page.statusCode).toBeLessThan(500);
      expect(page.body).not.toMatch(leakPattern);
    }
  });
});

describe("refusals (issue 14): a 4xx in the JSON shape, logged below error level", () => {
  let test: TestApp;
  const logs = logCollector();
  beforeAll(async () => {
    test = await createTestSiteApp("sqlite", { LOG_LEVEL: "info" }, { logStream: logs.stream });
  });
  afterAll(() => test.close());

  /** The log lines of one answer, found by its request id. */
  const linesOf = (response: { headers: Record<string, unknown> }) =>
    logs.lines.filter((line) => line.reqId === response.headers["x-request-id"]);

  function expectAnswerHeaders(response: { headers: Record<string, unknown> }) {
    expect(String(response.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  }

  it.each([
    ["TRACE", "/"],
    ["TRACE", "/property"],
    ["TRACE", "/api/amenity/view"],
    ["OPTIONS", "/about"],
    ["PUT", "/contact"],
    ["DELETE", "/api/property/display/all"],
  ] as const)("answer %s %s with 405 and Allow, logged as a refusal", async (method, url) => {
    const response = await test.app.inject({ method, url, headers: auth });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD, POST");
    expect(response.json()).toEqual({ status: 405, message: "This method is not allowed here." });
    expectAnswerHeaders(response);
    const lines = linesOf(response);
    expect(lines.map((line) => line.msg)).toContain("request refused: method not allowed");
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it.each(["/", "/about"])(
    "answer a post to %s, a page without a form, with 405, logged as a refusal without a stack",
    async (url) => {
      const response = await test.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "a=1",
      });
      expect(response.statusCode).toBe(405);
      const lines = linesOf(response);
      expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
      expect(lines.map((line) => line.msg)).toContain(
        "request refused by the site: 405 Method Not Allowed",
      );
      expect(JSON.stringify(lines)).not.toContain("stack");
    },
  );

  it.each(["/contact", "/contact.data", "/enquiry/send/contact", "/enquiry/send/property"])(
    "refuse a post to %s from another origin with 400, logged as a refusal naming both",
    async (url) => {
      const response = await test.app.inject({
        method: "POST",
        url,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "https://elsewhere.example",
        },
        payload: "fullname=A",
      });
      expect(response.statusCode).toBe(400);
      const lines = linesOf(response);
      expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
      expect(lines.map((line) => line.msg)).toContainEqual(
        expect.stringMatching(
          /^form post refused: its Origin https:\/\/elsewhere\.example is not this site's origin http:\/\/localhost/,
        ),
      );
    },
  );

  it.each([
    "/api",
    "/api/nothing/here",
    "/api/contact/add",
    `/api/property/show/one/${"a".repeat(101)}`,
    "/api/property/display/all/extra",
  ])("answer GET %s as the API: the token check, then a JSON 404", async (url) => {
    const anonymous = await test.app.inject({ url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ status: 401, message: "Missing or invalid bearer token." });
    const response = await test.app.inject({ url, headers: auth });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.json()).toMatchObject({ status: 404 });
    expectAnswerHeaders(response);
  });

  it.each(["/%E0%A4%A", "/api/%E0%A4%A", "/property/%E0%A4%A"])(
    "answer the malformed address %s with 400 and the security headers and request id",
    async (url) => {
      const response = await test.app.inject({ url, headers: auth });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 400, message: "The address is not valid." });
      expectAnswerHeaders(response);
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    },
  );
});

describe.each(testDialects)("hand-edited size filters on the listing page, on %s", (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestSiteApp(dialect);
  });
  afterAll(() => test.close());

  it.each([
    ["min-area=1.5", (size: number) => size >= 2],
    ["min-area=1.5&max-area=100000.5", (size: number) => size >= 2],
    ["max-area=3000.5", (size: number) => size <= 3000],
  ])("lists the homes that match %s, as whole square feet", async (query, matches) => {
    const all = (await test.app.inject({ url: "/api/property/display/all", headers: auth })).json()
      .data as { size: number }[];
    const expected = all.filter((property) => matches(property.size)).length;
    expect(expected).toBeGreaterThan(0);
    const page = await test.app.inject({ url: `/property?${query}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("No properties match your search.");
    expect(page.body).toMatch(new RegExp(`>${expected} properties(<!-- -->)? found<`));
  });

  it("reads a minimum past the slider as its end: homes of 10,000 sq ft or more", async () => {
    const page = await test.app.inject({ url: "/property?min-area=3000000000" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/10,000\+/);
  });
});

describe("slow clients (issue 14)", () => {
  /** Sends `text` on a raw connection and waits for the server to close it. */
  async function sendAndWaitForClose(port: number, text: string) {
    const started = Date.now();
    const socket = connect({ host: "127.0.0.1", port });
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.write(text);
    await new Promise<void>((resolve) => {
      socket.on("close", () => resolve());
      socket.on("error", () => resolve());
    });
    return { seconds: (Date.now() - started) / 1000, answer };
  }

  it("closes a post that announces 1,000 bytes and sends 10 once the request time-out passes", async () => {
    const test = await createTestApp("sqlite", { REQUEST_TIMEOUT: "2", HEADERS_TIMEOUT: "1" });
    try {
      await test.app.listen({ host: "127.0.0.1", port: 0 });
      const { port } = test.app.server.address() as AddressInfo;
      const { seconds, answer } = await sendAndWaitForClose(
        port,
        "POST /api/contact/add HTTP/1.1\r\nHost: localhost\r\n" +
          `Authorization: ${auth.authorization}\r\n` +
          "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n" +
          "fullname=A",
      );
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      // The time-out, plus at most one interval of Node's check.
      expect(seconds).toBeGreaterThanOrEqual(1.5);
      expect(seconds).toBeLessThan(2 + timeoutCheckingIntervalMs / 1000 + 1.5);
    } finally {
      await test.close();
    }
  });

  it("closes a connection whose headers never end once the headers time-out passes", async () => {
    const test = await createTestApp("sqlite", { REQUEST_TIMEOUT: "5", HEADERS_TIMEOUT: "1" });
    try {
      await test.app.listen({ host: "127.0.0.1", port: 0 });
      const { port } = test.app.server.address() as AddressInfo;
      const { seconds, answer } = await sendAndWaitForClose(
        port,
        "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1",
      );
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(seconds).toBeLessThan(1 + timeoutCheckingIntervalMs / 1000 + 1.5);
    } finally {
      await test.close();
    }
  });

  it("by default closes a slow request within 30 seconds", async () => {
    const test = await createTestApp("sqlite");
    try {
      const server = test.app.server;
      expect(server.headersTimeout).toBe(10_000);
      expect(server.requestTimeout).toBe(20_000);
      expect(server.requestTimeout + timeoutCheckingIntervalMs).toBeLessThanOrEqual(30_000);
    } finally {
      await test.close();
    }
  });
});
