/**
 * A listing's availability (issue 18, item 8; decision 046): Available, or one of the states a
 * home passes through once someone has taken it, shown as a badge and filtered on. Stored in the
 * `availability` column (migration 0010) beside the free-text `property_status` of SPEC §3,
 * which stays as it was. Plain values: the site and the server both use them.
 */

export const availabilities = ["available", "under_offer", "sold_stc", "let_agreed"] as const;
export type Availability = (typeof availabilities)[number];

export const defaultAvailability: Availability = "available";

/** What the badge and the filter say. */
export const availabilityLabels: Record<Availability, string> = {
  available: "Available",
  under_offer: "Under offer",
  sold_stc: "Sold STC",
  let_agreed: "Let agreed",
};

/**
 * schema.org `availability` of the listing's Offer: an available home is InStock; one under
 * offer or let/sold subject to contract is LimitedAvailability (still on the market, but a
 * buyer or tenant has been agreed and the deal may yet fall through), never SoldOut, which
 * would say it is gone for good.
 */
export const availabilitySchemaOrg: Record<Availability, string> = {
  available: "https://schema.org/InStock",
  under_offer: "https://schema.org/LimitedAvailability",
  sold_stc: "https://schema.org/LimitedAvailability",
  let_agreed: "https://schema.org/LimitedAvailability",
};

/**
 * Reads an availability from its value ('under_offer') or its label in any case and spacing
 * ('Under Offer', 'sold stc', 'let-agreed'); undefined when it is neither.
 */
export function readAvailability(value: unknown): Availability | undefined {
  if (typeof value !== "string") return undefined;
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if ((availabilities as readonly string[]).includes(key)) return key as Availability;
  return undefined;
}

/** Whether a listing in this state is taken: it gets a badge and leaves the sitemap in time. */
export function isTaken(availability: Availability | undefined): boolean {
  return availability !== undefined && availability !== "available";
}
