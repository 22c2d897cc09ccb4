/**
 * The RESO Data Dictionary 2.0 fields of the feed's Property, each written once (decision 094):
 * its standard name, its OData type, the `property` column it is read, filtered and sorted by,
 * and how a row's value is written. `$metadata`, `$select`, `$filter`, `$orderby` and the
 * answers all read this table, so a field the listing gains (PostalCode once `postcode`
 * exists) is one line here.
 *
 * Only what maps honestly: a field with no column of its own is left out rather than filled
 * with something near it: no GarageSpaces from a count of garages, no Stories from "Floors"
 * (which the listings use for the floor an apartment is on as often as for a house's floors),
 * no TaxAnnualAmount from a council tax band (a band is not an amount), nothing for a deposit,
 * an EPC score or a display address (the Data Dictionary has no field that means them).
 */
import { compile } from "html-to-text";
import type { Selectable } from "kysely";
import type { Database } from "../../../db/database.ts";
import { photosOfRow } from "../../../lib/admin-photos.ts";
import { countryCode, countryNameIndex } from "../../../lib/countries.ts";

/**
 * What the feed reads as its `property` (read.ts, decision 104): each listing's row with its
 * RESO status (`reso_status`: its availability while the feed serves it, `withdrawn` for a
 * while once it does not, `deleted` for a key no listing has any more), and the removed keys'
 * rows, whose other columns are null.
 */
export type FeedDatabase = Omit<Database, "property"> & {
  property: Database["property"] & { reso_status: string };
};

/** A listing's row as the feed reads it. */
export type FeedRow = Selectable<FeedDatabase["property"]>;

/** The `property` columns a field can be filtered and sorted by. */
export type FeedColumn = keyof FeedRow & string;

/** The OData primitive types the feed's fields have. */
export type EdmType =
  | "Edm.String"
  | "Edm.Int32"
  | "Edm.Decimal"
  | "Edm.Double"
  | "Edm.Date"
  | "Edm.DateTimeOffset";

export interface ResoField {
  name: string;
  type: EdmType;
  /** `Edm.Decimal`'s digits, as RESO gives them; `Edm.String`'s most characters. */
  precision?: number;
  scale?: number;
  maxLength?: number;
  /** The column it is filtered and sorted by; absent: neither (a value made from others). */
  column?: FeedColumn;
  /**
   * The stored value that means "not given" (a size of 0, an empty province): written as
   * null, and never equal, greater or less than anything in a filter, as null is not.
   */
  storedNull?: number | string;
  /**
   * A RESO lookup's values by the stored values each stands for: a filter's `eq 'Active'`
   * reads the column `in ('available')`. Filtered by eq and ne only; not sorted by.
   */
  lookup?: Readonly<Record<string, readonly string[]>>;
  /** Its column holds whole numbers (a filter's 2.5 is read as the whole numbers it allows). */
  whole?: true;
  /**
   * Its lookup's values are country names folded as lib/countries.ts folds them: a filter
   * compares the column folded the same way (db/queries/portal-readiness.ts).
   */
  foldedCountry?: true;
  /** Filtered by contains() only (text read from HTML: eq would compare the markup). */
  containsOnly?: true;
  /** The value on the wire; absent: the column's value (storedNull and lookup applied). */
  read?: (row: FeedRow, context: FeedContext) => unknown;
}

/** What a value needs beyond its row: where the site and its images are. */
export interface FeedContext {
  /** The site's public address, without a trailing slash. */
  siteUrl: string;
  /** IMAGE_BASE_URL: a path under the site, or another origin. */
  imageBaseUrl: string;
  /** The clock removals are dated by (tests set it); the system's when absent. */
  now?: () => Date;
}

/** The description's sanitised HTML as plain text (RESO's PublicRemarks is text). */
const plainText = compile({
  wordwrap: false,
  selectors: [
    { selector: "a", options: { ignoreHref: true } },
    { selector: "h3", options: { uppercase: false } },
    { selector: "h4", options: { uppercase: false } },
    { selector: "ul", options: { itemPrefix: "• " } },
  ],
});

