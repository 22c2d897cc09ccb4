/**
 * An applicant (decision 103): the person's details, their consent to be mailed homes, and
 * their requirements, each read and checked here once for the back office's forms, the
 * service and the tests; and the matching rule itself, which the SQL of
 * db/queries/applicant.ts carries out (its tests check the two agree).
 *
 * The budget is compared with a listing's price as stored, in the site's currency and, for a
 * rent, per the listing's own period: the site's search filters prices the same way, never
 * converted (lib/rent-period.ts).
 */
import { normaliseAlertEmail } from "./search-alert.ts";
import { maxWholeNumber, readText, withoutControlCharacters } from "./text.ts";

export const applicantWants = ["buy", "rent"] as const;
export type ApplicantWants = (typeof applicantWants)[number];

/** What each want matches: a listing's `offer_type`. */
export const offerTypeOfWants: Record<ApplicantWants, "For Sale" | "For Rent"> = {
  buy: "For Sale",
  rent: "For Rent",
};

/** Where an applicant's consent to be mailed homes came from. */
export const consentSources = ["alert", "newsletter", "staff", "stop-link"] as const;
export type ConsentSource = (typeof consentSources)[number];

export const consentSourceLabels: Record<ConsentSource, string> = {
  alert: "confirmed a search alert",
  newsletter: "confirmed the newsletter",
  staff: "recorded by staff",
  "stop-link": "used the stop link in a mail",
};

/** Where an applicant record came from first. */
export type ApplicantSource = "staff" | "enquiry" | "viewing" | "alert" | "newsletter";

export interface ApplicantRequirements {
  /** Null: no requirements yet; such an applicant matches no listing. */
  wants: ApplicantWants | null;
  budgetMin: number | null;
  budgetMax: number | null;
  minBeds: number | null;
  /** Cities or provinces as listings name them, lower case; empty: anywhere. */
  areas: string[];
  /** Category ids; empty: any. */
  categoryIds: number[];
  /** Amenity ids the listing must all have; empty: none needed. */
  amenityIds: number[];
}

export const noRequirements: ApplicantRequirements = {
  wants: null,
  budgetMin: null,
  budgetMax: null,
  minBeds: null,
  areas: [],
  categoryIds: [],
  amenityIds: [],
};

export const maxAreas = 20;
export const maxAreaLength = 100;
export const maxNoteLength = 2000;
export const maxBeds = 1000;

/** The requirements' form as posted: every value its raw text. */
export interface RequirementsForm {
  wants: string;
  budgetMin: string;
  budgetMax: string;
  minBeds: string;
  /** Areas, one a line or separated by commas. */
  areas: string;
  categoryIds: string[];
  amenityIds: string[];
}

export type RequirementsErrors = Partial<Record<keyof RequirementsForm, string>>;

export function requirementsFormOf(requirements: ApplicantRequirements): RequirementsForm {
  const text = (value: number | null) => (value === null ? "" : String(value));
  return {
    wants: requirements.wants ?? "",
    budgetMin: text(requirements.budgetMin),
    budgetMax: text(requirements.budgetMax),
    minBeds: text(requirements.minBeds),
    areas: requirements.areas.join(", "),
    categoryIds: requirements.categoryIds.map(String),
    amenityIds: requirements.amenityIds.map(String),
  };
}

function readBudget(value: string): number | null | "bad" {
  const trimmed = value.trim().replace(/[,\s]/g, "");
  if (trimmed === "") return null;
  if (!/^\d{1,10}$/.test(trimmed)) return "bad";
  const number = Number(trimmed);
  return number <= maxWholeNumber ? number : "bad";
}

/** Areas from free text: one a line or comma separated, trimmed, lower case, no repeats. */
export function readAreas(value: string): string[] {
  const areas = withoutControlCharacters(value, true)
    .split(/[\n,;]/)
    .map((area) => area.trim().replace(/\s+/g, " ").toLowerCase())
    .filter((area) => area !== "");
  return [...new Set(areas)];
}

