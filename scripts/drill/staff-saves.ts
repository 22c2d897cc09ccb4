/**
 * The drill's staff: each member saves one listing after another in the back office's editor,
 * each listing once (from a shared, shuffled pool of the catalogue), so a save's headline is
 * still in the database afterwards and the audit log names it once.
 */

import { type StaffMember, StaffStepFailed, saveMark } from "./staff.ts";
import type { Tally } from "./tally.ts";
import { exampleOf, refusalOr } from "./tally.ts";

export interface SaveLedger {
  /** The listings whose save was posted, with the headline it wrote. */
  posted: Map<string, string>;
  /** Those the editor acknowledged ("saved": a redirect back to the editor with done=saved). */
  acknowledged: Map<string, string>;
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function staffClient(
  id: number,
  member: StaffMember,
  options: { pool: string[]; tally: Tally; ledger: SaveLedger; running: () => boolean },
): Promise<void> {
  const { pool, tally, ledger } = options;
  let n = 0;
  while (options.running()) {
    // A person's pace: read the form, change a line, save.
    await wait(150);
    const code = pool.pop();
    if (code === undefined) return; // every listing saved once: the ledger could not tell more
    n += 1;
    const headline = saveMark(id, n);
    let form: [string, string][];
    try {
      form = await member.openEditor(code, headline);
    } catch (error) {
      if (!(error instanceof StaffStepFailed)) throw error;
      const outcome = error.refused ? "refused" : "error";
      tally.note("save", outcome, `${error.step} ${error.status}`, error.example);
      continue;
    }
    ledger.posted.set(code, headline);
    try {
      const { response, body } = await member.save(code, form);
      const location = response.headers.get("location") ?? "";
      if (response.status === 302 && /[?&]done=saved\b/.test(location)) {
        tally.note("save", "acknowledged");
        ledger.acknowledged.set(code, headline);
      } else {
        const to = response.status === 302 ? ` to ${location}` : "";
        const example = exampleOf(`/admin/listings/${code}/edit`, response, body);
        tally.note("save", refusalOr(response), `${response.status}${to}`, example);
      }
    } catch {
      tally.note("save", "error", "no answer", `/admin/listings/${code}/edit`);
    }
  }
}
