/**
 * Synthetic properties for scale tests (`npm run db:generate`, `npm run bench`): N published
 * listings, deterministic (each from a PRNG seeded by its code), inserted in batched multi-row
 * inserts. They reuse the demo's image files, amenities and categories, so the demo content must
 * be seeded first.
 */
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { schemaFieldsWith } from "../../lib/property-fields.ts";
import type { Database, DatabaseHandle, Dialect, NewPropertyRow } from "../database.ts";
import { migrateToLatest } from "../migrate.ts";
import { recordFirstPrices } from "../queries/price-history.ts";
import { placeInCity } from "./city-centres.ts";
import { type BuildingKind, buildDemoContent, buildingFacts, slugify } from "./content.ts";
import { createRandom, type Random, seedOf } from "./random.ts";
import { isDatabaseEmpty, resetDatabase, seedDemoContent } from "./seed.ts";

/** The most properties one run may add. */
export const maxGenerateCount = 1_000_000;

/** Bound parameters per statement: SQLite's SQLITE_MAX_VARIABLE_NUMBER and PostgreSQL's wire limit. */
export const maxBoundParameters: Record<Dialect, number> = { sqlite: 32_766, postgres: 65_535 };

/**
 * Columns an inserted property row binds (every column but id): the generator's own and the
 * property schema's fields it fills (generatedFieldValues).
 */
export const propertyInsertColumns = 36 + schemaFieldsWith("generate").length;

/** Rows per INSERT: as many as the dialect's parameter limit allows, at most 2,000. */
export function batchRowsFor(dialect: Dialect): number {
  return Math.min(2_000, Math.floor(maxBoundParameters[dialect] / propertyInsertColumns));
}

/** Rows per transaction: a crash loses at most this many; each commit syncs the disk once. */
const rowsPerTransaction = 10_000;

const twoYearsMs = 2 * 365 * 24 * 60 * 60 * 1000;

export interface GenerateOptions {
  /** How many properties to add, 1 to {@link maxGenerateCount}. */
  count: number;
  dialect: Dialect;
  /** The moment `created_at` is spread back from (two years); now by default. */
  now?: Date;
  /** Rows per INSERT; at most {@link batchRowsFor}(dialect). */
  batchRows?: number;
  /** Called after each batch with the rows inserted so far. */
  onProgress?: (done: number, total: number) => void;
}

export interface GenerateResult {
  inserted: number;
  /** The first and last codes added, such as GEN-000001 and GEN-100000. */
  firstCode: string;
  lastCode: string;
}

/** A generated property's code: GEN- and its number, zero-padded to six digits. */
export function generatedCode(number: number): string {
  return `GEN-${String(number).padStart(6, "0")}`;
}

/** Thrown for a bad command line; its message says what to change. */
export class GenerateArgumentError extends Error {
  override name = "GenerateArgumentError";
}

export type GenerateArgs = { help: true } | { help: false; count: number; reset: boolean };

/** Reads `--count N` (or `--count=N`), `--reset` and `--help` / `-h`. */
export function parseGenerateArgs(args: readonly string[]): GenerateArgs {
  let count: string | undefined;
  let reset = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--help" || arg === "-h") return { help: true };
    if (arg === "--reset") {
      reset = true;
    } else if (arg === "--count" || arg.startsWith("--count=")) {
      if (count !== undefined) throw new GenerateArgumentError("--count is given more than once.");
      const value = arg === "--count" ? args[++i] : arg.slice("--count=".length);
      if (value === undefined || value === "" || value.startsWith("--")) {
        throw new GenerateArgumentError("--count needs a number, such as --count 100000.");
      }
      count = value;
    } else {
      throw new GenerateArgumentError(`Unknown argument "${arg}".`);
    }
  }
  if (count === undefined) {
    throw new GenerateArgumentError("--count is required, such as --count 100000.");
  }
  const plain = count.replace(/[_,]/g, "");
  if (!/^\d+$/.test(plain) || Number(plain) < 1 || Number(plain) > maxGenerateCount) {
    throw new GenerateArgumentError(
      `--count must be a positive whole number up to ${maxGenerateCount.toLocaleString("en-US")} (got "${count}").`,
    );
  }
  return { help: false, count: Number(plain), reset };
}

