import { describe, expect, it } from "vitest";
import type { Property } from "./api-contract.ts";
import type { PropertySearch } from "./property-search.ts";
import {
  matchesFilters,
  searchPropertiesInMemory,
  sortProperties,
} from "./property-search-memory.ts";

function property(code: string, fields: Partial<Property> = {}): Property {
  return {
    code,
    slug: code.toLowerCase(),
    headline: `Home ${code}`,
    cover_image: `${code}.jpg`,
    price: 1000,
    address: "1 Main Street",
    bedroom: 2,
    bathroom: 1,
    room: 4,
    floor: 1,
    size: 900,
    rating: 4,
    garage: 0,
    offer_type: "For Rent",
    publish: 1,
    created_at: "2026-01-01T00:00:00.000Z",
    description: "<p>Bright.</p>",
    reference_no: code,
    property_status: "Available",
    city: "Toronto",
    province: "Ontario",
    country: "Canada",
    youtube: null,
    google_map: null,
    features: "[]",
    image_list: "[]",
    related_product: "[]",
    category: "Apartments",
    balcony: 1,
    ...fields,
  };
}

const search = (fields: Partial<PropertySearch> = {}): PropertySearch => ({
  sort: "new",
  page: 1,
  limit: 60,
  ...fields,
});

describe("matchesFilters", () => {
  const home = property("A", {
    headline: "Sunny Loft",
    description: "<p>Garden views</p>",
    city: "Austin",
    province: "Texas",
    country: "United States",
  });

  it("matches everything without filters", () => {
    expect(matchesFilters(home, {})).toBe(true);
  });

  it("finds every keyword word in some field, any case", () => {
    expect(matchesFilters(home, { keyword: "sunny GARDEN" })).toBe(true);
    expect(matchesFilters(home, { keyword: "austin" })).toBe(true);
    expect(matchesFilters(home, { keyword: "main street" })).toBe(true);
    expect(matchesFilters(home, { keyword: "sunny pool" })).toBe(false);
  });

  it("compares status, type and location exactly; location is city, province or country", () => {
    expect(matchesFilters(home, { status: "For Rent" })).toBe(true);
    expect(matchesFilters(home, { status: "For Sale" })).toBe(false);
    expect(matchesFilters(home, { type: "Apartments" })).toBe(true);
    expect(matchesFilters(home, { type: "Houses" })).toBe(false);
    for (const location of ["Austin", "Texas", "United States"]) {
      expect(matchesFilters(home, { location })).toBe(true);
    }
    expect(matchesFilters(home, { location: "Canada" })).toBe(false);
  });

  it("keeps area and price inside their bounds, inclusive", () => {
    expect(matchesFilters(home, { minArea: 900, maxArea: 900 })).toBe(true);
    expect(matchesFilters(home, { minArea: 901 })).toBe(false);
    expect(matchesFilters(home, { maxPrice: 999 })).toBe(false);
    expect(matchesFilters(home, { minPrice: 1000, maxPrice: 1000 })).toBe(true);
  });

  it("reads the counts as 'at least'; a missing balcony never matches", () => {
    expect(matchesFilters(home, { bedrooms: 2, bathrooms: 1, balcony: 1 })).toBe(true);
    expect(matchesFilters(home, { bedrooms: 3 })).toBe(false);
    expect(matchesFilters(home, { garage: 1 })).toBe(false);
    expect(matchesFilters(property("B", { balcony: null }), { balcony: 1 })).toBe(false);
  });

  it("matches any of several types (a 'Property Category', decision 074)", () => {
    expect(matchesFilters(home, { types: ["Houses", "Apartments"] })).toBe(true);
    expect(matchesFilters(home, { types: ["Land"] })).toBe(false);
    expect(matchesFilters(home, { types: [] })).toBe(true);
  });

  it("selects codes", () => {
    expect(matchesFilters(home, { codes: ["B", "A"] })).toBe(true);
    expect(matchesFilters(home, { codes: ["B"] })).toBe(false);
  });
});

describe("sortProperties", () => {
  const list = [
    property("A", { price: 300, created_at: "2026-01-02T00:00:00Z" }),
    property("B", { price: 100, created_at: "2026-01-03T00:00:00Z" }),
    property("C", { price: 200, created_at: "2026-01-01T00:00:00Z" }),
    property("D", { price: 200, created_at: "2026-01-01T00:00:00Z" }),
  ];
  const codes = (properties: Property[]) => properties.map((item) => item.code);

  it("orders by date and by price both ways, keeping ties in list order", () => {
    expect(codes(sortProperties(list, "new"))).toEqual(["B", "A", "C", "D"]);
    expect(codes(sortProperties(list, "old"))).toEqual(["C", "D", "A", "B"]);
    expect(codes(sortProperties(list, "price_desc"))).toEqual(["A", "C", "D", "B"]);
    expect(codes(sortProperties(list, "price_asc"))).toEqual(["B", "C", "D", "A"]);
  });

  it("does not change the list it sorts", () => {
    sortProperties(list, "price_asc");
    expect(codes(list)).toEqual(["A", "B", "C", "D"]);
  });
});

describe("searchPropertiesInMemory", () => {
  const list = Array.from({ length: 14 }, (_, index) =>
    property(`P${index + 1}`, {
      price: (index + 1) * 100,
      offer_type: index % 2 === 0 ? "For Rent" : "For Sale",
    }),
  );

  it("answers one page and the total of the matches", () => {
    const result = searchPropertiesInMemory(
      list,
      search({ status: "For Sale", sort: "price_asc", page: 2, limit: 3 }),
    );
    expect(result.total).toBe(7);
    expect(result.properties.map((item) => item.code)).toEqual(["P8", "P10", "P12"]);
  });

  it("answers an empty page past the end, with the total", () => {
    const result = searchPropertiesInMemory(list, search({ page: 9, limit: 6 }));
    expect(result).toEqual({ properties: [], total: 14 });
  });
});
