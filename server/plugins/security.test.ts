import helmet from "@fastify/helmet";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config/env.ts";
import {
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

async function appWith(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  const app = Fastify();
  apps.push(app);
  await register(app);
  app.get("/", async () => "ok");
  return app;
}

/** An answer's headers, without the ones that vary by the moment. */
function headersOf(answer: { headers: Record<string, unknown> }) {
  return Object.fromEntries(
    Object.entries(answer.headers)
      .filter(([name]) => name !== "date")
      .map(([name, value]) => [name, String(value)]),
  );
}

describe("the security plugin", () => {
  it("sends exactly what @fastify/helmet sends for the policy", async () => {
    const ours = await appWith((app) => app.register(securityPlugin, { config }));
    const reference = await appWith((app) => app.register(helmet, helmetOptions(config)));
    const answer = await ours.inject("/");
    expect(headersOf(answer)).toEqual(headersOf(await reference.inject("/")));
    expect(answer.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("puts no nonce in the policy: no answer needs one, every page is shared (decision 031)", async () => {
    const app = await appWith((app) => app.register(securityPlugin, { config }));
    const [first, second] = [await app.inject("/"), await app.inject("/")];
    const csp = String(first.headers["content-security-policy"]);
    expect(csp).not.toContain("'nonce-");
    expect(csp).toContain("script-src 'self';");
    expect(second.headers["content-security-policy"]).toBe(csp);
  });

  it("frames YouTube's nocookie player and Google's map embeds only, and plays media from the site (decisions 049, 070)", async () => {
    const app = await appWith((app) => app.register(securityPlugin, { config }));
    const directives = String((await app.inject("/")).headers["content-security-policy"])
      .split(";")
      .map((directive) => directive.trim());
    // The Location tab frames the property's google_map beside the site's own map (070).
    expect(directives.filter((directive) => directive.startsWith("frame-src"))).toEqual([
      "frame-src https://www.youtube-nocookie.com https://www.google.com",
    ]);
    expect(directives.find((directive) => directive.startsWith("media-src"))).toMatch(
      /^media-src 'self'/,
    );
  });

  it("lets images come from MAP_TILE_URL's origin when it is set, and no other (decision 054)", async () => {
    const imgSrc = async (env: Record<string, string>) => {
      const tiles = loadConfig({ NODE_ENV: "test", API_TOKEN: "a-test-token", ...env });
      const app = await appWith((app) => app.register(securityPlugin, { config: tiles }));
      return String((await app.inject("/")).headers["content-security-policy"])
        .split(";")
        .map((directive) => directive.trim())
        .find((directive) => directive.startsWith("img-src"));
    };
    expect(await imgSrc({})).toBe("img-src 'self' data:");
    expect(
      await imgSrc({ MAP_TILE_URL: "https://tiles.example.com:8443/osm/{z}/{x}/{y}.png" }),
    ).toBe("img-src 'self' data: https://tiles.example.com:8443");
    expect(
      await imgSrc({
        MAP_TILE_URL: "https://cdn.example.com/tiles/{z}/{x}/{y}.png",
        IMAGE_BASE_URL: "https://cdn.example.com/images",
      }),
    ).toBe("img-src 'self' data: https://cdn.example.com");
  });

  it("sends no CSP in development (Vite's dev server), the other headers still", async () => {
    const development = loadConfig({ NODE_ENV: "development" });
    const app = await appWith((app) => app.register(securityPlugin, { config: development }));
    const answer = await app.inject("/");
    expect(answer.headers["content-security-policy"]).toBeUndefined();
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    const headers = await securityHeadersOf(development);
    expect(headers.cspWithHashes(["'sha256-x'"])).toBeUndefined();
  });
});

describe("the security headers' template", () => {
  const sent = {
    "Content-Security-Policy": "style-src 'self';script-src 'self';x y",
    "X-Frame-Options": "SAMEORIGIN",
  };
  const headers = securityHeadersFrom(sent);

  it("keeps every header, the policy too, names in lower case", () => {
    expect(headers.fixed).toEqual([
      ["content-security-policy", "style-src 'self';script-src 'self';x y"],
      ["x-frame-options", "SAMEORIGIN"],
    ]);
  });

  it("gives a page a CSP with its inline scripts allowed by hash", async () => {
    expect(headers.cspWithHashes(["'sha256-a'", "'sha256-b'"])).toBe(
      "style-src 'self';script-src 'self' 'sha256-a' 'sha256-b';x y",
    );
    const real = await securityHeadersOf(config);
    const csp = real.cspWithHashes(["'sha256-x'"]);
    expect(csp).not.toContain("'nonce-");
    expect(csp).toContain("script-src 'self' 'sha256-x';");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("adds hashes to script-src only", () => {
    expect(hashedCsp("script-src 'self';style-src 'self'", ["'sha256-x'"])).toBe(
      "script-src 'self' 'sha256-x';style-src 'self'",
    );
  });
});
