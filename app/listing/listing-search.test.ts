import { describe, expect, it } from "vitest";
import {
  advancedSearchValues,
  carriedParams,
  clearFiltersHref,
  compactSearchParams,
  filterParams,
  hasFilters,
  listingParamNames,
  pageHref,
  priceSteps,
  readListingSearch,
  removeAreaHref,
} from "./listing-search.ts";

const read = (query: string) => readListingSearch(new URLSearchParams(query));

describe("readListingSearch", () => {
  it("reads a bare URL as every property, newest first, page 1", () => {
    expect(read("")).toEqual({ filters: {}, sort: "new", page: 1 });
  });

  it("reads the availability filter by value or label, and ignores other values", () => {
    expect(read("availability=under_offer").filters).toEqual({ availability: "under_offer" });
    expect(read("availability=Let+agreed").filters).toEqual({ availability: "let_agreed" });
    expect(read("availability=sold").filters).toEqual({});
    // The area unit is no filter, but paging and sorting carry it along.
    expect(read("area=m2").filters).toEqual({});
    expect(
      filterParams(new URLSearchParams("area=m2&page=2&availability=sold_stc")).toString(),
    ).toBe("area=m2&availability=sold_stc");
  });

  it("reads the search form's fields", () => {
    const search = read(
      "email=+garden++view+&property-status=For+Sale&property-types=Houses&location=Canada&min-area=100&max-area=900",
    );
    expect(search.filters).toEqual({
      keyword: "garden view",
      status: "For Sale",
      type: "Houses",
      location: "Canada",
      minArea: 100,
      maxArea: 900,
    });
  });

  it("reads the Advanced Search's fields, its names first", () => {
    const search = read(
      "status=For+Rent&property-status=For+Sale&type=Apartments&category=Land&location=India" +
        "&bedrooms=2&bathrooms=1&balcony=1&garage=3&min-area=500&max-area=4000&min-price=1000&max-price=90000",
    );
    expect(search.filters).toEqual({
      status: "For Rent",
      type: "Apartments",
      location: "India",
      bedrooms: 2,
      bathrooms: 1,
      balcony: 1,
      garage: 3,
      minArea: 500,
      maxArea: 4000,
      minPrice: 1000,
      maxPrice: 90000,
      // The second group filters by the types it stands for (decision 074).
      types: ["Land"],
    });
    expect(search.category).toBe("Land");
  });

  it("treats empty values and the sliders' full range as no filter", () => {
    const search = read(
      "email=&status=&type=&category=&location=&bedrooms=&bathrooms=&balcony=&garage=" +
        "&min-area=0&max-area=10000&min-price=0&max-price=150000",
    );
    expect(search).toEqual({ filters: {}, sort: "new", page: 1 });
    expect(hasFilters(search.filters)).toBe(false);
  });

  it("ignores invalid values", () => {
    const search = read(
      "status=Sold&bedrooms=-1&bathrooms=two&garage=0&min-area=abc&max-price=-5&sort=drop&page=x&category=Castle",
    );
    expect(search).toEqual({ filters: {}, sort: "new", page: 1 });
    expect(read("page=0").page).toBe(1);
    expect(read("page=-2").page).toBe(1);
    expect(read("page=99999999999999999999").page).toBe(1);
  });

  it("spells known options their way and keeps other types and places", () => {
    expect(read("property-status=for+rent&type=houses&location=new+york").filters).toEqual({
      status: "For Rent",
      type: "Houses",
      location: "New York",
    });
    expect(read("type=Villas&location=Toronto").filters).toEqual({
      type: "Villas",
      location: "Toronto",
    });
  });

  it("drops control characters and long text", () => {
    expect(read("email=%00loft%01").filters.keyword).toBe("loft");
    expect(read(`email=${"a".repeat(300)}`).filters.keyword).toHaveLength(100);
  });

  it("reads size bounds as whole square feet within the slider, which the API always answers", () => {
    expect(read("min-area=1.5&max-area=100.5").filters).toEqual({ minArea: 2, maxArea: 100 });
    expect(read("min-area=3000000000").filters).toEqual({ minArea: 10_000 });
    expect(read("max-area=3000000000&min-area=0.2").filters).toEqual({ minArea: 1 });
    expect(read("min-area=9000.5&max-area=1200.7").filters).toEqual({
      minArea: 1201,
      maxArea: 9000,
    });
  });

  it("swaps crossed bounds", () => {
    expect(read("min-price=5000&max-price=1000").filters).toEqual({
      minPrice: 1000,
      maxPrice: 5000,
    });
  });

  it("reads the sort by value or by its option text, and the page", () => {
    expect(read("sort=price_asc&page=3")).toMatchObject({ sort: "price_asc", page: 3 });
    expect(read("sort=old").sort).toBe("old");
    expect(read("sort=Properties+(High+To+Low)").sort).toBe("price_desc");
  });
});

