/**
 * The back office's listing editor (decision 044): the form's fields as the browser posts them,
 * their labels and fieldsets, and what a save answers. Shared by the admin routes and the
 * server's listings service; the validation itself is the content import's one schema
 * (server/content/property-record.ts).
 */
import type { ColleagueSave, ListingFieldConflict } from "./admin-listing-merge.ts";
import { availabilityLabels, defaultAvailability } from "./availability.ts";
import type { PortalReadiness } from "./portal-readiness.ts";
import {
  type EditorFieldName,
  editorFieldNames,
  propertyField,
  schemaFieldNames,
} from "./property-fields.ts";
import { defaultRentPeriod, rentPeriodLabels } from "./rent-period.ts";

/** The fields the form posts as lists or a checkbox; the others are text. */
const nonTextFields = ["amenities", "related", "publish"] as const;

/** The form's text fields (lib/property-fields.ts), named as the import's columns. */
export const listingTextFields = editorFieldNames.filter(
  (name) => !(nonTextFields as readonly string[]).includes(name),
) as ListingTextField[];
export type ListingTextField = Exclude<EditorFieldName, (typeof nonTextFields)[number]>;

export type ListingField = ListingTextField | "amenities" | "related" | "publish" | "location";

/** The values of the form, as typed (text is not yet numbers). */
export type ListingFormValues = Record<ListingTextField, string> & {
  amenities: string[];
  related: string[];
  publish: boolean;
  /**
   * The position staff confirmed though it is far from its city (`latitude,longitude`, decision
   * 069); a confirmation of another position does not count. Absent: none.
   */
  location_confirmed?: string;
};

export const listingFieldLabels: Record<ListingField, string> = {
  ...(Object.fromEntries(
    [...listingTextFields, ...nonTextFields].map((name) => [name, propertyField(name).label]),
  ) as Record<Exclude<ListingField, "location">, string>),
  location: "Position on the map",
};

export const offerTypes = ["For Rent", "For Sale"] as const;

/**
 * The switches of lib/property-fields.ts (the portals' "send to"), held as "yes" or "no": each
 * is a checkbox after a hidden "no", so an unticked box posts "no" (a form without the field
 * posts nothing, which reads as the switch's initial value, as any absent field reads as its
 * default).
 */
export const listingSwitchFields = schemaFieldNames.filter(
  (name) => propertyField(name).type.kind === "switch",
) as ListingTextField[];

/** The values of a new, empty listing. */
export function emptyListingValues(): ListingFormValues {
  const values = Object.fromEntries(
    listingTextFields.map((field) => {
      const type = propertyField(field).type;
      return [field, type.kind === "switch" ? (type.initial ? "yes" : "no") : ""];
    }),
  ) as Record<ListingTextField, string>;
  return {
    ...values,
    offer_type: "For Sale",
    availability: availabilityLabels[defaultAvailability],
    rent_period: rentPeriodLabels[defaultRentPeriod],
    amenities: [],
    related: [],
    publish: false,
  };
}

/** Reads the posted form: every text field (missing ones empty), the lists and the checkbox. */
export function listingValuesOf(form: FormData): ListingFormValues {
  const values = emptyListingValues();
  for (const field of listingTextFields) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  for (const field of listingSwitchFields) {
    const posted = form.getAll(field);
    values[field] = posted.length === 0 ? "" : posted.includes("yes") ? "yes" : "no";
  }
  const texts = (name: string) =>
    form.getAll(name).filter((value): value is string => typeof value === "string" && value !== "");
  values.floor_plans = [...storedPlanLines(form), ...floorPlanLines(values.floor_plans)].join("\n");
  values.amenities = [...new Set(texts("amenities"))];
  values.related = [...new Set(texts("related"))];
  values.publish = form.get("publish") === "yes";
  const confirmed = form.get("location_confirmed");
  if (typeof confirmed === "string" && confirmed !== "") values.location_confirmed = confirmed;
  return values;
}

/**
 * The names of the editor's stored floor plans (decision 069): each plan the site stored under
 * its content hash is shown by its label and picture, and posts its file and label in these
 * fields (a ticked `remove` leaves it out); the text area holds the other plans' lines.
 */
export const storedPlanFields = {
  file: "floor_plan_file",
  label: "floor_plan_label",
  remove: "floor_plan_remove",
} as const;

/** The stored plans a form posted, as the field's `Label=file` lines, in their order. */
function storedPlanLines(form: FormData): string[] {
  const text = (value: FormDataEntryValue | null | undefined) =>
    typeof value === "string" ? value.trim() : "";
  const labels = form.getAll(storedPlanFields.label);
  const removed = new Set(form.getAll(storedPlanFields.remove).map(text));
  return form.getAll(storedPlanFields.file).flatMap((value, index) => {
    const file = text(value);
    if (file === "" || removed.has(file)) return [];
    const label = text(labels[index]);
    return [label === "" ? file : `${label}=${file}`];
  });
}

/**
 * The floor plans' field (decision 052): one plan a line, `Label=file`, as the import's list
 * items; blank lines are left out.
 */
export function floorPlanLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** A field's problem: the message follows the field's label ("Price must be a number"). */
export interface ListingFieldIssue {
  field: ListingField | null;
  message: string;
}

/** A listing as the editor opens it. */
export interface EditableListing {
  values: ListingFormValues;
  /** The revision the form carries back; a save over a newer one is merged (decision 044). */
  revision: number;
  /** What the form was opened with, posted back so a save's changes are known (listing-merge). */
  base: string;
  slug: string;
  status: "published" | "unpublished" | "archived";
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string | null;
  /** The photos' file names, the cover first (edited on the photos screen, issue 16 item 3). */
  images: string[];
  /** What each portal feed still needs of it, as saved (decision 093). */
  portals: PortalReadiness[];
}

/** A listing offered by the related-properties search. */
export interface ListingChoice {
  code: string;
  headline: string;
}

export type ListingSave =
  /** `merged`: colleagues saved since the form was opened; their changes in `fields` are kept. */
  | { ok: true; code: string; merged?: ListingMergeReport }
  | { ok: false; reason: "invalid"; issues: ListingFieldIssue[] }
  /**
   * Someone saved the listing since the form was opened and changed `conflicts` too, to other
   * values: nothing is saved; `values` is the merge to show again, `revision` the current one.
   */
  | ({ ok: false; reason: "conflict"; revision: number } & ListingConflictReport)
  | { ok: false; reason: "missing" };

/** The colleagues' saves a merge kept: which fields, who and when (decision 044's addendum). */
export interface ListingMergeReport {
  fields: ListingField[];
  savedBy: ColleagueSave[];
}

export interface ListingConflictReport {
  conflicts: ListingFieldConflict[];
  values: ListingFormValues;
  /** Fields a colleague changed that the form now shows as they saved them. */
  theirs: ListingField[];
  savedBy: ColleagueSave[];
}

/** The form's choices: every category and amenity title. */
export interface ListingFormOptions {
  categories: string[];
  amenities: string[];
}
