/**
 * A save of the listing editor's form (decision 044's addendum): written when the form was
 * opened at the listing's revision, else merged field by field with what colleagues saved
 * since, refused as a conflict where both changed a field, and tried again while other saves
 * keep moving the revision.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.ts";
import { listListingSaversAfter } from "../../../db/queries/audit.ts";
import type {
  EditableListing,
  ListingField,
  ListingFormValues,
  ListingSave,
} from "../../../lib/admin-listing-form.ts";
import {
  type MergeChoice,
  mergeListingValues,
  shownValue,
} from "../../../lib/admin-listing-merge.ts";
import { changedSince, comparableListingValues, type ListingBase } from "../listing-merge.ts";
import { openListing } from "./open.ts";
import { writeListing } from "./write.ts";

/** What a save knows of the form's opening, to merge with colleagues' saves since. */
export interface ListingSaveBase {
  /** The posted base; null: unknown, so every field both changed is asked about. */
  base: ListingBase | null;
  /** Choices posted for fields both changed. */
  choices: Partial<Record<ListingField, MergeChoice>>;
}

/** A save's tries when other saves keep moving the listing's revision between merge and write. */
const saveAttempts = 3;

/**
 * Saves the form over listing `code`. Opened at the current `revision`, the values are written;
 * opened at an older one, they are merged with what was saved since (decision 044's
 * addendum): fields only this form changed are written, fields only colleagues changed are
 * kept, and fields both changed to different values refuse the save as a conflict naming them,
 * unless `merge.choices` says whose to keep. Its status, photos and creation date stay; an
 * archived listing stays unpublished. A new code (one no other listing has) renames it, and
 * every related list, collection and enquiry that named the old code names the new one
 * (decision 069); a form without the field keeps the code.
 */
export async function saveListing(
  db: Kysely<Database>,
  code: string,
  revision: number,
  values: ListingFormValues,
  now: Date,
  merge: ListingSaveBase = { base: null, choices: {} },
): Promise<ListingSave> {
  for (let attempt = 1; ; attempt++) {
    const stored = await openListing(db, code);
    if (!stored) return { ok: false, reason: "missing" };
    let toWrite = values;
    let merged: Extract<ListingSave, { ok: true }>["merged"];
    if (stored.revision !== revision) {
      // A new code typed in the form stays this save's (decision 069).
      const mine = comparableListingValues({ ...values, code: values.code.trim() || code });
      const theirs = comparableListingValues(stored.values);
      const result = mergeListingValues(mine, theirs, changedSince(merge.base), merge.choices);
      const savedBy = await listListingSaversAfter(db, code, merge.base?.eventId ?? 0);
      // Without a base every save of the listing would be named: only the newest.
      const colleagues = merge.base ? savedBy : savedBy.slice(0, 1);
      if (result.conflicts.length > 0) {
        return {
          ok: false,
          reason: "conflict",
          revision: stored.revision,
          conflicts: result.conflicts.map((field) => ({
            field,
            mine: shownValue(field, mine),
            theirs: shownValue(field, theirs),
          })),
          // The description as posted, not its comparable form.
          values: { ...result.values, description: pick(result.values, mine, values, stored) },
          theirs: result.theirs,
          savedBy: colleagues,
        };
      }
      toWrite = { ...result.values, description: pick(result.values, mine, values, stored) };
      merged = { fields: result.theirs, savedBy: colleagues };
    }
    const written = await writeListing(db, code, stored, toWrite, now);
    if (written !== "moved") return written.ok && merged ? { ...written, merged } : written;
    if (attempt >= saveAttempts) {
      // Saves keep coming in: the form is shown again as typed, to save once more.
      const current = await openListing(db, code);
      if (!current) return { ok: false, reason: "missing" };
      const savedBy = await listListingSaversAfter(db, code, merge.base?.eventId ?? 0);
      return {
        ok: false,
        reason: "conflict",
        revision: current.revision,
        conflicts: [],
        values,
        theirs: [],
        savedBy: savedBy.slice(0, 1),
      };
    }
  }
}

/** The merged description: the posted HTML when mine was kept, else the stored one. */
function pick(
  result: ListingFormValues,
  mine: ListingFormValues,
  posted: ListingFormValues,
  stored: EditableListing,
): string {
  return result.description === mine.description ? posted.description : stored.values.description;
}
