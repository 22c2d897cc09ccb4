/** Factories for test data: valid by default, overridable field by field. */
import { randomUUID } from "node:crypto";
import { deflateSync } from "node:zlib";
import type { Kysely } from "kysely";
import type { Database, NewPropertyRow, PropertyRow, ViewingStatus } from "../../db/database.ts";
import type { NewSpan, ViewingDetail } from "../../db/queries/viewing-booking.ts";
import type { CompanyProfile, Property } from "../../lib/api-contract.ts";
import type { EnquiryFields } from "../../lib/enquiry-fields.ts";
import { createPuzzle } from "../../lib/enquiry-rules.ts";
import { propertyFieldNames } from "../../lib/property-fields.ts";
import type { ViewingRequestValues } from "../../lib/viewing-booking.ts";
import type { PropertyColumn } from "../../server/content/property-record.ts";

let sequence = 0;

/** A valid general contact enquiry (no property) with a solved puzzle. */
export function buildContactEnquiry(overrides: Partial<EnquiryFields> = {}): EnquiryFields {
  sequence += 1;
  const puzzle = createPuzzle();
  return {
    fullname: `Visitor ${sequence}`,
    telephone: `+1 555 010 ${String(1000 + sequence).slice(-4)}`,
    email: `visitor${sequence}@example.com`,
    property_code: "",
    message: "Hello, I am interested in ...",
    how_you_hear: "Viewing request",
    num1: String(puzzle.num1),
    num2: String(puzzle.num2),
    answer: String(puzzle.answer),
    puzzle: String(puzzle.answer),
    ...overrides,
  };
}

/** A valid enquiry about the property `code`. */
export function buildPropertyEnquiry(
  code: string,
  overrides: Partial<EnquiryFields> = {},
): EnquiryFields {
  return buildContactEnquiry({ property_code: code, how_you_hear: "Google", ...overrides });
}

let propertySequence = 0;

/**
 * A valid property as the content import reads it (CSV cells or JSON values), with a unique
 * code; every column is filled.
 */
export function buildPropertyImportRow(
  overrides: Partial<Record<PropertyColumn, string>> = {},
): Record<PropertyColumn, string> {
  propertySequence += 1;
  const number = 5000 + propertySequence;
  return {
    // Columns added since (optional ones, lib/property-fields.ts) start empty.
    ...(Object.fromEntries(propertyFieldNames.map((column) => [column, ""])) as Record<
      PropertyColumn,
      string
    >),
    code: `IMP-${number}`,
    slug: `imported-home-${number}`,
    headline: `Imported Home ${number}`,
    offer_type: "For Sale",
    category: "Houses",
    price: String(250_000 + propertySequence * 1000),
    rent_period: "month",
    property_status: "Available",
    availability: "Available",
    availability_changed_at: "",
    reference_no: `REF-${number}`,
    address: `${number} Import Street, Springfield`,
    city: "Springfield",
    province: "Illinois",
    country: "United States",
    latitude: "39.7817",
    longitude: "-89.6501",
    bedroom: "3",
    bathroom: "2",
    room: "6",
    floor: "2",
    size: "1800",
    garage: "1",
    balcony: "0",
    rating: "4",
    amenities: "Garden|Parking",
    images: "",
    floor_plans: "",
    related: "",
    description: "<p>A bright home, close to schools.</p>",
    youtube: "",
    google_map: "",
    publish: "yes",
    created_at: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

/** Writes a small real image (PNG, or JPEG for a .jpg name) made by sharp; answers its path. */
export async function writeTestImage(path: string, color = "#c96f3b"): Promise<string> {
  const { default: sharp } = await import("sharp");
  const image = sharp({ create: { width: 48, height: 32, channels: 3, background: color } });
  await (/\.jpe?g$/i.test(path) ? image.jpeg() : image.png()).toFile(path);
  return path;
}

/** The company profile as §7 answers it. */
export function buildCompanyProfile(overrides: Partial<CompanyProfile> = {}): CompanyProfile {
  return {
    business_name: "Harbor & Pine Realty",
    page_description: "Homes to rent and to buy in six cities.",
    image_url: "logo.png",
    website: "https://harborandpine.example",
    telephone: "+1 (212) 555-0147",
    email_address: "hello@harborandpine.example",
    address: "214 Harbor Street, New York, NY 10005",
    ...overrides,
  };
}

/** A published property as §7 answers it (JSON list fields as JSON text). */
export function buildProperty(overrides: Partial<Property> = {}): Property {
  sequence += 1;
  const code = `P-${1000 + sequence}`;
  return {
    code,
    slug: `garden-house-${sequence}`,
    headline: `Garden House ${sequence}`,
    cover_image: `house-${sequence}-a.jpg`,
    price: 685_000,
    address: "4817 Avenue G, Austin, TX 78751",
    bedroom: 4,
    bathroom: 2,
    room: 7,
    floor: 2,
    size: 3000,
    rating: 4,
    garage: 1,
    offer_type: "For Sale",
    publish: 1,
    created_at: "2026-01-15T10:00:00.000Z",
    description: "<p>A bright detached home with a garden.</p>",
    reference_no: `REF-${sequence}`,
    property_status: "Available",
    city: "Austin",
    province: "Texas",
    country: "United States",
    youtube: null,
    google_map: null,
    features: "[]",
    image_list: JSON.stringify([{ imageUrl: `house-${sequence}-b.jpg` }]),
    related_product: "[]",
    category: "Houses",
    balcony: 1,
    ...overrides,
  };
}

/**
 * Writes a JPEG photo (a colour gradient, so encoders have detail to keep) of the given size
 * at `relativePath` under `imageDir`, creating its folder; answers the file's absolute path.
 */
export async function writeTestPhoto(
  imageDir: string,
  relativePath: string,
  size: { width: number; height: number } = { width: 1600, height: 1067 },
): Promise<string> {
  const { default: sharp } = await import("sharp");
  const { mkdir } = await import("node:fs/promises");
  const { dirname, join } = await import("node:path");
  const file = join(imageDir, relativePath);
  await mkdir(dirname(file), { recursive: true });
  const { width, height } = size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#2a6f97"/><stop offset="1" stop-color="#f4a261"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#fff"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toFile(file);
  return file;
}

/**
 * The bytes of a photo as a member of staff would upload it: a gradient with a circle (so no
 * two colours give the same bytes) in the format and size given; JPEG 1200 × 800 by default.
 */
export async function buildPhotoBytes(
  options: {
    width?: number;
    height?: number;
    format?: "jpeg" | "png" | "webp" | "avif" | "gif";
    color?: string;
  } = {},
): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const { width = 1200, height = 800, format = "jpeg", color = "#f4a261" } = options;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#2a6f97"/><stop offset="1" stop-color="${color}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

/** A small but real PDF: one empty page. */
export function buildPdfBytes(note = "plan"): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${note}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    "latin1",
  );
}

