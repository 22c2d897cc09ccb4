/**
 * A listing's fields, each written once (decision 082): its type and rules, its label and help
 * in the back office's editor, the import's and export's column (the key), the `property`
 * table's column, its name in the API's property, and where the site shows it. The editor, its
 * validation, the CSV/JSON import and export, the API's added fields, the property page's
 * details, the compare table and the brochure all read this table; docs/adding-a-field.md is
 * the recipe. Zod-free, so the editor does not pull the schemas into the browser: the server's
 * import schema (server/content/property-record.ts) and the site's API schema
 * (lib/api-contract.ts) are made from the `type`s here.
 *
 * A field of kind `custom` has rules or storage of its own (several columns, another table, a
 * list, a date): its schema and mapping are written by hand beside the others', and the table
 * still gives its column, label and place. The key order is the export's column order.
 */

/** The kinds of field this table can handle on its own, and `custom` for the rest. */
export type PropertyFieldType =
  /** A whole number from 0 to `max`; absent: 0. */
  | { kind: "count"; max: number }
  /** Text of at most `max` characters; absent: "" (or refused when `required`). */
  | { kind: "text"; max: number; required?: boolean }
  /**
   * One of `choices` (value: label), read from its value or label in any case and spacing;
   * optional, stored as null when absent.
   */
  | { kind: "choice"; choices: Readonly<Record<string, string>> }
  /** A whole number from `min` to `max`, or null when not given (a deposit, a score). */
  | { kind: "number"; min: number; max: number }
  /** A calendar date, `YYYY-MM-DD`, or null when not given. */
  | { kind: "date" }
  /** Yes or no, `initial` when not given (a new listing's value, an import without it). */
  | { kind: "switch"; initial: boolean }
  /**
   * A postal code of at most `max` characters; absent: "". Where the listing's country is the
   * United Kingdom it must be a UK postcode and is written in capitals with one space
   * ("SW1A 1AA"); elsewhere any letters, digits, spaces and hyphens (decision 093).
   */
  | { kind: "postcode"; max: number }
  /** Rules, storage and form of its own, written beside this table's users. */
  | { kind: "custom" };

/** The editor's fieldsets a field can be drawn in, in the form's order. */
export type ListingEditorGroup = "listing" | "where" | "rooms" | "portals";

export interface PropertyFieldDefinition {
  /** The editor's label (and its problems' subject: "Bedrooms must be a number"). */
  label: string;
  /** The editor's hint under the field. */
  help?: string;
  type: PropertyFieldType;
  /**
   * The `property` table's column of a field this table handles; null for a custom field stored
   * by hand (several columns, another table).
   */
  column: string | null;
  /** Its name in the API's property (SPEC §7 and this project's additions); null: not sent. */
  api: string | null;
  /**
   * Where the editor draws it: a fieldset (the field drawn from this table, in the table's
   * order), `byHand` (the form draws it itself) or null (not edited; imports only).
   */
  editor: ListingEditorGroup | "byHand" | null;
  /** Drawn across the editor's fieldset. */
  wide?: boolean;
  /** The label of its line in the property page's Details tab; absent: not shown there. */
  details?: string;
  /** The label of its line in the compare table; absent: not compared. */
  compare?: string;
  /** The label of its fact in the brochure (left out when empty or 0); absent: not shown. */
  brochure?: string;
  /**
   * How the site writes its value; absent: as it is (a choice: its label, a date: "1 March
   * 2027"). `area`: in the visitor's unit; `money`: in the site's currency.
   */
  display?: "area" | "money";
  /**
   * A filter of the site's search and the API's (decision 085): a choice by equality, a count
   * by its bounds (`min-<param>` and `max-<param>` on the site, `min_<api>` and `max_<api>` in
   * the API); absent: not filtered by. Text is not filtered by (the keyword searches it).
   */
  filter?: PropertyFieldFilter;
  /** How schema.org's JSON-LD of the property page gives it (app/seo/json-ld.ts). */
  jsonLd?: PropertyFieldJsonLd;
  /** The label of its short fact on the listing cards (left out when not given or 0). */
  card?: string;
  /**
   * The header of its column in the back office's listings table; a choice's column is
   * filterable there too (the table's order stays its own keyset orders).
   */
  adminColumn?: string;
  /** How `npm run db:generate` fills it (db/seed/generate.ts); absent: left at its default. */
  generate?: PropertyFieldGenerate;
}

