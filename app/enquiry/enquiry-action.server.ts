/**
 * The enquiry forms' action (SPEC §4, §7, §8): checks the spam defences, then posts the enquiry
 * to `POST /contact/add` from the site's server (bearer token here, the visitor's IP forwarded so
 * the API's per-visitor limit applies), and answers the form's alert with fresh puzzles.
 *
 * The spam defences, before anything reaches the API:
 * - a honeypot field (`website`) that people never see or fill;
 * - the puzzle token: signed by this server, expiring, and spent on first use (given back when
 *   the API's rate limit refuses the request, so only requests that passed it spend one).
 *   Pages carry no puzzle (decision 031): the form reads one from the puzzle endpoint with
 *   JavaScript; a post without a token (the first post, without JavaScript) is answered with
 *   a puzzle to solve and the fields as typed, and nothing is sent.
 * A refused attempt is logged (the reason only, no personal data) and never sent to the API.
 */
import { data, type RouterContextProvider } from "react-router";
import type { SingleUseStore } from "#app-context";
import { siteRequestContext } from "#app-context";
import {
  type EnquiryFieldName,
  type EnquiryFields,
  enquiryFieldNames,
  readEnquiryFields,
  typedEnquiryFieldNames,
} from "../../lib/enquiry-fields.ts";
import {
  type EnquiryErrors,
  type EnquiryForm,
  enquiryMessages,
  validateEnquiry,
} from "../../lib/enquiry-rules.ts";
import type { ApiClient } from "../api/client.server.ts";
import {
  type EnquiryResult,
  type EnquiryValues,
  honeypotFieldName,
  puzzleTokenFieldName,
} from "./enquiry-result.ts";
import {
  issueEnquiryPuzzles,
  type PuzzleTokenRefusal,
  spendPuzzleToken,
} from "./puzzle-token.server.ts";

/** What a refused attempt is told: clear, and the same whatever a bot tries. */
export const enquiryRefusals = {
  honeypot: "Your enquiry could not be sent. Please reload the page and try again.",
  expired: "The puzzle has expired. Please answer the new puzzle and send your enquiry again.",
  used: "This form has already been sent. Please answer the new puzzle and send your enquiry again.",
  invalid:
    "The puzzle could not be verified. Please answer the new puzzle and send your enquiry again.",
  unreadable: "Your enquiry could not be read. Please try again.",
  unavailable: "Your enquiry could not be sent just now. Please try again in a moment.",
} as const;

const refusalOfToken: Record<PuzzleTokenRefusal, string> = {
  missing: enquiryRefusals.invalid,
  forged: enquiryRefusals.invalid,
  mismatch: enquiryRefusals.invalid,
  expired: enquiryRefusals.expired,
};

export interface EnquiryDependencies {
  api: Pick<ApiClient, "addContact">;
  puzzleSecret: string;
  usedPuzzleTokens: SingleUseStore;
  now?: () => number;
  /** Where refusals are logged; console.warn by default. */
  log?: (message: string) => void;
}

export interface EnquirySubmission {
  form: EnquiryForm;
  /** The submitted body; undefined when it could not be read as a form. */
  formData: FormData | undefined;
  /** The property form's code when the body has none (the page's own property). */
  defaultPropertyCode?: string;
}

const fieldNames = new Set<string>(enquiryFieldNames);

function serverErrorsOf(errors: Record<string, string> | undefined): EnquiryErrors {
  const result: EnquiryErrors = {};
  for (const [name, message] of Object.entries(errors ?? {})) {
    if (fieldNames.has(name)) result[name as EnquiryFieldName] = message;
  }
  return result;
}