interface Place {
  city: string;
  province: string;
  country: string;
  /** Postcode-like suffix of an address. */
  postcode: (random: Random) => string;
  streets: string[];
  areas: string[];
  /** Price level against New York. */
  priceLevel: number;
}

const digits = (random: Random, length: number) =>
  String(random.int(0, 10 ** length - 1)).padStart(length, "0");

/** The demo's seven cities and six more of the same countries. */
const places: Place[] = [
  {
    city: "New York",
    province: "New York",
    country: "United States",
    postcode: (r) => `NY 10${digits(r, 3)}`,
    streets: ["West 86th Street", "Riverside Drive", "Lexington Avenue", "Carlton Avenue"],
    areas: ["the Upper West Side", "Brooklyn Heights", "Harlem", "Chelsea", "Astoria"],
    priceLevel: 1.3,
  },
  {
    city: "Austin",
    province: "Texas",
    country: "United States",
    postcode: (r) => `TX 787${digits(r, 2)}`,
    streets: ["Avenue G", "Kenwood Avenue", "Shoal Creek Boulevard", "East 6th Street"],
    areas: ["Hyde Park", "Travis Heights", "Mueller", "Zilker", "East Austin"],
    priceLevel: 0.8,
  },
  {
    city: "Chicago",
    province: "Illinois",
    country: "United States",
    postcode: (r) => `IL 606${digits(r, 2)}`,
    streets: ["North Clark Street", "West Armitage Avenue", "South Michigan Avenue"],
    areas: ["Lincoln Park", "Wicker Park", "Hyde Park", "the South Loop"],
    priceLevel: 0.85,
  },
  {
    city: "Toronto",
    province: "Ontario",
    country: "Canada",
    postcode: (r) =>
      `ON M${r.int(1, 9)}${r.pick(["A", "C", "E", "J", "K", "R"])} ${r.int(1, 9)}B${r.int(1, 9)}`,
    streets: ["Queen Street West", "Harbour Square", "Midland Avenue", "Danforth Avenue"],
    areas: ["Leslieville", "the Annex", "Scarborough", "Liberty Village", "the Beaches"],
    priceLevel: 0.95,
  },
  {
    city: "Vancouver",
    province: "British Columbia",
    country: "Canada",
    postcode: (r) =>
      `BC V${r.int(5, 6)}${r.pick(["K", "N", "B", "T"])} ${r.int(1, 9)}L${r.int(1, 9)}`,
    streets: ["West 3rd Avenue", "Point Grey Road", "Knight Street", "Water Street"],
    areas: ["Kitsilano", "Mount Pleasant", "Gastown", "Kerrisdale"],
    priceLevel: 1.1,
  },
  {
    city: "Montreal",
    province: "Quebec",
    country: "Canada",
    postcode: (r) =>
      `QC H${r.int(1, 4)}${r.pick(["A", "J", "T", "W"])} ${r.int(1, 9)}K${r.int(1, 9)}`,
    streets: ["Rue Saint-Denis", "Avenue du Mont-Royal", "Rue Notre-Dame Ouest"],
    areas: ["the Plateau", "Mile End", "Griffintown", "Old Montreal"],
    priceLevel: 0.7,
  },
  {
    city: "London",
    province: "England",
    country: "United Kingdom",
    postcode: (r) =>
      `${r.pick(["NW1", "N1", "EC2A", "SE1", "E8"])} ${r.int(1, 9)}${r.pick(["LU", "JU", "PT", "RW"])}`,
    streets: ["Albert Street", "Curtain Road", "Thornhill Road", "Wharf Road"],
    areas: ["Camden", "Islington", "Shoreditch", "Hackney", "Bermondsey"],
    priceLevel: 1.25,
  },
  {
    city: "Manchester",
    province: "England",
    country: "United Kingdom",
    postcode: (r) => `M${r.int(1, 20)} ${r.int(1, 9)}${r.pick(["AB", "DN", "QT", "HS"])}`,
    streets: ["Deansgate", "Oxford Road", "Wilmslow Road", "Ancoats Street"],
    areas: ["Ancoats", "Didsbury", "Chorlton", "the Northern Quarter"],
    priceLevel: 0.6,
  },
  {
    city: "Mumbai",
    province: "Maharashtra",
    country: "India",
    postcode: (r) => `4000${digits(r, 2)}`,
    streets: ["Hill Road", "Juhu Tara Road", "Linking Road", "Hiranandani Gardens"],
    areas: ["Bandra West", "Juhu", "Powai", "Khar West", "Andheri"],
    priceLevel: 0.45,
  },
  {
    city: "Bengaluru",
    province: "Karnataka",
    country: "India",
    postcode: (r) => `5600${digits(r, 2)}`,
    streets: ["100 Feet Road", "Sarjapur Road", "Bannerghatta Road"],
    areas: ["Indiranagar", "Koramangala", "Whitefield", "Jayanagar"],
    priceLevel: 0.35,
  },
  {
    city: "Dhaka",
    province: "Dhaka Division",
    country: "Bangladesh",
    postcode: (r) => `Dhaka 12${digits(r, 2)}`,
    streets: ["Road 71", "Road 9A", "Road 11", "Road 8"],
    areas: ["Gulshan", "Dhanmondi", "Banani", "Baridhara", "Uttara"],
    priceLevel: 0.3,
  },
  {
    city: "Chattogram",
    province: "Chattogram Division",
    country: "Bangladesh",
    postcode: (r) => `Chattogram 4${digits(r, 3)}`,
    streets: ["CDA Avenue", "O.R. Nizam Road", "Zakir Hossain Road"],
    areas: ["Khulshi", "Nasirabad", "Panchlaish", "Agrabad"],
    priceLevel: 0.22,
  },
];