/** Where a field's filter reads its value (see PropertyFieldDefinition.filter). */
export interface PropertyFieldFilter {
  /** The Advanced Search's label. */
  label: string;
  /** The listing pages' URL parameter (a count: the name after `min-` and `max-`). */
  param: string;
  /** The API's query parameter (a count: the name after `min_` and `max_`). */
  api: string;
}

/**
 * How a field shows in schema.org's JSON-LD, on the listing's place (a `Place`, `House` or
 * `Apartment`): `value`, its own property holding the value as it is (a count: left out when
 * 0); `address` and `offer`, a property of the place's address or of the listing's offer;
 * `propertyValue`, a `PropertyValue` in `additionalProperty` (for what schema.org has no
 * term for); `feature`, a `LocationFeatureSpecification` in `amenityFeature`. A choice's value
 * is its label.
 */
export type PropertyFieldJsonLd =
  | { as: "value"; property: string }
  /** A property of the place's `PostalAddress` (postalCode). */
  | { as: "address"; property: string }
  /** A property of the listing's `Offer` (availabilityStarts). */
  | { as: "offer"; property: string }
  | { as: "propertyValue"; name: string }
  | { as: "feature"; name: string };

/**
 * How the generator fills a field: the share of its sales and of its rentals given a value (the
 * rest: absent), and a choice's weights by value (absent: even) or a count's range.
 */
export interface PropertyFieldGenerate {
  share: { sale: number; rent: number };
  weights?: Readonly<Record<string, number>>;
  range?: readonly [min: number, max: number];
}

const count = (max: number) => ({ kind: "count", max }) as const;
const text = (max: number, required?: true) =>
  (required ? { kind: "text", max, required } : { kind: "text", max }) as {
    kind: "text";
    max: number;
    required?: boolean;
  };
const custom = { kind: "custom" } as const;
const number = (min: number, max: number) => ({ kind: "number", min, max }) as const;
const date = { kind: "date" } as const;
const yesNoSwitch = (initial: boolean) => ({ kind: "switch", initial }) as const;

