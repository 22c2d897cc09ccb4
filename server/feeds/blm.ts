/**
 * Rightmove's BLM file, version 3 (issue 30 item 3; decision 097): a text file of four
 * sections, `#HEADER#` (the version, the end-of-field and end-of-record characters, the
 * property count and when it was made), `#DEFINITION#` (the field names), `#DATA#` (one
 * record a listing) and `#END#`. Every field ends with the EOF character (`^`), every record
 * with the EOR character (`~`), the definition too. Dates are `YYYY-MM-DD HH:MM:SS` in UK time;
 * the file is named `{BRANCH_ID}_{YYYYMMDDHH}.BLM`; the media it names are
 * `{AGENT_REF}_IMG_nn.jpg` and `{AGENT_REF}_FLP_nn.jpg`, sent beside it in one zip. Pure: the
 * listings come in as export records, the file goes out as text (./blm-export.ts writes it).
 */
import type { Availability } from "../../lib/availability.ts";
import type { FloorPlan } from "../../lib/floor-plans.ts";
import { ukPostcodeParts } from "../../lib/postcode.ts";
import type { RentPeriod } from "../../lib/rent-period.ts";

export const blmFieldSeparator = "^";
export const blmRecordSeparator = "~";

/** What the file says of a listing: its export record's fields and its change time. */
export interface BlmListing {
  code: string;
  headline: string;
  description: string;
  address: string;
  city: string;
  postcode: string;
  display_address: string;
  price: number;
  offer_type: string;
  rent_period: RentPeriod;
  availability: Availability;
  bedroom: number;
  bathroom: number;
  category: string;
  tenure: string | null;
  furnished: string | null;
  deposit: number | null;
  available_from: string | null;
  council_tax_band: string | null;
  amenities: readonly string[];
  images: readonly string[];
  floor_plans: readonly FloorPlan[];
  /** ISO 8601. */
  created_at: string;
  /** ISO 8601; null: never changed since it was created. */
  updated_at: string | null;
}

/** A file the BLM names and the zip carries: its name there and the stored file it comes from. */
export interface BlmMedia {
  name: string;
  /** The stored file (IMAGE_DIR/property) it is made from, as a JPEG. */
  source: string;
}

/** One listing's record: its field values by name, and its media. */
export interface BlmRecord {
  values: Record<string, string>;
  media: BlmMedia[];
}

/** The most photos and floor plans one record names (Rightmove's own limits are higher). */
export const maxBlmImages = 50;
export const maxBlmFloorPlans = 10;

/** The feature lines of the file: Rightmove has ten, the first three mandatory. */
const featureFields = Array.from({ length: 10 }, (_, index) => `FEATURE${index + 1}`);

/** The fields every record has, in the definition's order, before the media. */
export const blmFields = [
  "AGENT_REF",
  "ADDRESS_1",
  "ADDRESS_2",
  "TOWN",
  "POSTCODE1",
  "POSTCODE2",
  ...featureFields,
  "SUMMARY",
  "DESCRIPTION",
  "BRANCH_ID",
  "STATUS_ID",
  "BEDROOMS",
  "BATHROOMS",
  "PRICE",
  "PRICE_QUALIFIER",
  "PROP_SUB_ID",
  "CREATE_DATE",
  "UPDATE_DATE",
  "DISPLAY_ADDRESS",
  "PUBLISHED_FLAG",
  "LET_DATE_AVAILABLE",
  "LET_BOND",
  "LET_FURN_ID",
  "LET_RENT_FREQUENCY",
  "TENURE_TYPE_ID",
  "COUNCIL_TAX_BAND",
  "TRANS_TYPE_ID",
] as const;

/** The specification's mandatory fields (LET_RENT_FREQUENCY: for lettings; a photo: MEDIA_IMAGE_00). */
export const blmMandatoryFields = [
  "AGENT_REF",
  "ADDRESS_1",
  "TOWN",
  "POSTCODE1",
  "POSTCODE2",
  "FEATURE1",
  "FEATURE2",
  "FEATURE3",
  "SUMMARY",
  "DESCRIPTION",
  "BRANCH_ID",
  "STATUS_ID",
  "BEDROOMS",
  "PRICE",
  "PROP_SUB_ID",
  "CREATE_DATE",
  "UPDATE_DATE",
  "DISPLAY_ADDRESS",
  "PUBLISHED_FLAG",
  "TRANS_TYPE_ID",
] as const;

/** STATUS_ID: 0 available, 1 sold STC, 3 under offer, 5 let agreed. */
const statusIds: Record<Availability, string> = {
  available: "0",
  sold_stc: "1",
  under_offer: "3",
  let_agreed: "5",
};

