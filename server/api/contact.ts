/**
 * `POST /contact/add` (SPEC §7): limits enquiries per visitor's IP, validates an enquiry with
 * the §5 rules, stores it durably (committed before the answer), wakes the e-mail outbox, and
 * answers `{ status, message }`. One intake (`app.contactIntake`) does it for the route and for
 * the site's in-process client alike, with one rate-limit counter per visitor for both.
 */
import rateLimit from "@fastify/rate-limit";
import { format as formatDuration } from "@lukeed/ms";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import type { Config } from "../../config/env.ts";
import { insertEnquiry } from "../../db/queries/enquiry.ts";
import { findPublishedProperty } from "../../db/queries/property.ts";
import type { ContactAnswer } from "../../lib/api-contract.ts";
import {
  type EnquiryFieldName,
  enquiryFieldNames,
  readEnquiryFields,
} from "../../lib/enquiry-fields.ts";
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

/** What `POST /contact/add` answers: its HTTP status and body. */
export interface ContactReply {
  httpStatus: number;
  answer: ContactAnswer;
}

export interface ContactIntake {
  /**
   * Counts one enquiry from `request`'s visitor (`request.ip`) against CONTACT_RATE_LIMIT:
   * the 429 answer past it, with how long until the visitor may send again in words (`after`,
   * for a form other than the enquiry's to say in its own words), else undefined.
   * `setHeader` receives the limit's headers.
   */
  limit(
    request: FastifyRequest,
    setHeader?: (name: string, value: number) => void,
  ): Promise<(ContactReply & { after: string }) | undefined>;
  /** Validates and stores an enquiry read from `body`, logging under `request`'s id. */
  store(body: unknown, request: FastifyRequest): Promise<ContactReply>;
  /** Both, in that order: the whole of `POST /contact/add` after its body is read. */
  add(body: unknown, request: FastifyRequest): Promise<ContactReply>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** POST /contact/add's work, for the route and the site's in-process client. */
    contactIntake: ContactIntake;
  }
}

export interface ContactIntakeOptions {
  config: Config;
  /** Shares the rate-limit counters between app servers when REDIS_URL is set. */
  redis?: Redis;
}

/** Decorates the server with `contactIntake` (registers @fastify/rate-limit for its counter). */
export const contactIntakePlugin = fp(
  async (app: FastifyInstance, options: ContactIntakeOptions) => {
    const { config, redis } = options;
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: "homes-rate-limit:" } : {}),
      // While the shared store is down, take enquiries unlimited rather than refuse them all:
      // every submission through the site still needs a fresh single-use puzzle token.
      skipOnError: true,
    });
    const limit = config.CONTACT_RATE_LIMIT;
    // One limiter (one counter per visitor) for the route and the in-process client.
    const countEnquiry =
      limit === "off"
        ? undefined
        : app.createRateLimit({
            max: limit.max,
            timeWindow: limit.windowMs,
            keyGenerator: (request: FastifyRequest) => request.ip,
          });

    const intake: ContactIntake = {
      async limit(request, setHeader = () => {}) {
        if (!countEnquiry) return undefined;
        const verdict = await countEnquiry(request);
        if (verdict.isAllowed) return undefined;
        setHeader("x-ratelimit-limit", verdict.max);
        setHeader("x-ratelimit-remaining", verdict.isExceeded ? 0 : verdict.remaining);
        setHeader("x-ratelimit-reset", verdict.ttlInSeconds);
        if (!verdict.isExceeded) return undefined;
        setHeader("retry-after", verdict.ttlInSeconds);
        const after = formatDuration(verdict.ttlInSeconds * 1000, true);
        return {
          httpStatus: 429,
          after,
          answer: {
            status: 429,
            message: `Too many enquiries from your address. Please try again in ${after}.`,
          },
        };
      },

      async store(body, request) {
        const input = readEnquiryInput(body);
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
          return {
            httpStatus: 422,
            answer: {
              status: 422,
              message: contactMessages.invalid,
              errors: errors as Record<string, string>,
            },
          };
        }

        const text = (name: EnquiryFieldName) => (input[name] ?? "").trim();
        const { id } = await insertEnquiry(app.database.db, {
          ...readEnquiryFields(enquiryFieldNames, text),
          property_code: propertyCode === "" ? null : propertyCode,
          ip: request.ip,
        });
        request.log.info({ enquiryId: id }, "enquiry stored");
        app.jobs.outbox?.wake();
        return { httpStatus: 200, answer: { status: 200, message: contactMessages.thanks } };
      },

      async add(body, request) {
        return (await intake.limit(request)) ?? (await intake.store(body, request));
      },
    };
    app.decorate("contactIntake", intake);
  },
  { name: "contact-intake" },
);

export async function contactRoutes(app: FastifyInstance) {
  const intake = app.contactIntake;

  async function limitVisitor(request: FastifyRequest, reply: FastifyReply) {
    const refused = await intake.limit(request, (name, value) => reply.header(name, value));
    if (refused) return sendApiError(reply, refused.httpStatus, refused.answer.message);
  }

  app.post(
    "/contact/add",
    // Before the body is read: an oversized or rate-limited post is refused unread.
    { bodyLimit: contactBodyLimit, onRequest: [rejectOversizedBody, limitVisitor] },
    async (request, reply) => {
      const { httpStatus, answer } = await intake.store(request.body, request);
      if (httpStatus === 200) return answer;
      return sendApiError(reply, httpStatus, answer.message, answer.errors);
    },
  );
}