const propertyFieldTable = {
  code: { label: "Code", type: custom, column: "code", api: "code", editor: "byHand" },
  slug: {
    label: "Address on the site (slug)",
    type: custom,
    column: "slug",
    api: "slug",
    editor: "byHand",
  },
  headline: {
    label: "Headline",
    type: text(200, true),
    column: "headline",
    api: "headline",
    editor: "byHand",
  },
  offer_type: { label: "Offer", type: custom, column: null, api: "offer_type", editor: "byHand" },
  category: { label: "Category", type: custom, column: null, api: "category", editor: "byHand" },
  price: { label: "Price", type: custom, column: null, api: "price", editor: "byHand" },
  rent_period: {
    label: "Rent is per (rentals)",
    type: custom,
    column: null,
    api: "rent_period",
    editor: "byHand",
  },
  property_status: {
    label: "Property status",
    type: custom,
    column: null,
    api: "property_status",
    editor: null,
  },
  availability: {
    label: "Availability",
    type: custom,
    column: null,
    api: "availability",
    editor: "byHand",
  },
  availability_changed_at: {
    label: "Availability changed",
    type: custom,
    column: null,
    api: "availability_changed_at",
    editor: null,
  },
  reference_no: {
    label: "Reference number",
    type: text(100),
    column: "reference_no",
    api: "reference_no",
    editor: "listing",
  },
  address: {
    label: "Street address",
    type: text(300, true),
    column: "address",
    api: "address",
    editor: "where",
    wide: true,
  },
  city: { label: "City", type: text(100, true), column: "city", api: "city", editor: "where" },
  province: {
    label: "Province or state",
    type: text(100),
    column: "province",
    api: "province",
    editor: "where",
  },
  country: {
    label: "Country",
    type: text(100, true),
    column: "country",
    api: "country",
    editor: "where",
  },
  postcode: {
    label: "Postcode",
    help: "The postal code. A UK postcode is written in capitals with one space (SW1A 1AA).",
    type: { kind: "postcode", max: 20 },
    column: "postcode",
    api: "postcode",
    editor: "where",
    details: "Postcode",
    brochure: "Postcode",
    jsonLd: { as: "address", property: "postalCode" },
  },
  display_address: {
    label: "Display address",
    help: "The one-line address portals show the public, such as “Elm Road, Oxford” (no house number).",
    type: text(200),
    column: "display_address",
    api: "display_address",
    editor: "where",
    wide: true,
  },
  latitude: { label: "Latitude", type: custom, column: null, api: "latitude", editor: "byHand" },
  longitude: { label: "Longitude", type: custom, column: null, api: "longitude", editor: "byHand" },
  bedroom: {
    label: "Bedrooms",
    type: count(1000),
    column: "bedroom",
    api: "bedroom",
    editor: "rooms",
    details: "Bedrooms",
    compare: "Beds",
    brochure: "Bedrooms",
    jsonLd: { as: "value", property: "numberOfBedrooms" },
  },
  bathroom: {
    label: "Bathrooms",
    type: count(1000),
    column: "bathroom",
    api: "bathroom",
    editor: "rooms",
    details: "Bathrooms",
    compare: "Baths",
    brochure: "Bathrooms",
    jsonLd: { as: "value", property: "numberOfBathroomsTotal" },
  },
  room: {
    label: "Rooms",
    type: count(1000),
    column: "room",
    api: "room",
    editor: "rooms",
    details: "Rooms",
    compare: "Rooms",
    brochure: "Rooms",
    jsonLd: { as: "value", property: "numberOfRooms" },
  },
  floor: {
    label: "Floors",
    type: count(1000),
    column: "floor",
    api: "floor",
    editor: "rooms",
    details: "Floors",
    compare: "Floors",
    brochure: "Floors",
  },
  size: {
    label: "Size (sq ft)",
    type: count(100_000_000),
    column: "size",
    api: "size",
    editor: "rooms",
    details: "Size",
    compare: "Size",
    brochure: "Size",
    display: "area",
  },
  garage: {
    label: "Garages",
    type: count(1000),
    column: "garage",
    api: "garage",
    editor: "rooms",
    details: "Garage",
    compare: "Garage",
    brochure: "Garage",
  },
  balcony: {
    label: "Balconies",
    type: count(1000),
    column: "balcony",
    api: "balcony",
    editor: "rooms",
    brochure: "Balcony",
  },
  rating: {
    label: "Rating (0 to 5)",
    type: count(5),
    column: "rating",
    api: "rating",
    editor: "byHand",
  },
  tenure: {
    label: "Tenure",
    help: "How the home is owned (optional; for sales).",
    type: {
      kind: "choice",
      choices: {
        freehold: "Freehold",
        leasehold: "Leasehold",
        share_of_freehold: "Share of freehold",
        commonhold: "Commonhold",
      },
    },
    column: "tenure",
    api: "tenure",
    editor: "listing",
    details: "Tenure",
    compare: "Tenure",
    brochure: "Tenure",
    filter: { label: "Tenure", param: "tenure", api: "tenure" },
    // schema.org has no term for tenure.
    jsonLd: { as: "propertyValue", name: "Tenure" },
    card: "Tenure",
    adminColumn: "Tenure",
    generate: {
      share: { sale: 0.9, rent: 0.2 },
      weights: { freehold: 6, leasehold: 3, share_of_freehold: 1, commonhold: 0.5 },
    },
  },
  furnished: {
    label: "Furnished",
    help: "Whether it comes furnished (optional; mostly for rentals).",
    type: {
      kind: "choice",
      choices: {
        furnished: "Furnished",
        part_furnished: "Part furnished",
        unfurnished: "Unfurnished",
      },
    },
    column: "furnished",
    api: "furnished",
    editor: "listing",
    details: "Furnished",
    compare: "Furnished",
    brochure: "Furnished",
    filter: { label: "Furnished", param: "furnished", api: "furnished" },
    // A feature of the place, as schema.org's amenityFeature lists them.
    jsonLd: { as: "feature", name: "Furnished" },
    card: "Furnished",
    adminColumn: "Furnished",
    generate: {
      share: { sale: 0.2, rent: 0.9 },
      weights: { furnished: 4, part_furnished: 2, unfurnished: 3 },
    },
  },
  energy_rating: {
    label: "Energy rating (EPC)",
    help: "The energy performance certificate's band, A (most efficient) to G (optional).",
    type: {
      kind: "choice",
      choices: { a: "A", b: "B", c: "C", d: "D", e: "E", f: "F", g: "G" },
    },
    column: "energy_rating",
    api: "energy_rating",
    editor: "listing",
    details: "Energy rating",
    compare: "Energy rating",
    brochure: "Energy rating",
    filter: { label: "Energy rating", param: "energy-rating", api: "energy_rating" },
    jsonLd: { as: "propertyValue", name: "Energy rating (EPC)" },
    generate: {
      share: { sale: 0.85, rent: 0.85 },
      weights: { a: 1, b: 4, c: 8, d: 8, e: 5, f: 2, g: 1 },
    },
  },
  energy_score: {
    label: "Energy score (EPC)",
    help: "The certificate's SAP score, 1 to 100, whose band is the energy rating (optional).",
    type: number(1, 100),
    column: "energy_score",
    api: "energy_score",
    editor: "listing",
    details: "Energy score",
    brochure: "Energy score",
    jsonLd: { as: "propertyValue", name: "Energy score (SAP)" },
  },
  council_tax_band: {
    label: "Council tax band",
    help: "The UK council tax band, A to H (I in Wales) (optional).",
    type: {
      kind: "choice",
      choices: { a: "A", b: "B", c: "C", d: "D", e: "E", f: "F", g: "G", h: "H", i: "I" },
    },
    column: "council_tax_band",
    api: "council_tax_band",
    editor: "listing",
    details: "Council tax band",
    brochure: "Council tax band",
    jsonLd: { as: "propertyValue", name: "Council tax band" },
  },
  hoa_fee: {
    label: "HOA fee a month",
    help: "The homeowners' association fee a month, in the price's currency (optional; US and Canada).",
    type: number(0, 10_000_000),
    column: "hoa_fee",
    api: "hoa_fee",
    editor: "listing",
    details: "HOA fee a month",
    brochure: "HOA fee a month",
    display: "money",
    jsonLd: { as: "propertyValue", name: "HOA fee a month" },
  },
  deposit: {
    label: "Deposit",
    help: "The deposit a tenant pays, in the price's currency (optional; for rentals).",
    type: number(0, 1_000_000_000),
    column: "deposit",
    api: "deposit",
    editor: "listing",
    details: "Deposit",
    brochure: "Deposit",
    display: "money",
    jsonLd: { as: "propertyValue", name: "Deposit" },
    generate: { share: { sale: 0, rent: 0.8 }, range: [500, 6000] },
  },
  available_from: {
    label: "Available from",
    help: "The first day a tenant can move in (optional; mostly for rentals).",
    type: date,
    column: "available_from",
    api: "available_from",
    editor: "listing",
    details: "Available from",
    compare: "Available from",
    brochure: "Available from",
    jsonLd: { as: "offer", property: "availabilityStarts" },
  },
  send_to_rightmove: {
    label: "Send to Rightmove",
    help: "Include it in the Rightmove feed while it is published.",
    type: yesNoSwitch(true),
    column: "send_to_rightmove",
    api: "send_to_rightmove",
    editor: "portals",
  },
  send_to_push: {
    label: "Send to the listings push",
    help: "Send its changes to the portal connected by push (Zoopla-style) while it is published.",
    type: yesNoSwitch(true),
    column: "send_to_push",
    api: "send_to_push",
    editor: "portals",
  },
  send_to_reso: {
    label: "Send to RESO feeds",
    help: "Offer it to the RESO Web API's consumers while it is published.",
    type: yesNoSwitch(true),
    column: "send_to_reso",
    api: "send_to_reso",
    editor: "portals",
  },
  amenities: { label: "Amenities", type: custom, column: null, api: "features", editor: "byHand" },
  images: { label: "Images", type: custom, column: null, api: "image_list", editor: null },
  floor_plans: {
    label: "Floor plans",
    type: custom,
    column: null,
    api: "floor_plans",
    editor: "byHand",
  },
  related: {
    label: "Related properties",
    type: custom,
    column: null,
    api: "related_product",
    editor: "byHand",
  },
  description: {
    label: "Description",
    type: custom,
    column: null,
    api: "description",
    editor: "byHand",
  },
  youtube: {
    label: "YouTube video address",
    type: custom,
    column: null,
    api: "youtube",
    editor: "byHand",
  },
  google_map: {
    label: "Map embed address",
    type: custom,
    column: null,
    api: "google_map",
    editor: "byHand",
  },
  publish: {
    label: "Published on the site",
    type: custom,
    column: null,
    api: "publish",
    editor: "byHand",
  },
  created_at: { label: "Created", type: custom, column: null, api: "created_at", editor: null },
} as const satisfies Record<string, PropertyFieldDefinition>;

