import helmet from "@fastify/helmet";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config/env.ts";
import {
  type CspNonces,
  hashedCsp,
  helmetOptions,
  securityHeadersFrom,
  securityHeadersOf,
  securityPlugin,
} from "./security.ts";

const config = loadConfig({ NODE_ENV: "test", API_TOKEN: "a-test-token" });

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** An app whose one route answers its reply's nonces. */
async function appWith(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  const app = Fastify();
  apps.push(app);
  await register(app);
  app.get("/", async (_request, reply) => reply.cspNonce);
  return app;
}

/** An answer's headers with its nonces named, and without the ones that vary by the moment. */
function headersOf(answer: { headers: Record<string, unknown>; json(): unknown }) {
  const nonces = answer.json() as CspNonces;
  return Object.fromEntries(
    Object.entries(answer.headers)
      .filter(([name]) => name !== "date")
      .map(([name, value]) => [
        name,
        String(value).replace(nonces.script, "SCRIPT").replace(nonces.style, "STYLE"),
      ]),
  );
}

describe("the security plugin", () => {
  it("sends exactly what @fastify/helmet sends for the policy, with the answer's own nonces", async () => {
    const ours = await appWith((app) => app.register(securityPlugin, { config }));
    const reference = await appWith((app) => app.register(helmet, helmetOptions(config)));
    const answer = await ours.inject("/");
    expect(headersOf(answer)).toEqual(headersOf(await reference.inject("/")));
    const nonces = answer.json() as CspNonces;
    const csp = String(answer.headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonces.script}'`);
    expect(csp).toContain(`style-src 'self' 'nonce-${nonces.style}'`);
    expect(answer.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("gives every answer fresh nonces of 128 bits", async () => {
    const app = await appWith((app) => app.register(securityPlugin, { config }));
    const seen = new Set<string>();
    for (let index = 0; index < 20; index++) {
      const answer = await app.inject("/");
      const nonces = answer.json() as CspNonces;
      for (const nonce of [nonces.script, nonces.style]) {
        expect(nonce).toMatch(/^[0-9a-f]{32}$/);
        expect(answer.headers["content-security-policy"]).toContain(`'nonce-${nonce}'`);
        seen.add(nonce);
      }
    }
    expect(seen.size).toBe(40);
  });

  it("sends no CSP in development (Vite's dev server), the other headers still", async () => {
    const development = loadConfig({ NODE_ENV: "development" });
    const app = await appWith((app) => app.register(securityPlugin, { config: development }));
    const answer = await app.inject("/");
    expect(answer.headers["content-security-policy"]).toBeUndefined();
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("the security headers' template", () => {
  const sent = {
    "Content-Security-Policy": "style-src 'nonce-s1';script-src 'self' 'nonce-k1';x 'nonce-k1'",
    "X-Frame-Options": "SAMEORIGIN",
  };
  const headers = securityHeadersFrom(sent, { script: "k1", style: "s1" });

  it("puts a response's nonces in each of their places, in any order", () => {
    expect(headers.cspWithNonces({ script: "K2", style: "S2" })).toBe(
      "style-src 'nonce-S2';script-src 'self' 'nonce-K2';x 'nonce-K2'",
    );
    expect(headers.fixed).toEqual([["x-frame-options", "SAMEORIGIN"]]);
  });

  it("gives a shared page a CSP without nonces, its inline scripts allowed by hash", async () => {
    expect(headers.cspWithHashes(["'sha256-a'", "'sha256-b'"])).toBe(
      "style-src;script-src 'self' 'sha256-a' 'sha256-b';x",
    );
    const real = await securityHeadersOf(config);
    const csp = real.cspWithHashes(["'sha256-x'"]);
    expect(csp).not.toContain("'nonce-");
    expect(csp).toContain("script-src 'self' 'sha256-x';");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("replaces the nonces of a policy by hashes", () => {
    expect(
      hashedCsp("script-src 'self' 'nonce-1';style-src 'nonce-2' 'self'", ["'sha256-x'"]),
    ).toBe("script-src 'self' 'sha256-x';style-src 'self'");
  });
});
