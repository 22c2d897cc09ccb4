/**
 * The listing editor's base (decision 044's addendum): what a form was opened with, posted back
 * with its save so the server can tell which fields this person changed. It holds a short
 * fingerprint of each value, not the values (a description would double the post, which is held
 * to 64 KiB), and the newest audit event of the listing then, so the colleagues who saved since
 * can be named.
 */
import { createHash } from "node:crypto";
import sanitizeHtml from "sanitize-html";
import type { ListingFormValues, ListingMergeReport } from "../../lib/admin-listing-form.ts";
import {
  type ColleagueSave,
  comparableValue,
  type ListingMergeField,
  listingMergeFields,
} from "../../lib/admin-listing-merge.ts";
import { descriptionAllowList, descriptionParagraphs } from "../../lib/description-html.ts";

export interface ListingBase {
  /** The listing's newest audit event when the form was opened (0: none). */
  eventId: number;
  fingerprints: Partial<Record<ListingMergeField, string>>;
}

/**
 * Values as a save stores them, for comparing: the description as the schema sanitises it, so
 * the rich text box's own spelling of unchanged HTML does not count as a change.
 */
export function comparableListingValues(values: ListingFormValues): ListingFormValues {
  return {
    ...values,
    description: descriptionParagraphs(sanitizeHtml(values.description, descriptionAllowList)),
  };
}

function fingerprint(field: ListingMergeField, values: ListingFormValues): string {
  return createHash("sha256")
    .update(comparableValue(field, values))
    .digest("base64url")
    .slice(0, 12);
}

/** The base a form opened with `values` posts back (a hidden field). */
export function listingBaseOf(values: ListingFormValues, eventId: number): string {
  const comparable = comparableListingValues(values);
  const fingerprints = Object.fromEntries(
    listingMergeFields.map((field) => [field, fingerprint(field, comparable)]),
  );
  return JSON.stringify({ e: eventId, f: fingerprints });
}

/** A posted base; null when missing or not one (an old form or draft): no field is known. */
export function readListingBase(text: unknown): ListingBase | null {
  if (typeof text !== "string" || text === "") return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null) return null;
    const { e, f } = parsed as { e?: unknown; f?: unknown };
    if (typeof e !== "number" || !Number.isInteger(e) || typeof f !== "object" || f === null) {
      return null;
    }
    const fingerprints: Partial<Record<ListingMergeField, string>> = {};
    for (const field of listingMergeFields) {
      const value = (f as Record<string, unknown>)[field];
      if (typeof value === "string") fingerprints[field] = value;
    }
    return { eventId: e, fingerprints };
  } catch {
    return null;
  }
}

/**
 * Whether a field's value differs from the base's (values given comparable). A field the base
 * does not know counts as changed, so it is asked about rather than written over.
 */
export function changedSince(
  base: ListingBase | null,
): (field: ListingMergeField, values: ListingFormValues) => boolean {
  return (field, values) => {
    const known = base?.fingerprints[field];
    return known === undefined || known !== fingerprint(field, values);
  };
}

/** A merge report as a save's audit detail recorded it; null when it holds none. */
export function mergeReportOf(stored: unknown): ListingMergeReport | null {
  if (typeof stored !== "object" || stored === null) return null;
  const { fields, savedBy } = stored as { fields?: unknown; savedBy?: unknown };
  if (!Array.isArray(fields) || !Array.isArray(savedBy)) return null;
  return {
    fields: fields.filter((field): field is ListingMergeField =>
      (listingMergeFields as readonly unknown[]).includes(field),
    ),
    savedBy: savedBy.filter(
      (save): save is ColleagueSave =>
        typeof save?.email === "string" && typeof save?.at === "string",
    ),
  };
}
