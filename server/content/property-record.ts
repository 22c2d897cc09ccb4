/**
 * A property as the content commands read and write it: one CSV row or one JSON object with
 * the §7 field names, where the lists are people's words rather than ids (amenity titles,
 * image file names, related property codes) and the category is its title. The import and the
 * export share these columns, so an export imports back unchanged.
 */
import sanitizeHtml from "sanitize-html";
import { z } from "zod";
import type { PropertyWithCategoryRow } from "../../db/queries/property.ts";
import {
  type Availability,
  availabilities,
  availabilityLabels,
  readAvailability,
} from "../../lib/availability.ts";
import { csvText } from "../../lib/csv.ts";
import { descriptionAllowList, descriptionParagraphs } from "../../lib/description-html.ts";
import {
  type FloorPlan,
  floorPlanKindOf,
  floorPlanLabelSeparator,
  formatFloorPlanItem,
  maxFloorPlanFile,
  maxFloorPlanLabel,
  maxFloorPlans,
  parseFloorPlanItem,
} from "../../lib/floor-plans.ts";
import { parseJsonList } from "../../lib/json-list.ts";
import { readPostcode } from "../../lib/postcode.ts";
import { propertyCodePattern } from "../../lib/property-codes.ts";
import {
  type PropertyFieldName,
  type PropertyFieldType,
  type PropertySchemaValues,
  propertyField,
  propertyFieldNames,
  readChoice,
  type SchemaFieldName,
  schemaFieldNames,
  schemaValuesOf,
} from "../../lib/property-fields.ts";
import {
  defaultRentPeriod,
  type RentPeriod,
  readRentPeriod,
  rentPeriods,
} from "../../lib/rent-period.ts";
import { outboundUrlProblem } from "../outbound-fetch.ts";

/** The columns of an import or export file, in the export's order (lib/property-fields.ts). */
export const propertyColumns = propertyFieldNames;
export type PropertyColumn = PropertyFieldName;

/** The columns every import file must have; the others have defaults. */
export const requiredPropertyColumns: readonly PropertyColumn[] = [
  "code",
  "headline",
  "offer_type",
  "price",
  "address",
  "city",
  "country",
];

/** Separates the items of a list column in CSV: `Wi-Fi|Garden`. */
export const listSeparator = "|";

export { propertyCodePattern };

const text = (max: number) =>
  z
    .string({ error: "must be text" })
    .max(max, `must be at most ${max.toLocaleString("en-US")} characters`);

const requiredText = (max: number) => text(max).min(1, "is required");

const code = z
  .string({ error: "must be text" })
  .regex(propertyCodePattern, "must be 1 to 64 letters, digits, '.', '_' or '-'");

const wholeNumber = (max: number) =>
  z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(max, `must be at most ${max.toLocaleString("en-US")}`);

/** A list: a JSON array, or CSV text with items separated by `|`. */
const list = (item: z.ZodType<string>, max: number) =>
  z
    .preprocess(
      (value) =>
        typeof value === "string"
          ? value
              .split(listSeparator)
              .map((part) => part.trim())
              .filter(Boolean)
          : value,
      z
        .array(item, { error: `must be a list (in CSV: items separated by '${listSeparator}')` })
        .max(max, `must have at most ${max} items`),
    )
    .default([]);

const listItem = (max: number) =>
  requiredText(max).refine((value) => !value.includes(listSeparator), {
    error: `must not have '${listSeparator}' inside an item`,
  });

/**
 * A plan's file: a plain file name (no folders) or a public https address, which the brochure
 * fetches (decision 066: never http, this server or a private network).
 */
function floorPlanFileProblem(file: string): string | undefined {
  if (file === "") return "has no file";
  if (file.length > maxFloorPlanFile) return `file must be at most ${maxFloorPlanFile} characters`;
  if (/^[a-z][a-z\d+.-]*:/i.test(file)) {
    const problem = outboundUrlProblem(file);
    return problem === undefined ? undefined : `file '${file}' ${problem}`;
  }
  if (/[/\\]/.test(file) || file.startsWith(".")) {
    return `file '${file}' must be a plain file name (no folders) or an https address`;
  }
  return undefined;
}

