/**
 * The push portal's mapping (decision 095) on both dialects, over a seeded listing read as the
 * job reads it: each field where the portal expects it, a rental's frequency, the availability
 * as the portal's life cycle, photos cover first then floor plans as absolute addresses; and
 * every reason a listing is refused, with none for a complete one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findListingForPush } from "../../../db/queries/listing-push.ts";
import { portalReadiness } from "../../../lib/portal-readiness.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../../tests/support/test-database.ts";
import { recordOfProperty } from "../../content/property-record.ts";
import {
  isListed,
  listingDeleteJson,
  listingUpdateJson,
  type PushListing,
  pushRefusals,
} from "./listing-json.ts";

const context = {
  branchReference: "BR-7",
  siteUrl: "https://homes.example",
  currencyCode: "GBP",
};

describe.each(testDialects)("a listing as the push portal gets it on %s", (dialect) => {
  let test: TestDatabase;
  let listing: PushListing;

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    const db = test.handle.db;
    const { id } = await db
      .selectFrom("property")
      .select("id")
      .where("publish", "=", 1)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("property")
      .set({
        headline: "Canal-side flat",
        offer_type: "For Rent",
        price: 1450,
        rent_period: "week",
        availability: "under_offer",
        address: "12 Canal Walk",
        postcode: "LS1 4BR",
        display_address: "Canal Walk, Leeds",
        deposit: 1673,
        available_from: "2026-12-14",
        council_tax_band: "c",
        energy_score: 72,
        send_to_push: 1 as never,
        city: "Leeds",
        province: "West Yorkshire",
        country: "United Kingdom",
        latitude: 53.79,
        longitude: -1.55,
        bedroom: 2,
        bathroom: 1,
        size: 700,
        tenure: "leasehold",
        furnished: "part_furnished",
        energy_rating: "c",
        cover_image: "b.jpg",
        image_list: JSON.stringify([{ imageUrl: "a.jpg", alt: "Kitchen" }, { imageUrl: "b.jpg" }]),
      })
      .where("id", "=", id)
      .execute();
    await db.deleteFrom("floor_plan").where("property_id", "=", id).execute();
    await db
      .insertInto("floor_plan")
      .values({
        property_id: id,
        position: 0,
        label: "Ground floor",
        file: "plan.png",
        kind: "image",
      })
      .execute();
    const read = await findListingForPush(db, id);
    if (!read) throw new Error("the seeded listing is gone");
    listing = read;
  });
  afterAll(() => test?.drop());

  it("maps each field where the portal expects it", () => {
    expect(isListed(listing)).toBe(true);
    expect(pushRefusals(listing)).toEqual([]);
    expect(listingUpdateJson(listing, context)).toMatchObject({
      listing_reference: String(listing.id),
      branch_reference: "BR-7",
      category: "residential",
      property_type: listing.category?.toLowerCase().replace(/[^a-z0-9]+/g, "_"),
      life_cycle_status: "under_offer",
      summary_description: "Canal-side flat",
      detailed_description: [{ text: listing.description }],
      display_address: "Canal Walk, Leeds",
      location: {
        street_name: "12 Canal Walk",
        postal_code: "LS1 4BR",
        town_or_city: "Leeds",
        county: "West Yorkshire",
        country_code: "GB",
        coordinates: { latitude: 53.79, longitude: -1.55 },
      },
      pricing: {
        transaction_type: "rent",
        currency_code: "GBP",
        price: 1450,
        rent_frequency: "per_week",
        deposit: 1673,
      },
      available_from_date: "2026-12-14",
      council_tax_band: "C",
      total_bedrooms: 2,
      bathrooms: 1,
      areas: { internal: { minimum: { value: 700, units: "sq_feet" } } },
      tenure: { type: "leasehold" },
      furnished_state: "part_furnished",
      epc_rating: "C",
      epc_score: 72,
      content: [
        { type: "image", url: "https://homes.example/images/property/b.jpg" },
        { type: "image", url: "https://homes.example/images/property/a.jpg", caption: "Kitchen" },
        {
          type: "floor_plan",
          url: "https://homes.example/images/property/plan.png",
          caption: "Ground floor",
        },
      ],
      details_url: `https://homes.example/property/${listing.slug}`,
      code: listing.code,
    });
  });

  it("sends a sale without a rent frequency, and leaves out what the listing lacks", () => {
    const sale = {
      ...listing,
      offer_type: "For Sale",
      latitude: null,
      longitude: null,
      tenure: null,
      size: 0,
      deposit: null,
      available_from: null,
      council_tax_band: null,
      energy_score: null,
    } as PushListing;
    const json = listingUpdateJson(sale, context) as Record<string, Record<string, unknown>>;
    expect(json.pricing).toEqual({ transaction_type: "sale", currency_code: "GBP", price: 1450 });
    expect(json.location).not.toHaveProperty("coordinates");
    for (const absent of ["available_from_date", "council_tax_band", "epc_score"]) {
      expect(json).not.toHaveProperty(absent);
    }
    expect(json).not.toHaveProperty("tenure");
    expect(json).not.toHaveProperty("areas");
  });

  it("names every reason a listing cannot be sent, by the portals' shared rules", () => {
    const empty = {
      ...listing,
      headline: " ",
      description: "<p>&nbsp;</p>",
      price: 0,
      offer_type: "For Swap",
      category: null,
      address: "",
      postcode: "",
      display_address: "",
      city: "",
      country: "",
      cover_image: "",
      image_list: "[]",
    } as PushListing;
    const reasons = [
      "Street address is missing",
      "City is missing",
      "Postcode is missing",
      "Price is missing",
      "Description is missing",
      "Headline is missing",
      "It is neither for sale nor for rent",
      "Category is missing (the portal's property type)",
      "Country is missing",
      "Display address is missing",
      "Needs at least one photo",
    ];
    expect(pushRefusals(empty)).toEqual(reasons);
    // One rule set: what the editor's and the Portals page's readiness says of it.
    expect(portalReadiness("push", recordOfProperty(empty, new Map(), empty.floorPlans))).toEqual(
      reasons,
    );
  });

  it("withdraws a listing unpublished, archived or switched off, by its reference", () => {
    expect(isListed({ ...listing, publish: 0 })).toBe(false);
    expect(isListed({ ...listing, archived_at: "2026-11-29T06:00:00.000Z" })).toBe(false);
    // Switched off for the push portal: withdrawn, never sent.
    expect(isListed({ ...listing, send_to_push: 0 as never })).toBe(false);
    expect(isListed({ ...listing, send_to_push: false })).toBe(false);
    expect(listingDeleteJson(listing.id)).toEqual({
      listing_reference: String(listing.id),
      deletion_reason: "withdrawn",
    });
  });
});
