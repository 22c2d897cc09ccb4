/**
 * HSTS, only on answers to requests that came over HTTPS: directly (a TLS listener) or through
 * a trusted proxy that says so in X-Forwarded-Proto (Fastify's `trustProxy` decides which
 * proxies are believed, from TRUSTED_PROXIES). Sent over plain HTTP the header is ignored by
 * browsers, and sent for a host that is not really on HTTPS it would lock visitors out.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** One year, subdomains included: what the HSTS preload list asks for. */
export const strictTransportSecurity = "max-age=31536000; includeSubDomains";

export const strictTransportPlugin = fp(async (app: FastifyInstance) => {
  // On arrival, with the other security headers (see security.ts).
  app.addHook("onRequest", (request, reply, done) => {
    if (request.protocol === "https") {
      reply.header("strict-transport-security", strictTransportSecurity);
    }
    done();
  });
});