const kinds: { kind: BuildingKind; weight: number; category: string }[] = [
  { kind: "apartment", weight: 35, category: "Apartments" },
  { kind: "house", weight: 30, category: "Houses" },
  { kind: "commercial", weight: 15, category: "Commercial" },
  { kind: "villa", weight: 10, category: "Villas" },
  { kind: "garage", weight: 10, category: "Garages" },
];
const kindWeightTotal = kinds.reduce((sum, entry) => sum + entry.weight, 0);

const nouns: Record<BuildingKind, string[]> = {
  apartment: ["Apartment", "Flat", "Condo", "Loft", "Studio", "Penthouse"],
  house: ["Family Home", "Townhouse", "Bungalow", "Cottage", "Terrace House", "Detached House"],
  villa: ["Villa", "Estate", "Garden Villa", "Hillside Villa"],
  commercial: ["Office Floor", "Retail Unit", "Studio Building", "Warehouse", "Restaurant Space"],
  garage: ["Garage", "Double Garage", "Parking Bay", "Garage with EV Charger"],
};

const adjectives = [
  "Sunlit",
  "Modern",
  "Renovated",
  "Spacious",
  "Quiet",
  "Bright",
  "Charming",
  "Elegant",
  "Cosy",
  "Contemporary",
  "Classic",
  "Airy",
];

const extras = ["with Garden", "with Terrace", "with City Views", "near the Park", "by the River"];

/** Sale prices (USD) and monthly rents by kind, before the city's price level. */
const priceRange: Record<BuildingKind, { sale: [number, number]; rent: [number, number] }> = {
  apartment: { sale: [150_000, 2_400_000], rent: [700, 6_500] },
  house: { sale: [280_000, 2_800_000], rent: [1_500, 8_000] },
  villa: { sale: [900_000, 6_500_000], rent: [3_500, 22_000] },
  commercial: { sale: [300_000, 4_500_000], rent: [1_500, 25_000] },
  garage: { sale: [15_000, 220_000], rent: [120, 650] },
};

const statuses = {
  "For Sale": ["Available", "Available", "Available", "New Listing", "Under Offer", "Reduced"],
  "For Rent": ["Available", "Available", "Available", "New Listing", "Let Agreed"],
} as const;

/** Which amenities (by icon) fit which kind, as in the demo. */
const amenityPool: Record<BuildingKind, string[]> = {
  house: ["wifi", "parking", "garden", "laundry", "fireplace", "pets", "air-conditioning"],
  villa: ["pool", "garden", "parking", "security", "air-conditioning", "gym", "wifi", "fireplace"],
  apartment: ["elevator", "gym", "wifi", "laundry", "balcony", "security", "air-conditioning"],
  commercial: ["wifi", "air-conditioning", "security", "elevator", "parking"],
  garage: ["parking", "security", "elevator", "wifi"],
};

const youtubeAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function pickKind(random: Random): (typeof kinds)[number] {
  let roll = random.next() * kindWeightTotal;
  for (const entry of kinds) {
    roll -= entry.weight;
    if (roll < 0) return entry;
  }
  return kinds[0] as (typeof kinds)[number];
}

/** What a run needs from the demo content: galleries by kind, amenity and category ids. */
interface Context {
  galleries: Record<BuildingKind, string[][]>;
  amenityByIcon: Map<string, { id: number; title: string }>;
  categoryIdByTitle: Map<string, number>;
}

async function loadContext(db: Kysely<Database>): Promise<Context> {
  const galleries: Record<BuildingKind, string[][]> = {
    house: [],
    villa: [],
    apartment: [],
    commercial: [],
    garage: [],
  };
  for (const property of buildDemoContent(new Date(0)).properties) {
    galleries[property.images[0]?.kind ?? "house"].push(property.images.map((image) => image.file));
  }
  const amenities = await db.selectFrom("amenity").select(["id", "icon", "title"]).execute();
  const categories = await db.selectFrom("category").select(["id", "title"]).execute();
  return {
    galleries,
    amenityByIcon: new Map(amenities.map((row) => [row.icon, row])),
    categoryIdByTitle: new Map(categories.map((row) => [row.title, row.id])),
  };
}

/**
 * The property schema's fields with a `generate` entry (lib/property-fields.ts, decision 085),
 * by column, for a generated sale or rental: each given a value in its share of them, a choice
 * drawn by its weights, a count or number from its range; the rest stored as not given (a count:
 * 0, a number: null). Each
 * field draws from a PRNG of its own, seeded by the code and its name, so a field added later
 * changes no other field's values.
 */
export function generatedFieldValues(code: string, offer: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const { name, field, entry } of schemaFieldsWith("generate")) {
    if (field.column === null) continue;
    const random = createRandom(seedOf(`${code}:${name}`));
    const share = offer === "For Rent" ? entry.share.rent : entry.share.sale;
    const given = random.chance(share);
    const type = field.type;
    if (type.kind === "choice") {
      values[field.column] = given
        ? pickWeighted(random, Object.keys(type.choices), entry.weights)
        : null;
    } else if (type.kind === "count") {
      const [min, max] = entry.range ?? [0, Math.min(type.max, 10)];
      values[field.column] = given ? random.int(min, max) : 0;
    } else if (type.kind === "number") {
      const [min, max] = entry.range ?? [type.min, Math.min(type.max, type.min + 10)];
      values[field.column] = given ? random.int(min, max) : null;
    } else if (type.kind === "text") {
      values[field.column] = "";
    }
  }
  return values;
}

/** One of `values`, each as likely as its weight (absent: 1). */
function pickWeighted(
  random: Random,
  values: readonly string[],
  weights: Readonly<Record<string, number>> | undefined,
): string {
  const weightOf = (value: string) => weights?.[value] ?? 1;
  let roll = random.next() * values.reduce((total, value) => total + weightOf(value), 0);
  for (const value of values) {
    roll -= weightOf(value);
    if (roll < 0) return value;
  }
  return values.at(-1) as string;
}

/**
 * Property number `number` of a run spanning `first`..`last`: the same number always gives the
 * same row for the same `now` and demo content.
 */