const squareFeet = "Square Feet";

/** Each ISO 3166-1 alpha-2 code by the folded names that stand for it. */
function countryLookup(): Record<string, string[]> {
  const lookup: Record<string, string[]> = {};
  for (const [name, code] of countryNameIndex()) {
    lookup[code] = [...(lookup[code] ?? []), name];
  }
  return Object.fromEntries(Object.entries(lookup).sort(([a], [b]) => a.localeCompare(b)));
}

/** RESO's LeaseAmountFrequency by lib/rent-period.ts's periods. */
const leaseFrequencies: Record<string, string> = {
  week: "Weekly",
  month: "Monthly",
  quarter: "Quarterly",
  year: "Annually",
};

/**
 * The fields, in the order $metadata lists them and an answer without $select gives them.
 * ListingKey first: the entity's key.
 */
export const resoPropertyFields: readonly ResoField[] = [
  // The listing's code: unique, and the key the site's links use. A code changed in the back
  // office (decision 069) is a new key to a consumer, the old one gone as if withdrawn.
  { name: "ListingKey", type: "Edm.String", maxLength: 255, column: "code" },
  { name: "ListingId", type: "Edm.String", maxLength: 255, column: "code" },
  {
    name: "StandardStatus",
    type: "Edm.String",
    column: "reso_status",
    // lib/availability.ts: under offer is still on the market, taking other offers; sold or
    // let subject to contract has a buyer or tenant agreed. A listing the feed no longer
    // serves (unpublished, archived, switched off, incomplete) is Withdrawn for a while, a
    // deleted one (or an old code) Delete: read.ts (decision 104).
    lookup: {
      Active: ["available"],
      ActiveUnderContract: ["under_offer"],
      Pending: ["sold_stc", "let_agreed"],
      Withdrawn: ["withdrawn"],
      Delete: ["deleted"],
    },
  },
  {
    name: "PropertyType",
    type: "Edm.String",
    column: "offer_type",
    lookup: { Residential: ["For Sale"], ResidentialLease: ["For Rent"] },
  },
  // A sale's asking price, or a rental's rent per LeaseAmountFrequency.
  { name: "ListPrice", type: "Edm.Decimal", precision: 14, scale: 2, column: "price" },
  {
    name: "LeaseAmountFrequency",
    type: "Edm.String",
    read: (row) =>
      row.offer_type === "For Rent" ? (leaseFrequencies[row.rent_period] ?? null) : null,
  },
  { name: "BedroomsTotal", type: "Edm.Int32", column: "bedroom", whole: true },
  { name: "BathroomsTotalInteger", type: "Edm.Int32", column: "bathroom", whole: true },
  { name: "RoomsTotal", type: "Edm.Int32", column: "room", storedNull: 0, whole: true },
  {
    name: "LivingArea",
    type: "Edm.Decimal",
    precision: 14,
    scale: 2,
    column: "size",
    storedNull: 0,
    whole: true,
  },
  {
    name: "LivingAreaUnits",
    type: "Edm.String",
    read: (row) => (row.size > 0 ? squareFeet : null),
  },
  {
    name: "Furnished",
    type: "Edm.String",
    column: "furnished",
    lookup: {
      Furnished: ["furnished"],
      Partially: ["part_furnished"],
      Unfurnished: ["unfurnished"],
    },
  },
  { name: "UnparsedAddress", type: "Edm.String", maxLength: 300, column: "address" },
  { name: "City", type: "Edm.String", maxLength: 100, column: "city" },
  {
    name: "StateOrProvince",
    type: "Edm.String",
    maxLength: 100,
    column: "province",
    storedNull: "",
  },
  {
    name: "PostalCode",
    type: "Edm.String",
    maxLength: 10,
    column: "postcode",
    storedNull: "",
  },
  // RESO's Country lookup is ISO 3166-1 alpha-2 ("GB"), from the name the listing gives
  // (lib/countries.ts); a listing the feed serves always has a country it knows.
  {
    name: "Country",
    type: "Edm.String",
    maxLength: 2,
    column: "country",
    lookup: countryLookup(),
    foldedCountry: true,
    read: (row) => (row.country === null ? null : (countryCode(row.country) ?? null)),
  },
  { name: "Latitude", type: "Edm.Decimal", precision: 12, scale: 8, column: "latitude" },
  { name: "Longitude", type: "Edm.Decimal", precision: 12, scale: 8, column: "longitude" },
  {
    name: "PublicRemarks",
    type: "Edm.String",
    maxLength: 4000,
    column: "description",
    containsOnly: true,
    read: (row) => {
      const text = plainText(row.description).trim();
      return text === "" ? null : text;
    },
  },
  // The day it can be moved into (`YYYY-MM-DD` in both dialects).
  { name: "AvailabilityDate", type: "Edm.Date", column: "available_from" },
  // The HOA fee the listing stores is a month's (decision 093).
  {
    name: "AssociationFee",
    type: "Edm.Decimal",
    precision: 14,
    scale: 2,
    column: "hoa_fee",
    whole: true,
  },
  {
    name: "AssociationFeeFrequency",
    type: "Edm.String",
    read: (row) => (row.hoa_fee === null ? null : "Monthly"),
  },
  {
    name: "VirtualTourURLUnbranded",
    type: "Edm.String",
    maxLength: 8000,
    read: (row) => (row.youtube?.trim() ? row.youtube.trim() : null),
  },
  {
    name: "PhotosCount",
    type: "Edm.Int32",
    read: (row) => photosOfRow(row).photos.length,
  },
  { name: "OriginalEntryTimestamp", type: "Edm.DateTimeOffset", column: "created_at" },
  {
    name: "StatusChangeTimestamp",
    type: "Edm.DateTimeOffset",
    column: "availability_changed_at",
  },
  // Moves on every write to the listing (migration 0041's trigger): replication's clock.
  { name: "ModificationTimestamp", type: "Edm.DateTimeOffset", column: "modified_at" },
];

