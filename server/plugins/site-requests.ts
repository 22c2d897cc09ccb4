/**
 * What the server does around each site request, before and beside React Router:
 * - the form body is read here, bounded, so an oversized post is refused (413) before an
 *   action reads it (the React Router adapter would otherwise stream any size into
 *   `request.formData()`);
 * - the site's server-side log lines (its `console.warn`/`console.error`) are written through
 *   the request's logger, so they carry the request id like every other line. The site only
 *   uses the console: it does not import the server.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createWriteStream, openAsBlob } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { format } from "node:util";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { StaffService } from "#app-context";
import { withAuditClientAddress } from "../../db/queries/audit.ts";
import { listingImportLimits, listingImportMessages } from "../../lib/admin-listing-transfer.ts";
import { photoLimits } from "../../lib/admin-photos.ts";
import {
  answerOverloaded,
  createWorkLimit,
  holdSlotUntil,
  OverloadedError,
  type WorkLimit,
} from "../work-limit.ts";

/** The largest form post the site accepts: an enquiry is a few kilobytes at most. */
export const siteFormBodyLimit = 64 * 1024;

export const siteFormTooLarge = "The form is too large. Please shorten your message and try again.";

/**
 * The largest listing-editor post a signed-in member of staff may send: a description of up
 * to 50,000 characters, URL-encoded (markup and accented letters take several bytes each),
 * and the other fields.
 */
export const listingFormBodyLimit = 512 * 1024;

const siteFormUnreadable = "The form could not be read. Please try again.";

function refuse(reply: FastifyReply, status: number, message: string) {
  // The client may still be sending the body we refuse to read.
  reply.header("connection", "close");
  return reply.code(status).type("text/plain; charset=utf-8").send(message);
}

/** Reads a stream into one buffer; undefined when it grows past `limit` bytes. */
async function readBounded(
  stream: AsyncIterable<Buffer | string>,
  limit: number,
): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > limit) return undefined;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/**
 * Writes a stream to a temporary file, up to `limit` bytes, and answers it as a Blob read from
 * that file, which React Router's request reads as its body: two staff uploads of 60 MB held
 * whole in memory, then copied, took a server from 223 to 693 MB (decision 065). `onDone` is
 * handed the file's removal, for when the answer is sent. Undefined when the body grew past
 * `limit` (the file is removed then).
 */
export async function spoolBounded(
  stream: AsyncIterable<Buffer | string>,
  limit: number,
  onDone: (remove: () => void) => void,
): Promise<Blob | undefined> {
  const folder = await mkdtemp(join(tmpdir(), "homes-upload-"));
  const file = join(folder, "body");
  const remove = () => void rm(folder, { recursive: true, force: true });
  let size = 0;
  const bounded = async function* () {
    for await (const chunk of stream) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > limit) return;
      yield bytes;
    }
  };
  try {
    await pipeline(Readable.from(bounded()), createWriteStream(file));
  } catch (error) {
    remove();
    throw error;
  }
  if (size > limit) {
    remove();
    return undefined;
  }
  onDone(remove);
  return openAsBlob(file);
}

/**
 * The back office's posts that carry files, and the listing editor's, may be larger than a
 * form, for signed-in staff only:
 * the session is checked before such a body is read, so nobody else can make the server hold
 * one. Each body is still read whole and bounded here, before the form-token check and the
 * action read it; a multipart one into a temporary file.
 */
