/**
 * `POST /contact/add` (SPEC §7): validates an enquiry with the §5 rules, stores it durably
 * (committed before the answer), and answers `{ status, message }`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RateLimit } from "../../config/env.ts";
import { insertEnquiry } from "../../db/queries/enquiry.ts";
import { findPublishedProperty } from "../../db/queries/property.ts";
import { type EnquiryFieldName, enquiryFieldNames } from "../../lib/enquiry-fields.ts";
import { type EnquiryInput, enquiryFormOf, validateEnquiry } from "../../lib/enquiry-rules.ts";
import { withoutControlCharacters } from "../../lib/text.ts";
import { sendApiError } from "./errors.ts";

/** Largest accepted enquiry body: far above any real enquiry (the message allows 5,000 chars). */
export const contactBodyLimit = 64 * 1024;

export const contactMessages = {
  thanks:
    "Thank you for your enquiry. We have received your message and will get back to you shortly.",
  invalid: "Please correct the highlighted fields and try again.",
  unknownProperty: "This property is no longer available.",
  tooLarge: "The enquiry is too large.",
} as const;

/**
 * Reads the enquiry fields from a JSON, urlencoded or multipart body. Only text counts: a file,
 * a list or an object in a field reads as empty, and fails validation with a clear message.
 */
export function readEnquiryInput(body: unknown): EnquiryInput {
  const source = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const input: EnquiryInput = {};
  for (const name of enquiryFieldNames) {
    const value = source[name];
    if (typeof value === "string") input[name] = withoutControlCharacters(value, true);
    else if (typeof value === "number" && Number.isFinite(value)) input[name] = String(value);
  }
  return input;
}

function rejectOversizedBody(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  const length = Number(request.headers["content-length"] ?? 0);
  if (length > contactBodyLimit) {
    // Close the connection: the client may still be sending the body we refuse to read.
    reply.header("connection", "close");
    sendApiError(reply, 413, contactMessages.tooLarge);
    return;
  }
  done();
}

export async function contactRoutes(
  app: FastifyInstance,
  options: { rateLimit: RateLimit | "off" },
) {
  const { rateLimit } = options;

  app.post(
    "/contact/add",
    {
      bodyLimit: contactBodyLimit,
      onRequest: rejectOversizedBody,
      config: {
        rateLimit:
          rateLimit === "off"
            ? false
            : {
                max: rateLimit.max,
                timeWindow: rateLimit.windowMs,
                keyGenerator: (request: FastifyRequest) => request.ip,
                errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) => ({
                  statusCode: 429,
                  status: 429,
                  message: `Too many enquiries from your address. Please try again in ${context.after}.`,
                }),
              },
      },
    },
    async (request, reply) => {
      const input = readEnquiryInput(request.body);
      const errors = validateEnquiry(input, enquiryFormOf(input));
      const propertyCode = (input.property_code ?? "").trim();
      if (
        propertyCode !== "" &&
        !errors.property_code &&
        !(await findPublishedProperty(app.database.db, propertyCode))
      ) {
        errors.property_code = contactMessages.unknownProperty;
      }
      if (Object.keys(errors).length > 0) {
        request.log.info({ fields: Object.keys(errors) }, "enquiry refused: invalid fields");
        return sendApiError(reply, 422, contactMessages.invalid, errors as Record<string, string>);
      }

      const text = (name: EnquiryFieldName) => (input[name] ?? "").trim();
      const { id } = await insertEnquiry(app.database.db, {
        fullname: text("fullname"),
        telephone: text("telephone"),
        email: text("email"),
        property_code: propertyCode === "" ? null : propertyCode,
        message: text("message"),
        how_you_hear: text("how_you_hear"),
        num1: text("num1"),
        num2: text("num2"),
        answer: text("answer"),
        puzzle: text("puzzle"),
        ip: request.ip,
      });
      request.log.info({ enquiryId: id }, "enquiry stored");
      app.outbox?.wake();
      return { status: 200, message: contactMessages.thanks };
    },
  );
}
