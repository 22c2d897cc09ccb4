/**
 * What the photos page says when colleagues saved the listing's photos while it was open
 * (decision 056's addendum): after a save that merged their changes, whose changes it kept;
 * when both changed one photo's alt text, who saved and when, and that a choice waits beside
 * each such photo (`AltChoice`).
 */
import type { ColleagueSave } from "../../lib/admin-listing-merge.ts";
import type { PhotoArrangement } from "../../lib/admin-photos.ts";
import {
  type AltConflict,
  altChoiceName,
  type PhotoBase,
  type PhotoMergeReport,
} from "../../lib/photo-merge.ts";
import { MergeChoice, whoSaved } from "./listing-merge-notice.tsx";

/** A save refused because both changed alt texts: the merge the page shows again. */
export interface PhotoConflictDraft {
  conflicts: AltConflict[];
  draft: PhotoArrangement;
  savedBy: ColleagueSave[];
  /** The base the page had posted: the next save merges over it again. */
  base: PhotoBase;
}

const photoCount = (count: number) => (count === 1 ? "1 photo" : `${count} photos`);

/** The line under "saved" after a save that merged colleagues' changes. */
export function PhotosMergedNotice({ merged }: { merged: PhotoMergeReport }) {
  const kept = [
    merged.alts > 0 ? `the alt text of ${photoCount(merged.alts)}` : "",
    merged.order ? "the order" : "",
    merged.cover ? "the cover" : "",
  ].filter(Boolean);
  return (
    <p>
      {`${whoSaved(merged.savedBy)} saved these photos while you were working on them: `}
      {kept.length > 0
        ? `their ${kept.join(", ")} ${kept.length === 1 ? "is" : "are"} kept with your changes.`
        : "your changes are saved with theirs."}
    </p>
  );
}

export function PhotoConflictNotice({ merge }: { merge: PhotoConflictDraft }) {
  return (
    <div className="admin-notice admin-notice--error admin-editor__conflict" role="alert">
      <h2 className="admin-editor__summary-title">
        {`Not saved yet: you and a colleague both changed the alt text of ${photoCount(merge.conflicts.length)}`}
      </h2>
      <p>
        {`${whoSaved(merge.savedBy)} saved these photos after you opened this page. The list below shows their photos with your changes; beside each photo you both changed, choose which alt text to keep, then save.`}
      </p>
    </div>
  );
}

/** Beside a photo whose alt text both changed: keep mine or theirs. */
export function AltChoice({ conflict }: { conflict: AltConflict }) {
  return (
    <MergeChoice
      legend="Alt text: you both changed it"
      name={altChoiceName(conflict.file)}
      mine={conflict.mine === "" ? "(empty)" : conflict.mine}
      theirs={conflict.theirs === "" ? "(empty)" : conflict.theirs}
    />
  );
}