/** One floor plan of an import's list, or what is wrong with it. */
function readFloorPlanEntry(item: unknown, index: number): FloorPlan | string {
  let label: string;
  let file: string;
  if (typeof item === "string") {
    ({ label, file } = parseFloorPlanItem(item, index));
  } else if (typeof item === "object" && item !== null && !Array.isArray(item)) {
    const fields = item as Record<string, unknown>;
    if (typeof fields.file !== "string") return "must have a file";
    file = fields.file.trim();
    const given = typeof fields.label === "string" ? fields.label.trim() : "";
    label = given === "" ? parseFloorPlanItem(file, index).label : given;
  } else {
    return "must be 'Label=file' or an object with label and file";
  }
  if (label.length > maxFloorPlanLabel) {
    return `label must be at most ${maxFloorPlanLabel} characters`;
  }
  if (label.includes(listSeparator) || label.includes(floorPlanLabelSeparator)) {
    return `label must not hold '${listSeparator}' or '${floorPlanLabelSeparator}'`;
  }
  const fileProblem = floorPlanFileProblem(file);
  if (fileProblem !== undefined) return fileProblem;
  const kind = floorPlanKindOf(file);
  if (kind === undefined) {
    return `file '${file}' must be an image (.png, .jpg, .webp, .gif, .avif) or a PDF (.pdf)`;
  }
  return { label, file, kind };
}

/**
 * Floor plans (decision 052): a list of `Label=file` items (in CSV separated by `|`; a file
 * alone is labelled "Floor plan n"), or in JSON objects `{ "label", "file" }`. Each file is an
 * image (.png, .jpg, .webp, .gif, .avif) or a PDF, by its extension.
 */
const floorPlans = z
  .preprocess(
    (value) =>
      typeof value === "string"
        ? value
            .split(listSeparator)
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z
      .array(z.unknown(), {
        error: `must be a list (in CSV: items separated by '${listSeparator}')`,
      })
      .max(maxFloorPlans, `must have at most ${maxFloorPlans} items`),
  )
  .transform((items, context): FloorPlan[] =>
    items.flatMap((item, index) => {
      const read = readFloorPlanEntry(item, index);
      if (typeof read !== "string") return [read];
      context.addIssue({ code: "custom", message: `item ${index + 1} ${read}` });
      return [];
    }),
  )
  .default([]);

const yesNo: Record<string, boolean> = {
  yes: true,
  no: false,
  true: true,
  false: false,
  "1": true,
  "0": false,
  y: true,
  n: false,
};

/** Yes or no: a boolean, or yes/no, true/false, 1/0, y/n in any case. */
const yesNoValue = z.preprocess(
  (value) => (typeof value === "string" ? (yesNo[value.toLowerCase()] ?? value) : value),
  z.boolean({ error: "must be yes or no" }),
);

/** Whether `YYYY-MM-DD` is a day of the calendar (not 2027-02-30). */
function isCalendarDate(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

const webAddress = z
  .httpUrl({ error: "must be an http(s) address" })
  .max(2000, "must be at most 2,000 characters");

/**
 * Decimal degrees within ±`limit`; absent is null (an unplaced property). Only numbers and
 * numeric text: coercion would read `true` as 1 and `[]` as 0, a made-up place.
 */
const degrees = (limit: number) =>
  z
    .preprocess(
      (value) => (typeof value === "string" ? Number(value) : value),
      z
        .number({ error: "must be a number" })
        .min(-limit, `must be between -${limit} and ${limit}`)
        .max(limit, `must be between -${limit} and ${limit}`),
    )
    .nullable()
    .default(null);

/** An ISO 8601 date or timestamp, stored as a UTC timestamp. */
const isoDate = z
  .string({ error: "must be a date" })
  .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
    error: "must be an ISO 8601 date, such as 2026-01-31 or 2026-01-31T09:30:00Z",
  })
  .transform((value) => new Date(value).toISOString());

