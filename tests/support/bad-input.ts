/**
 * A deterministic generator of malformed and hostile requests for the bad-input test: broken
 * multipart, huge and binary fields, wrong types, path traversal, script and SQL payloads, and
 * bad query strings, aimed at every API endpoint, the images, the site's routes and its forms.
 */
import type { InjectOptions } from "fastify";
import { sitePagePaths } from "../../app/site-pages.ts";
import { createRandom, type Random } from "../../db/seed/random.ts";
import { enquiryFieldNames } from "../../lib/enquiry-fields.ts";
import { propertySearchParamNames } from "../../lib/property-search.ts";

/** Markup that must never appear unescaped in an HTML answer. */
export const scriptPayloads = [
  '<script>alert("xss")</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  "</script><script>alert(1)</script>",
  '<iframe src="javascript:alert(1)"></iframe>',
] as const;

/** What `scriptPayloads` look like when a page renders them as markup rather than text. */
export const renderedPayloadPattern =
  /<script>alert\(|<img src=x onerror=|<svg onload=|<iframe src="javascript:/i;

const sqlPayloads = [
  "' OR 1=1 --",
  "'; DROP TABLE enquiry; --",
  '" OR ""="',
  "1 UNION SELECT * FROM enquiry",
  "1; SELECT pg_sleep(5)",
  "%' AND 1=0 UNION SELECT name FROM sqlite_master --",
];

const traversals = [
  "../../package.json",
  "..%2f..%2fpackage.json",
  "%2e%2e/%2e%2e/etc/passwd",
  "....//....//etc/passwd",
  "..\\..\\windows\\win.ini",
  "%252e%252e%252fetc%252fpasswd",
  "a%00.jpg",
  "%c0%ae%c0%ae/etc/passwd",
  ".env",
  "/etc/passwd",
];

const badPercent = ["%", "%E0%A4%A", "%zz", "%ff%fe", "%u0041"];

const oddText = [
  "",
  " ",
  "\u202eevil",
  "\ud800",
  "🏠".repeat(50),
  "\u0000\u0001\u0002",
  "NaN",
  "-1",
  "1e309",
  // Numbers an integer column cannot hold (PostgreSQL refused them with a 500).
  "1.5",
  "3000000000",
  "2147483648",
  "9".repeat(400),
  "null",
  "[object Object]",
  "true",
];

/** Percent-encodes text; a lone surrogate (a cut emoji, or `\ud800`) becomes U+FFFD first. */
function encode(text: string): string {
  return encodeURIComponent(text.toWellFormed());
}

function binary(random: Random, size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) bytes[index] = random.int(0, 255);
  return bytes;
}

/** A hostile text value of any kind. */
function payload(random: Random): string {
  switch (random.int(0, 5)) {
    case 0:
      return random.pick(scriptPayloads);
    case 1:
      return random.pick(sqlPayloads);
    case 2:
      return random.pick(traversals);
    case 3:
      return random.pick(oddText);
    case 4:
      return "x".repeat(random.pick([200, 5001, 20_000, 70_000]));
    default:
      return binary(random, random.int(1, 64)).toString("latin1");
  }
}

/** A path segment: encoded hostile text, a raw traversal, or a bad escape. */
function segment(random: Random): string {
  const roll = random.int(0, 3);
  if (roll === 0) return random.pick(traversals);
  if (roll === 1) return random.pick(badPercent);
  return encode(payload(random).slice(0, random.chance(0.8) ? 300 : 5000));
}

function queryString(random: Random): string {
  const names = [...propertySearchParamNames, "property-status", "min-area", "x", "__proto__"];
  const parts: string[] = [];
  for (let count = random.int(1, 6); count > 0; count -= 1) {
    const name = random.pick(names);
    const value = random.chance(0.2)
      ? random.pick(badPercent)
      : encode(payload(random).slice(0, 500));
    parts.push(random.chance(0.1) ? `${name}[]=${value}` : `${name}=${value}`);
  }
  return parts.join("&");
}

/** Fields of an enquiry with hostile values; some fields of wrong types for JSON. */
function hostileFields(random: Random, forJson: boolean): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const name of [
    ...enquiryFieldNames,
    "website",
    "puzzle_token",
    "__proto__",
    "constructor",
  ]) {
    if (random.chance(0.2)) continue;
    const roll = random.int(0, 9);
    if (forJson && roll === 0) fields[name] = [payload(random)];
    else if (forJson && roll === 1) fields[name] = { value: payload(random) };
    else if (forJson && roll === 2) fields[name] = random.pick([null, true, 1e308, -1, 0]);
    else fields[name] = payload(random);
  }
  return fields;
}

