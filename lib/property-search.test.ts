import { describe, expect, it } from "vitest";
import {
  hasPropertySearchParams,
  maxSearchLimit,
  propertySearchErrors,
  propertySearchParams,
  readPropertySearch,
} from "./property-search.ts";

describe("readPropertySearch", () => {
  it("reads every filter, the sort and the page", () => {
    const search = readPropertySearch(
      new URLSearchParams(
        "keyword=%20garden%20%20view%20&status=For+Sale&type=Houses&location=Canada&min_area=100&max_area=5%2C000&min_price=10&max_price=99.5&bedrooms=2&bathrooms=1&balcony=1&garage=3&codes=A-1,%20B-2,,&sort=price_asc&page=3&limit=6",
      ),
    );
    expect(search).toEqual({
      keyword: "garden view",
      status: "For Sale",
      type: "Houses",
      location: "Canada",
      minArea: 100,
      maxArea: 5000,
      minPrice: 10,
      maxPrice: 99.5,
      bedrooms: 2,
      bathrooms: 1,
      balcony: 1,
      garage: 3,
      codes: ["A-1", "B-2"],
      sort: "price_asc",
      page: 3,
      limit: 6,
    });
  });

  it("ignores values that do not fit, and names the numbers among them", () => {
    const params = new URLSearchParams(
      "page=-1&limit=0&sort=random&min_price=-5&bedrooms=two&min_area=1.5&keyword=%20&garage=",
    );
    expect(readPropertySearch(params)).toEqual({ sort: "new", page: 1, limit: 12 });
    expect(propertySearchErrors(params)).toEqual({
      min_price: "Please use a number from 0 to 1000000000000.",
      bedrooms: "Please use a whole number from 0 to 2147483647.",
      min_area: "Please use a whole number from 0 to 2147483647.",
    });
    expect(readPropertySearch(new URLSearchParams("limit=5000")).limit).toBe(maxSearchLimit);
  });

  it("round-trips through propertySearchParams", () => {
    const search = readPropertySearch(
      new URLSearchParams("status=For+Rent&bedrooms=2&sort=old&page=2&limit=6"),
    );
    expect(readPropertySearch(propertySearchParams(search))).toEqual(search);
  });

  it("tells a plain request from a search", () => {
    expect(hasPropertySearchParams(new URLSearchParams(""))).toBe(false);
    expect(hasPropertySearchParams(new URLSearchParams("utm_source=x"))).toBe(false);
    expect(hasPropertySearchParams(new URLSearchParams("page=1"))).toBe(true);
  });
});
