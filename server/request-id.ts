/**
 * Request ids: every log line of a request carries one (`reqId`), and every answer tells it in
 * `x-request-id`, so an operator can find a visitor's failed request in the logs. A proxy's or
 * client's `x-request-id` is kept when it is a plain token; anything else (too long, spaces,
 * control characters) is replaced, so a caller cannot write arbitrary text into the logs.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const requestIdHeader = "x-request-id";

const plainRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the incoming id when it is plain, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[requestIdHeader];
  return typeof given === "string" && plainRequestId.test(given) ? given : randomUUID();
}