const staffUploads: {
  path: RegExp;
  maxBytes: number;
  tooLarge: string;
  /** Files: only a multipart post is let through; otherwise any form. */
  multipart: boolean;
}[] = [
  // A listing's photos (decision 056): the manager's form and the uploader's; the same page's
  // floor-plan form (decision 052's addendum) posts here too.
  {
    path: /^\/admin\/listings\/[^/?#]+\/photos(?:\/upload)?(?:\.data)?$/,
    multipart: true,
    maxBytes: photoLimits.maxPostBytes,
    tooLarge: `The files are too large together: send at most ${
      photoLimits.maxPostBytes / 1024 / 1024
    } MB at once (each photo or floor plan up to ${photoLimits.maxBytes / 1024 / 1024} MB).`,
  },
  // One image: a slider's picture or the company logo (decision 057).
  {
    path: /^\/admin\/(?:sliders\/(?:new|\d+)|profile)(?:\.data)?$/,
    multipart: true,
    maxBytes: 10 * 1024 * 1024 + 64 * 1024,
    tooLarge: "The image is too large: send one of 10 MB at most.",
  },
  // A listing file to import (decision 096): the file and the form's token.
  {
    path: /^\/admin\/listings\/import-export(?:\.data)?$/,
    multipart: true,
    maxBytes: listingImportLimits.maxBytes + 64 * 1024,
    tooLarge: listingImportMessages.tooLarge,
  },
  // The listing editor (decision 044): a long description.
  {
    path: /^\/admin\/listings\/(?:new|[^/?#]+\/edit)(?:\.data)?$/,
    multipart: false,
    maxBytes: listingFormBodyLimit,
    tooLarge: "The listing is too large to save: shorten its description.",
  },
];

/** The staff form a post to `url` may be, with its own limit (files, a long description). */
function staffUploadOf(request: FastifyRequest) {
  if (request.method !== "POST") return undefined;
  const multipart = request.headers["content-type"]?.startsWith("multipart/form-data") === true;
  const path = request.url.split("?")[0] ?? "";
  return staffUploads.find((upload) => upload.path.test(path) && (multipart || !upload.multipart));
}

/**
 * A preValidation hook for the site's routes: replaces the streamed body with the bytes read,
 * up to {@link siteFormBodyLimit} (a signed-in staff form's own limit, above), or answers 413 (or
 * 400 for a body that breaks off).
 */
export function boundSiteFormBody(staff: Pick<StaffService, "session">) {
  // Staff posts with files are answered one at a time (decision 065): each one's form is parsed
  // in memory and its images decoded, so two 60 MB uploads at once took twice the memory of one.
  // Their bodies wait on disk; staff uploads are rare, and each takes seconds.
  const fileTurns = createWorkLimit({ concurrency: 1, queueLength: 16, maxWaitMs: 120_000 });
  return async function bound(request: FastifyRequest, reply: FastifyReply) {
    const body = request.body as (AsyncIterable<Buffer> & object) | undefined | null;
    if (body == null || typeof body !== "object" || !(Symbol.asyncIterator in body)) return;
    let limit = siteFormBodyLimit;
    let tooLarge = siteFormTooLarge;
    let toFile = false;
    const upload = staffUploadOf(request);
    const cookie = request.headers.cookie;
    if (upload && cookie) {
      const session = await staff.session(
        new Request(new URL(request.url, "http://localhost"), { headers: { cookie } }),
      );
      if (session) {
        limit = upload.maxBytes;
        tooLarge = upload.tooLarge;
        toFile = upload.multipart;
      }
    }
    if (Number(request.headers["content-length"] ?? 0) > limit) {
      request.log.info("site form refused: too large");
      return refuse(reply, 413, tooLarge);
    }
    let read: Buffer | Blob | undefined;
    const spooled: { remove?: () => void } = {};
    try {
      // A staff post's files go to a temporary file rather than memory (decision 065).
      read = toFile
        ? await spoolBounded(body, limit, (remove) => {
            spooled.remove = remove;
          })
        : await readBounded(body, limit);
    } catch {
      request.log.info("site form refused: the body broke off");
      return refuse(reply, 400, siteFormUnreadable);
    }
    if (read === undefined) {
      request.log.info("site form refused: too large");
      return refuse(reply, 413, tooLarge);
    }
    request.body = read;
    if (spooled.remove === undefined) return;
    try {
      await takeFileTurn(fileTurns, reply, spooled.remove);
    } catch (error) {
      if (!(error instanceof OverloadedError)) throw error;
      request.log.warn({ reason: error.message }, "staff upload: no turn, answered 503");
      return answerOverloaded(reply);
    }
  };
}

/**
 * Waits for a staff file post's turn and holds it until the post's answer is sent, when its
 * spooled body is removed too: one `close` listener for both, as a response already carries
 * nearly as many as Node takes without a leak warning. Rejects with OverloadedError when the
 * turn does not come.
 */
function takeFileTurn(turns: WorkLimit, reply: FastifyReply, removeBody: () => void) {
  let closed = false;
  let release: (() => void) | undefined;
  reply.raw.once("close", () => {
    closed = true;
    removeBody();
    release?.();
  });
  return holdSlotUntil(turns, (released) => {
    // Gone while it waited: nothing to answer, so the next post's turn at once.
    if (closed) released();
    else release = released;
  });
}

const requestLogs = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * A preHandler hook (callback style, so the handler runs inside it): the site's work for this
 * request, loaders and actions included, logs through `request.log`.
 */
export function withRequestLog(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
  requestLogs.run(request.log, done);
}

/**
 * A preHandler hook (callback style, so the handler runs inside it): every audit event this
 * request's actions record carries its client address (decision 067), the IP Fastify reads
 * with TRUSTED_PROXIES.
 */
export function withAuditClient(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
  withAuditClientAddress(request.ip, done);
}

/** Runs `work` (a render for the page cache) logging through `request.log`. */
export function runWithRequestLog<T>(request: FastifyRequest, work: () => T): T {
  return requestLogs.run(request.log, work);
}

let consoleRouted = false;

/**
 * Sends `console.warn` and `console.error` called during a site request to the request's
 * logger (JSON, with its `reqId`); outside a request they print as usual. Installed once.
 */
export function routeConsoleToRequestLog(): void {
  if (consoleRouted) return;
  consoleRouted = true;
  for (const level of ["warn", "error"] as const) {
    const print = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      const log = requestLogs.getStore();
      if (!log) return print(...args);
      const [first, ...rest] = args;
      if (first instanceof Error)
        log[level]({ err: first }, rest.length ? format(...rest) : first.message);
      else log[level](format(...args));
    };
  }
}