describe("a drawn area (polygon, decision 075)", () => {
  const query = "view=map&polygon=-79.5+43.6%2C-79.3+43.6%2C-79.4+43.8&status=For+Rent&page=2";

  it("is a filter read like bbox: unusable is ignored", () => {
    const search = readListingSearch(new URLSearchParams(query));
    expect(search.filters.polygon).toEqual([
      [-79.5, 43.6],
      [-79.3, 43.6],
      [-79.4, 43.8],
    ]);
    expect(hasFilters(search.filters)).toBe(true);
    expect(readListingSearch(new URLSearchParams("polygon=1+1")).filters).toEqual({});
  });

  it("is kept by paging, sorting and the toggles; 'Clear filters' and 'Remove area' drop it", () => {
    expect(filterParams(new URLSearchParams(query)).get("polygon")).toBe(
      "-79.5 43.6,-79.3 43.6,-79.4 43.8",
    );
    expect(pageHref(new URL(`https://x.test/search?${query}`), 3)).toContain("polygon=");
    expect(clearFiltersHref("/search", "new", true)).toBe("/search?view=map");
    expect(removeAreaHref(new URL(`https://x.test/search?${query}`))).toBe(
      "/search?view=map&status=For+Rent",
    );
  });
});

describe("filterParams", () => {
  it("keeps the filters in their own names, not the sort, page, blanks or junk", () => {
    const kept = filterParams(
      new URLSearchParams("email=loft&property-types=Houses&sort=old&page=2&utm=x&location="),
    );
    expect(kept.toString()).toBe("email=loft&property-types=Houses");
  });
});

describe("links", () => {
  it("clears the filters but keeps a chosen sort", () => {
    expect(clearFiltersHref("/search", "new")).toBe("/search");
    expect(clearFiltersHref("/property", "price_asc")).toBe("/property?sort=price_asc");
  });

  it("moves to a page keeping everything else", () => {
    expect(pageHref(new URL("http://x/search?email=loft&page=9"), 2)).toBe(
      "/search?email=loft&page=2",
    );
  });
});

describe("advancedSearchValues", () => {
  it("fills the form from a search, 'any' for a count it does not offer", () => {
    expect(
      advancedSearchValues(
        read(
          "email=loft&status=For+Sale&type=Villas&location=London&bedrooms=3&garage=7&max-price=5000",
        ),
      ),
    ).toEqual({
      keyword: "loft",
      status: "For Sale",
      // Types and places are open lists: the form keeps the catalogue's (decision 074).
      type: "Villas",
      location: "London",
      category: "",
      bedrooms: "3",
      bathrooms: "",
      balcony: "",
      garage: "",
      minArea: 0,
      maxArea: 10000,
      minPrice: 0,
      maxPrice: 5000,
      priceFrom: "",
      priceTo: "5000",
      availability: "",
      fields: {},
    });
    expect(advancedSearchValues(read("availability=sold_stc")).availability).toBe("sold_stc");
    expect(advancedSearchValues(read("tenure=Share+of+freehold&furnished=no")).fields).toEqual({
      tenure: "share_of_freehold",
    });
  });

  it("starts at 'any' and the full ranges", () => {
    expect(advancedSearchValues()).toMatchObject({ status: "", minArea: 0, maxPrice: 150000 });
  });
});

describe("compactSearchParams", () => {
  it("drops empty fields, the sliders' ends and the default sort", () => {
    const params = compactSearchParams([
      ["status", "For Rent"],
      ["type", ""],
      ["min-area", "0"],
      ["max-area", "10000"],
      ["min-price", "2000"],
      ["max-price", "150000"],
      ["sort", "new"],
    ]);
    expect(params.toString()).toBe("status=For+Rent&min-price=2000");
    expect(compactSearchParams([["sort", "old"]]).toString()).toBe("sort=old");
  });
});

