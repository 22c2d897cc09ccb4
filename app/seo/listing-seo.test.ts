import { describe, expect, it } from "vitest";
import { readListingSearch } from "../listing/listing-search.ts";
import { describeFilters, isIndexableListing, listingSeo } from "./listing-seo.ts";

function seoOf(query: string, page = 1, pageCount = 5) {
  return listingSeo({
    path: "/property",
    title: "Properties Grid",
    search: readListingSearch(new URLSearchParams(query)),
    page,
    pageCount,
    total: 30,
    businessName: "Harbor & Pine Realty",
  });
}

describe("listingSeo", () => {
  it("indexes the plain listing with itself as canonical", () => {
    expect(seoOf("")).toEqual({
      title: "Properties Grid",
      description:
        "30 homes for rent and for sale at Harbor & Pine Realty. Page 1 of 5. Prices, photos, floor plans and details of every listing.",
      canonicalPath: "/property",
    });
  });

  it("indexes each page as its own canonical, with the page number in title and description", () => {
    const page = seoOf("page=3", 3);
    expect(page.title).toBe("Properties Grid – Page 3");
    expect(page.description).toContain("Page 3 of 5.");
    expect(page.canonicalPath).toBe("/property?page=3");
    expect(page.robots).toBeUndefined();
  });

  it("drops parameters that change nothing from the canonical", () => {
    const page = seoOf("utm_source=news&fbclid=abc");
    expect(page.canonicalPath).toBe("/property");
    expect(page.robots).toBeUndefined();
  });

  it("keeps filtered and re-sorted listings out of the index, canonical to the plain listing", () => {
    // The 'Property Category' group filters too (decision 074).
    for (const query of [
      "location=New+York",
      "category=Land",
      "sort=price_asc",
      "bedrooms=2&page=2",
    ]) {
      const page = seoOf(query, query.includes("page=2") ? 2 : 1);
      expect(page.robots, query).toBe("noindex, follow");
      expect(page.canonicalPath, query).toBe("/property");
    }
  });

  it("gives every filter, order and page its own title", () => {
    const titles = [
      seoOf(""),
      seoOf("page=2", 2),
      seoOf("status=For+Rent"),
      seoOf("status=For+Rent&type=Houses"),
      seoOf("status=For+Rent&type=Houses", 2),
      seoOf("sort=price_desc"),
    ].map((page) => page.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(seoOf("sort=price_desc").title).toBe("Properties Grid – Properties (High To Low)");
    expect(seoOf("status=For+Rent&type=Houses&location=Canada", 2, 3).title).toBe(
      "Houses For Rent in Canada – Properties Grid – Page 2",
    );
  });
});

describe("describeFilters", () => {
  it("says nothing without filters", () => {
    expect(describeFilters({})).toBe("");
  });

  it("names every filter", () => {
    const { filters } = readListingSearch(
      new URLSearchParams(
        "email=garden&location=Toronto&min-area=500&max-price=90000&bedrooms=3&bathrooms=1&garage=2&balcony=1",
      ),
    );
    expect(describeFilters(filters)).toBe(
      "Homes in Toronto matching “garden”, from 500 sq ft, up to $90,000, 3+ bedrooms, 1+ bathroom, 1+ balcony, 2+ garages",
    );
  });
});

describe("isIndexableListing", () => {
  it("is true only without filters in the default order", () => {
    expect(isIndexableListing(readListingSearch(new URLSearchParams("page=4")))).toBe(true);
    expect(isIndexableListing(readListingSearch(new URLSearchParams("sort=old")))).toBe(false);
    expect(isIndexableListing(readListingSearch(new URLSearchParams("type=Houses")))).toBe(false);
  });
});
