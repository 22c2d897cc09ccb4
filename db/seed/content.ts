/**
 * The demo content: a fictional agency with 32 properties (30 published) in seven cities.
 * Deterministic: fixed data plus a seeded PRNG; only `created_at` moves, relative to `now`.
 */
import sanitizeHtml from "sanitize-html";
import { descriptionAllowList } from "../../lib/description-html.ts";
import type { PropertySchemaColumns } from "../../lib/property-fields.ts";
import { placeInCity } from "./city-centres.ts";
import { type DemoFloorPlan, demoFloorPlansOf } from "./floor-plans.ts";
import { createRandom, type Random } from "./random.ts";

export type BuildingKind = "house" | "villa" | "apartment" | "commercial" | "garage";

/** The camera of one gallery picture. */
export type Shot = "front" | "side" | "evening" | "living" | "bedroom" | "kitchen" | "office";

export interface PropertyImageSpec {
  /** File name under property/. */
  file: string;
  kind: BuildingKind;
  shot: Shot;
}

export interface SliderImageSpec {
  /** File name under sliders/. */
  file: string;
  kind: BuildingKind;
}

export interface DemoProperty {
  code: string;
  slug: string;
  headline: string;
  cover_image: string;
  price: number;
  address: string;
  bedroom: number;
  bathroom: number;
  room: number;
  floor: number;
  size: number;
  rating: number;
  garage: number;
  balcony: number;
  offer_type: "For Rent" | "For Sale";
  publish: boolean;
  created_at: string;
  description: string;
  reference_no: string;
  property_status: string;
  city: string;
  province: string;
  country: string;
  /** Within a few kilometres of the city's centre (city-centres.ts). */
  latitude: number;
  longitude: number;
  youtube: string | null;
  google_map: string;
  /** Indexes into {@link DemoContent.amenities}; the seed turns them into amenity ids. */
  featureIndexes: number[];
  image_list: { imageUrl: string }[];
  related_product: { code: string }[];
  category: string;
  images: PropertyImageSpec[];
  /** Drawn from its facts, seeded by its code (./floor-plans.ts); none for some. */
  floorPlans: DemoFloorPlan[];
  /** The property schema's fields the portals read (decision 093), by column (demoFieldsOf). */
  schemaFields: DemoSchemaFields;
  /**
   * Its prices since it was listed, oldest first (decision 076): the first on `created_at`, the
   * last today's `price`. Empty for most: listed at today's price, never changed.
   */
  priceHistory: { at: string; price: number }[];
}

/**
 * The demo homes whose price changed since they were listed (decision 076), by code: the price
 * they were listed at, then each change `daysAgo` before now; the last is today's price. Two
 * reduced sales, a reduced rent and a raised sale.
 */
const priceChanges: Record<
  string,
  { listed: number; changes: { daysAgo: number; price: number }[] }
> = {
  // Harbourfront Condo with Lake Views, listed 11 days ago.
  "HP-1010": { listed: 775_000, changes: [{ daysAgo: 4, price: 749_000 }] },
  // Kitsilano Townhouse near the Beach (a monthly rent), listed 15 days ago.
  "HP-1011": { listed: 4500, changes: [{ daysAgo: 7, price: 4200 }] },
  // Restored Brooklyn Brownstone, listed 33 days ago.
  "HP-1014": {
    listed: 1_995_000,
    changes: [
      { daysAgo: 20, price: 1_950_000 },
      { daysAgo: 6, price: 1_890_000 },
    ],
  },
  // Sea-Facing Villa in Juhu, listed 41 days ago: raised.
  "HP-1015": { listed: 1_600_000, changes: [{ daysAgo: 10, price: 1_650_000 }] },
};

export interface DemoContent {
  profile: {
    business_name: string;
    page_description: string;
    image_url: string;
    website: string;
    telephone: string;
    email_address: string;
    address: string;
  };
  sliders: { title: string; image_url: string; link: string; position: number }[];
  sliderImages: SliderImageSpec[];
  amenities: { title: string; icon: string }[];
  categories: string[];
  properties: DemoProperty[];
  collections: { title: string; item_list: { code: string }[] }[];
}