type Table = typeof propertyFieldTable;

/** A listing's field: its import and export column, and its name in the editor's form. */
export type PropertyFieldName = keyof Table;

/** The fields this table handles (validation, storage, form), not written by hand. */
export type SchemaFieldName = {
  [Name in PropertyFieldName]: Table[Name]["type"]["kind"] extends "custom" ? never : Name;
}[PropertyFieldName];

/** The fields the editor posts. */
export type EditorFieldName = {
  [Name in PropertyFieldName]: Table[Name]["editor"] extends null ? never : Name;
}[PropertyFieldName];

/** The fields of the `choice` kind. */
export type ChoiceFieldName = {
  [Name in PropertyFieldName]: Table[Name]["type"]["kind"] extends "choice" ? Name : never;
}[PropertyFieldName];

/** The table's fields, in the export's column order. */
export const propertyFieldNames = Object.keys(propertyFieldTable) as PropertyFieldName[];

/** A field's definition. */
export function propertyField(name: PropertyFieldName): PropertyFieldDefinition {
  return propertyFieldTable[name];
}

/** The fields this table validates, stores and converts itself, in its order. */
export const schemaFieldNames = propertyFieldNames.filter(
  (name) => propertyFieldTable[name].type.kind !== "custom",
) as SchemaFieldName[];

