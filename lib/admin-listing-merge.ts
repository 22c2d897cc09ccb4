/**
 * Two people saving one listing (decision 044's addendum): a save made over an older revision
 * is merged field by field with what colleagues saved since, instead of being refused whole.
 * The form posts, beside its values, a fingerprint of each value it was opened with (its
 * "base"); the server compares mine and theirs with it. Pure, shared by the server's editor and
 * the conflict notice.
 */
import {
  type ListingField,
  type ListingFormValues,
  type ListingTextField,
  listingFieldLabels,
  listingTextFields,
} from "./admin-listing-form.ts";

/** A field a save writes (the form's "location" is a confirmation, never a stored value). */
export type ListingMergeField = ListingTextField | "amenities" | "related" | "publish";

/** Every field a save writes, in the form's order. */
export const listingMergeFields: readonly ListingMergeField[] = [
  ...listingTextFields,
  "amenities",
  "related",
  "publish",
];

/** A value as two saves are compared: line ends and outer blanks do not count. */
export function comparableValue(field: ListingMergeField, values: ListingFormValues): string {
  if (field === "amenities") {
    return [...values.amenities]
      .map((title) => title.toLowerCase())
      .sort()
      .join("\n");
  }
  if (field === "related") return values.related.join("\n");
  if (field === "publish") return values.publish ? "yes" : "no";
  return values[field].replace(/\r\n?/g, "\n").trim();
}

/** A value as the conflict notice shows it. */
export function shownValue(field: ListingMergeField, values: ListingFormValues): string {
  if (field === "amenities" || field === "related") {
    return values[field].length === 0 ? "(none)" : values[field].join(", ");
  }
  if (field === "publish") return values.publish ? "Published" : "Not published";
  // A description is shown as its words, cut: enough to tell two versions apart.
  const text = field === "description" ? wordsOfHtml(values.description) : values[field].trim();
  return text === "" ? "(empty)" : text;
}

function wordsOfHtml(html: string): string {
  const words = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  return words.length > 300 ? `${words.slice(0, 300)}…` : words;
}

/** Keep mine or theirs, for one field both changed. */
export type MergeChoice = "mine" | "theirs";

/** The form field carrying a conflict's choice. */
export const mergeChoiceName = (field: ListingMergeField) => `keep_${field}`;

/** A colleague's save of the listing after the form was opened, from the audit log. */
export interface ColleagueSave {
  /** Their account's e-mail address, as the back office names staff. */
  email: string;
  /** ISO 8601. */
  at: string;
}

/** One field both changed to different values: both shown, staff choose. */
export interface ListingFieldConflict {
  field: ListingMergeField;
  mine: string;
  theirs: string;
}

export interface ListingMerge {
  /** What the save writes (or, with conflicts, what the form shows again). */
  values: ListingFormValues;
  /** Fields both changed to different values and no choice was posted for. */
  conflicts: ListingMergeField[];
  /** Fields a colleague changed that end as they saved them. */
  theirs: ListingMergeField[];
}

/**
 * Merges `mine` (as posted) with `theirs` (as stored now). `changed(field, values)` says whether
 * a value differs from the one the form was opened with; without a base every field counts as
 * changed by both, so nothing different is ever written over silently.
 */
export function mergeListingValues(
  mine: ListingFormValues,
  theirs: ListingFormValues,
  changed: (field: ListingMergeField, values: ListingFormValues) => boolean,
  choices: Partial<Record<ListingMergeField, MergeChoice>>,
): ListingMerge {
  const values: ListingFormValues = { ...mine };
  const conflicts: ListingMergeField[] = [];
  const kept: ListingMergeField[] = [];
  const take = (field: ListingMergeField) => {
    Object.assign(values, { [field]: theirs[field] });
  };
  for (const field of listingMergeFields) {
    // The code is the one this form opened: a colleague's rename leaves the listing missing
    // under it, so only this form can have changed it (decision 069).
    if (field === "code") continue;
    const theirsChanged = changed(field, theirs);
    if (comparableValue(field, mine) === comparableValue(field, theirs)) {
      if (theirsChanged) kept.push(field);
      continue;
    }
    if (!changed(field, mine)) {
      take(field);
      kept.push(field);
    } else if (theirsChanged) {
      const choice = choices[field];
      if (choice === "theirs") {
        take(field);
        kept.push(field);
      } else if (choice !== "mine") conflicts.push(field);
    }
  }
  return { values, conflicts, theirs: kept };
}

/** The choices posted for conflicts: `keep_{field}` = mine or theirs. */
export function mergeChoicesOf(form: FormData): Partial<Record<ListingMergeField, MergeChoice>> {
  const choices: Partial<Record<ListingMergeField, MergeChoice>> = {};
  for (const field of listingMergeFields) {
    const choice = form.get(mergeChoiceName(field));
    if (choice === "mine" || choice === "theirs") choices[field] = choice;
  }
  return choices;
}

/** "Price, Bedrooms and Headline": fields by their form labels. */
export function fieldLabels(fields: readonly ListingField[]): string {
  const labels = fields.map((field) => listingFieldLabels[field]);
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}