export const businessName = "Harbor & Pine Realty";

const amenities = [
  { title: "Wi-Fi", icon: "wifi" },
  { title: "Parking", icon: "parking" },
  { title: "Swimming Pool", icon: "pool" },
  { title: "Gym", icon: "gym" },
  { title: "Air Conditioning", icon: "air-conditioning" },
  { title: "24/7 Security", icon: "security" },
  { title: "Garden", icon: "garden" },
  { title: "Laundry", icon: "laundry" },
  { title: "Elevator", icon: "elevator" },
  { title: "Balcony", icon: "balcony" },
  { title: "Fireplace", icon: "fireplace" },
  { title: "Pet Friendly", icon: "pets" },
] as const;

type AmenityIcon = (typeof amenities)[number]["icon"];

/** Which amenities fit which kind of property. */
const amenityPool: Record<BuildingKind, AmenityIcon[]> = {
  house: [
    "wifi",
    "parking",
    "garden",
    "laundry",
    "fireplace",
    "pets",
    "air-conditioning",
    "balcony",
  ],
  villa: ["pool", "garden", "parking", "security", "air-conditioning", "gym", "wifi", "fireplace"],
  apartment: [
    "elevator",
    "gym",
    "wifi",
    "laundry",
    "balcony",
    "security",
    "air-conditioning",
    "pets",
  ],
  commercial: ["wifi", "air-conditioning", "security", "elevator", "parking"],
  garage: ["parking", "security", "elevator", "wifi"],
};

const categoryOf: Record<BuildingKind, string> = {
  house: "Houses",
  villa: "Villas",
  apartment: "Apartments",
  commercial: "Commercial",
  garage: "Garages",
};

const places = {
  newYork: { city: "New York", province: "New York", country: "United States" },
  austin: { city: "Austin", province: "Texas", country: "United States" },
  toronto: { city: "Toronto", province: "Ontario", country: "Canada" },
  vancouver: { city: "Vancouver", province: "British Columbia", country: "Canada" },
  london: { city: "London", province: "England", country: "United Kingdom" },
  mumbai: { city: "Mumbai", province: "Maharashtra", country: "India" },
  dhaka: { city: "Dhaka", province: "Dhaka Division", country: "Bangladesh" },
} as const;

type Place = keyof typeof places;

interface Listing {
  headline: string;
  kind: BuildingKind;
  offer: "For Rent" | "For Sale";
  place: Place;
  address: string;
  /** USD; per month when for rent. */
  price: number;
  status: string;
  /** Minutes before now. */
  age: number;
  publish?: false;
}

/** The schema's columns the demo sets: the portals' fields, each listing's own. */
export type DemoSchemaFields = Pick<
  PropertySchemaColumns,
  "postcode" | "display_address" | "send_to_rightmove" | "send_to_push" | "send_to_reso"
> &
  Partial<PropertySchemaColumns>;

/** A postal code at the end of an address, by the listing's country. */
const postcodeAtEnd: Record<string, RegExp> = {
  "United Kingdom": /([A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2})$/,
  "United States": /(\d{5})$/,
  Canada: /([A-Z]\d[A-Z] \d[A-Z]\d)$/,
  India: /(\d{6})$/,
  Bangladesh: /(\d{4})$/,
};

/** EPC bands by their lowest SAP score (the certificate's own scale). */
const epcBands: [band: PropertySchemaColumns["energy_rating"], lowest: number][] = [
  ["a", 92],
  ["b", 81],
  ["c", 69],
  ["d", 55],
  ["e", 39],
  ["f", 21],
  ["g", 1],
];

/**
 * The fields portals read, written from a listing's own facts without the demo's PRNG (so the
 * other fields keep their values): the postcode and the public one-line address from its
 * address; tenure for sales, furnishing, a deposit (five weeks' rent in the UK, a month's
 * elsewhere) and a move-in date for rentals; an EPC and council tax band in the UK; an HOA fee
 * for North American apartments for sale. Every listing goes to every portal but the garages,
 * which an agency keeps off Rightmove's residential feed.
 */
