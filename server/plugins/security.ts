/**
 * Security headers for every answer, with a per-response CSP nonce: React Router's hydration
 * scripts are inline, and the default CSP (no nonce) would block them.
 */
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../../config/env.ts";

/** Origins the listing pages embed: the Location tab's map and the Video tab's player. */
const frameSources = [
  "https://www.google.com",
  "https://maps.google.com",
  "https://www.youtube.com",
  "https://www.youtube-nocookie.com",
];

function originOf(url: string): string[] {
  return /^https?:\/\//.test(url) ? [new URL(url).origin] : [];
}

export const securityPlugin = fp(async (app: FastifyInstance, options: { config: Config }) => {
  const { config } = options;
  const development = config.NODE_ENV === "development";
  await app.register(helmet, {
    enableCSPNonces: true,
    // Vite's dev server injects inline scripts and a websocket; the CSP applies outside it.
    contentSecurityPolicy: development
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
    // HSTS only means something behind HTTPS; a reverse proxy that terminates TLS sets it.
    strictTransportSecurity: false,
  });
});
