/**
 * A listing as the push portal receives it (decision 095): the one mapping from a listing's row
 * to the portal's JSON, modelled on Zoopla's Real Time Listings API (`listing/update` and
 * `listing/delete`), and the one check of what that JSON needs. A listing the check refuses is
 * never sent half-filled: its reasons are recorded on its outbox row and logged.
 *
 * What a listing needs before it is sent comes from the portals' one rule set
 * (lib/portal-readiness.ts, `portalReadiness("push", …)`), the same the editor's Portals panel
 * and the back office's Portals page show; a listing switched off for the push portal
 * (`send_to_push`, decision 093) is withdrawn like an unpublished one.
 */

import type { PropertyWithCategoryRow } from "../../../db/queries/property.ts";
import { readAvailability } from "../../../lib/availability.ts";
import { countryCode } from "../../../lib/countries.ts";
import type { FloorPlan } from "../../../lib/floor-plans.ts";
import { portalReadiness } from "../../../lib/portal-readiness.ts";
import { defaultRentPeriod, isRental, readRentPeriod } from "../../../lib/rent-period.ts";
import { recordOfProperty } from "../../content/property-record.ts";

/** A listing as the push job reads it: its row, with its category's title and floor plans. */
export type PushListing = PropertyWithCategoryRow & { floorPlans: readonly FloorPlan[] };

/** What the JSON takes from the site rather than the listing. */
export interface PushContext {
  /** The branch's reference at the portal (PUSH_BRANCH_REFERENCE). */
  branchReference: string;
  /** The site's public address: photos and the listing's page are linked from it. */
  siteUrl: string;
  /** ISO 4217, as CURRENCY says. */
  currencyCode: string;
}

/** The portal's reference of a listing: its id, which stays through a change of its code. */
export function listingReference(propertyId: number): string {
  return String(propertyId);
}

/** Whether the portal should list it now: published, not archived, and switched on for it. */
export function isListed(listing: PushListing): boolean {
  const published = listing.publish === true || listing.publish === 1;
  const switchedOn = listing.send_to_push === true || listing.send_to_push === 1;
  return published && switchedOn && listing.archived_at === null;
}

interface ImageItem {
  imageUrl?: unknown;
  alt?: unknown;
}

function photosOf(listing: PushListing): Array<{ file: string; alt: string }> {
  let items: unknown;
  try {
    items = JSON.parse(listing.image_list);
  } catch {
    items = [];
  }
  const photos = (Array.isArray(items) ? (items as ImageItem[]) : [])
    .filter((item) => typeof item?.imageUrl === "string" && item.imageUrl !== "")
    .map((item) => ({
      file: item.imageUrl as string,
      alt: typeof item.alt === "string" ? item.alt : "",
    }));
  // The cover first, as the site shows it.
  const cover = photos.findIndex((photo) => photo.file === listing.cover_image);
  if (cover > 0) photos.unshift(...photos.splice(cover, 1));
  if (cover < 0 && listing.cover_image) photos.unshift({ file: listing.cover_image, alt: "" });
  return photos;
}

/** A photo's or plan's address: an http(s) address or a site path as it is, else a stored file. */
function mediaUrl(file: string, siteUrl: string): string {
  if (/^https?:\/\//i.test(file)) return file;
  if (file.startsWith("/")) return `${siteUrl}${file}`;
  return `${siteUrl}/images/property/${encodeURIComponent(file)}`;
}

/**
 * Why the listing cannot be sent (empty: it can): the portals' shared rules for the push feed,
 * over the listing as the export reads it (amenities are not among push's rules).
 */
export function pushRefusals(listing: PushListing): string[] {
  return portalReadiness("push", recordOfProperty(listing, new Map(), listing.floorPlans));
}

const lifeCycle = {
  available: "available",
  under_offer: "under_offer",
  sold_stc: "sold_subject_to_contract",
  let_agreed: "let_agreed",
} as const;

const rentFrequency = {
  week: "per_week",
  month: "per_month",
  quarter: "per_quarter",
  year: "per_year",
} as const;

/** The portal's words for a category ("Town house" → "town_house"). */
function propertyType(category: string): string {
  return category
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

/** Leaves out the keys whose value is null or undefined (optional fields the listing lacks). */
function present<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== null && value !== undefined),
  ) as Partial<T>;
}

/** The body of `listing/update`: call only for a listing `pushRefusals` has no reason against. */
export function listingUpdateJson(listing: PushListing, context: PushContext): object {
  const rental = isRental(listing.offer_type);
  const period = readRentPeriod(listing.rent_period) ?? defaultRentPeriod;
  const availability = readAvailability(listing.availability) ?? "available";
  const hasPosition = listing.latitude !== null && listing.longitude !== null;
  return present({
    listing_reference: listingReference(listing.id),
    branch_reference: context.branchReference,
    category: "residential",
    property_type: propertyType(listing.category ?? ""),
    life_cycle_status: lifeCycle[availability],
    summary_description: listing.headline,
    detailed_description: [{ text: listing.description }],
    display_address: listing.display_address,
    location: present({
      street_name: listing.address || null,
      postal_code: listing.postcode,
      town_or_city: listing.city,
      county: listing.province || null,
      // ISO 3166-1 alpha-2, as Zoopla's schema has it; a listing sent always has one.
      country_code: countryCode(listing.country) ?? null,
      coordinates: hasPosition
        ? { latitude: Number(listing.latitude), longitude: Number(listing.longitude) }
        : null,
    }),
    pricing: present({
      transaction_type: rental ? "rent" : "sale",
      currency_code: context.currencyCode,
      price: listing.price,
      rent_frequency: rental ? rentFrequency[period] : null,
      deposit: listing.deposit,
    }),
    available_from_date: listing.available_from,
    council_tax_band: listing.council_tax_band ? listing.council_tax_band.toUpperCase() : null,
    total_bedrooms: listing.bedroom,
    bathrooms: listing.bathroom,
    living_rooms: listing.room,
    areas:
      listing.size > 0
        ? { internal: { minimum: { value: listing.size, units: "sq_feet" } } }
        : null,
    tenure: listing.tenure ? { type: listing.tenure } : null,
    furnished_state: listing.furnished ?? null,
    epc_rating: listing.energy_rating ? listing.energy_rating.toUpperCase() : null,
    // The EPC's energy efficiency score (1 to 100) behind its band.
    epc_score: listing.energy_score,
    content: [
      ...photosOf(listing).map((photo) =>
        present({
          type: "image",
          url: mediaUrl(photo.file, context.siteUrl),
          caption: photo.alt || null,
        }),
      ),
      ...listing.floorPlans.map((plan) => ({
        type: "floor_plan",
        url: mediaUrl(plan.file, context.siteUrl),
        caption: plan.label,
      })),
    ],
    details_url: `${context.siteUrl}/property/${encodeURIComponent(listing.slug)}`,
    code: listing.code,
  });
}

/** The body of `listing/delete`: the listing is withdrawn (unpublished, archived or deleted). */
export function listingDeleteJson(propertyId: number): object {
  return { listing_reference: listingReference(propertyId), deletion_reason: "withdrawn" };
}