/** The fields the editor posts, in the table's order. */
export const editorFieldNames = propertyFieldNames.filter(
  (name) => propertyFieldTable[name].editor !== null,
) as EditorFieldName[];

/** The fields the editor draws from this table in `group`, in the table's order. */
export function editorFieldsOf(group: ListingEditorGroup): SchemaFieldName[] {
  return schemaFieldNames.filter((name) => propertyFieldTable[name].editor === group);
}

/** The value of a field of the table's kinds as validated, exported and sent by the API. */
type ValueOf<Type> = Type extends { kind: "count" }
  ? number
  : Type extends { kind: "text" } | { kind: "postcode" }
    ? string
    : Type extends { kind: "choice"; choices: infer Choices }
      ? Extract<keyof Choices, string> | null
      : Type extends { kind: "number" }
        ? number | null
        : Type extends { kind: "date" }
          ? string | null
          : Type extends { kind: "switch" }
            ? boolean
            : never;

/**
 * The value as the `property` table holds it: a switch reads as boolean (PostgreSQL) or 1/0
 * (SQLite) and is written as 1/0, which both accept (as `publish` is); a date is `YYYY-MM-DD`
 * text in both.
 */
type ColumnOf<Type> = Type extends { kind: "switch" } ? boolean | number : ValueOf<Type>;

