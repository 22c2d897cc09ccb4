/**
 * The search alert pages' server side (decision 055): each reads the visitor's form or link
 * and asks the API (`POST /api/alert/{action}` through the site's §7 client). What a page is
 * told is the API's message; a save is answered the same whatever the address.
 */
import { data, type RouterContextProvider } from "react-router";
import { siteRequestContext } from "#app-context";
import { enquiryMessages } from "../../lib/enquiry-rules.ts";
import type { AlertAnswer, AlertRequest } from "../../lib/search-alert.ts";
import { alertMessages, normaliseAlertEmail } from "../../lib/search-alert.ts";
import {
  honeypotFieldName,
  type IssuedPuzzle,
  puzzleTokenFieldName,
} from "../enquiry/enquiry-result.ts";
import { checkPuzzleAnswer } from "../enquiry/puzzle-answer.server.ts";
import { issuePuzzle, type PuzzleSpendRefusal } from "../enquiry/puzzle-token.server.ts";

export interface AlertOutcome {
  ok: boolean;
  httpStatus: number;
  message: string;
  errors: Record<string, string>;
  answer?: AlertAnswer;
}

const unavailable = "Your request could not be handled just now. Please try again in a moment.";

/**
 * The headers of every alert page: per visitor, never kept, never indexed, and the URL (its
 * token) never sent to another site. `same-origin`, not `no-referrer`: under `no-referrer` a
 * form post's `Origin` is `null`, which React Router refuses (as for /admin).
 */
export const alertPageHeaders = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex",
} as const;

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function askAlertApi(args: Args, action: AlertRequest): Promise<AlertOutcome> {
  const { api } = args.context.get(siteRequestContext);
  const result = await api.alert(action);
  if (result.kind === "network-error") {
    return { ok: false, httpStatus: 502, message: unavailable, errors: {} };
  }
  const { httpStatus, answer } = result;
  const ok = httpStatus === 200 && answer.status === 200;
  return {
    ok,
    httpStatus: ok ? 200 : httpStatus,
    message: answer.message,
    errors: answer.errors ?? {},
    answer,
  };
}

/** An action's answer: the outcome, with its HTTP status (a spent link is a 404). */
export async function alertActionAnswer(args: Args, action: AlertRequest) {
  const outcome = await askAlertApi(args, action);
  return data(outcome, { status: outcome.httpStatus });
}

async function formOf(request: Request): Promise<FormData | undefined> {
  return request.formData().catch(() => undefined);
}

const text = (form: FormData | undefined, name: string) => {
  const value = form?.get(name);
  return typeof value === "string" ? value : "";
};

/** The token a link carries (`?token=`), or a form's `token` field. */
export function tokenOf(request: Request, form?: FormData): string {
  return new URL(request.url).searchParams.get("token") ?? text(form, "token");
}

/** What the /alerts page renders after the /search form's post. */
export interface SubscribeOutcome extends AlertOutcome {
  /** The address and filters as posted, to fill the form again. */
  email: string;
  query: string;
  /** A fresh puzzle for the form shown again (not after a save). */
  puzzle?: IssuedPuzzle;
}

const puzzleRefusals: Record<PuzzleSpendRefusal, { status: number; message: string }> = {
  missing: { status: 403, message: alertMessages.puzzleInvalid },
  forged: { status: 403, message: alertMessages.puzzleInvalid },
  mismatch: { status: 403, message: alertMessages.puzzleInvalid },
  expired: { status: 403, message: alertMessages.puzzleExpired },
  replayed: { status: 403, message: alertMessages.puzzleUsed },
  "store-failed": { status: 503, message: unavailable },
};

/**
 * The /search form's post: the enquiry forms' defences (decision 055's addendum), then the
 * API's save. The honeypot; the arithmetic puzzle with its signed single-use token (the
 * enquiry forms' own, app/enquiry/puzzle-token.server.ts): a post without a token (the first
 * one without JavaScript) is answered with a puzzle, the address kept and nothing saved; a
 * forged, expired, replayed or wrong answer saves nothing and says why beside the puzzle; the
 * API's per-visitor rate limit (a token it refuses is given back, as for enquiries).
 */
export async function subscribeAction(args: Args) {
  const site = args.context.get(siteRequestContext);
  const form = await formOf(args.request);
  const email = text(form, "email");
  const query = text(form, "query");
  const puzzle = issuePuzzle(site.config.puzzleSecret);
  const answer = (outcome: Omit<SubscribeOutcome, "email" | "query" | "puzzle">) =>
    data<SubscribeOutcome>(
      { ...outcome, email, query, ...(outcome.ok ? {} : { puzzle }) },
      { status: outcome.httpStatus },
    );
  const refuse = (httpStatus: number, reason: string, message: string, errors = {}) => {
    console.warn(`search alert refused: ${reason}`);
    return answer({ ok: false, httpStatus, message, errors });
  };

  if (!form || text(form, honeypotFieldName) !== "") {
    return refuse(400, form ? "honeypot filled" : "unreadable body", alertMessages.honeypot);
  }
  if (text(form, puzzleTokenFieldName) === "") {
    console.warn("search alert held: no puzzle token yet, a puzzle issued");
    const errors: Record<string, string> = { puzzle: enquiryMessages.required };
    if (normaliseAlertEmail(email) === undefined) errors.email = alertMessages.email;
    return answer({ ok: false, httpStatus: 200, message: alertMessages.puzzleAsked, errors });
  }
  const spent = await checkPuzzleAnswer(form, site.config.puzzleSecret, site.usedPuzzleTokens);
  if (!spent.ok) {
    // The digits are the verified token's, never the page's.
    if (spent.reason === "wrong-answer") {
      return refuse(400, "wrong puzzle answer", alertMessages.notSaved, {
        puzzle: enquiryMessages.puzzle,
      });
    }
    const { status, message } = puzzleRefusals[spent.reason];
    const reason = spent.detail ? `${spent.reason}: ${spent.detail}` : spent.reason;
    return refuse(status, `puzzle token ${reason}`, alertMessages.notSaved, { puzzle: message });
  }

  const outcome = await askAlertApi(args, { action: "subscribe", email, query });
  if (outcome.httpStatus === 429) {
    await spent.release().catch((error: Error) => {
      console.warn(`spent-token store failed to forget a rate-limited token: ${error.message}`);
    });
  }
  return answer(outcome);
}

export { formOf, text as formText };