/** The owner's name a phone writes into its photos (EXIF Artist, XMP, IPTC, a comment). */
export const phonePhotoOwner = "Jane Q. Homeowner";

/** A JPEG segment: its marker and payload, with the length JPEG puts before it. */
function jpegSegment(marker: number, payload: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/**
 * A photo as a phone takes it (decision 065): a JPEG whose pixels lie on their side, EXIF
 * orientation 6 turning them upright (stored `width` × `height`, shown `height` × `width`),
 * with the owner's name and the GPS position in EXIF, the name again in XMP, IPTC and a
 * comment, and a Display P3 colour profile.
 */
export async function buildPhonePhotoBytes(
  options: { width?: number; height?: number; format?: "jpeg" | "png" | "webp" } = {},
): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const { width = 1200, height = 800, format = "jpeg" } = options;
  const owner = phonePhotoOwner;
  const photo = await sharp(await buildPhotoBytes({ width, height }))
    .withMetadata({ orientation: 6, icc: "p3" })
    .withExifMerge({
      IFD0: { Artist: owner, Make: "Phone" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 2617/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 3960/100",
      },
    })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${owner}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`,
    )
    .toFormat(format)
    .toBuffer();
  if (format !== "jpeg") return photo;
  // sharp writes neither IPTC nor comments: the segments are put after the start marker.
  const byLine = Buffer.concat([
    Buffer.from([0x1c, 0x02, 0x50, 0, owner.length]),
    Buffer.from(owner),
  ]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(byLine.length);
  const iptc = jpegSegment(
    0xed,
    Buffer.concat([
      Buffer.from("Photoshop 3.0\0"),
      Buffer.from("8BIM"),
      Buffer.from([0x04, 0x04, 0, 0]),
      size,
      byLine,
      Buffer.alloc(byLine.length % 2),
    ]),
  );
  const comment = jpegSegment(0xfe, Buffer.from(`Taken by ${owner}`));
  return Buffer.concat([photo.subarray(0, 2), iptc, comment, photo.subarray(2)]);
}

/** What an active PDF does when opened, and how it hides it (decision 065). */
export type ActivePdfKind = "script" | "escaped" | "object-stream" | "launch" | "attachment";

/**
 * A PDF like {@link buildPdfBytes} that does more than show a page: a script as its opening
 * action (plainly, with its names escaped as `/J#61vaScript`, or in a compressed object
 * stream), a program launched, or an attached file.
 */
export function buildActivePdfBytes(kind: ActivePdfKind): Buffer {
  const catalogExtra: Record<ActivePdfKind, string> = {
    script: "/OpenAction << /S /JavaScript /JS (app.alert('plan')) >>",
    escaped: "/OpenAction << /S /J#61vaScript /J#53 (app.alert('plan')) >>",
    "object-stream": "/OpenAction 4 0 R",
    launch: "/OpenAction << /S /Launch /F (calc.exe) >>",
    attachment: "/Names << /EmbeddedFiles << /Names [(a.exe) 5 0 R] >> >>",
  };
  const pdf = buildPdfBytes(kind)
    .toString("latin1")
    .replace("/Pages 2 0 R", `/Pages 2 0 R ${catalogExtra[kind]}`);
  if (kind !== "object-stream") return Buffer.from(pdf, "latin1");
  const objects = deflateSync(Buffer.from("4 0 << /S /JavaScript /JS (app.alert('plan')) >>"));
  const [body, trailer] = pdf.split("trailer");
  return Buffer.concat([
    Buffer.from(
      `${body}5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Length ${objects.length} /Filter /FlateDecode >>\nstream\n`,
      "latin1",
    ),
    objects,
    Buffer.from(`\nendstream\nendobj\ntrailer${trailer}`, "latin1"),
  ]);
}

