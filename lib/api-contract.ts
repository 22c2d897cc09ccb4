/**
 * The wire shapes of SPEC §7: what `GET /api/...` answers inside `{ "data": ... }`.
 *
 * One home for the contract. The API types its answers with these; the site's client parses
 * answers with the same schemas, leniently, because it must also work against other backends
 * that speak §7 (numbers may arrive as strings, the JSON list fields as strings or as arrays).
 *
 * Server-side only: browser code imports its types (`import type`), never its values, so zod
 * stays out of the browser (docs/decisions/018). The plain values both sides use live in
 * json-list.ts, enquiry-fields.ts and collection-names.ts.
 */
import { z } from "zod";
import { readAvailability } from "./availability.ts";
import { type FloorPlan, readFloorPlans } from "./floor-plans.ts";
import type { JsonList } from "./json-list.ts";
import { type PriceEvent, readPriceHistory } from "./price-history.ts";
import {
  type PropertyFieldType,
  type PropertySchemaApiValues,
  propertyField,
  readChoice,
  schemaFieldNames,
} from "./property-fields.ts";
import { readRentPeriod } from "./rent-period.ts";

/** A rent's period (decision 073), absent when a backend sends none or an unknown one. */
const rentPeriod = z
  .unknown()
  .transform((value) => readRentPeriod(value))
  .optional();

/** A whole number that some backends send as a numeric string. */
const count = z.coerce.number().catch(0);

/**
 * A coordinate in decimal degrees within ±`limit`, or null: absent, empty, out of range or not a
 * number (an empty string must not read as 0, a point in the ocean).
 */
const degrees = (limit: number) =>
  z
    .preprocess(
      (value) => (value === "" ? null : value),
      z.coerce.number().min(-limit).max(limit).nullish(),
    )
    .catch(null);

/** A JSON list field (see json-list.ts): JSON text or an array. */
export const jsonList = z
  .union([z.string(), z.array(z.unknown())])
  .nullish() satisfies z.ZodType<JsonList>;