function buildProperty(
  number: number,
  range: { first: number; last: number },
  now: number,
  context: Context,
): NewPropertyRow {
  const code = generatedCode(number);
  const random = createRandom(seedOf(code));
  const { kind, category } = pickKind(random);
  const place = random.pick(places);
  const offer = random.chance(0.55) ? "For Sale" : "For Rent";
  const noun = random.pick(nouns[kind]);
  const area = random.pick(place.areas);
  const headline = `${random.pick(adjectives)} ${noun} ${random.chance(0.6) ? `in ${area}` : random.pick(extras)}`;
  const facts = buildingFacts(kind, noun, random);
  const street = random.pick(place.streets);
  const postcode = place.postcode(random);
  const address = `${random.int(1, 4999)} ${street}, ${area}, ${place.city}, ${postcode}`;

  const [low, high] = offer === "For Sale" ? priceRange[kind].sale : priceRange[kind].rent;
  // Skewed towards the low end, as real listings are.
  const raw = (low + (high - low) * random.next() ** 2) * place.priceLevel;
  const step = offer === "For Sale" ? 1000 : 10;
  const price = Math.max(step, Math.round(raw / step) * step);

  const createdAt = new Date(now - Math.floor(random.next() * twoYearsMs));
  const gallery = random.pick(context.galleries[kind]);

  const features = random
    .shuffle(amenityPool[kind])
    .slice(0, random.int(3, Math.min(6, amenityPool[kind].length)))
    .map((icon) => context.amenityByIcon.get(icon))
    .filter((amenity) => amenity !== undefined)
    .sort((a, b) => a.id - b.id);

  const related: { code: string }[] = [];
  const span = range.last - range.first + 1;
  if (span > 1) {
    const wanted = random.int(1, Math.min(3, span - 1));
    for (let tries = 0; related.length < wanted && tries < 10; tries++) {
      const other = generatedCode(range.first + random.int(0, span - 1));
      if (other !== code && !related.some((item) => item.code === other)) {
        related.push({ code: other });
      }
    }
  }

  let youtube: string | null = null;
  if (random.chance(0.4)) {
    let id = "";
    for (let i = 0; i < 11; i++) id += youtubeAlphabet[random.int(0, youtubeAlphabet.length - 1)];
    youtube = `https://www.youtube.com/embed/${id}`;
  }

  const rooms =
    facts.bedroom > 0
      ? `${facts.bedroom} bedroom${facts.bedroom === 1 ? "" : "s"} and ${facts.bathroom} bathroom${facts.bathroom === 1 ? "" : "s"}`
      : `${facts.room} room${facts.room === 1 ? "" : "s"}`;
  // Built from fixed fragments only, so it needs no sanitising; the demo's allow-list tags.
  const description =
    `<p><strong>${headline}</strong> in ${area}, ${place.city}, offered ${offer === "For Rent" ? "to rent" : "for sale"}.</p>\n` +
    `<p>Across ${facts.size.toLocaleString("en-US")} sq ft it has ${rooms}` +
    `${facts.garage > 0 ? `, with parking for ${facts.garage}` : ""}. <em>Viewings by appointment.</em></p>\n` +
    `<ul>${features.map((amenity) => `<li>${escapeHtml(amenity.title)}</li>`).join("")}<li>Floor plan available on request</li></ul>`;

  return {
    code,
    slug: `${slugify(headline)}-${code.toLowerCase()}`,
    headline,
    cover_image: gallery[0] ?? "",
    price,
    address,
    ...facts,
    rating: random.int(2, 5),
    offer_type: offer,
    publish: 1,
    created_at: createdAt.toISOString(),
    description,
    reference_no: `GENR-${createdAt.getUTCFullYear()}-${String(number).padStart(6, "0")}`,
    property_status: random.pick(statuses[offer]),
    city: place.city,
    province: place.province,
    country: place.country,
    // The postal code alone: a US address writes its state before the ZIP code.
    postcode: postcode.replace(/^[A-Z]{2} (?=\d)/, ""),
    // What portals show: the street and the area, never the number (decision 093).
    display_address: `${street}, ${area}`,
    send_to_rightmove: 1,
    send_to_push: 1,
    send_to_reso: 1,
    ...placeInCity(place.city, code),
    youtube,
    google_map: `https://www.google.com/maps?q=${encodeURIComponent(`${address}, ${place.country}`)}&output=embed`,
    features: JSON.stringify(features.map((amenity) => amenity.id)),
    image_list: JSON.stringify(gallery.map((file) => ({ imageUrl: file }))),
    related_product: JSON.stringify(related),
    category_id: context.categoryIdByTitle.get(category) ?? null,
    ...(generatedFieldValues(code, offer) as Partial<NewPropertyRow>),
  };
}