/** LET_RENT_FREQUENCY: 0 weekly, 1 monthly, 2 quarterly, 3 annual. */
const rentFrequencies: Record<RentPeriod, string> = {
  week: "0",
  month: "1",
  quarter: "2",
  year: "3",
};

/** LET_FURN_ID: 0 furnished, 1 part furnished, 2 unfurnished, 3 not specified. */
const furnishings: Record<string, string> = {
  furnished: "0",
  part_furnished: "1",
  unfurnished: "2",
};

/** TENURE_TYPE_ID: 1 freehold, 2 leasehold, 4 commonhold, 5 share of freehold. */
const tenures: Record<string, string> = {
  freehold: "1",
  leasehold: "2",
  commonhold: "4",
  share_of_freehold: "5",
};

/**
 * PROP_SUB_ID by this site's category (lowercase): 26 a house (unspecified), 27 a villa, 28 an
 * apartment, 8 a flat, 9 a studio, 12 a bungalow, 51 a garage; 0 "not specified" for the rest.
 */
const propertyTypes: Record<string, string> = {
  houses: "26",
  house: "26",
  villas: "27",
  villa: "27",
  apartments: "28",
  apartment: "28",
  flats: "8",
  flat: "8",
  studios: "9",
  studio: "9",
  bungalows: "12",
  bungalow: "12",
  garages: "51",
  garage: "51",
};

/** The Rightmove property type of a category: "0" (not specified) when it has none. */
export function propSubIdOf(category: string): string {
  return propertyTypes[category.trim().toLowerCase()] ?? "0";
}

/** The summary's length: Rightmove takes up to 1,000 characters; a search result shows ~300. */
const summaryLength = 300;

/**
 * A value as a field holds it: no separator characters (they would end the field or the
 * record), no line breaks (a record is one line), spaces collapsed.
 */
