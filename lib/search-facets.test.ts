import { describe, expect, it } from "vitest";
import type { Property } from "./api-contract.ts";
import { searchFacetsOf } from "./search-facets.ts";

const home = (city: string, offer_type: string, price: number) =>
  ({ city, offer_type, price }) as Property;

describe("searchFacetsOf (decision 074)", () => {
  it("counts each city and finds the top price per offer type", () => {
    expect(
      searchFacetsOf([
        home("Toronto", "For Sale", 900_000),
        home("London", "For Rent", 2_500),
        home("Toronto", "For Rent", 3_100),
        home(" ", "For Sale", 3_950_000),
      ]),
    ).toEqual({
      cities: [
        { name: "London", count: 1 },
        { name: "Toronto", count: 2 },
      ],
      maxPrice: { "For Sale": 3_950_000, "For Rent": 3_100 },
    });
  });

  it("answers none for an empty catalogue", () => {
    expect(searchFacetsOf([])).toEqual({ cities: [], maxPrice: {} });
  });
});
