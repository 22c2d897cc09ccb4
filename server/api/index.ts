/**
 * The SPEC §7 API, mounted under /api: a bearer token on every request, multipart, urlencoded
 * and JSON bodies, one JSON shape for errors, and a JSON 404 for unknown paths.
 */
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config/env.ts";
import { refuseUnservedMethods } from "../plugins/errors.ts";
import { alertRoutes } from "./alerts.ts";
import { requireBearerToken } from "./auth.ts";
import { contactRoutes } from "./contact.ts";
import { contentRoutes } from "./content.ts";
import { sendApiError } from "./errors.ts";
import { newsletterRoutes } from "./newsletter.ts";

export interface ApiOptions {
  config: Config;
}

export async function apiPlugin(app: FastifyInstance, options: ApiOptions) {
  const { config } = options;

  await app.register(formbody, { bodyLimit: 64 * 1024 });

  // API answers are per-request data, never to be cached by browsers or proxies. Set on
  // arrival, so that every answer has it, refusals included.
  app.addHook("onRequest", (_request, reply, done) => {
    reply.header("cache-control", "no-store");
    done();
  });
  app.addHook("onRequest", requireBearerToken(config.API_TOKEN));
  app.addHook("onRequest", refuseUnservedMethods());

  await app.register(contentRoutes);
  await app.register(alertRoutes);
  await app.register(newsletterRoutes);
  // Only the enquiry reads a multipart body: @fastify/multipart's hooks (a listener and an
  // async clean-up on every request) stay off the reads.
  await app.register(async (enquiries) => {
    await enquiries.register(multipart, {
      attachFieldsToBody: "keyValues",
      // busboy cuts a field at fieldSize without an error. 32 KiB holds more characters than
      // any field may have (the message: 5,000, even at 4 bytes each), so a cut value always
      // fails validation as too long and is never stored shortened. A file part answers 413.
      limits: { fieldNameSize: 100, fieldSize: 32 * 1024, fields: 30, files: 0, parts: 40 },
    });
    // The work itself, its rate limit included, is app.contactIntake's (./contact.ts).
    await enquiries.register(contactRoutes);
  });

  // Every other path under /api is the API's too, whatever the method: without these the
  // site's catch-all route would answer it with an HTML page, and no token check.
  const noEndpoint = (request: FastifyRequest, reply: FastifyReply) =>
    sendApiError(reply, 404, `No API endpoint at ${request.method} ${request.url}.`);
  app.all("/", noEndpoint);
  app.all("/*", noEndpoint);
  app.setNotFoundHandler(noEndpoint);
}

/** True for a path the API answers (see apiPlugin's prefix in server/app.ts). */
export function isApiUrl(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}