/** The stored values of the table's own fields, keyed by column. */
export type PropertySchemaColumns = {
  [Name in SchemaFieldName as Table[Name]["column"]]: ColumnOf<Table[Name]["type"]>;
};

/** The validated values of the table's own fields, keyed by field. */
export type PropertySchemaValues = {
  [Name in SchemaFieldName]: ValueOf<Table[Name]["type"]>;
};

/** The API's values of the table's own fields, keyed by API name. */
export type PropertySchemaApiValues = {
  [Name in SchemaFieldName as Table[Name]["api"]]: ValueOf<Table[Name]["type"]>;
};

/**
 * Reads a choice from its value ('share_of_freehold') or label in any case and spacing
 * ('Share of freehold', 'share-of-freehold'); undefined when it is neither.
 */
export function readChoice(
  choices: Readonly<Record<string, string>>,
  value: unknown,
): string | undefined {
  if (typeof value !== "string") return undefined;
  const key = (text: string) =>
    text
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, "_");
  const wanted = key(value);
  return Object.entries(choices).find(
    ([choice, label]) => key(choice) === wanted || key(label) === wanted,
  )?.[0];
}

/** A stored choice's label ("" when absent or unknown). */
export function choiceLabel(name: PropertyFieldName, value: unknown): string {
  const type = propertyField(name).type;
  if (type.kind !== "choice") return typeof value === "string" ? value : "";
  const read = readChoice(type.choices, value);
  return read === undefined ? "" : (type.choices[read] ?? "");
}

/** A field's value as the editor's form holds it: digits, text, a choice's label; absent "". */
export function formTextOf(name: SchemaFieldName, value: unknown): string {
  const type = propertyField(name).type;
  if (type.kind === "choice") return choiceLabel(name, value);
  if (type.kind === "switch") return switchValueOf(type, value) ? "yes" : "no";
  return value === null || value === undefined ? "" : String(value);
}

/** A switch's stored value (true, 1, or absent: its initial value) as a boolean. */
function switchValueOf(type: { initial: boolean }, value: unknown): boolean {
  return value === null || value === undefined ? type.initial : value === true || value === 1;
}

/** A stored value of a field as validated values hold it: a switch as a boolean, absent null. */
function storedValueOf(name: SchemaFieldName, row: PropertySchemaColumns): unknown {
  const type = propertyField(name).type;
  const value = (row as Record<string, unknown>)[propertyFieldTable[name].column];
  if (type.kind === "switch") return switchValueOf(type, value);
  return value === undefined ? null : value;
}

/** The table's own fields of a validated record, keyed by their `property` columns. */
export function schemaColumnsOf(values: PropertySchemaValues): PropertySchemaColumns {
  return Object.fromEntries(
    schemaFieldNames.map((name) => {
      const value = values[name];
      return [propertyFieldTable[name].column, typeof value === "boolean" ? Number(value) : value];
    }),
  ) as PropertySchemaColumns;
}

/** The table's own fields of a stored row, keyed by field (as the import reads them). */
export function schemaValuesOf(row: PropertySchemaColumns): PropertySchemaValues {
  return Object.fromEntries(
    schemaFieldNames.map((name) => [name, storedValueOf(name, row)]),
  ) as PropertySchemaValues;
}

/** The table's own fields of a stored row, keyed by their API names. */
export function schemaApiValuesOf(row: PropertySchemaColumns): PropertySchemaApiValues {
  return Object.fromEntries(
    schemaFieldNames.map((name) => [propertyFieldTable[name].api, storedValueOf(name, row)]),
  ) as PropertySchemaApiValues;
}

/** A `YYYY-MM-DD` date as the site writes it: "1 March 2027" ("" when it is not one). */
export function formatFieldDate(value: unknown): string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return "";
  const day = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(day.getTime())
    ? ""
    : day.toLocaleDateString("en-GB", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      });
}