/** The highest GEN- number already in the database, or 0. */
async function lastGeneratedNumber(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("property")
    .select("code")
    .where("code", "like", "GEN-%")
    // Only GEN-{digits}: not a copy made in the back office (GEN-000001-COPY, decision 044).
    .where(sql<string>`substr(code, 5)`, "not like", "%-%")
    .where(sql<string>`lower(substr(code, 5))`, "=", sql<string>`upper(substr(code, 5))`)
    .orderBy(sql`length(code)`, "desc")
    .orderBy("code", "desc")
    .limit(1)
    .executeTakeFirst();
  const number = Number(row?.code.slice(4));
  return Number.isInteger(number) ? number : 0;
}

/**
 * Adds `count` published synthetic properties after the last generated one (GEN-000001 on a
 * fresh database), then refreshes the planner's statistics. The demo content (amenities,
 * categories) must be in the database already.
 */
export async function generateProperties(
  db: Kysely<Database>,
  options: GenerateOptions,
): Promise<GenerateResult> {
  const { count, dialect } = options;
  if (!Number.isInteger(count) || count < 1 || count > maxGenerateCount) {
    throw new RangeError(`count must be a whole number from 1 to ${maxGenerateCount}`);
  }
  const batchRows = options.batchRows ?? batchRowsFor(dialect);
  if (!Number.isInteger(batchRows) || batchRows < 1 || batchRows > batchRowsFor(dialect)) {
    throw new RangeError(`batchRows must be a whole number from 1 to ${batchRowsFor(dialect)}`);
  }
  const now = (options.now ?? new Date()).getTime();
  const context = await loadContext(db);
  if (context.categoryIdByTitle.size === 0) {
    throw new Error("The database has no categories: seed the demo content first.");
  }

  const first = (await lastGeneratedNumber(db)) + 1;
  const range = { first, last: first + count - 1 };
  let done = 0;
  while (done < count) {
    const chunkEnd = Math.min(count, done + rowsPerTransaction);
    await db.transaction().execute(async (trx) => {
      for (let start = done; start < chunkEnd; start += batchRows) {
        const rows: NewPropertyRow[] = [];
        for (let i = start; i < Math.min(chunkEnd, start + batchRows); i++) {
          rows.push(buildProperty(first + i, range, now, context));
        }
        await trx.insertInto("property").values(rows).execute();
        options.onProgress?.(start + rows.length, count);
      }
    });
    done = chunkEnd;
  }
  // Each new listing's first price (decision 076), in one statement.
  await recordFirstPrices(db, "generator");

  // Fresh statistics, so the planner knows the table grew before the next query; on
  // PostgreSQL also the visibility map, so the listing indexes serve index-only scans.
  await (dialect === "postgres" ? sql`vacuum analyze` : sql`analyze`).execute(db);
  return {
    inserted: count,
    firstCode: generatedCode(range.first),
    lastCode: generatedCode(range.last),
  };
}

export interface FillOptions extends Omit<GenerateOptions, "dialect"> {
  /** Empty every table first (enquiries included) and seed the demo content again. */
  reset?: boolean;
  /** Where the demo images are written when the demo content is seeded (kept if present). */
  imageDir?: string;
}

export interface FillResult extends GenerateResult {
  /** True when the demo content was seeded first (an empty or reset database). */
  seededDemo: boolean;
}

/**
 * What `npm run db:generate` does: migrates, resets on request, seeds the demo content into an
 * empty database (profile, categories, amenities, collections), then adds the synthetic
 * properties.
 */
export async function fillWithGeneratedProperties(
  handle: DatabaseHandle,
  options: FillOptions,
): Promise<FillResult> {
  const { reset, imageDir, ...generate } = options;
  await migrateToLatest(handle.db);
  if (reset) await resetDatabase(handle.db);
  let seededDemo = false;
  if (reset || (await isDatabaseEmpty(handle.db))) {
    // The demo's dates from the same moment as the generated ones, so a given `now` gives the
    // same database every run.
    await seedDemoContent(handle.db, {
      ...(imageDir === undefined ? {} : { imageDir }),
      ...(generate.now === undefined ? {} : { now: generate.now }),
    });
    seededDemo = true;
  }
  const result = await generateProperties(handle.db, { ...generate, dialect: handle.dialect });
  return { ...result, seededDemo };
}
