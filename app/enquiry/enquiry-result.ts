/**
 * What the enquiry action answers the two enquiry forms (isomorphic: the server builds it, the
 * forms render it), and the browser side of a submission that never reached the server.
 */
import type { TypedEnquiryFieldName } from "../../lib/enquiry-fields.ts";
import type { EnquiryErrors } from "../../lib/enquiry-rules.ts";

/** The hidden field that only bots fill: people never see it (see the action). */
export const honeypotFieldName = "website";
/** The hidden field carrying the puzzle's signed token. */
export const puzzleTokenFieldName = "puzzle_token";

/** An addition puzzle as the site's server issues it: the digits (as text) and their signed token. */
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

/** What a visitor typed in the form's visible fields, given back to fill the form again. */
export type EnquiryValues = Partial<Record<TypedEnquiryFieldName, string>>;

/**
 * The outcome of one submission: 'success' and 'error' are shown in the form's 'Success!' or
 * 'Errors!' alert; 'puzzle' is a post made before the form had a puzzle (without JavaScript,
 * the first post: pages carry none, decision 031), answered with one to solve, the fields
 * kept as typed, nothing sent.
 */
export interface EnquiryResult {
  outcome: "success" | "error" | "puzzle";
  /** The HTTP status of the answer; 0 when the site's server could not be reached. */
  httpStatus: number;
  /** The server's message, or the network error's message. */
  message: string;
  /** Field messages from the server, keyed by field name. */
  errors: EnquiryErrors;
  /** Fresh puzzles for the reset form; absent when the server was not reached. */
  puzzles?: EnquiryPuzzles;
  /** The 'puzzle' outcome: what the visitor typed, to fill the form again. */
  values?: EnquiryValues;
}

/** True when `value` looks like an EnquiryResult (action data arrives untyped at the form). */
export function isEnquiryResult(value: unknown): value is EnquiryResult {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<EnquiryResult>;
  return (
    (candidate.outcome === "success" ||
      candidate.outcome === "error" ||
      candidate.outcome === "puzzle") &&
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

export function isIssuedPuzzle(value: unknown): value is IssuedPuzzle {
  const candidate = value as Partial<IssuedPuzzle> | null;
  return (
    typeof candidate?.num1 === "string" &&
    typeof candidate.num2 === "string" &&
    typeof candidate.token === "string"
  );
}

/**
 * A puzzle and a spare from the puzzle endpoint (app/routes/enquiry-puzzle.ts, at
 * `enquiryPuzzlePath`), for a form shown without one; undefined when they could not be read
 * (the form's post then brings one).
 */
export async function fetchEnquiryPuzzles(path: string): Promise<EnquiryPuzzles | undefined> {
  try {
    const response = await fetch(path, {
      cache: "no-store",
      headers: { accept: "application/json" },
    });
    if (!response.ok) return undefined;
    const value = (await response.json()) as Partial<EnquiryPuzzles> | null;
    return isIssuedPuzzle(value?.puzzle) && isIssuedPuzzle(value.spare)
      ? { puzzle: value.puzzle, spare: value.spare }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends a form's fields to the JSON enquiry endpoint (`enquirySendPath`, decision 043) and
 * answers its result; a failure to reach the server (SPEC §8), or an answer that is not a
 * result, becomes an 'Errors!' result with the error's message.
 */
export async function sendEnquiry(path: string, body: FormData): Promise<EnquiryResult> {
  try {
    const response = await fetch(path, {
      method: "POST",
      body: new URLSearchParams(body as unknown as Record<string, string>),
      headers: { accept: "application/json" },
    });
    const answer: unknown = await response.json().catch(() => undefined);
    if (isEnquiryResult(answer)) return answer;
    throw new Error(`The server answered ${response.status} ${response.statusText}.`.trim());
  } catch (error) {
    return networkFailureResult(error);
  }
}