function demoFieldsOf(listing: Listing, index: number, now: Date): DemoSchemaFields {
  const place = places[listing.place];
  const parts = listing.address.split(",").map((part) => part.trim());
  const street =
    parts.find((part) => !/^(house|shop|unit|apt)\b/i.test(part) && part !== "") ?? parts[0] ?? "";
  const streetName = street.replace(/^\d+[A-Z]?\s+/, "").replace(/\s+[A-Z]{1,2}\d.*$/, "");
  const uk = place.country === "United Kingdom";
  const rental = listing.offer === "For Rent";
  const residential = listing.kind !== "commercial" && listing.kind !== "garage";
  const score = uk && residential ? 48 + ((index * 7) % 40) : null;
  const fields: DemoSchemaFields = {
    postcode: postcodeAtEnd[place.country]?.exec(listing.address)?.[1] ?? "",
    display_address: `${streetName}, ${place.city}`,
    send_to_rightmove: listing.kind === "garage" ? 0 : 1,
    send_to_push: 1,
    send_to_reso: 1,
    tenure: rental
      ? null
      : listing.kind === "apartment"
        ? uk
          ? "leasehold"
          : "commonhold"
        : "freehold",
    furnished: !rental
      ? null
      : !residential
        ? "unfurnished"
        : (["furnished", "part_furnished", "unfurnished"] as const)[index % 3],
    energy_score: score,
    energy_rating:
      score === null ? null : (epcBands.find(([, lowest]) => score >= lowest)?.[0] ?? null),
    council_tax_band: uk && residential ? (["d", "e", "f", "g"] as const)[index % 4] : null,
    hoa_fee:
      !rental && listing.kind === "apartment" && place.country !== "United Kingdom"
        ? Math.round(listing.price / 1000)
        : null,
    deposit: rental ? (uk ? Math.round((listing.price * 12 * 5) / 52) : listing.price) : null,
    available_from:
      rental && listing.status === "Available"
        ? new Date(now.getTime() + ((index % 4) + 1) * 7 * 24 * 60 * 60_000)
            .toISOString()
            .slice(0, 10)
        : null,
  };
  return fields;
}

const minutes = 1;
const hours = 60;
const days = 24 * hours;

