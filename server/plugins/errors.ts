/**
 * One shape for every error answer, `{ status, message }` (docs/decisions/002), and no detail
 * of a failure in any answer: a 5xx says only that something went wrong (the log has the
 * error, under the request's id), and a request the server could not read is a 4xx.
 */
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from "fastify";
import { isDatabaseUnavailable } from "../../db/unavailable.ts";
import { requestIdHeader } from "../request-id.ts";
import { setSecurityHeaders } from "./security.ts";

export const errorMessages = {
  internal: "Something went wrong on our side. Please try again later.",
  tooLarge: "The request is too large.",
  unreadableForm: "The form data could not be read.",
  badAddress: "The address is not valid.",
  unavailable: "The service is briefly unavailable. Please try again in a moment.",
  methodNotAllowed: "This method is not allowed here.",
} as const;

/**
 * The methods this server answers: reads, and the forms' and the enquiry's posts. Any other
 * (TRACE, OPTIONS, PUT, …) is refused before routing, the same way on every path.
 */
export const servedMethods = ["GET", "HEAD", "POST"] as const;
const served = new Set<string>(servedMethods);

/** Requests whose route handler started: an error before it is an error in reading the request. */
const handled = new WeakSet<FastifyRequest>();

/**
 * A multipart body that breaks off or has a malformed part makes busboy throw a plain Error
 * (no HTTP status) while @fastify/multipart reads it, before the handler runs.
 */
function isUnreadableMultipart(request: FastifyRequest, error: { statusCode?: number }): boolean {
  return (
    error.statusCode === undefined &&
    !handled.has(request) &&
    typeof request.isMultipart === "function" &&
    request.isMultipart()
  );
}

function send(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).type("application/json; charset=utf-8").send({ status, message });
}

/** The app's error handler (sets it on `app`; plugins may still answer their own errors). */
export function installErrorHandling(app: FastifyInstance) {
  app.addHook("preHandler", async (request) => {
    handled.add(request);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      // A database restart or outage: the pool reconnects by itself, so the client may retry.
      request.log.warn({ err: error }, "request failed: the database is unavailable");
      reply.header("retry-after", "5");
      return send(reply, 503, errorMessages.unavailable);
    }
    if (isUnreadableMultipart(request, error)) {
      request.log.info({ err: { message: error.message } }, "request refused: broken multipart");
      return send(reply, 400, errorMessages.unreadableForm);
    }
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return send(reply, status, errorMessages.internal);
    }
    request.log.info({ err: { message: error.message, code: error.code } }, "request refused");
    return send(reply, status, status === 413 ? errorMessages.tooLarge : error.message);
  });
}

/**
 * An onRequest hook answering 405 (with `Allow`) for a method outside servedMethods: logged as
 * a refusal, not as an error, so such requests cannot flood the error log. `skip` leaves some
 * paths to a later hook (the API refuses them after its token check).
 */
export function refuseUnservedMethods(skip: (url: string) => boolean = () => false) {
  return function refuseUnservedMethod(
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ) {
    if (served.has(request.method) || skip(request.url)) {
      done();
      return;
    }
    request.log.info({ method: request.method }, "request refused: method not allowed");
    reply.header("allow", servedMethods.join(", "));
    send(reply, 405, errorMessages.methodNotAllowed);
  };
}

/**
 * Fastify's `frameworkErrors`: a URL that does not decode, or a path parameter past the
 * router's length limit. Without it Fastify answers these in its own shape; with it, in ours,
 * with the security headers and the request id like every other answer.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  request.log.info({ err: { code: error.code } }, "request refused: bad address");
  // Fastify answers these before any hook runs: set what the hooks set on every other answer.
  reply.header(requestIdHeader, request.id);
  const { securityHeaders } = request.server;
  if (securityHeaders) setSecurityHeaders(reply, securityHeaders);
  return send(
    reply,
    error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400,
    errorMessages.badAddress,
  );
}
