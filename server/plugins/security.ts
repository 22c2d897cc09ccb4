/**
 * Security headers for every answer, with a per-response CSP nonce: React Router's hydration
 * scripts are inline, and the default CSP (no nonce) would block them.
 *
 * helmet decides the headers; it is asked once, at start, what it sends for this policy (a
 * throwaway Fastify instance with @fastify/helmet answers one request). Each answer then gets
 * those headers with fresh nonces put in the CSP's nonce places: @fastify/helmet rebuilds
 * helmet, parsing the whole policy, on every request, which cost more than serving a cached
 * page (docs/decisions/019).
 */
import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { mapEmbedOrigins } from "../../app/components/property/embeds.ts";
import type { Config } from "../../config/env.ts";
import { randomText } from "../../lib/random-pool.server.ts";

/** Origins the listing pages embed: the Location tab's map and the Video tab's player. */
const frameSources = [
  ...mapEmbedOrigins,
  "https://www.youtube.com",
  "https://www.youtube-nocookie.com",
];

function originOf(url: string): string[] {
  return /^https?:\/\//.test(url) ? [new URL(url).origin] : [];
}

/** The policy, in @fastify/helmet's options. */
export function helmetOptions(config: Config): FastifyHelmetOptions {
  return {
    enableCSPNonces: true,
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
              imgSrc: ["'self'", "data:", ...originOf(config.IMAGE_BASE_URL)],
              fontSrc: ["'self'", "data:"],
              connectSrc: ["'self'"],
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

/** A response's CSP nonces, as @fastify/helmet names them (`reply.cspNonce`). */
export interface CspNonces {
  script: string;
  style: string;
}

/** The security headers, worked out once. */
export interface SecurityHeaders {
  /** Every header but the CSP, `[name, value]`, names in lower case. */
  fixed: readonly (readonly [string, string])[];
  /** The CSP allowing scripts and styles by these nonces; undefined when there is no CSP. */
  cspWithNonces(nonces: CspNonces): string | undefined;
  /**
   * The CSP of a page shared by every visitor, which must carry no nonce (a nonce repeated to
   * every visitor is worthless): its inline scripts allowed by `'sha256-…'` hashes instead.
   */
  cspWithHashes(scriptHashes: readonly string[]): string | undefined;
}

/** A CSP's nonces replaced: script-src's by `scriptHashes`, the others' by nothing. */
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

/**
 * The headers helmet sends for `policy` with `nonces` in its CSP, as a template: `fixed`, and
 * the CSP cut at the nonces so a response's own go in their places.
 */
export function securityHeadersFrom(
  sent: Record<string, string>,
  nonces: CspNonces,
): SecurityHeaders {
  const fixed = Object.entries(sent)
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .filter(([name]) => name !== "content-security-policy");
  const policy = Object.entries(sent).find(
    ([name]) => name.toLowerCase() === "content-security-policy",
  )?.[1];
  if (policy === undefined) {
    return { fixed, cspWithNonces: () => undefined, cspWithHashes: () => undefined };
  }
  // Text, nonce, text, nonce, … text (split with a capturing group).
  const parts = policy.split(new RegExp(`(${nonces.script}|${nonces.style})`));
  const isScript = parts.map((part, index) => index % 2 === 1 && part === nonces.script);
  return {
    fixed,
    cspWithNonces(fresh) {
      let csp = parts[0] ?? "";
      for (let index = 1; index < parts.length; index += 2) {
        csp += (isScript[index] ? fresh.script : fresh.style) + (parts[index + 1] ?? "");
      }
      return csp;
    },
    cspWithHashes: (scriptHashes) => hashedCsp(policy, scriptHashes),
  };
}

/** Asks @fastify/helmet, once, which headers it sends for the config's policy. */
export async function securityHeadersOf(config: Config): Promise<SecurityHeaders> {
  const probe = Fastify({ logger: false });
  let sent: { headers: Record<string, string>; nonces: CspNonces } | undefined;
  await probe.register(helmet, helmetOptions(config));
  probe.get("/", async (_request, reply) => {
    // helmet sets its headers on the raw response in onRequest; Fastify's come later.
    const headers = Object.entries(reply.raw.getHeaders()).map(([name, value]) => [
      name,
      String(value),
    ]);
    sent = { headers: Object.fromEntries(headers), nonces: { ...reply.cspNonce } };
    return "";
  });
  await probe.inject("/");
  await probe.close();
  if (!sent) throw new Error("helmet's headers could not be read");
  return securityHeadersFrom(sent.headers, sent.nonces);
}

declare module "fastify" {
  interface FastifyInstance {
    /** The security headers (see SecurityHeaders); the page cache sends shared pages' CSP. */
    securityHeaders: SecurityHeaders;
  }
}

export const securityPlugin = fp(async (app: FastifyInstance, options: { config: Config }) => {
  const headers = await securityHeadersOf(options.config);
  app.decorate("securityHeaders", headers);
  // Set on every request; null here, as Fastify asks of object decorations.
  app.decorateReply("cspNonce", null as unknown as CspNonces);
  app.addHook("onRequest", (_request, reply, done) => {
    setSecurityHeaders(reply, headers);
    done();
  });
});

/**
 * Sets the security headers, with fresh CSP nonces, on an answer: every request's, from the
 * hook above, and the answers Fastify gives before any hook runs (server/plugins/errors.ts).
 */
export function setSecurityHeaders(reply: FastifyReply, headers: SecurityHeaders) {
  const nonces = { script: randomText(16, "hex"), style: randomText(16, "hex") };
  reply.cspNonce = nonces;
  for (const [name, value] of headers.fixed) reply.header(name, value);
  const csp = headers.cspWithNonces(nonces);
  if (csp !== undefined) reply.header("content-security-policy", csp);
}
