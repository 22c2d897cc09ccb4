/**
 * The back office's listings table (decision 041): its search, filter, order and page, as the
 * GET form's query parameters carry them, shared by the admin route, the server's service and
 * the database query.
 */
import type { Property } from "./api-contract.ts";
import { readChoice, type SchemaFieldName, schemaFieldsWith } from "./property-fields.ts";
import type { RentPeriod } from "./rent-period.ts";

export const adminListingSorts = [
  "new",
  "old",
  "price_desc",
  "price_asc",
  "headline",
  "headline_desc",
] as const;
export type AdminListingSort = (typeof adminListingSorts)[number];

export const adminListingSortNames: Record<AdminListingSort, string> = {
  new: "Newest first",
  old: "Oldest first",
  price_desc: "Price, highest first",
  price_asc: "Price, lowest first",
  headline: "Headline, A to Z",
  headline_desc: "Headline, Z to A",
};

/** `current`: every listing not archived. */
export const adminListingFilters = ["current", "published", "unpublished", "archived"] as const;
export type AdminListingFilter = (typeof adminListingFilters)[number];

export const adminListingFilterNames: Record<AdminListingFilter, string> = {
  current: "All but archived",
  published: "Published",
  unpublished: "Unpublished",
  archived: "Archived",
};

export type AdminListingStatus = "published" | "unpublished" | "archived";

export const adminListingStatusNames: Record<AdminListingStatus, string> = {
  published: "Published",
  unpublished: "Unpublished",
  archived: "Archived",
};

/**
 * A listing as the back office previews it (decision 070): the property as its public page
 * would show it, whatever its state, and that state for the preview's banner.
 */
export interface ListingPreview {
  property: Property;
  status: AdminListingStatus;
}

/**
 * The table's columns from the property schema (lib/property-fields.ts's `adminColumn`,
 * decision 085), after the table's own, in the schema's order; a choice's column can be
 * filtered by (`?tenure=freehold`: the field's name and one of its values).
 */
export function adminSchemaColumns(): {
  name: SchemaFieldName;
  label: string;
  choices?: Readonly<Record<string, string>>;
}[] {
  return schemaFieldsWith("adminColumn").map(({ name, field, entry }) =>
    field.type.kind === "choice"
      ? { name, label: entry, choices: field.type.choices }
      : { name, label: entry },
  );
}

/** The schema fields' values of a row, by field name: as stored (a choice's value or null). */
export type AdminListingFieldValues = Partial<Record<SchemaFieldName, string | number | null>>;

/** A listing as the table shows it. */
export interface AdminListingRow {
  code: string;
  slug: string;
  headline: string;
  city: string;
  price: number;
  /** The price's offer and a rent's period: the table shows it as the site does. */
  offer_type: string;
  rent_period: RentPeriod;
  status: AdminListingStatus;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; null when never changed in the back office. */
  updatedAt: string | null;
  /** The values of the schema's columns (adminSchemaColumns). */
  fields: AdminListingFieldValues;
}

export interface AdminListingPage {
  rows: AdminListingRow[];
  /** Cursors of the next and previous pages (`key~id`); null when there is none. */
  next: string | null;
  previous: string | null;
}

/** A position in an order: the sort key and id of a row, the page starts after or before it. */
export interface AdminListingCursor {
  key: string | number;
  id: number;
}

export interface AdminListingQuery {
  /** Words looked for in the code, headline and city; empty: every listing. */
  text: string;
  filter: AdminListingFilter;
  sort: AdminListingSort;
  /** Only listings with these choices of the schema's filterable columns, by field name. */
  fields?: Partial<Record<SchemaFieldName, string>>;
  /** The page after this row (next), or before it (previous); neither: the first page. */
  after?: AdminListingCursor;
  before?: AdminListingCursor;
}

/** Rows a page of the table shows. */
export const adminListingPageSize = 25;

/** Longest search text read (longer is cut). */
const maxTextLength = 100;

/** `key~id`; the key may itself hold `~`, the id never does. */
export function formatAdminListingCursor(cursor: AdminListingCursor): string {
  return `${cursor.key}~${cursor.id}`;
}

function parseCursor(value: string | null, sort: AdminListingSort): AdminListingCursor | undefined {
  if (!value) return undefined;
  const cut = value.lastIndexOf("~");
  if (cut < 0) return undefined;
  const id = Number(value.slice(cut + 1));
  if (!Number.isSafeInteger(id)) return undefined;
  const rawKey = value.slice(0, cut);
  if (sort === "price_desc" || sort === "price_asc") {
    const key = Number(rawKey);
    return rawKey !== "" && Number.isFinite(key) ? { key, id } : undefined;
  }
  if (sort === "new" || sort === "old") {
    return Number.isNaN(Date.parse(rawKey)) ? undefined : { key: rawKey, id };
  }
  return { key: rawKey, id };
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** The table's query from a URL's parameters; anything unknown falls back to the default. */
export function parseAdminListingQuery(params: URLSearchParams): AdminListingQuery {
  const sort = oneOf(adminListingSorts, params.get("sort"), "new");
  const query: AdminListingQuery & { fields: Partial<Record<SchemaFieldName, string>> } = {
    text: (params.get("q") ?? "").trim().replace(/\s+/g, " ").slice(0, maxTextLength),
    filter: oneOf(adminListingFilters, params.get("status"), "current"),
    sort,
    fields: {},
  };
  for (const column of adminSchemaColumns()) {
    const value = column.choices && readChoice(column.choices, params.get(column.name));
    if (value) query.fields[column.name] = value;
  }
  const after = parseCursor(params.get("after"), sort);
  const before = after ? undefined : parseCursor(params.get("before"), sort);
  if (after) query.after = after;
  if (before) query.before = before;
  return query;
}

/** The URL parameters of a query (defaults left out), for links to other pages. */
export function adminListingParams(
  query: Pick<AdminListingQuery, "text" | "filter" | "sort" | "fields">,
  page?: { after?: string; before?: string },
): URLSearchParams {
  const params = new URLSearchParams();
  if (query.text) params.set("q", query.text);
  if (query.filter !== "current") params.set("status", query.filter);
  for (const column of adminSchemaColumns()) {
    const value = query.fields?.[column.name];
    if (value) params.set(column.name, value);
  }
  if (query.sort !== "new") params.set("sort", query.sort);
  if (page?.after) params.set("after", page.after);
  if (page?.before) params.set("before", page.before);
  return params;
}

export const adminListingActions = [
  "publish",
  "unpublish",
  "archive",
  "restore",
  "delete",
] as const;
export type AdminListingAction = (typeof adminListingActions)[number];

export function isAdminListingAction(value: unknown): value is AdminListingAction {
  return adminListingActions.includes(value as AdminListingAction);
}
