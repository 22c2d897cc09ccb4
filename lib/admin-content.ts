/**
 * The back office's site content (decision 057): sliders, the three featured collections, the
 * company profile and logo, amenities and categories. What the admin routes, the server's
 * service and the tests share: the shapes, the field names and the labels. Zod-free, so the
 * admin's browser code stays small; the checks are the server's (server/staff/content.ts).
 */
import type { CollectionName } from "./collection-names.ts";

/** A refused field: `field` null for a problem of the whole form. */
export interface ContentFieldIssue {
  field: string | null;
  /** Worded to follow the field's label ("must not be empty"). */
  message: string;
}

/**
 * The answer of every content write: saved (with the new item's id when one was added), or
 * why not. `conflict`: someone changed it since the form was opened (its `version`).
 */
export type ContentSave =
  | { ok: true; id?: number }
  | { ok: false; reason: "invalid"; issues: ContentFieldIssue[] }
  | { ok: false; reason: "conflict" }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "in-use"; listings: number };

export interface AdminSlider {
  id: number;
  title: string;
  /** File name under the images' sliders/ folder. */
  image_url: string;
  link: string;
  /** A fingerprint of the stored values: a save over another version is refused. */
  version: string;
}

export interface SliderFormValues {
  title: string;
  link: string;
}

export const sliderFieldLabels: Record<keyof SliderFormValues | "image", string> = {
  title: "Title",
  link: "Link",
  image: "Image",
};

export interface CollectionItem {
  code: string;
  /** Empty when no listing has the code any more. */
  headline: string;
  published: boolean;
}

export interface AdminCollection {
  name: CollectionName;
  /** Where the home page shows it (SPEC §2). */
  place: string;
  items: CollectionItem[];
  version: string;
}

/** Where each collection shows on the home page, as SPEC §2 describes it. */
export const collectionPlaces: Record<CollectionName, string> = {
  "Product Layout 1": "Cards with a price box, badges, facts and the listing's age",
  "Product Layout 2": "Image tiles with a detail list, and the 'recently' grid",
  "Product Layout 3": "The carousel showing four at a time",
};

/** The most listings one collection holds. */
export const maxCollectionItems = 24;

export interface ProfileFormValues {
  business_name: string;
  page_description: string;
  website: string;
  telephone: string;
  email_address: string;
  address: string;
}

export const profileFields = [
  "business_name",
  "page_description",
  "website",
  "telephone",
  "email_address",
  "address",
] as const satisfies readonly (keyof ProfileFormValues)[];

export const profileFieldLabels: Record<keyof ProfileFormValues | "logo", string> = {
  business_name: "Business name",
  page_description: "Page description",
  website: "Website",
  telephone: "Telephone",
  email_address: "E-mail address",
  address: "Address",
  logo: "Logo",
};

export interface AdminProfile {
  values: ProfileFormValues;
  /** The logo's file name at the image root; empty when there is no profile yet. */
  logo: string;
  version: string;
}

/** An amenity or a category as its list shows it, with how many listings use it. */
export interface AdminTerm {
  id: number;
  title: string;
  /** Amenities only: the icon name. */
  icon?: string;
  listings: number;
}

/**
 * Where a removed category's listings go (decision 057): another category's id, or null for no
 * category. `listings` is how many the confirmation said would move: a different count now is
 * refused as a conflict, so nobody moves listings they were not told about.
 */
export interface CategoryMove {
  to: number | null;
  listings: number;
}

/** Why a category's listings cannot move where asked: the page and the service say the same. */
export const categoryMoveProblems = {
  itself: "The listings cannot move into the category being removed: choose another.",
  gone: "That category no longer exists: choose another.",
} as const;

/** A move's `to` as a form or address carries it: a category's id, or this for no category. */
export const noCategory = "none";

/** A move's `to`: a category's id, null for no category, undefined for anything else. */
export function moveTargetOf(value: string): number | null | undefined {
  if (value === noCategory) return null;
  return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
}

export interface TermFormValues {
  title: string;
  /** Amenities only. */
  icon?: string;
}

export const termFieldLabels: Record<keyof TermFormValues, string> = {
  title: "Title",
  icon: "Icon",
};

export function profileValuesOf(form: FormData): ProfileFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    business_name: text("business_name"),
    page_description: text("page_description"),
    website: text("website"),
    telephone: text("telephone"),
    email_address: text("email_address"),
    address: text("address"),
  };
}

/** An uploaded file of a form; null when none was chosen. */
export function uploadOf(form: FormData, name: string): File | null {
  const value = form.get(name);
  return typeof value === "object" && value !== null && value.size > 0 ? value : null;
}

/** A form's text field, "" when absent. */
export function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