/** Checks and sends one enquiry; never throws. */
export async function submitEnquiry(
  submission: EnquirySubmission,
  dependencies: EnquiryDependencies,
): Promise<EnquiryResult> {
  const now = dependencies.now ?? Date.now;
  const log = dependencies.log ?? ((message: string) => console.warn(message));
  const puzzles = issueEnquiryPuzzles(dependencies.puzzleSecret, now());
  const refuse = (httpStatus: number, reason: string, message: string): EnquiryResult => {
    log(`enquiry refused (${submission.form} form): ${reason}`);
    return { outcome: "error", httpStatus, message, errors: {}, puzzles };
  };

  const { formData } = submission;
  if (!formData) return refuse(400, "unreadable body", enquiryRefusals.unreadable);
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };

  if (text(honeypotFieldName) !== "")
    return refuse(400, "honeypot filled", enquiryRefusals.honeypot);

  const propertyCode =
    submission.form === "property"
      ? text("property_code").trim() || (submission.defaultPropertyCode ?? "")
      : "";

  if (text(puzzleTokenFieldName) === "") {
    // No puzzle yet: the form had none to show (pages carry none). Answer one, with the
    // fields as typed and what the visitor must still correct; the next post sends.
    log(`enquiry held (${submission.form} form): no puzzle token yet, a puzzle issued`);
    const values: EnquiryValues = readEnquiryFields(typedEnquiryFieldNames, text);
    const errors = validateEnquiry({ ...values, property_code: propertyCode }, submission.form);
    errors.puzzle = enquiryMessages.required;
    return { outcome: "puzzle", httpStatus: 200, message: "", errors, puzzles, values };
  }

  const check = await spendPuzzleToken(
    dependencies.puzzleSecret,
    dependencies.usedPuzzleTokens,
    { token: text(puzzleTokenFieldName), num1: text("num1"), num2: text("num2") },
    now(),
  );
  if (!check.ok) {
    // The spent-token store (Redis when shared) may be unreachable: refuse clearly rather than
    // accept a token that might be spent already; the visitor can send again in a moment.
    if (check.reason === "store-failed") {
      return refuse(503, `spent-token store failed: ${check.detail}`, enquiryRefusals.unavailable);
    }
    if (check.reason === "replayed") {
      return refuse(403, "puzzle token replayed", enquiryRefusals.used);
    }
    return refuse(403, `puzzle token ${check.reason}`, refusalOfToken[check.reason]);
  }

  const fields: EnquiryFields = {
    ...readEnquiryFields(enquiryFieldNames, text),
    property_code: propertyCode,
    // The digits and their sum come from the verified token, never from the page.
    num1: String(check.num1),
    num2: String(check.num2),
    answer: String(check.num1 + check.num2),
  };

  const sent = await dependencies.api.addContact(fields);
  if (sent.kind === "network-error") {
    log(`enquiry not sent (${submission.form} form): the API could not be reached`);
    return { outcome: "error", httpStatus: 502, message: sent.message, errors: {}, puzzles };
  }
  const { httpStatus, answer } = sent;
  if (httpStatus === 429) {
    log(`enquiry refused (${submission.form} form): rate limit`);
    // A token stays spent only for a request that passed the rate limit: a client posting
    // past it (each refusal brings fresh puzzles) would otherwise fill the store.
    await dependencies.usedPuzzleTokens.release(check.id).catch((error: Error) => {
      log(`spent-token store failed to forget a rate-limited token: ${error.message}`);
    });
  }
  const success = httpStatus >= 200 && httpStatus < 300 && answer.status === 200;
  return {
    outcome: success ? "success" : "error",
    httpStatus: success ? 200 : httpStatus >= 400 ? httpStatus : 502,
    message: answer.message,
    errors: success ? {} : serverErrorsOf(answer.errors),
    puzzles,
  };
}

/** Reads the request's form and submits it with the request's context. */
export async function enquiryResultOf(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  form: EnquiryForm,
  defaultPropertyCode?: string,
): Promise<EnquiryResult> {
  const site = args.context.get(siteRequestContext);
  const formData = await args.request.formData().catch(() => undefined);
  return submitEnquiry(
    { form, formData, ...(defaultPropertyCode ? { defaultPropertyCode } : {}) },
    {
      api: site.api,
      puzzleSecret: site.config.puzzleSecret,
      usedPuzzleTokens: site.usedPuzzleTokens,
    },
  );
}

/**
 * A route's `action`: reads the form, submits it with the request's context and answers the
 * result with its HTTP status (a JavaScript-off post renders the page with it).
 */
export async function enquiryAction(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  form: EnquiryForm,
  defaultPropertyCode?: string,
) {
  const result = await enquiryResultOf(args, form, defaultPropertyCode);
  return data(result, { status: result.httpStatus });
}

/**
 * The same submission answered as JSON, for the forms' script (app/routes/enquiry-send.ts,
 * decision 043): the result with its HTTP status, never cached.
 */
export async function enquiryJsonAction(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  form: EnquiryForm,
): Promise<Response> {
  const result = await enquiryResultOf(args, form);
  return Response.json(result, {
    status: result.httpStatus,
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
