/**
 * OData's error answer (OData JSON Format 4.0, §21): `{"error":{"code","message"}}`, for a bad
 * query (400), a missing token (401), an unknown path (404) and the rest.
 */
import type { FastifyReply } from "fastify";

/** A request the feed refuses: its status and a message for the consumer's developer. */
export class ODataError extends Error {
  override name = "ODataError";
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** A bad query: 400 with what is wrong. */
export function badQuery(message: string): ODataError {
  return new ODataError(400, message);
}

export function sendODataError(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .header("odata-version", "4.0")
    .type("application/json; charset=utf-8")
    .send({ error: { code: String(status), message } });
}