describe("one search state (decision 074)", () => {
  it("maps each 'Property Category' option to the types it stands for", () => {
    expect(read("category=Residential").filters).toEqual({
      types: ["Apartments", "Houses", "Villas"],
    });
    expect(read("category=commercial").filters.types).toEqual(["Commercial", "Garages"]);
    expect(read("category=Hotels").filters.types).toEqual(["Hotels"]);
    expect(read("category=Castle").filters.types).toBeUndefined();
    expect(hasFilters(read("category=Land").filters)).toBe(true);
  });

  it("applies every price bound given: the slider's and the selects' (the narrowest wins)", () => {
    expect(read("min-price=0&min-price=500000&max-price=150000&max-price=2000000").filters).toEqual(
      { minPrice: 500000, maxPrice: 2000000 },
    );
    expect(read("min-price=20000&min-price=&max-price=100000&max-price=400000").filters).toEqual({
      minPrice: 20000,
      maxPrice: 100000,
    });
    // Prices past the slider's end are bounds like any other.
    expect(read("max-price=3950000").filters).toEqual({ maxPrice: 3950000 });
  });

  it("compacts the slider and a price select into one bound each", () => {
    const params = compactSearchParams([
      ["min-price", "0"],
      ["max-price", "150000"],
      ["min-price", "500000"],
      ["max-price", "2000000"],
    ]);
    expect(params.toString()).toBe("min-price=500000&max-price=2000000");
  });

  it("carries what the Advanced Search has no field for, but not the page", () => {
    const carried = carriedParams(
      new URLSearchParams(
        "view=map&email=garden&area=m2&bbox=-1,50,1,52&page=3&sort=old&status=For+Sale&utm=x&property-types=Houses",
      ),
    );
    expect(carried).toEqual([
      ["view", "map"],
      ["area", "m2"],
      ["bbox", "-1,50,1,52"],
    ]);
  });

  it("clears the filters but keeps the view, sort and area unit", () => {
    expect(clearFiltersHref("/search", "old", true, "m2")).toBe(
      "/search?view=map&sort=old&area=m2",
    );
  });

  it("steps the price choices up to the catalogue's highest price", () => {
    const sale = priceSteps(3_950_000);
    expect(sale[0]).toBe(10_000);
    expect(sale.at(-1)).toBe(4_000_000);
    expect(sale).not.toContain(150_000);
    expect(sale).toEqual([...sale].sort((a, b) => a - b));
    const rent = priceSteps(12_000);
    expect(rent[0]).toBe(100);
    expect(rent.at(-1)).toBe(15_000);
    expect(priceSteps(undefined)).toEqual([]);
    expect(priceSteps(0)).toEqual([]);
  });
});

describe("the property schema's filters (decision 085)", () => {
  it("reads each field with a filter from its URL parameter, by value or label, and ignores others", () => {
    expect(read("tenure=freehold&furnished=Part+furnished").filters.fields).toEqual({
      tenure: { equals: "freehold" },
      furnished: { equals: "part_furnished" },
    });
    expect(read("tenure=rented&furnished=").filters.fields).toBeUndefined();
    expect(hasFilters(read("furnished=unfurnished").filters)).toBe(true);
    expect(hasFilters(read("tenure=rented").filters)).toBe(false);
  });

  it("is a listing parameter: kept by paging and sorting, drawn by the Advanced Search", () => {
    expect(listingParamNames).toEqual(expect.arrayContaining(["tenure", "furnished"]));
    expect(filterParams(new URLSearchParams("tenure=freehold&page=2")).toString()).toBe(
      "tenure=freehold",
    );
    // The form has fields for them, so it does not carry them as hidden fields too.
    expect(carriedParams(new URLSearchParams("tenure=freehold&view=map"))).toEqual([
      ["view", "map"],
    ]);
    // Refining keeps the other choices: the form starts from the URL's.
    expect(advancedSearchValues(read("tenure=leasehold&status=For+Sale"))).toMatchObject({
      status: "For Sale",
      fields: { tenure: "leasehold" },
    });
  });

  it("has parameter names of its own, none the SPEC's", () => {
    const names = [...listingParamNames];
    expect(new Set(names).size).toBe(names.length);
  });
});
