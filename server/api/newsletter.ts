/**
 * `POST /api/newsletter/{action}` (this project's addition to §7, decision 078): the
 * newsletter's actions for a site server: `subscribe` (email), `confirm` and `unsubscribe`
 * (token). JSON or urlencoded bodies; answers `{ status, message, errors? }`. A subscribe is
 * limited per visitor (the forwarded address), with the search alerts' own counters.
 */
import type { FastifyInstance } from "fastify";
import { newsletterActions, readNewsletterRequest } from "../../lib/newsletter.ts";
import { sendApiError } from "./errors.ts";

const bodyLimit = 16 * 1024;

export async function newsletterRoutes(app: FastifyInstance) {
  app.post<{ Params: { action: string } }>(
    "/newsletter/:action",
    { bodyLimit },
    async (request, reply) => {
      const action = readNewsletterRequest(request.params.action, request.body);
      if (!action) {
        return sendApiError(
          reply,
          404,
          `No API endpoint at POST ${request.url}. Actions: ${newsletterActions.join(", ")}.`,
        );
      }
      const { httpStatus, answer } = await app.newsletter.run(action, request);
      reply.code(httpStatus);
      return answer;
    },
  );
}