/** A place on the site that shows fields: the property page's details, compare, brochure. */
export type PropertyFieldPlace = "details" | "compare" | "brochure";

/** The fields shown in `place`, in the table's order, with their labels there. */
export function fieldsShownIn(place: PropertyFieldPlace): {
  name: SchemaFieldName;
  label: string;
  api: string;
  display?: "area" | "money";
  kind: PropertyFieldType["kind"];
}[] {
  return schemaFieldNames.flatMap((name) => {
    const field: PropertyFieldDefinition = propertyFieldTable[name];
    const label = field[place];
    if (label === undefined || field.api === null) return [];
    return [
      {
        name,
        label,
        api: field.api,
        ...(field.display ? { display: field.display } : {}),
        kind: field.type.kind,
      },
    ];
  });
}

/** A field's line in a place: its label, its value (a choice as its label) and how to write it. */
export interface ShownField {
  name: SchemaFieldName;
  label: string;
  value: string | number;
  display?: "area" | "money";
}

/**
 * The lines `place` shows of `property` (the API's property, by API names), in the table's
 * order; a choice, number, date or text not given is left out (a date written "1 March
 * 2027"), counts are shown as they are.
 */
export function shownFields(place: PropertyFieldPlace, property: object): ShownField[] {
  const values = property as Record<string, unknown>;
  return fieldsShownIn(place).flatMap(({ name, label, api, display, kind }) => {
    const value = values[api];
    if (kind === "choice" || kind === "date") {
      const text = kind === "choice" ? choiceLabel(name, value) : formatFieldDate(value);
      return text === "" ? [] : [{ name, label, value: text }];
    }
    if (kind === "number" && typeof value !== "number") return [];
    if ((kind === "text" || kind === "postcode") && (typeof value !== "string" || value === "")) {
      return [];
    }
    const shown = typeof value === "number" || typeof value === "string" ? value : "";
    return [{ name, label, value: shown, ...(display ? { display } : {}) }];
  });
}

/** The choice columns as a command's help lists them: `tenure (Freehold, Leasehold, …)`. */
export function choiceColumnsHelp(): string {
  return schemaFieldNames
    .flatMap((name) => {
      const type = propertyField(name).type;
      return type.kind === "choice" ? [`${name} (${Object.values(type.choices).join(", ")})`] : [];
    })
    .join(", ");
}

/** The entries of a field that other places read beside the editor (decision 085). */
export type PropertyFieldUse = "filter" | "jsonLd" | "card" | "adminColumn" | "generate";

/** A field of the table's kinds with an entry for `use`, and that entry. */
export interface PropertyFieldWith<Use extends PropertyFieldUse> {
  name: SchemaFieldName;
  field: PropertyFieldDefinition;
  entry: NonNullable<PropertyFieldDefinition[Use]>;
}

/** The table's own fields with an entry for `use`, in the table's order. */
export function schemaFieldsWith<Use extends PropertyFieldUse>(use: Use): PropertyFieldWith<Use>[] {
  return schemaFieldNames.flatMap((name) => {
    const field: PropertyFieldDefinition = propertyFieldTable[name];
    const entry = field[use];
    return entry === undefined
      ? []
      : [{ name, field, entry: entry as PropertyFieldWith<Use>["entry"] }];
  });
}

/**
 * A field's value as a short place writes it (a card, the admin table, JSON-LD): a choice as
 * its label, a count or number as its number, text or a date as it is; undefined when not
 * given, empty, a count's 0 or a switch (never shown).
 */
export function givenValueOf(name: SchemaFieldName, value: unknown): string | number | undefined {
  const type = propertyField(name).type;
  if (type.kind === "choice") return choiceLabel(name, value) || undefined;
  if (type.kind === "switch") return undefined;
  // A number's 0 is given (no deposit); only a count's 0 means "none".
  if (type.kind === "number") return typeof value === "number" ? value : undefined;
  if (typeof value === "number") return value > 0 ? value : undefined;
  return typeof value === "string" && value !== "" ? value : undefined;
}
