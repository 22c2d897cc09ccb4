/**
 * Whether a listing has what each portal feed needs (issue 30; decision 093): a listing that
 * lacks something is listed with its reasons, in plain words ("Postcode is missing"), and never
 * sent half-filled. Pure and zod-free: the editor's Portals panel, the feeds and their logs all
 * ask here. Whether a listing is published and switched on for a feed is the feed's own choice
 * (`feedSwitches`); this says only whether its content is complete.
 */
import { countryCode } from "./countries.ts";
import { descriptionHasText } from "./description-html.ts";
import { isUkCountry, normaliseUkPostcode } from "./postcode.ts";

/** The outward feeds, by the name their switch and their logs use. */
export const portalFeeds = ["rightmove", "push", "reso"] as const;
export type PortalFeed = (typeof portalFeeds)[number];

export function isPortalFeed(value: unknown): value is PortalFeed {
  return typeof value === "string" && (portalFeeds as readonly string[]).includes(value);
}

/** What staff call each feed. */
export const portalFeedLabels: Record<PortalFeed, string> = {
  rightmove: "Rightmove",
  push: "Listings push",
  reso: "RESO Web API",
};

/** The listing's switch (lib/property-fields.ts) that sends it to each feed. */
export const feedSwitches = {
  rightmove: "send_to_rightmove",
  push: "send_to_push",
  reso: "send_to_reso",
} as const satisfies Record<PortalFeed, string>;

/**
 * What the feeds read of a listing, by the import's and export's names (an export record of
 * `npm run content` is one): lists as their items, the description as its HTML.
 */
export interface PortalListing {
  headline: string;
  description: string;
  address: string;
  city: string;
  country: string;
  postcode: string;
  display_address: string;
  price: number;
  offer_type: string;
  /** The category's title ("" when it has none): a portal's property type. */
  category: string;
  bedroom: number;
  amenities: readonly string[];
  images: readonly string[];
}

/** Rightmove's file has three feature lines every listing must fill (FEATURE1 to FEATURE3). */
export const rightmoveFeatureCount = 3;

/**
 * Whether a text field is empty or white space only (spaces, tabs, line breaks): the same test
 * the RESO feed's SQL makes (`db/queries/portal-readiness.ts`), so both agree on every value.
 */
export function blank(value: string): boolean {
  return /^[ \t\n\r]*$/.test(value);
}

/**
 * The country's reason, when its name is not one whose ISO 3166-1 code the feeds can send
 * (lib/countries.ts): RESO's `Country` and the push's `country_code` are that code.
 */
function countryReasons(listing: PortalListing): string[] {
  if (blank(listing.country)) return ["Country is missing"];
  if (countryCode(listing.country) === undefined) {
    return [
      `Country "${listing.country.trim()}" is not a country's name the portals know (such as United Kingdom, or its code GB)`,
    ];
  }
  return [];
}

/** The reasons shared by every feed: what no portal shows a listing without. */
function commonReasons(listing: PortalListing): string[] {
  const reasons: string[] = [];
  if (blank(listing.address)) reasons.push("Street address is missing");
  if (blank(listing.city)) reasons.push("City is missing");
  if (blank(listing.postcode)) reasons.push("Postcode is missing");
  if (!(listing.price > 0)) reasons.push("Price is missing");
  if (!descriptionHasText(listing.description)) reasons.push("Description is missing");
  return reasons;
}

/** Each feed's reasons beyond the common ones. */
const feedReasons: Record<PortalFeed, (listing: PortalListing) => string[]> = {
  rightmove: (listing) => {
    const reasons: string[] = [];
    if (!isUkCountry(listing.country)) {
      reasons.push(
        `Rightmove lists homes in the United Kingdom only (the country is ${listing.country.trim() || "missing"})`,
      );
    } else if (
      listing.postcode.trim() !== "" &&
      normaliseUkPostcode(listing.postcode) === undefined
    ) {
      reasons.push("Postcode is not a full UK postcode");
    }
    if (blank(listing.display_address)) reasons.push("Display address is missing");
    const features = listing.amenities.length;
    if (features < rightmoveFeatureCount) {
      reasons.push(
        `Needs at least ${rightmoveFeatureCount} amenities for Rightmove's key features (it has ${features})`,
      );
    }
    if (listing.images.length === 0) reasons.push("Needs at least one photo");
    return reasons;
  },
  push: (listing) => {
    const reasons: string[] = [];
    // The update message's required fields beyond the common ones (decision 095).
    if (blank(listing.headline)) reasons.push("Headline is missing");
    if (listing.offer_type !== "For Sale" && listing.offer_type !== "For Rent") {
      reasons.push("It is neither for sale nor for rent");
    }
    if (blank(listing.category)) reasons.push("Category is missing (the portal's property type)");
    reasons.push(...countryReasons(listing));
    if (blank(listing.display_address)) reasons.push("Display address is missing");
    if (listing.images.length === 0) reasons.push("Needs at least one photo");
    return reasons;
  },
  reso: countryReasons,
};

/** What `listing` still lacks for `feed`, in plain words; empty when it can be sent. */
export function portalReadiness(feed: PortalFeed, listing: PortalListing): string[] {
  return [...commonReasons(listing), ...feedReasons[feed](listing)];
}

/** A feed's answer for one listing: whether it is switched on, and what it lacks. */
export interface PortalReadiness {
  feed: PortalFeed;
  label: string;
  switchedOn: boolean;
  reasons: string[];
}

/**
 * Each feed's answer for a listing and its switches (true or "yes": on), in the feeds' order:
 * what the editor's Portals panel shows.
 */
export function portalReadinessOf(
  listing: PortalListing,
  switches: Readonly<Record<string, unknown>>,
): PortalReadiness[] {
  return portalFeeds.map((feed) => {
    const value = switches[feedSwitches[feed]];
    return {
      feed,
      label: portalFeedLabels[feed],
      switchedOn: value === true || value === 1 || value === "yes",
      reasons: portalReadiness(feed, listing),
    };
  });
}