/** A rent's period by its value ('week'), label ('Weekly') or usual spelling ('annual'), any case. */
const rentPeriod = z.unknown().transform((value, context): RentPeriod => {
  const read = readRentPeriod(value);
  if (read !== undefined) return read;
  context.addIssue({
    code: "custom",
    message: `must be one of ${rentPeriods.map((key) => `'${key}'`).join(", ")}`,
  });
  return z.NEVER;
});

/** A listing's availability by its label ('Under offer') or value ('under_offer'), any case. */
const availability = z.unknown().transform((value, context): Availability => {
  const read = readAvailability(value);
  if (read !== undefined) return read;
  context.addIssue({
    code: "custom",
    message: `must be one of ${availabilities.map((key) => `'${availabilityLabels[key]}'`).join(", ")}`,
  });
  return z.NEVER;
});

/** The rules of the fields lib/property-fields.ts leaves to this file (kind `custom`). */
const customFieldSchemas = {
  code,
  slug: z
    .string({ error: "must be text" })
    .regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      "must be lower-case letters and digits joined by single '-'",
    )
    .max(200, "must be at most 200 characters")
    .optional(),
  offer_type: z.string({ error: "must be text" }).transform((value, context) => {
    const offer = { "for rent": "For Rent", "for sale": "For Sale" }[value.toLowerCase()];
    if (offer) return offer;
    context.addIssue({ code: "custom", message: "must be 'For Rent' or 'For Sale'" });
    return z.NEVER;
  }),
  category: listItem(100).optional(),
  price: z.coerce
    .number({ error: "must be a number" })
    .min(0, "must be 0 or more")
    .max(1e12, "is too large"),
  /** What a rent's price is for; absent: a month (stored for a sale too, never shown). */
  rent_period: rentPeriod.default(defaultRentPeriod),
  property_status: text(50).default("Available"),
  /** Absent: a new listing is available, an existing one keeps its availability. */
  availability: availability.optional(),
  /** Absent: now when the availability changes, else as stored. */
  availability_changed_at: isoDate.optional(),
  latitude: degrees(90),
  longitude: degrees(180),
  amenities: list(listItem(100), 100),
  images: list(listItem(255), 100),
  floor_plans: floorPlans,
  related: list(code, 100),
  description: text(50_000)
    .default("")
    .transform((html) => descriptionParagraphs(sanitizeHtml(html, descriptionAllowList))),
  youtube: webAddress.nullable().default(null),
  google_map: webAddress.nullable().default(null),
  publish: yesNoValue.default(true),
  created_at: isoDate.optional(),
} satisfies Record<Exclude<PropertyFieldName, SchemaFieldName>, z.ZodType>;

/** A choice of lib/property-fields.ts by its value or label, any case; absent: null. */
const choice = (choices: Readonly<Record<string, string>>) =>
  z
    .unknown()
    .transform((value, context): string => {
      const read = readChoice(choices, value);
      if (read !== undefined) return read;
      context.addIssue({
        code: "custom",
        message: `must be one of ${Object.values(choices)
          .map((label) => `'${label}'`)
          .join(", ")}`,
      });
      return z.NEVER;
    })
    .nullable()
    .default(null);

