/**
 * What the enquiry action answers the two enquiry forms (isomorphic: the server builds it, the
 * forms render it), and the browser side of a submission that never reached the server.
 */
import type { EnquiryErrors } from "../../lib/enquiry-rules.ts";

/** The hidden field that only bots fill: people never see it (see the action). */
export const honeypotFieldName = "website";
/** The hidden field carrying the puzzle's signed token. */
export const puzzleTokenFieldName = "puzzle_token";

/**
 * An addition puzzle as the site's server issues it: the digits (as text, so a cached page
 * can hold a placeholder in their place) and their signed token.
 */
export interface IssuedPuzzle {
  num1: string;
  num2: string;
  /** Signed, expiring and single-use (see puzzle-token.server.ts); carries no answer. */
  token: string;
}

/**
 * The puzzle to show now and a spare one: after a network failure the form cannot ask the
 * server for a new puzzle, so it shows the spare (SPEC §4: a new puzzle after any outcome).
 */
export interface EnquiryPuzzles {
  puzzle: IssuedPuzzle;
  spare: IssuedPuzzle;
}

/** The outcome of one submission, shown in the form's 'Success!' or 'Errors!' alert. */
export interface EnquiryResult {
  outcome: "success" | "error";
  /** The HTTP status of the answer; 0 when the site's server could not be reached. */
  httpStatus: number;
  /** The server's message, or the network error's message. */
  message: string;
  /** Field messages from the server, keyed by field name. */
  errors: EnquiryErrors;
  /** Fresh puzzles for the reset form; absent when the server was not reached. */
  puzzles?: EnquiryPuzzles;
}

/** True when `value` looks like an EnquiryResult (action data arrives untyped at the form). */
export function isEnquiryResult(value: unknown): value is EnquiryResult {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<EnquiryResult>;
  return (
    (candidate.outcome === "success" || candidate.outcome === "error") &&
    typeof candidate.message === "string" &&
    typeof candidate.httpStatus === "number"
  );
}

/** SPEC §8: a network failure shows the error's message in the 'Errors!' alert. */
export function networkFailureResult(error: unknown): EnquiryResult {
  const message =
    error instanceof Error && error.message ? error.message : "The network request failed.";
  return { outcome: "error", httpStatus: 0, message, errors: {} };
}

/**
 * The routes' clientAction: calls the server action and turns a failure to reach the server
 * into an 'Errors!' result instead of the route's error boundary. Thrown responses (such as
 * redirects) pass through.
 */
export async function submitThroughServer<T>(
  serverAction: () => Promise<T>,
): Promise<T | EnquiryResult> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    return networkFailureResult(error);
  }
}