export const companyProfileSchema = z.object({
  business_name: z.string().catch(""),
  page_description: z.string().catch(""),
  image_url: z.string().catch(""),
  website: z.string().catch(""),
  telephone: z.string().catch(""),
  email_address: z.string().catch(""),
  address: z.string().catch(""),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

export const sliderSchema = z.object({
  title: z.string().catch(""),
  /** A file name under the image base's /sliders/ folder. */
  image_url: z.string().catch(""),
  link: z.string().catch("/"),
});
export type Slider = z.infer<typeof sliderSchema>;

export const amenitySchema = z.object({
  id: count,
  title: z.string().catch(""),
  /** A short icon name (see the site's icon set); unknown names fall back to a check mark. */
  icon: z.string().catch(""),
});
export type Amenity = z.infer<typeof amenitySchema>;

export const categorySchema = z.object({
  title: z.string().catch(""),
  total: count,
});
export type Category = z.infer<typeof categorySchema>;

/** The property as written here: SPEC §7 and this project's additions before lib/property-fields.ts. */
const writtenPropertyShape = {
  code: z.string(),
  slug: z.string(),
  headline: z.string().catch(""),
  /** A file name under the image base's /property/ folder. */
  cover_image: z.string().catch(""),
  price: z.coerce.number().catch(0),
  address: z.string().catch(""),
  bedroom: count,
  bathroom: count,
  room: count,
  floor: count,
  size: count,
  rating: count,
  garage: count,
  /** 'For Rent' or 'For Sale'. */
  offer_type: z.string().catch(""),
  publish: count,
  /** ISO 8601 timestamp. */
  created_at: z.string().catch(""),
  /** HTML, sanitised by the API on the way in. */
  description: z.string().catch(""),
  reference_no: z.string().catch(""),
  property_status: z.string().catch(""),
  city: z.string().catch(""),
  province: z.string().catch(""),
  country: z.string().catch(""),
  youtube: z.string().nullish().catch(null),
  google_map: z.string().nullish().catch(null),
  /** JSON list of amenity ids. */
  features: jsonList.catch(null),
  /** JSON list of `{ imageUrl }`. */
  image_list: jsonList.catch(null),
  /** JSON list of `{ code }`, or '[]'. */
  related_product: jsonList.catch(null),
  /** This project's additions, absent from other backends. */
  category: z.string().nullish().catch(null),
  balcony: z.coerce.number().nullish().catch(null),
  /** Decimal degrees (WGS 84); both or neither. Optional: other backends have no coordinates. */
  latitude: degrees(90).optional(),
  longitude: degrees(180).optional(),
  /**
   * lib/availability.ts: 'available', 'under_offer', 'sold_stc' or 'let_agreed', and when it
   * last changed (ISO 8601, or null). Optional: other backends send neither (decision 046);
   * an unknown value reads as absent.
   */
  availability: z
    .unknown()
    .transform((value) => readAvailability(value))
    .optional(),
  availability_changed_at: z.string().nullish().catch(null),
  /**
   * lib/rent-period.ts: what a rent's price is for, 'week', 'month', 'quarter' or 'year'
   * (decision 073). Optional: other backends do not send it, and a rental then reads as monthly;
   * an unknown value reads as absent.
   */
  rent_period: rentPeriod,
};

/**
 * A field of lib/property-fields.ts's own kinds as the site reads it, leniently: other backends
 * may leave out the fields this project added (a choice then reads as null).
 */
function apiSchemaOf(type: PropertyFieldType): z.ZodType {
  switch (type.kind) {
    case "count":
      return count;
    case "text":
    case "postcode":
      return z.string().catch("");
    case "choice":
      return z.unknown().transform((value) => readChoice(type.choices, value) ?? null);
    case "number":
      return z.number().int().nullable().catch(null);
    case "date":
      return z.iso.date().nullable().catch(null);
    case "switch":
      return z.boolean().catch(type.initial);
    case "custom":
      throw new Error("a custom field's API shape is written in writtenPropertyShape");
  }
}

type TableApiShape = {
  [Name in keyof PropertySchemaApiValues]: z.ZodOptional<
    z.ZodType<PropertySchemaApiValues[Name], unknown>
  >;
};

/**
 * The table's fields that the shape above does not write (the ones added since), after it;
 * optional, as other backends do not send them.
 */
const tablePropertyShape = Object.fromEntries(
  schemaFieldNames.flatMap((name) => {
    const field = propertyField(name);
    if (field.api === null || field.api in writtenPropertyShape) return [];
    return [[field.api, apiSchemaOf(field.type).optional()]];
  }),
) as Omit<TableApiShape, keyof typeof writtenPropertyShape>;

/** What only `GET /property/show/one/{code}` answers, after every other field. */
const detailPropertyShape = {
  /**
   * The property's floor plans, in order (decision 052): `GET /property/show/one/{code}` only;
   * the lists leave it out. Optional: other backends have none. Plans that are not a valid
   * `{ label, file, kind }` (an image or a PDF) are dropped.
   */
  floor_plans: z
    .unknown()
    .transform((value): FloorPlan[] | undefined =>
      value === undefined || value === null ? undefined : readFloorPlans(value),
    )
    .optional(),
  /**
   * The property's recorded prices, oldest first (decision 076): its first price, then each
   * change, as `{ changed_at, old_price, new_price, rent_period }`. `GET
   * /property/show/one/{code}` only; optional: other backends keep none. Unreadable events
   * are dropped.
   */
  price_history: z
    .unknown()
    .transform((value): PriceEvent[] | undefined =>
      value === undefined || value === null ? undefined : readPriceHistory(value),
    )
    .optional(),
};

export const propertySchema = z.object({
  ...writtenPropertyShape,
  ...tablePropertyShape,
  ...detailPropertyShape,
});
export type { FloorPlan, PriceEvent };
export type Property = z.infer<typeof propertySchema>;

/**
 * A placed property as a map draws it: this project's `GET /property/display/map` (decision
 * 054), not a §7 read.
 */
export const propertyMarkerSchema = z.object({
  code: z.string(),
  slug: z.string(),
  headline: z.string().catch(""),
  price: z.coerce.number().catch(0),
  offer_type: z.string().catch(""),
  rent_period: rentPeriod,
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
});
export type PropertyMarker = z.infer<typeof propertyMarkerSchema>;

export const collectionSchema = z.object({
  title: z.string().catch(""),
  /** JSON list of `{ code }`. */
  item_list: jsonList.catch(null),
});
export type Collection = z.infer<typeof collectionSchema>;

/** What `POST /contact/add` answers. `errors` is this API's addition on a 422. */
export const contactAnswerSchema = z.object({
  status: z.coerce.number(),
  message: z.string().catch(""),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ContactAnswer = z.infer<typeof contactAnswerSchema>;
