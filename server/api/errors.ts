/** The API's one error shape: `{ "status": <HTTP status>, "message": "..." }`. */
import type { FastifyReply } from "fastify";

export interface ApiError {
  status: number;
  message: string;
  errors?: Record<string, string>;
}

export function sendApiError(
  reply: FastifyReply,
  status: number,
  message: string,
  errors?: Record<string, string>,
) {
  const body: ApiError = errors ? { status, message, errors } : { status, message };
  return reply.code(status).type("application/json; charset=utf-8").send(body);
}
