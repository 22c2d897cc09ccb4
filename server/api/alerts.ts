/**
 * `POST /api/alert/{action}` (this project's addition to §7, decision 055): the search alerts'
 * actions for a site server: `subscribe` (email, query: the §7 search parameters), `confirm`,
 * `manage`, `delete` (token, optional id) and `unsubscribe` (token). JSON or urlencoded
 * bodies; answers `{ status, message, errors?, alerts?, email? }`. A subscribe is
 * limited per visitor (the forwarded address, as for `POST /contact/add`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type AlertRequest, alertActions } from "../../lib/search-alert.ts";
import { sendApiError } from "./errors.ts";

const bodyLimit = 16 * 1024;

/** Reads an action's fields from a body; undefined for an unknown action. */
export function readAlertRequest(action: string, body: unknown): AlertRequest | undefined {
  const source = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const text = (name: string) => (typeof source[name] === "string" ? (source[name] as string) : "");
  switch (action) {
    case "subscribe":
      return { action, email: text("email"), query: text("query") };
    case "confirm":
    case "manage":
    case "unsubscribe":
      return { action, token: text("token") };
    case "delete": {
      const id = Number(source.id);
      return {
        action,
        token: text("token"),
        ...(Number.isSafeInteger(id) && id > 0 ? { id } : {}),
      };
    }
    default:
      return undefined;
  }
}

export async function alertRoutes(app: FastifyInstance) {
  const alerts = app.searchAlerts;

  async function limitSaves(request: FastifyRequest, reply: FastifyReply) {
    if ((request.params as { action?: string }).action !== "subscribe") return;
    const refused = await alerts.limit(request, (name, value) => reply.header(name, value));
    if (refused) return sendApiError(reply, refused.httpStatus, refused.answer.message);
  }

  app.post<{ Params: { action: string } }>(
    "/alert/:action",
    { bodyLimit, preHandler: [limitSaves] },
    async (request, reply) => {
      const action = readAlertRequest(request.params.action, request.body);
      if (!action) {
        return sendApiError(
          reply,
          404,
          `No API endpoint at POST ${request.url}. Actions: ${alertActions.join(", ")}.`,
        );
      }
      const { httpStatus, answer } = await alerts.handle(action, request);
      reply.code(httpStatus);
      return answer;
    },
  );
}