/** The entity's key. */
export const listingKeyField = "ListingKey";

/** The fields by name. */
export const resoPropertyFieldsByName: ReadonlyMap<string, ResoField> = new Map(
  resoPropertyFields.map((field) => [field.name, field]),
);

/** The navigation property of a listing's photos and floor plans (`$expand=Media`). */
export const mediaNavigation = "Media";

/** The fields of a Media record, in $metadata's order; MediaKey is its key. */
export const resoMediaFields: readonly {
  name: string;
  type: EdmType;
  maxLength?: number;
}[] = [
  { name: "MediaKey", type: "Edm.String", maxLength: 255 },
  { name: "ResourceRecordKey", type: "Edm.String", maxLength: 255 },
  { name: "ResourceName", type: "Edm.String", maxLength: 50 },
  { name: "MediaURL", type: "Edm.String", maxLength: 8000 },
  { name: "Order", type: "Edm.Int32" },
  { name: "MediaCategory", type: "Edm.String", maxLength: 50 },
  { name: "ShortDescription", type: "Edm.String", maxLength: 300 },
  { name: "ModificationTimestamp", type: "Edm.DateTimeOffset" },
];

/** A stored timestamp (a Date on PostgreSQL, ISO text on SQLite) as OData writes it. */
export function timestampValue(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A field's value of a row, as the answer writes it. */
export function fieldValue(field: ResoField, row: FeedRow, context: FeedContext): unknown {
  if (field.read) return field.read(row, context);
  if (!field.column) return null;
  const stored = row[field.column] as unknown;
  if (stored === null || stored === undefined) return null;
  if (field.storedNull !== undefined && stored === field.storedNull) return null;
  if (field.lookup) {
    const value = String(stored);
    const entry = Object.entries(field.lookup).find(([, stands]) => stands.includes(value));
    return entry ? entry[0] : null;
  }
  if (field.type === "Edm.DateTimeOffset") return timestampValue(stored);
  if (field.type === "Edm.String" || field.type === "Edm.Date") return String(stored);
  const number = Number(stored);
  return Number.isFinite(number) ? number : null;
}