/** The listings, newest first. The last two are drafts, unpublished. */
const listings: Listing[] = [
  {
    headline: "Sunlit Family Home with Garden",
    kind: "house",
    offer: "For Sale",
    place: "austin",
    address: "4817 Avenue G, Austin, TX 78751",
    price: 685_000,
    status: "New Listing",
    age: 6 * minutes,
  },
  {
    headline: "Riverside Loft Apartment",
    kind: "apartment",
    offer: "For Rent",
    place: "newYork",
    address: "128 Riverside Drive, Apt 7C, New York, NY 10024",
    price: 3450,
    status: "Available",
    age: 42 * minutes,
  },
  {
    headline: "Modern Waterfront Villa with Pool",
    kind: "villa",
    offer: "For Sale",
    place: "vancouver",
    address: "3120 Point Grey Road, Vancouver, BC V6K 1B3",
    price: 2_450_000,
    status: "Available",
    age: 3 * hours,
  },
  {
    headline: "Corner Retail Unit on Queen Street",
    kind: "commercial",
    offer: "For Rent",
    place: "toronto",
    address: "742 Queen Street West, Toronto, ON M6J 1E9",
    price: 5200,
    status: "Available",
    age: 9 * hours,
  },
  {
    headline: "Secure Double Garage near Midtown",
    kind: "garage",
    offer: "For Rent",
    place: "newYork",
    address: "415 West 46th Street, New York, NY 10036",
    price: 450,
    status: "Available",
    age: 20 * hours,
  },
  {
    headline: "Victorian Terrace House in Camden",
    kind: "house",
    offer: "For Sale",
    place: "london",
    address: "27 Albert Street, London NW1 7LU",
    price: 1_325_000,
    status: "Under Offer",
    age: 2 * days,
  },
  {
    headline: "Studio Apartment in Bandra West",
    kind: "apartment",
    offer: "For Rent",
    place: "mumbai",
    address: "14 Hill Road, Bandra West, Mumbai 400050",
    price: 850,
    status: "Available",
    age: 3 * days,
  },
  {
    headline: "Gulshan Lake View Apartment",
    kind: "apartment",
    offer: "For Sale",
    place: "dhaka",
    address: "House 12, Road 71, Gulshan 2, Dhaka 1212",
    price: 245_000,
    status: "Available",
    age: 5 * days,
  },
  {
    headline: "Craftsman Bungalow in Travis Heights",
    kind: "house",
    offer: "For Rent",
    place: "austin",
    address: "1207 Kenwood Avenue, Austin, TX 78704",
    price: 2900,
    status: "Available",
    age: 8 * days,
  },
  {
    headline: "Harbourfront Condo with Lake Views",
    kind: "apartment",
    offer: "For Sale",
    place: "toronto",
    address: "55 Harbour Square, Unit 2108, Toronto, ON M5J 2L1",
    price: 749_000,
    status: "Available",
    age: 11 * days,
  },
  {
    headline: "Kitsilano Townhouse near the Beach",
    kind: "house",
    offer: "For Rent",
    place: "vancouver",
    address: "2245 West 3rd Avenue, Vancouver, BC V6K 1L5",
    price: 4200,
    status: "Let Agreed",
    age: 15 * days,
  },
  {
    headline: "Shoreditch Office Floor",
    kind: "commercial",
    offer: "For Rent",
    place: "london",
    address: "48 Curtain Road, London EC2A 3PT",
    price: 9800,
    status: "Available",
    age: 20 * days,
  },
  {
    headline: "Single Garage with EV Charger",
    kind: "garage",
    offer: "For Sale",
    place: "toronto",
    address: "18 Draper Street, Toronto, ON M5V 2M5",
    price: 38_000,
    status: "Available",
    age: 26 * days,
  },
  {
    headline: "Restored Brooklyn Brownstone",
    kind: "house",
    offer: "For Sale",
    place: "newYork",
    address: "219 Carlton Avenue, Brooklyn, New York, NY 11205",
    price: 1_890_000,
    status: "Under Offer",
    age: 33 * days,
  },
  {
    headline: "Sea-Facing Villa in Juhu",
    kind: "villa",
    offer: "For Sale",
    place: "mumbai",
    address: "7 Juhu Tara Road, Juhu, Mumbai 400049",
    price: 1_650_000,
    status: "Available",
    age: 41 * days,
  },
  {
    headline: "Family Flat in Dhanmondi",
    kind: "apartment",
    offer: "For Rent",
    place: "dhaka",
    address: "House 35, Road 9A, Dhanmondi, Dhaka 1209",
    price: 620,
    status: "Available",
    age: 48 * days,
  },
  {
    headline: "East Austin Creative Studio Building",
    kind: "commercial",
    offer: "For Sale",
    place: "austin",
    address: "2401 East Cesar Chavez Street, Austin, TX 78702",
    price: 1_150_000,
    status: "Available",
    age: 57 * days,
  },
  {
    headline: "Garden Flat in Islington",
    kind: "apartment",
    offer: "For Rent",
    place: "london",
    address: "62 Thornhill Road, London N1 1JU",
    price: 2650,
    status: "Available",
    age: 66 * days,
  },
  {
    headline: "Mid-Century Ranch House",
    kind: "house",
    offer: "For Sale",
    place: "austin",
    address: "5604 Shoal Creek Boulevard, Austin, TX 78756",
    price: 535_000,
    status: "Available",
    age: 75 * days,
  },
  {
    headline: "Penthouse with Skyline Views",
    kind: "apartment",
    offer: "For Sale",
    place: "newYork",
    address: "250 West 55th Street, PH-A, New York, NY 10019",
    price: 3_950_000,
    status: "Available",
    age: 88 * days,
  },
  {
    headline: "Restaurant Space in Gastown",
    kind: "commercial",
    offer: "For Rent",
    place: "vancouver",
    address: "301 Water Street, Vancouver, BC V6B 1B8",
    price: 7400,
    status: "Available",
    age: 97 * days,
  },
  {
    headline: "Covered Parking Garage Bay",
    kind: "garage",
    offer: "For Rent",
    place: "london",
    address: "9 Brewhouse Yard, London EC1V 4JR",
    price: 320,
    status: "Available",
    age: 110 * days,
  },
  {
    headline: "Colonial Villa in Baridhara",
    kind: "villa",
    offer: "For Rent",
    place: "dhaka",
    address: "House 4, Road 8, Baridhara, Dhaka 1212",
    price: 3800,
    status: "Available",
    age: 124 * days,
  },
  {
    headline: "Starter Home in Scarborough",
    kind: "house",
    offer: "For Sale",
    place: "toronto",
    address: "41 Midland Avenue, Toronto, ON M1N 3Z8",
    price: 899_000,
    status: "Available",
    age: 139 * days,
  },
  {
    headline: "Serviced Apartment in Powai",
    kind: "apartment",
    offer: "For Rent",
    place: "mumbai",
    address: "Hiranandani Gardens, Powai, Mumbai 400076",
    price: 1250,
    status: "Available",
    age: 150 * days,
  },
  {
    headline: "Warehouse and Workshop Unit",
    kind: "commercial",
    offer: "For Sale",
    place: "toronto",
    address: "88 Industrial Street, Toronto, ON M4G 1Z2",
    price: 1_480_000,
    status: "Under Offer",
    age: 166 * days,
  },
  {
    headline: "Cedar Cottage with Mountain Views",
    kind: "house",
    offer: "For Rent",
    place: "vancouver",
    address: "3390 Knight Street, Vancouver, BC V5N 3L8",
    price: 3100,
    status: "Available",
    age: 181 * days,
  },
  {
    headline: "Tribeca Garage Space",
    kind: "garage",
    offer: "For Sale",
    place: "newYork",
    address: "72 Laight Street, New York, NY 10013",
    price: 165_000,
    status: "Available",
    age: 197 * days,
  },
  {
    headline: "Hillside Villa with Terrace",
    kind: "villa",
    offer: "For Sale",
    place: "austin",
    address: "3805 Westlake Drive, Austin, TX 78746",
    price: 1_275_000,
    status: "Available",
    age: 214 * days,
  },
  {
    headline: "Two-Bedroom Apartment in Banani",
    kind: "apartment",
    offer: "For Rent",
    place: "dhaka",
    address: "House 58, Road 11, Banani, Dhaka 1213",
    price: 950,
    status: "Available",
    age: 232 * days,
  },
  {
    headline: "Canal-Side Houseboat Mooring Home",
    kind: "house",
    offer: "For Sale",
    place: "london",
    address: "Regent's Canal, Wharf Road, London N1 7RW",
    price: 410_000,
    status: "Coming Soon",
    age: 12 * days,
    publish: false,
  },
  {
    headline: "Shop Unit on Linking Road",
    kind: "commercial",
    offer: "For Rent",
    place: "mumbai",
    address: "Shop 3, Linking Road, Khar West, Mumbai 400052",
    price: 2100,
    status: "Coming Soon",
    age: 60 * days,
    publish: false,
  },
];