export function blmText(value: string): string {
  return value
    .replaceAll(blmFieldSeparator, " ")
    .replaceAll(blmRecordSeparator, " ")
    .replace(/[\r\n\t]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** The description's words without its markup, entities read. */
export function plainTextOf(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d)[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** The first `length` characters of `text`, cut at a word and marked with "…" when cut. */
function shortened(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A time as the file writes it: `YYYY-MM-DD HH:MM:SS`, UK time (Europe/London). */
export function blmDateTime(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The file's name: `{BRANCH_ID}_{YYYYMMDDHH}.BLM`, the hour in UK time. */
export function blmFileName(branchId: string, at: Date): string {
  const stamp = blmDateTime(at).replace(/[-: ]/g, "").slice(0, 10);
  return `${branchId}_${stamp}.BLM`;
}

/** A listing's reference in the feed: the branch's id, then the listing's code. */
export function agentRefOf(branchId: string, code: string): string {
  return `${branchId}_${code}`;
}

/** Two digits: a media field's number (`00` to `99`). */
const twoDigits = (index: number) => String(index).padStart(2, "0");

/**
 * The street lines of an address: ADDRESS_1 its first part ("27 Albert Street"), ADDRESS_2
 * the parts between it and the town (its town and postcode left out, the file has them).
 */
function addressLines(listing: BlmListing): [string, string] {
  const town = listing.city.trim().toLowerCase();
  const postcode = listing.postcode.replace(/\s+/g, "").toLowerCase();
  const parts = listing.address
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const rest = parts.slice(1).filter((part) => {
    const flat = part.replace(/\s+/g, "").toLowerCase();
    return part.toLowerCase() !== town && !(postcode !== "" && flat.endsWith(postcode));
  });
  return [parts[0] ?? "", rest.join(", ")];
}

/** A listing's record of the file, and the media it names (made from its stored files). */
export function blmRecordOf(listing: BlmListing, branchId: string): BlmRecord {
  const agentRef = agentRefOf(branchId, listing.code);
  const letting = listing.offer_type === "For Rent";
  const [address1, address2] = addressLines(listing);
  const postcode = ukPostcodeParts(listing.postcode);
  const description = listing.description;
  const created = new Date(listing.created_at);
  const updated = listing.updated_at === null ? created : new Date(listing.updated_at);
  const features = listing.amenities.slice(0, featureFields.length);
  const values: Record<string, string> = {
    AGENT_REF: agentRef,
    ADDRESS_1: address1,
    ADDRESS_2: address2,
    TOWN: listing.city,
    POSTCODE1: postcode?.outward ?? "",
    POSTCODE2: postcode?.inward ?? "",
    ...Object.fromEntries(featureFields.map((field, index) => [field, features[index] ?? ""])),
    SUMMARY: shortened(plainTextOf(description), summaryLength),
    DESCRIPTION: description,
    BRANCH_ID: branchId,
    STATUS_ID: statusIds[listing.availability],
    BEDROOMS: String(listing.bedroom),
    BATHROOMS: String(listing.bathroom),
    PRICE: String(Math.round(listing.price)),
    PRICE_QUALIFIER: "0",
    PROP_SUB_ID: propSubIdOf(listing.category),
    CREATE_DATE: blmDateTime(created),
    UPDATE_DATE: blmDateTime(updated),
    DISPLAY_ADDRESS: listing.display_address,
    PUBLISHED_FLAG: "1",
    LET_DATE_AVAILABLE:
      letting && listing.available_from ? `${listing.available_from} 00:00:00` : "",
    LET_BOND: letting && listing.deposit !== null ? String(listing.deposit) : "",
    LET_FURN_ID: letting ? (furnishings[listing.furnished ?? ""] ?? "3") : "",
    LET_RENT_FREQUENCY: letting ? rentFrequencies[listing.rent_period] : "",
    TENURE_TYPE_ID: letting ? "" : (tenures[listing.tenure ?? ""] ?? ""),
    COUNCIL_TAX_BAND: (listing.council_tax_band ?? "").toUpperCase(),
    TRANS_TYPE_ID: letting ? "2" : "1",
  };
  const media: BlmMedia[] = [];
  listing.images.slice(0, maxBlmImages).forEach((file, index) => {
    const name = `${agentRef}_IMG_${twoDigits(index)}.jpg`;
    values[`MEDIA_IMAGE_${twoDigits(index)}`] = name;
    values[`MEDIA_IMAGE_TEXT_${twoDigits(index)}`] = "";
    media.push({ name, source: file });
  });
  // Only the plans stored here as images: a PDF or a plan on another site is not sent.
  listing.floor_plans
    .filter((plan) => plan.kind === "image" && !/^[a-z][a-z\d+.-]*:/i.test(plan.file))
    .slice(0, maxBlmFloorPlans)
    .forEach((plan, index) => {
      const name = `${agentRef}_FLP_${twoDigits(index)}.jpg`;
      values[`MEDIA_FLOOR_PLAN_${twoDigits(index)}`] = name;
      values[`MEDIA_FLOOR_PLAN_TEXT_${twoDigits(index)}`] = plan.label;
      media.push({ name, source: plan.file });
    });
  return { values, media };
}

/**
 * The definition's fields for these records: every record's fields, then as many photo and
 * plan fields (each with its caption) as the record with the most has.
 */
export function blmDefinition(records: readonly BlmRecord[]): string[] {
  const count = (prefix: string) =>
    Math.max(
      0,
      ...records.map(
        (record) => Object.keys(record.values).filter((key) => key.startsWith(prefix)).length,
      ),
    );
  const images = Math.max(1, count("MEDIA_IMAGE_TEXT_"));
  const plans = count("MEDIA_FLOOR_PLAN_TEXT_");
  return [
    ...blmFields,
    ...Array.from({ length: images }, (_, index) => [
      `MEDIA_IMAGE_${twoDigits(index)}`,
      `MEDIA_IMAGE_TEXT_${twoDigits(index)}`,
    ]).flat(),
    ...Array.from({ length: plans }, (_, index) => [
      `MEDIA_FLOOR_PLAN_${twoDigits(index)}`,
      `MEDIA_FLOOR_PLAN_TEXT_${twoDigits(index)}`,
    ]).flat(),
  ];
}

/** The file's text: its header, definition, one record a line, and its end. */
export function formatBlm(records: readonly BlmRecord[], generatedAt: Date): string {
  const fields = blmDefinition(records);
  const line = (cells: readonly string[]) =>
    `${cells.map((cell) => `${blmText(cell)}${blmFieldSeparator}`).join("")}${blmRecordSeparator}`;
  return [
    "#HEADER#",
    "Version : 3",
    `EOF : '${blmFieldSeparator}'`,
    `EOR : '${blmRecordSeparator}'`,
    `Property Count : ${records.length}`,
    `Generated Date : ${blmDateTime(generatedAt)}`,
    "",
    "#DEFINITION#",
    line(fields),
    "",
    "#DATA#",
    ...records.map((record) => line(fields.map((field) => record.values[field] ?? ""))),
    "#END#",
    "",
  ].join("\r\n");
}