function multipartBody(random: Random, fields: Record<string, unknown>) {
  const boundary = `----bad${random.int(0, 1e9)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const asFile = random.chance(0.05);
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${asFile ? '; filename="../../x.php"' : ""}\r\n${asFile ? "Content-Type: application/octet-stream\r\n" : ""}\r\n`,
      ),
      typeof value === "string" ? Buffer.from(value) : binary(random, 32),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let body = Buffer.concat(chunks);
  const damage = random.int(0, 5);
  if (damage === 0) body = body.subarray(0, random.int(0, body.length)); // cut off
  if (damage === 1) body = Buffer.concat([body.subarray(0, 20), binary(random, 200)]); // garbage
  const contentType =
    damage === 2
      ? "multipart/form-data" // no boundary
      : damage === 3
        ? `multipart/form-data; boundary=${boundary}x` // wrong boundary
        : `multipart/form-data; boundary=${boundary}`;
  return { payload: body, contentType };
}

/** A request body with its content type: JSON, urlencoded, multipart or raw bytes, often broken. */
function hostileBody(random: Random): { payload: string | Buffer; contentType: string } {
  switch (random.int(0, 5)) {
    case 0:
      return {
        payload: JSON.stringify(hostileFields(random, true)),
        contentType: "application/json",
      };
    case 1:
      return {
        payload: random.pick([
          '{"fullname":',
          "[1,2",
          '{"__proto__":{"admin":true}}',
          "null",
          '"text"',
          "[".repeat(5000),
        ]),
        contentType: "application/json",
      };
    case 2: {
      const fields = hostileFields(random, false) as Record<string, string>;
      return {
        payload: new URLSearchParams(fields).toString(),
        contentType: "application/x-www-form-urlencoded",
      };
    }
    case 3:
    case 4:
      return multipartBody(random, hostileFields(random, false));
    default:
      return {
        payload: binary(random, random.pick([0, 10, 5000, 100_000])),
        contentType: random.pick([
          "application/octet-stream",
          "text/xml",
          "image/png",
          "",
          "multipart/mixed",
        ]),
      };
  }
}

export type Target = "api" | "images" | "site" | "form";

export interface HostileRequest {
  target: Target;
  options: InjectOptions;
}

const apiReads = [
  "/sliders/display/all",
  "/company/profile",
  "/amenity/view",
  "/property/display/all",
  "/category/display_counter",
];

/**
 * The `count` requests of `seed`, in order. `auth` is the API's authorization header value;
 * `propertyCode` a listed property (for the detail page and its form).
 */
export function* hostileRequests(
  seed: number,
  count: number,
  auth: string,
  propertyCode: string,
): Generator<HostileRequest> {
  const random = createRandom(seed);
  for (let index = 0; index < count; index += 1) {
    const roll = random.int(0, 9);
    const authorization = random.chance(0.9)
      ? auth
      : random.pick(["", "Bearer ", "Bearer ' OR 1=1 --", `${auth}x`, "Basic YTpi"]);
    const headers: Record<string, string> = { authorization };
    if (random.chance(0.1))
      headers["x-forwarded-for"] = random.pick([
        "1.2.3.4",
        "not-an-ip",
        "::1, 10.0.0.1",
        "' OR 1=1",
      ]);
    if (roll <= 1) {
      const path = random.pick([
        () => `${random.pick(apiReads)}?${queryString(random)}`,
        () => `/property/show/one/${segment(random)}`,
        () => `/collection/show_one/${segment(random)}`,
        // Paths the API does not have: answered by the API, never by the site.
        () => `/${segment(random)}`,
        () => "/contact/add",
      ])();
      yield {
        target: "api",
        options: {
          method: random.chance(0.85)
            ? "GET"
            : random.pick(["POST", "PUT", "DELETE", "PATCH", "TRACE", "OPTIONS"]),
          url: `/api${path}`,
          headers,
        },
      };
    } else if (roll <= 3) {
      const body = hostileBody(random);
      yield {
        target: "api",
        options: {
          method: "POST",
          url: "/api/contact/add",
          headers: { ...headers, "content-type": body.contentType },
          payload: body.payload,
        },
      };
    } else if (roll === 4) {
      const folder = random.pick([
        "/images/",
        "/images/property/",
        "/images/sliders/",
        "/assets/",
        "/",
      ]);
      yield {
        target: "images",
        options: { method: random.pick(["GET", "HEAD"]), url: `${folder}${segment(random)}` },
      };
    } else if (roll <= 6) {
      const url = random.chance(0.5)
        ? `${random.pick(sitePagePaths)}?${queryString(random)}`
        : random.chance(0.5)
          ? `/property/${segment(random)}`
          : `/${segment(random)}/${segment(random)}`;
      const method = random.chance(0.9)
        ? "GET"
        : random.pick(["POST", "TRACE", "OPTIONS", "DELETE"] as const);
      yield { target: "site", options: { method, url } };
    } else {
      const body = hostileBody(random);
      const url = random.pick([
        "/contact",
        `/property/${propertyCode}`,
        `/property/${segment(random)}`,
        "/",
        "/search?index",
      ]);
      const query = random.chance(0.3) ? "?_data=root" : "";
      yield {
        target: "form",
        options: {
          method: random.chance(0.95) ? "POST" : "PUT",
          url: `${url}${query}`,
          headers: { "content-type": body.contentType },
          payload: body.payload,
        },
      };
    }
  }
}