/** The gallery of each kind: the first shot is the cover. */
const shotsOf: Record<BuildingKind, Shot[]> = {
  house: ["front", "side", "living", "kitchen", "bedroom"],
  villa: ["front", "side", "living", "bedroom", "evening"],
  apartment: ["front", "living", "bedroom", "kitchen", "evening"],
  commercial: ["front", "side", "office", "evening"],
  garage: ["front", "side", "evening", "office"],
};

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export interface Facts {
  bedroom: number;
  bathroom: number;
  room: number;
  floor: number;
  size: number;
  garage: number;
  balcony: number;
}

/**
 * Plausible counts and size for a building of `kind`; `headline` (or just its noun) refines
 * them: a studio has no bedroom, a penthouse is large and high up, a double garage holds two cars.
 * Used by the demo content and by the synthetic generator.
 */
export function buildingFacts(kind: BuildingKind, headline: string, random: Random): Facts {
  switch (kind) {
    case "house": {
      const bedroom = random.int(2, 5);
      return {
        bedroom,
        bathroom: random.int(1, Math.min(4, bedroom)),
        room: bedroom + random.int(2, 4),
        floor: random.int(1, 3),
        size: random.int(12, 42) * 100,
        garage: random.int(0, 2),
        balcony: random.int(0, 2),
      };
    }
    case "villa": {
      const bedroom = random.int(4, 7);
      return {
        bedroom,
        bathroom: random.int(3, bedroom),
        room: bedroom + random.int(3, 6),
        floor: random.int(2, 3),
        size: random.int(32, 85) * 100,
        garage: random.int(2, 4),
        balcony: random.int(1, 3),
      };
    }
    case "apartment": {
      const studio = /studio/i.test(headline);
      const penthouse = /penthouse/i.test(headline);
      const bedroom = studio ? 0 : penthouse ? 4 : random.int(1, 3);
      return {
        bedroom,
        bathroom: studio ? 1 : penthouse ? 4 : random.int(1, Math.max(1, bedroom)),
        room: studio ? 1 : bedroom + random.int(1, 3),
        floor: penthouse ? 42 : random.int(2, 24),
        size: studio ? random.int(38, 55) * 10 : penthouse ? 4200 : random.int(6, 22) * 100,
        garage: random.int(0, 1),
        balcony: studio ? 0 : random.int(1, 2),
      };
    }
    case "commercial":
      return {
        bedroom: 0,
        bathroom: random.int(1, 4),
        room: random.int(2, 12),
        floor: random.int(1, 4),
        size: random.int(9, 120) * 100,
        garage: random.int(0, 2),
        balcony: 0,
      };
    case "garage":
      return {
        bedroom: 0,
        bathroom: 0,
        room: 1,
        floor: random.int(0, 1),
        size: random.int(18, 60) * 10,
        garage: /double/i.test(headline) ? 2 : 1,
        balcony: 0,
      };
  }
}