/** What {@link insertViewing} may be told; everything else is a valid default. */
export interface ViewingOverrides {
  propertyId: number;
  staffUserId: number | null;
  startsAt: Date;
  /** Minutes; 30 by default. */
  minutes?: number;
  status?: ViewingStatus;
  sequence?: number;
  visitorName?: string;
  visitorEmail?: string;
  visitorPhone?: string;
  message?: string;
  feedback?: string;
  reminderSentAt?: Date | null;
  createdAt?: Date;
}

/**
 * Inserts one viewing row directly (as the booking page would leave it): it holds its slot
 * (`hold_key`) while tentative or confirmed. Answers its id and UID.
 */
export async function insertViewing(
  db: Kysely<Database>,
  viewing: ViewingOverrides,
): Promise<{ id: number; uid: string }> {
  const n = ++sequence;
  const status = viewing.status ?? "tentative";
  const endsAt = new Date(viewing.startsAt.getTime() + (viewing.minutes ?? 30) * 60_000);
  const created = (viewing.createdAt ?? new Date()).toISOString();
  const uid = `${randomUUID()}@viewings.test`;
  const holds = status === "tentative" || status === "confirmed";
  const row = await db
    .insertInto("viewing")
    .values({
      uid,
      property_id: viewing.propertyId,
      staff_user_id: viewing.staffUserId,
      starts_at: viewing.startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
      status,
      sequence: viewing.sequence ?? 0,
      hold_key: holds
        ? `${viewing.staffUserId ?? "office"}@${viewing.startsAt.toISOString()}`
        : null,
      visitor_name: viewing.visitorName ?? `Vera Visitor ${n}`,
      visitor_email: viewing.visitorEmail ?? `visitor-${n}@example.com`,
      visitor_phone: viewing.visitorPhone ?? "01632 960123",
      message: viewing.message ?? "",
      feedback: viewing.feedback ?? "",
      reminder_sent_at: viewing.reminderSentAt ? viewing.reminderSentAt.toISOString() : null,
      created_at: created,
      updated_at: created,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, uid };
}

/** A week of a member of staff's viewing hours: Monday to Friday, 09:00 to 17:00, 30 + 15 minutes. */
export function buildViewingWeek(
  overrides: Partial<NewSpan> = {},
  weekdays: readonly number[] = [1, 2, 3, 4, 5],
): NewSpan[] {
  return weekdays.map((weekday) => ({
    weekday,
    startTime: "09:00",
    endTime: "17:00",
    slotMinutes: 30,
    bufferMinutes: 15,
    ...overrides,
  }));
}

/** A visitor's booking of the slot starting at `slot` (ISO). */
export function buildViewingRequest(
  slot: string,
  overrides: Partial<ViewingRequestValues> = {},
): ViewingRequestValues {
  sequence += 1;
  return {
    slot,
    fullname: "Alex Visitor",
    telephone: "+44 20 7946 0000",
    email: `visitor${sequence}@example.com`,
    message: "",
    ...overrides,
  };
}

/** A viewing as its mails and feeds read it (db/queries/viewing-booking.ts's ViewingDetail). */
export function buildViewingDetail(overrides: Partial<ViewingDetail> = {}): ViewingDetail {
  sequence += 1;
  return {
    id: sequence,
    uid: `viewing-${sequence}@homes.example`,
    sequence: 0,
    status: "tentative",
    startsAt: "2026-12-01T10:00:00.000Z",
    endsAt: "2026-12-01T10:30:00.000Z",
    visitorName: "Alex Visitor",
    visitorEmail: "alex@example.com",
    visitorPhone: "+44 20 7946 0000",
    message: "",
    staffUserId: 7,
    agentEmail: "agent@example.com",
    listing: {
      code: "HP-1001",
      slug: "hp-1001-garden-flat",
      headline: "Garden flat by the park",
      address: "12 Park Road",
      city: "London",
    },
    ...overrides,
  };
}

/**
 * A listing row to insert (db/queries/property-writes.ts's insertProperty): a row read back
 * from the database (a seeded one) under a new code and slug, with `overrides`.
 */
export function buildListingRowFrom(
  source: PropertyRow,
  overrides: Partial<NewPropertyRow> & { code: string },
): NewPropertyRow {
  const {
    id: _id,
    first_published_at: _first,
    archived_at: _archived,
    updated_at: _updated,
    availability_changed_at: _availabilityChanged,
    modified_at: _modified,
    ...copy
  } = source;
  return {
    ...copy,
    publish: copy.publish === true || copy.publish === 1 ? 1 : 0,
    created_at: "2026-11-01T10:00:00.000Z",
    slug: overrides.code.toLowerCase(),
    availability: "available",
    ...overrides,
  };
}
