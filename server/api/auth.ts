/** The §7 bearer token check, in constant time. */
import { hash, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { sendApiError } from "./errors.ts";

function digest(value: string): Buffer {
  // One-shot: no Hash object per request.
  return hash("sha256", value, "buffer");
}

/**
 * An onRequest hook answering 401 unless the request carries `Authorization: Bearer <token>`.
 * Both sides are hashed first so the comparison takes the same time whatever the input's length.
 */
export function requireBearerToken(token: string) {
  const expected = digest(`Bearer ${token}`);
  return function checkBearerToken(
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ) {
    const given = digest(request.headers.authorization ?? "");
    if (!timingSafeEqual(given, expected)) {
      sendApiError(reply, 401, "Missing or invalid bearer token.");
      return;
    }
    done();
  };
}
