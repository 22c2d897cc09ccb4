/**
 * The booking page's action (decision 101): the enquiry forms' spam defences (the honeypot, the
 * sum puzzle with its signed single-use token, checked by the one shared check), then the
 * booking itself through the viewings service, which holds the slot at once. Whatever refuses
 * it, the visitor's typed fields come back with the page, and a time just taken is said so, in
 * plain words, above the free times that are left.
 */
import { data, type RouterContextProvider } from "react-router";
import { siteRequestContext, viewingsContext } from "#app-context";
import { enquiryMessages } from "../../lib/enquiry-rules.ts";
import {
  type BookedViewing,
  type ViewingErrors,
  type ViewingRequestValues,
  validateViewingRequest,
  viewingFieldNames,
  viewingMessages,
} from "../../lib/viewing-booking.ts";
import { honeypotFieldName } from "../enquiry/enquiry-result.ts";
import { checkPuzzleAnswer, type PuzzleAnswerRefusal } from "../enquiry/puzzle-answer.server.ts";

export type ViewingActionResult =
  | { outcome: "booked"; viewing: BookedViewing }
  | {
      outcome: "error";
      message: string;
      errors: ViewingErrors;
      values: ViewingRequestValues;
      /** The chosen time was taken meanwhile: the page lists the free ones again. */
      taken: boolean;
    };

const puzzleRefusals: Record<PuzzleAnswerRefusal, { status: number; message: string }> = {
  missing: { status: 403, message: "The puzzle could not be verified. Please answer the new one." },
  forged: { status: 403, message: "The puzzle could not be verified. Please answer the new one." },
  mismatch: {
    status: 403,
    message: "The puzzle could not be verified. Please answer the new one.",
  },
  expired: { status: 403, message: "The puzzle has expired. Please answer the new one." },
  replayed: {
    status: 403,
    message: "This form has already been sent. Please answer the new puzzle and send it again.",
  },
  "wrong-answer": { status: 400, message: enquiryMessages.puzzle },
  "store-failed": { status: 503, message: viewingMessages.unavailable },
};

type Args = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { code?: string };
};

export async function bookViewingAction(args: Args) {
  const site = args.context.get(siteRequestContext);
  const viewings = args.context.get(viewingsContext);
  const form = await args.request.formData().catch(() => undefined);
  const text = (name: string) => {
    const value = form?.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = Object.fromEntries(
    viewingFieldNames.map((name) => [name, text(name)]),
  ) as ViewingRequestValues;
  const refuse = (
    status: number,
    reason: string,
    message: string,
    errors: ViewingErrors = {},
    taken = false,
  ) => {
    if (reason) console.warn(`viewing booking refused: ${reason}`);
    return data<ViewingActionResult>(
      { outcome: "error", message, errors, values, taken },
      { status },
    );
  };

  if (!form || text(honeypotFieldName) !== "") {
    return refuse(400, form ? "honeypot filled" : "unreadable body", viewingMessages.invalid);
  }
  // Every field's problem at once, the puzzle's with them.
  const fieldErrors = validateViewingRequest(values);
  if (text("puzzle").trim() === "") {
    return refuse(400, "", viewingMessages.invalid, {
      ...fieldErrors,
      puzzle: enquiryMessages.required,
    });
  }
  const puzzle = await checkPuzzleAnswer(form, site.config.puzzleSecret, site.usedPuzzleTokens);
  if (!puzzle.ok) {
    const { status, message } = puzzleRefusals[puzzle.reason];
    const reason = puzzle.detail ? `${puzzle.reason}: ${puzzle.detail}` : puzzle.reason;
    return refuse(status, `puzzle ${reason}`, viewingMessages.invalid, {
      ...fieldErrors,
      puzzle: message,
    });
  }

  const outcome = await viewings.book(args.params.code ?? "", values);
  switch (outcome.outcome) {
    case "booked":
      return data<ViewingActionResult>({ outcome: "booked", viewing: outcome.viewing });
    case "invalid":
      return refuse(422, "", viewingMessages.invalid, outcome.errors);
    case "taken":
      return refuse(409, "slot taken", viewingMessages.taken, {}, true);
    case "gone":
      return refuse(404, "", viewingMessages.gone);
    case "limited":
      // A request the rate limit refused spends no token (as for enquiries).
      await puzzle.release().catch((error: Error) => {
        console.warn(`spent-token store failed to forget a rate-limited token: ${error.message}`);
      });
      return refuse(429, "rate limit", viewingMessages.tooMany(outcome.after));
  }
}
