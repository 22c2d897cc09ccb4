/**
 * The sum puzzle's check as every form that asks it makes it (SPEC §4, §5; decision 031): the
 * signed token is checked and spent once (the enquiry forms' own, puzzle-token.server.ts), then
 * the answer is checked against the token's digits, never the page's. The search alert form and
 * the viewing booking form (decision 101) take it from here; the enquiry forms pass their digits
 * on to the API, which checks the answer there.
 */

import type { SingleUseStore } from "#app-context";
import { isPuzzleSolved } from "../../lib/enquiry-rules.ts";
import { puzzleTokenFieldName } from "./enquiry-result.ts";
import { type PuzzleSpendRefusal, spendPuzzleToken } from "./puzzle-token.server.ts";

export type PuzzleAnswerRefusal = PuzzleSpendRefusal | "wrong-answer";

export type PuzzleAnswerCheck =
  | {
      ok: true;
      /** Gives the token back (a request a rate limit then refused spends none). */
      release(): Promise<void>;
    }
  | { ok: false; reason: PuzzleAnswerRefusal; detail?: string };

/** Checks and spends the puzzle a posted form carries (`puzzle_token`, `num1`, `num2`, `puzzle`). */
export async function checkPuzzleAnswer(
  form: FormData,
  puzzleSecret: string,
  usedPuzzleTokens: SingleUseStore,
): Promise<PuzzleAnswerCheck> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const spent = await spendPuzzleToken(puzzleSecret, usedPuzzleTokens, {
    token: text(puzzleTokenFieldName),
    num1: text("num1"),
    num2: text("num2"),
  });
  if (!spent.ok) {
    return { ok: false, reason: spent.reason, ...(spent.detail ? { detail: spent.detail } : {}) };
  }
  if (!isPuzzleSolved(String(spent.num1), String(spent.num2), text("puzzle").trim())) {
    return { ok: false, reason: "wrong-answer" };
  }
  return { ok: true, release: () => usedPuzzleTokens.release(spent.id) };
}