/** The rules of a field of the table's own kinds. */
function schemaOf(type: PropertyFieldType): z.ZodType {
  switch (type.kind) {
    case "count":
      return wholeNumber(type.max).default(0);
    case "text":
      return type.required ? requiredText(type.max) : text(type.max).default("");
    case "choice":
      return choice(type.choices);
    case "number":
      return z.coerce
        .number({ error: "must be a number" })
        .int("must be a whole number")
        .min(type.min, `must be ${type.min.toLocaleString("en-US")} or more`)
        .max(type.max, `must be at most ${type.max.toLocaleString("en-US")}`)
        .nullable()
        .default(null);
    case "date":
      return z
        .string({ error: "must be a date" })
        .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value), {
          error: "must be a date written YYYY-MM-DD, such as 2027-03-01",
        })
        .nullable()
        .default(null);
    case "switch":
      return yesNoValue.default(type.initial);
    case "postcode":
      // Checked and normalised against the record's country below (readPostcode).
      return text(type.max).default("");
    case "custom":
      throw new Error("a custom field's rules are written in customFieldSchemas");
  }
}

type SchemaFieldShape = {
  [Name in SchemaFieldName]: z.ZodType<PropertySchemaValues[Name], unknown>;
};

/** The fields of the postcode kind, checked against the record's country. */
const postcodeFieldNames = schemaFieldNames.filter(
  (name) => propertyField(name).type.kind === "postcode",
);

/** Every field's rules, in the table's order. */
const propertyRecordShape = Object.fromEntries(
  propertyFieldNames.map((name) => {
    const type = propertyField(name).type;
    return [
      name,
      type.kind === "custom"
        ? customFieldSchemas[name as keyof typeof customFieldSchemas]
        : schemaOf(type),
    ];
  }),
) as typeof customFieldSchemas & SchemaFieldShape;

const propertyRecordSchema = z
  .strictObject(propertyRecordShape)
  .refine((record) => (record.latitude === null) === (record.longitude === null), {
    path: ["latitude"],
    error: "and longitude must be given together, or neither",
  })
  .transform((record, context) => {
    // A postcode's rules depend on the country (lib/postcode.ts, decision 093).
    const read = { ...record } as Record<string, unknown>;
    for (const name of postcodeFieldNames) {
      const result = readPostcode(String(read[name] ?? ""), record.country);
      if (result.ok) read[name] = result.postcode;
      else context.addIssue({ code: "custom", path: [name], message: result.problem });
    }
    return read as typeof record;
  });

/**
 * A validated property. `slug` and `created_at` are optional: a new property gets a slug from
 * its headline and code and is created now; an existing one keeps its own.
 */
export type PropertyRecord = z.output<typeof propertyRecordSchema>;

/** The outcome of reading one row: the record, or the reasons it was refused. */
export type RecordResult = { ok: true; record: PropertyRecord } | { ok: false; reasons: string[] };

/**
 * A reason a record was refused: the field (a column name; null for the record as a whole)
 * and what is wrong, worded to follow the field's name ("is required", "must be a number").
 */
export interface PropertyFieldIssue {
  field: PropertyColumn | null;
  message: string;
}

export type RecordValidation =
  | { ok: true; record: PropertyRecord }
  | { ok: false; issues: PropertyFieldIssue[] };

/**
 * Validates a property's values with the one schema the import and the back office's editor
 * share. Empty text, null and undefined are absent, so their default applies; text is trimmed.
 */
export function validatePropertyRecord(values: Record<string, unknown>): RecordValidation {
  const present: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const cleaned = typeof value === "string" ? value.trim() : value;
    if (cleaned !== "" && cleaned !== null && cleaned !== undefined) present[key] = cleaned;
  }
  const parsed = propertyRecordSchema.safeParse(present);
  if (parsed.success) return { ok: true, record: parsed.data };
  const issues = parsed.error.issues.map((issue): PropertyFieldIssue => {
    if (issue.code === "unrecognized_keys") {
      return {
        field: null,
        message: `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((key) => `'${key}'`).join(", ")}`,
      };
    }
    const field = issue.path[0];
    const known = (propertyColumns as readonly unknown[]).includes(field);
    const message =
      issue.code === "invalid_type" && present[String(field)] === undefined
        ? "is required"
        : issue.message;
    return { field: known ? (field as PropertyColumn) : null, message };
  });
  return { ok: false, issues };
}

