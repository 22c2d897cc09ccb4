/**
 * Security headers for every answer. The CSP allows no inline script by default; a page allows
 * its own inline scripts (React Router's hydration data) by their `'sha256-…'` hashes, which
 * the site's renderer adds (SiteRequestContext.contentSecurityPolicy). Pages carry no nonce, so
 * every visitor, and every shared cache, can be sent the same bytes (decision 031).
 *
 * helmet decides the headers; it is asked once, at start, what it sends for this policy (a
 * throwaway Fastify instance with @fastify/helmet answers one request), and every answer gets
 * those headers: @fastify/helmet rebuilds helmet, parsing the whole policy, on every request,
 * which cost more than serving a cached page (docs/decisions/019).
 */
import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { googleMapFrameOrigin, youtubeEmbedOrigin } from "../../app/components/property/embeds.ts";
import type { Config } from "../../config/env.ts";

/**
 * Origins the listing pages embed, exactly: the Video tab's player, which is YouTube's
 * privacy-enhanced mode only (decision 049), and the Location tab's Google map, whose URL
 * googleMapFrameUrl checks is an embed page on that origin (decision 070).
 */
const frameSources = [youtubeEmbedOrigin, googleMapFrameOrigin];

function originOf(url: string): string[] {
  return /^https?:\/\//.test(url) ? [new URL(url).origin] : [];
}

/** The policy, in @fastify/helmet's options. */
export function helmetOptions(config: Config): FastifyHelmetOptions {
  return {
    // Vite's dev server injects inline scripts and a websocket; the CSP applies outside it.
    contentSecurityPolicy:
      config.NODE_ENV === "development"
        ? false
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'"],
              styleSrc: ["'self'"],
              // React's style props (dynamic widths, transforms) are inline style attributes.
              styleSrcAttr: ["'unsafe-inline'"],
              // The map's tiles come from MAP_TILE_URL's origin alone (decision 054).
              imgSrc: [
                "'self'",
                "data:",
                ...new Set([
                  ...originOf(config.IMAGE_BASE_URL),
                  ...originOf(config.MAP_TILE_URL?.replace(/\{[a-z]\}/g, "0") ?? ""),
                ]),
              ],
              fontSrc: ["'self'", "data:"],
              connectSrc: ["'self'"],
              // A self-hosted MP4 in the Video tab: from the site or its image host (049).
              mediaSrc: ["'self'", ...originOf(config.IMAGE_BASE_URL)],
              frameSrc: frameSources,
              frameAncestors: ["'none'"],
              formAction: ["'self'"],
              baseUri: ["'self'"],
              objectSrc: ["'none'"],
              upgradeInsecureRequests: null,
            },
          },
    // The site embeds third-party maps and videos, which do not send CORP headers.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS only means something behind HTTPS; strict-transport.ts sends it when it applies.
    strictTransportSecurity: false,
  };
}

/** The security headers, worked out once. */
export interface SecurityHeaders {
  /** Every header, the CSP included, `[name, value]`, names in lower case. */
  fixed: readonly (readonly [string, string])[];
  /**
   * The CSP of a page whose inline scripts have these `'sha256-…'` hashes: the policy with
   * them added to `script-src`; undefined when there is no CSP.
   */
  cspWithHashes(scriptHashes: readonly string[]): string | undefined;
}

/** `policy` with `scriptHashes` added to its `script-src` directive. */
export function hashedCsp(policy: string, scriptHashes: readonly string[]): string {
  return policy
    .split(";")
    .map((directive) => {
      const parts = directive.trim().split(/\s+/);
      if (parts[0] === "script-src") parts.push(...scriptHashes);
      return parts.join(" ");
    })
    .join(";");
}

/** The headers helmet sends for a policy, as a template (see SecurityHeaders). */
export function securityHeadersFrom(sent: Record<string, string>): SecurityHeaders {
  const fixed = Object.entries(sent).map(([name, value]) => [name.toLowerCase(), value] as const);
  const policy = fixed.find(([name]) => name === "content-security-policy")?.[1];
  return {
    fixed,
    cspWithHashes: (scriptHashes) =>
      policy === undefined ? undefined : hashedCsp(policy, scriptHashes),
  };
}

/** Asks @fastify/helmet, once, which headers it sends for the config's policy. */
export async function securityHeadersOf(config: Config): Promise<SecurityHeaders> {
  const probe = Fastify({ logger: false });
  let sent: Record<string, string> | undefined;
  await probe.register(helmet, helmetOptions(config));
  probe.get("/", async (_request, reply) => {
    // helmet sets its headers on the raw response in onRequest; Fastify's come later.
    const headers = Object.entries(reply.raw.getHeaders()).map(([name, value]) => [
      name,
      String(value),
    ]);
    sent = Object.fromEntries(headers);
    return "";
  });
  await probe.inject("/");
  await probe.close();
  if (!sent) throw new Error("helmet's headers could not be read");
  return securityHeadersFrom(sent);
}

declare module "fastify" {
  interface FastifyInstance {
    /** The security headers (see SecurityHeaders); the site adds its pages' script hashes. */
    securityHeaders: SecurityHeaders;
  }
}

export const securityPlugin = fp(async (app: FastifyInstance, options: { config: Config }) => {
  const headers = await securityHeadersOf(options.config);
  app.decorate("securityHeaders", headers);
  app.addHook("onRequest", (_request, reply, done) => {
    setSecurityHeaders(reply, headers);
    done();
  });
});

/**
 * Sets the security headers on an answer: every request's, from the hook above, and the
 * answers Fastify gives before any hook runs (server/plugins/errors.ts).
 */
export function setSecurityHeaders(reply: FastifyReply, headers: SecurityHeaders) {
  for (const [name, value] of headers.fixed) reply.header(name, value);
}
