import { describe, expect, it } from "vitest";
import { type PortalListing, portalReadiness, portalReadinessOf } from "./portal-readiness.ts";

/** A UK listing every feed takes. */
function readyListing(overrides: Partial<PortalListing> = {}): PortalListing {
  return {
    headline: "Victorian Terrace House in Camden",
    description: "<p>A bright family home.</p>",
    address: "27 Albert Street",
    city: "London",
    country: "United Kingdom",
    postcode: "NW1 7LU",
    display_address: "Albert Street, London",
    price: 1_325_000,
    offer_type: "For Sale",
    category: "House",
    bedroom: 3,
    amenities: ["Garden", "Parking", "Fireplace"],
    images: ["house-06-a.jpg"],
    ...overrides,
  };
}

describe("portal readiness", () => {
  it("asks RESO and the push for a country whose ISO code it knows, in any case", () => {
    for (const country of ["GB", " united kingdom ", "England", "USA", "Canada"]) {
      expect(portalReadiness("reso", readyListing({ country })), country).toEqual([]);
    }
    const reason = `Country "Narnia" is not a country's name the portals know (such as United Kingdom, or its code GB)`;
    expect(portalReadiness("reso", readyListing({ country: "Narnia" }))).toEqual([reason]);
    expect(portalReadiness("push", readyListing({ country: "Narnia" }))).toContain(reason);
    expect(portalReadiness("reso", readyListing({ country: " " }))).toEqual(["Country is missing"]);
  });

  it("has nothing to say of a complete UK listing, for any feed", () => {
    for (const feed of ["rightmove", "push", "reso"] as const) {
      expect(portalReadiness(feed, readyListing()), feed).toEqual([]);
    }
  });

  it("lists what is missing in plain words", () => {
    const listing = readyListing({
      postcode: "",
      display_address: " ",
      description: "<p> </p>",
      amenities: ["Garden"],
      images: [],
      price: 0,
    });
    expect(portalReadiness("rightmove", listing)).toEqual([
      "Postcode is missing",
      "Price is missing",
      "Description is missing",
      "Display address is missing",
      "Needs at least 3 amenities for Rightmove's key features (it has 1)",
      "Needs at least one photo",
    ]);
    expect(portalReadiness("reso", listing)).toEqual([
      "Postcode is missing",
      "Price is missing",
      "Description is missing",
    ]);
  });

  it("sends Rightmove UK homes with a full UK postcode only", () => {
    expect(portalReadiness("rightmove", readyListing({ country: "United States" }))).toEqual([
      "Rightmove lists homes in the United Kingdom only (the country is United States)",
    ]);
    expect(portalReadiness("rightmove", readyListing({ postcode: "NW1" }))).toEqual([
      "Postcode is not a full UK postcode",
    ]);
    expect(portalReadiness("push", readyListing({ country: "United States" }))).toEqual([]);
  });

  it("asks the push for what its update message needs: a headline, sale or rent, a category", () => {
    const listing = readyListing({ headline: " ", offer_type: "For Swap", category: "" });
    expect(portalReadiness("push", listing)).toEqual([
      "Headline is missing",
      "It is neither for sale nor for rent",
      "Category is missing (the portal's property type)",
    ]);
    expect(portalReadiness("reso", listing)).toEqual([]);
  });

  it("answers each feed with its switch, in the feeds' order", () => {
    const answers = portalReadinessOf(readyListing({ postcode: "" }), {
      send_to_rightmove: 0,
      send_to_push: true,
      send_to_reso: "yes",
    });
    expect(answers.map(({ feed, switchedOn }) => [feed, switchedOn])).toEqual([
      ["rightmove", false],
      ["push", true],
      ["reso", true],
    ]);
    expect(answers[1]?.reasons).toEqual(["Postcode is missing"]);
  });
});