function readIds(values: readonly string[], known: ReadonlySet<number>): number[] | undefined {
  const ids: number[] = [];
  for (const value of values) {
    const id = Number(value);
    if (!Number.isSafeInteger(id) || !known.has(id)) return undefined;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids.sort((a, b) => a - b);
}

/**
 * Reads and checks the posted requirements against the site's categories and amenities:
 * the requirements, or a message per wrong field.
 */
export function readRequirements(
  form: RequirementsForm,
  known: { categoryIds: ReadonlySet<number>; amenityIds: ReadonlySet<number> },
): { requirements: ApplicantRequirements } | { errors: RequirementsErrors } {
  const errors: RequirementsErrors = {};
  const wants = form.wants.trim();
  if (wants !== "" && !(applicantWants as readonly string[]).includes(wants)) {
    errors.wants = "Choose buy or rent.";
  }
  const budgetMin = readBudget(form.budgetMin);
  const budgetMax = readBudget(form.budgetMax);
  if (budgetMin === "bad") errors.budgetMin = "Write a whole amount, such as 250000, or nothing.";
  if (budgetMax === "bad") errors.budgetMax = "Write a whole amount, such as 400000, or nothing.";
  if (
    typeof budgetMin === "number" &&
    typeof budgetMax === "number" &&
    budgetMin > budgetMax &&
    !errors.budgetMax
  ) {
    errors.budgetMax = "The most must not be below the least.";
  }
  const bedsText = form.minBeds.trim();
  const minBeds = bedsText === "" ? null : Number(bedsText);
  if (minBeds !== null && (!/^\d{1,4}$/.test(bedsText) || minBeds > maxBeds)) {
    errors.minBeds = "Write a whole number of bedrooms, such as 2, or nothing.";
  }
  const areas = readAreas(form.areas);
  if (areas.length > maxAreas) errors.areas = `Name at most ${maxAreas} areas.`;
  else if (areas.some((area) => area.length > maxAreaLength)) {
    errors.areas = `Each area may be at most ${maxAreaLength} characters.`;
  }
  const categoryIds = readIds(form.categoryIds, known.categoryIds);
  if (!categoryIds) errors.categoryIds = "Choose among the site's property types.";
  const amenityIds = readIds(form.amenityIds, known.amenityIds);
  if (!amenityIds) errors.amenityIds = "Choose among the site's amenities.";
  const anyGiven =
    budgetMin !== null ||
    budgetMax !== null ||
    minBeds !== null ||
    areas.length > 0 ||
    (categoryIds?.length ?? 0) > 0 ||
    (amenityIds?.length ?? 0) > 0;
  if (wants === "" && anyGiven && !errors.wants) {
    errors.wants = "Choose buy or rent: without it the applicant matches nothing.";
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    requirements: {
      wants: wants === "" ? null : (wants as ApplicantWants),
      budgetMin: budgetMin as number | null,
      budgetMax: budgetMax as number | null,
      minBeds,
      areas,
      categoryIds: categoryIds ?? [],
      amenityIds: amenityIds ?? [],
    },
  };
}

/** A listing as the matching rule reads it. */
export interface MatchableListing {
  offerType: string;
  price: number;
  bedroom: number;
  city: string;
  province: string;
  categoryId: number | null;
  amenityIds: readonly number[];
}

/**
 * The matching rule, as db/queries/applicant.ts's SQL applies it: the applicant wants the
 * listing's offer; its price is within the budget (either end may be open); it has at least
 * the bedrooms asked; its city or province is one of the areas (any, when none); its category
 * is one of the types (any, when none); and it has every must-have amenity.
 */
export function listingMatches(
  requirements: ApplicantRequirements,
  listing: MatchableListing,
): boolean {
  const { wants } = requirements;
  if (wants === null || offerTypeOfWants[wants] !== listing.offerType) return false;
  if (requirements.budgetMin !== null && listing.price < requirements.budgetMin) return false;
  if (requirements.budgetMax !== null && listing.price > requirements.budgetMax) return false;
  if (requirements.minBeds !== null && listing.bedroom < requirements.minBeds) return false;
  if (
    requirements.areas.length > 0 &&
    !requirements.areas.includes(listing.city.trim().toLowerCase()) &&
    !requirements.areas.includes(listing.province.trim().toLowerCase())
  ) {
    return false;
  }
  if (
    requirements.categoryIds.length > 0 &&
    (listing.categoryId === null || !requirements.categoryIds.includes(listing.categoryId))
  ) {
    return false;
  }
  return requirements.amenityIds.every((id) => listing.amenityIds.includes(id));
}

/** The applicant's details form as posted. */
export interface ApplicantDetailsForm {
  name: string;
  email: string;
  phone: string;
}

export interface ApplicantDetails {
  name: string;
  email: string;
  phone: string;
}

export type ApplicantDetailsErrors = Partial<Record<keyof ApplicantDetailsForm, string>>;

/** An applicant's e-mail address: trimmed and lower case; undefined when it is not one. */
export function normaliseApplicantEmail(value: string): string | undefined {
  return normaliseAlertEmail(value);
}

export function readApplicantDetails(
  form: ApplicantDetailsForm,
): { details: ApplicantDetails } | { errors: ApplicantDetailsErrors } {
  const errors: ApplicantDetailsErrors = {};
  const name = readText(form.name, 120) ?? "";
  if (name === "") errors.name = "Write the applicant's name.";
  const email = normaliseApplicantEmail(form.email);
  if (!email) errors.email = "Write an e-mail address, such as name@example.com.";
  const phone = readText(form.phone, 40) ?? "";
  if (phone !== "" && !/^[+()\d\s.-]{5,40}$/.test(phone)) {
    errors.phone = "Write a phone number of digits, spaces and + ( ) - only, or nothing.";
  }
  if (Object.keys(errors).length > 0 || !email) return { errors };
  return { details: { name, email, phone } };
}

/** A note's text: control characters out (line breaks kept), trimmed; undefined when empty. */
export function readApplicantNote(value: string): string | undefined {
  const text = withoutControlCharacters(value, true).trim();
  return text === "" ? undefined : text.slice(0, maxNoteLength);
}

/** The amount as the back office shows it: thousands separated. */
export function formatBudget(requirements: ApplicantRequirements): string {
  const amount = (value: number) => value.toLocaleString("en-GB");
  const { budgetMin, budgetMax } = requirements;
  if (budgetMin === null && budgetMax === null) return "any price";
  if (budgetMin === null) return `up to ${amount(budgetMax ?? 0)}`;
  if (budgetMax === null) return `from ${amount(budgetMin)}`;
  return `${amount(budgetMin)} to ${amount(budgetMax)}`;
}