const kindWords: Record<BuildingKind, string[]> = {
  house: [
    "a warm, well-kept family home",
    "a bright detached home with generous rooms",
    "a characterful home that has been carefully updated",
  ],
  villa: [
    "an architect-designed villa with indoor-outdoor living",
    "a private villa built for entertaining",
    "a light-filled villa set in landscaped grounds",
  ],
  apartment: [
    "a well-planned apartment in a managed building",
    "a bright apartment with an open-plan living space",
    "a comfortable apartment close to transport and shops",
  ],
  commercial: [
    "a flexible commercial space with strong street presence",
    "an adaptable unit suited to retail, studio or office use",
    "a well-located commercial property with easy access",
  ],
  garage: [
    "a secure, dry garage with easy street access",
    "a well-lit garage space with a remote-controlled door",
    "a practical garage in a quiet, monitored lane",
  ],
};

function descriptionOf(
  listing: Listing,
  facts: Facts,
  featureTitles: string[],
  random: Random,
): string {
  const { city } = places[listing.place];
  const area = `${facts.size.toLocaleString("en-US")} sq ft`;
  const paragraphs: string[] = [];
  paragraphs.push(
    `<p><strong>${listing.headline}</strong> is ${random.pick(kindWords[listing.kind])} in ${city}, ` +
      `offered ${listing.offer === "For Rent" ? "to rent" : "for sale"} by ${businessName}.</p>`,
  );
  if (listing.kind === "garage") {
    paragraphs.push(
      `<p>It offers ${area} of floor space, room for ${facts.garage === 2 ? "two cars" : "one car"} ` +
        "and storage shelving along the back wall.</p>",
    );
  } else if (listing.kind === "commercial") {
    paragraphs.push(
      `<p>The ${area} floor plate is arranged as ${facts.room} rooms over ${facts.floor} ` +
        `floor${facts.floor === 1 ? "" : "s"}, with ${facts.bathroom} washroom${facts.bathroom === 1 ? "" : "s"} ` +
        "and a loading entrance at the rear.</p>",
    );
  } else {
    const bedrooms =
      facts.bedroom === 0
        ? "an open studio layout"
        : `${facts.bedroom} bedroom${facts.bedroom === 1 ? "" : "s"}`;
    paragraphs.push(
      `<p>Across ${area} it has ${bedrooms} and ${facts.bathroom} bathroom${facts.bathroom === 1 ? "" : "s"}, ` +
        `with <em>${facts.room} rooms</em> in all. The kitchen opens onto the living area, and ` +
        `${facts.balcony > 0 ? "the balcony catches the afternoon sun" : "large windows keep it bright all day"}.</p>`,
    );
  }
  paragraphs.push(
    `<ul>${featureTitles.map((title) => `<li>${title}</li>`).join("")}` +
      "<li>Floor plan available on request</li></ul>",
  );
  if (random.chance(0.7)) {
    paragraphs.push(
      listing.offer === "For Rent"
        ? "<p>Available on a twelve-month lease; a deposit of one month's rent applies. Pets are considered case by case.</p>"
        : "<p>Offered with vacant possession. Our agents can arrange a survey and introduce trusted mortgage advisers.</p>",
    );
  }
  paragraphs.push(
    "<p>Viewings are by appointment: send an enquiry and an agent will reply within one working day.</p>",
  );
  return sanitizeHtml(paragraphs.join("\n"), descriptionAllowList);
}

const youtubeAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/** A made-up video id of YouTube's shape: the demo never links a real video. */
function youtubeIdOf(random: Random): string {
  let id = "";
  for (let i = 0; i < 11; i++) id += random.pick([...youtubeAlphabet]);
  return id;
}

/** A demo home's prices since it was listed at `createdAt` (see {@link priceChanges}). */
function priceHistoryOf(code: string, createdAt: Date, now: Date): DemoProperty["priceHistory"] {
  const history = priceChanges[code];
  if (history === undefined) return [];
  return [
    { at: createdAt.toISOString(), price: history.listed },
    ...history.changes.map((change) => ({
      at: new Date(now.getTime() - change.daysAgo * days * 60_000).toISOString(),
      price: change.price,
    })),
  ];
}

/** Builds the demo content. The same `now` always gives the same content. */
export function buildDemoContent(now: Date = new Date()): DemoContent {
  const random = createRandom(20261121);
  const amenityIndex = new Map<string, number>(amenities.map((a, index) => [a.icon, index]));

  const properties: DemoProperty[] = listings.map((listing, index) => {
    const number = 1001 + index;
    const code = `HP-${number}`;
    const place = places[listing.place];
    const facts = buildingFacts(listing.kind, listing.headline, random);
    const featureIcons = random
      .shuffle(amenityPool[listing.kind])
      .slice(0, random.int(3, Math.min(6, amenityPool[listing.kind].length)));
    const featureIndexes = featureIcons
      .map((icon) => amenityIndex.get(icon))
      .filter((i): i is number => i !== undefined)
      .sort((a, b) => a - b);
    const featureTitles = featureIndexes.map((i) => amenities[i]?.title ?? "");
    const serial = String(index + 1).padStart(2, "0");
    const images = shotsOf[listing.kind]
      .slice(0, random.chance(0.5) ? 5 : 4)
      .map((shot, shotIndex) => ({
        file: `${listing.kind}-${serial}-${"abcde"[shotIndex]}.jpg`,
        kind: listing.kind,
        shot,
      }));
    // Days-old listings get a few hours of jitter so the times of day differ.
    const jitter = listing.age >= days ? random.int(-5 * hours, 5 * hours) : 0;
    const createdAt = new Date(now.getTime() - (listing.age + jitter) * 60_000);
    return {
      code,
      slug: `${slugify(listing.headline)}-${code.toLowerCase()}`,
      headline: listing.headline,
      cover_image: images[0]?.file ?? "",
      price: listing.price,
      address: listing.address,
      ...facts,
      rating: random.pick([3, 4, 4, 5, 5, 2, 4, 5]),
      offer_type: listing.offer,
      publish: listing.publish !== false,
      created_at: createdAt.toISOString(),
      description: descriptionOf(listing, facts, featureTitles, random),
      reference_no: `HPR-${createdAt.getUTCFullYear()}-${number}`,
      property_status: listing.status,
      city: place.city,
      province: place.province,
      country: place.country,
      ...placeInCity(place.city, code),
      youtube: random.chance(0.45) ? `https://www.youtube.com/embed/${youtubeIdOf(random)}` : null,
      google_map: `https://www.google.com/maps?q=${encodeURIComponent(`${listing.address}, ${place.country}`)}&output=embed`,
      featureIndexes,
      image_list: images.map((image) => ({ imageUrl: image.file })),
      related_product: [],
      category: categoryOf[listing.kind],
      images,
      floorPlans: demoFloorPlansOf({
        code,
        headline: listing.headline,
        kind: listing.kind,
        ...facts,
      }),
      priceHistory: priceHistoryOf(code, createdAt, now),
      schemaFields: demoFieldsOf(listing, index, now),
    };
  });

  // Related: published properties of the same city or category, 1 to 3 of them.
  const published = properties.filter((property) => property.publish);
  for (const property of properties) {
    const near = random.shuffle(
      published.filter(
        (other) =>
          other.code !== property.code &&
          (other.city === property.city || other.category === property.category),
      ),
    );
    const wanted = random.int(1, 3);
    const others = random.shuffle(published.filter((other) => other.code !== property.code));
    const related = [...near, ...others]
      .filter((other, i, all) => all.findIndex((o) => o.code === other.code) === i)
      .slice(0, wanted);
    property.related_product = related.map((other) => ({ code: other.code }));
  }

  const codes = published.map((property) => property.code);
  const byCode = (code: string) => properties.find((property) => property.code === code);
  const linkTo = (code: string) => `/property/${byCode(code)?.slug ?? ""}`;

  return {
    profile: {
      business_name: businessName,
      page_description:
        "Harbor & Pine Realty lists homes, apartments, villas, garages and commercial space to rent " +
        "and to buy in New York, Austin, Toronto, Vancouver, London, Mumbai and Dhaka.",
      image_url: "logo.png",
      website: "https://www.harborandpine.example",
      telephone: "+1 (212) 555-0147",
      email_address: "hello@harborandpine.example",
      address: "214 Harbor Street, Suite 5, New York, NY 10005, United States",
    },
    sliders: [
      { title: "Find a Home That Fits Your Life", image_url: "slider-1.jpg", link: "/property" },
      {
        title: "Waterfront Living in Vancouver",
        image_url: "slider-2.jpg",
        link: linkTo("HP-1003"),
      },
      {
        title: "City Apartments, Ready to Move In",
        image_url: "slider-3.jpg",
        link: linkTo("HP-1002"),
      },
      {
        title: "Space for a Growing Business",
        image_url: "slider-4.jpg",
        link: linkTo("HP-1004"),
      },
    ].map((slider, position) => ({ ...slider, position })),
    sliderImages: [
      { file: "slider-1.jpg", kind: "house" },
      { file: "slider-2.jpg", kind: "villa" },
      { file: "slider-3.jpg", kind: "apartment" },
      { file: "slider-4.jpg", kind: "commercial" },
    ],
    amenities: amenities.map((amenity) => ({ ...amenity })),
    categories: ["Apartments", "Commercial", "Garages", "Houses", "Villas"],
    properties,
    collections: [
      { title: "Product Layout 1", size: 6 },
      { title: "Product Layout 2", size: 6 },
      { title: "Product Layout 3", size: 8 },
    ].map(({ title, size }) => ({
      title,
      item_list: random
        .shuffle(codes)
        .slice(0, size)
        .map((code) => ({ code })),
    })),
  };
}