/**
 * Validates one row's values: CSV cells (text, where {@link csvText} undoes the export's
 * formula guard) or a JSON object's values. Empty values are absent, so their default applies.
 */
export function readPropertyRecord(
  values: Record<string, unknown>,
  fromCsv: boolean,
): RecordResult {
  const cells = fromCsv
    ? Object.fromEntries(
        Object.entries(values).map(([key, value]) => [
          key,
          typeof value === "string" ? csvText(value) : value,
        ]),
      )
    : values;
  const validated = validatePropertyRecord(cells);
  if (validated.ok) return validated;
  return {
    ok: false,
    reasons: validated.issues.map((issue) =>
      issue.field === null ? issue.message : `${issue.field} ${issue.message}`,
    ),
  };
}

/**
 * A property as an export writes it: every column, the availability's change time null when it
 * never changed (an empty cell, `null` in JSON: absent on the way back in).
 */
export type PropertyExportRecord = Omit<Required<PropertyRecord>, "availability_changed_at"> & {
  availability_changed_at: string | null;
};

/**
 * A stored property as an export record; `amenityTitles` maps amenity ids to titles, and
 * `plans` are its floor plans.
 */
export function recordOfProperty(
  row: PropertyWithCategoryRow,
  amenityTitles: ReadonlyMap<number, string>,
  plans: readonly FloorPlan[] = [],
): PropertyExportRecord {
  const featureIds = parseJsonList(row.features).filter(
    (id): id is number => typeof id === "number",
  );
  const imageFiles = parseJsonList(row.image_list)
    .map((item) => (item as { imageUrl?: unknown })?.imageUrl)
    .filter((file): file is string => typeof file === "string" && file !== "");
  // The cover is the first image of the list; a cover outside the list goes first.
  if (row.cover_image !== "" && !imageFiles.includes(row.cover_image)) {
    imageFiles.unshift(row.cover_image);
  }
  const custom: Omit<PropertyExportRecord, SchemaFieldName> = {
    code: row.code,
    slug: row.slug,
    offer_type: row.offer_type,
    category: row.category ?? "",
    price: row.price,
    rent_period: readRentPeriod(row.rent_period) ?? defaultRentPeriod,
    property_status: row.property_status,
    availability: readAvailability(row.availability) ?? "available",
    availability_changed_at:
      row.availability_changed_at === null
        ? null
        : new Date(row.availability_changed_at).toISOString(),
    latitude: row.latitude,
    longitude: row.longitude,
    amenities: featureIds.flatMap((id) => amenityTitles.get(id) ?? []),
    images: imageFiles,
    floor_plans: plans.map((plan) => ({ ...plan })),
    related: parseJsonList(row.related_product)
      .map((item) => (item as { code?: unknown })?.code)
      .filter((code): code is string => typeof code === "string"),
    description: row.description,
    youtube: row.youtube,
    google_map: row.google_map,
    publish: row.publish === true || row.publish === 1,
    created_at: new Date(row.created_at).toISOString(),
  };
  const schema = schemaValuesOf(row);
  // In the columns' order, so an export's JSON keys follow its CSV header.
  return Object.fromEntries(
    propertyColumns.map((column) => [
      column,
      column in schema ? schema[column as SchemaFieldName] : custom[column as keyof typeof custom],
    ]),
  ) as PropertyExportRecord;
}

/** A record's CSV cells, in {@link propertyColumns} order. */
export function csvCellsOf(record: PropertyExportRecord): (string | number | null)[] {
  return propertyColumns.map((column) => {
    if (column === "floor_plans") {
      return record.floor_plans.map(formatFloorPlanItem).join(listSeparator);
    }
    const value = record[column];
    if (Array.isArray(value)) return value.join(listSeparator);
    if (typeof value === "boolean") return value ? "yes" : "no";
    return value;
  });
}
