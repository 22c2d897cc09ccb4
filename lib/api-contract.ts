/**
 * The wire shapes of SPEC §7: what `GET /api/...` answers inside `{ "data": ... }`.
 *
 * One home for the contract. The API types its answers with these; the site's client parses
 * answers with the same schemas, leniently, because it must also work against other backends
 * that speak §7 (numbers may arrive as strings, the JSON list fields as strings or as arrays).
 */
import { z } from "zod";

// In the browser, zod probes for eval (`new Function`) when an object schema is created; the
// site's CSP forbids eval, and Chromium reports even that caught probe as a violation. The
// browser parses little, so it goes without zod's compiled parsers; the server keeps them.
if (typeof document !== "undefined") z.config({ jitless: true });

/** A whole number that some backends send as a numeric string. */
const count = z.coerce.number().catch(0);

/**
 * The SPEC's JSON list fields (features, image_list, related_product, item_list) are stored
 * and sent as JSON text, as the original backend did. A backend may also send real arrays.
 */
export const jsonList = z.union([z.string(), z.array(z.unknown())]).nullish();
export type JsonList = z.infer<typeof jsonList>;

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

export const propertySchema = z.object({
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
});
export type Property = z.infer<typeof propertySchema>;

export const collectionSchema = z.object({
  title: z.string().catch(""),
  /** JSON list of `{ code }`. */
  item_list: jsonList.catch(null),
});
export type Collection = z.infer<typeof collectionSchema>;

/** The collection names the site asks for (SPEC §7). */
export const collectionNames = [
  "Product Layout 1",
  "Product Layout 2",
  "Product Layout 3",
] as const;
export type CollectionName = (typeof collectionNames)[number];

/** The fields of `POST /contact/add` (SPEC §3, §7). */
export const enquiryFieldNames = [
  "fullname",
  "telephone",
  "email",
  "property_code",
  "message",
  "how_you_hear",
  "num1",
  "num2",
  "answer",
  "puzzle",
] as const;
export type EnquiryFieldName = (typeof enquiryFieldNames)[number];
export type EnquiryFields = Record<EnquiryFieldName, string>;

/** What `POST /contact/add` answers. `errors` is this API's addition on a 422. */
export const contactAnswerSchema = z.object({
  status: z.coerce.number(),
  message: z.string().catch(""),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ContactAnswer = z.infer<typeof contactAnswerSchema>;

/** Reads a JSON list field whichever way it arrived; anything unparsable is an empty list. */
export function parseJsonList(value: JsonList): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== "string" || value.trim() === "") return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
