/**
 * What the listing editor says when colleagues saved a listing while it was open (decision
 * 044's addendum): after a save that merged their changes, whose changes it kept; when both
 * changed a field, which fields, who saved and when, both values of each field and a choice
 * between them. The choices are radio buttons of the editor's own form, so they post without
 * JavaScript.
 */
import { formatDateTime } from "../../lib/admin-enquiries.ts";
import {
  type ListingField,
  type ListingMergeReport,
  listingFieldLabels,
} from "../../lib/admin-listing-form.ts";
import {
  type ColleagueSave,
  fieldLabels,
  type ListingFieldConflict,
  mergeChoiceName,
} from "../../lib/admin-listing-merge.ts";
import { editPath } from "./listing-editing.ts";

/** "agent@example.com at 2026-11-28 17:04 UTC and owner@example.com at …". */
export function whoSaved(savedBy: readonly ColleagueSave[]): string {
  if (savedBy.length === 0) return "Someone";
  const each = savedBy.map((save) => `${save.email} at ${formatDateTime(save.at)}`);
  return each.length === 1 ? (each[0] ?? "") : `${each.slice(0, -1).join(", ")} and ${each.at(-1)}`;
}

/** The line under "is saved" after a save that merged colleagues' changes. */
export function MergedNotice({ merged }: { merged: ListingMergeReport }) {
  const who = whoSaved(merged.savedBy);
  return (
    <p>
      {merged.fields.length > 0
        ? `${who} saved it while you were editing: their changes to ${fieldLabels(merged.fields)} are kept with yours.`
        : `${who} saved it while you were editing: your changes are saved with theirs.`}
    </p>
  );
}

export interface MergeConflict {
  conflicts: ListingFieldConflict[];
  /** Fields only colleagues changed, which the form now shows as they saved them. */
  theirs: ListingField[];
  savedBy: ColleagueSave[];
}

/**
 * The refusal of a save that both changed one field, inside the editor's form: each such field
 * with "Keep mine" and "Keep theirs", and the button that saves with those choices.
 */
export function MergeConflictNotice({ code, conflict }: { code: string; conflict: MergeConflict }) {
  const fields = conflict.conflicts.map((found) => found.field);
  return (
    <div
      className="admin-notice admin-notice--error admin-editor__conflict"
      role="alert"
      id="listing-conflict"
    >
      <h2 className="admin-editor__summary-title">
        {fields.length > 0
          ? `Not saved yet: you and a colleague both changed ${fieldLabels(fields)}`
          : "Not saved yet: the listing was saved again while yours was being saved"}
      </h2>
      <p>
        {`${whoSaved(conflict.savedBy)} saved this listing after you opened it.`}
        {conflict.theirs.length > 0
          ? ` Their changes to ${fieldLabels(conflict.theirs)} are now in the form below.`
          : null}{" "}
        Your other changes are kept.{" "}
        <a href={editPath(code)} target="_blank" rel="noopener">
          Open the current version in a new tab
        </a>
      </p>
      {conflict.conflicts.length > 0 ? (
        <p>Choose which value to keep for each, then save.</p>
      ) : (
        <p>Check the form, then save again.</p>
      )}
      {conflict.conflicts.map((found) => (
        <MergeChoice
          key={found.field}
          legend={listingFieldLabels[found.field]}
          name={mergeChoiceName(found.field)}
          mine={found.mine}
          theirs={found.theirs}
        />
      ))}
      <button className="admin-button" type="submit" name="intent" value="save">
        {conflict.conflicts.length > 0 ? "Save with these choices" : "Save again"}
      </button>
    </div>
  );
}

/** One value both changed: "Keep mine" and "Keep theirs", each showing its value. */
export function MergeChoice(props: { legend: string; name: string; mine: string; theirs: string }) {
  return (
    <fieldset className="admin-merge">
      <legend className="admin-merge__legend">{props.legend}</legend>
      <label className="admin-merge__choice">
        <input type="radio" name={props.name} value="mine" />
        <span className="admin-merge__who">Keep mine</span>{" "}
        <span className="admin-merge__value">{props.mine}</span>
      </label>
      <label className="admin-merge__choice">
        <input type="radio" name={props.name} value="theirs" />
        <span className="admin-merge__who">Keep theirs</span>{" "}
        <span className="admin-merge__value">{props.theirs}</span>
      </label>
    </fieldset>
  );
}
