import { describe, expect, it } from "vitest";
import { readPropertySearch } from "./property-search.ts";
import { describeAlertFilters, readAlertQuery, searchPageQueryOf } from "./search-alert.ts";

/** The filters an alert keeps for an API query string. */
const filtersOf = (query: string) => {
  const filters = readAlertQuery(query);
  if (!filters) throw new Error(`unusable query ${query}`);
  return filters;
};

describe("an alert saved from the map", () => {
  const polygon = "-0.2 51.45,-0.05 51.45,-0.1 51.55";
  const bbox = "-0.2,51.4,0,51.6";

  it("says it is limited to a drawn area, and its link back keeps the area", () => {
    const filters = filtersOf(new URLSearchParams({ status: "For Sale", polygon }).toString());
    expect(describeAlertFilters(filters)).toBe("For Sale, in an area drawn on the map");
    const back = new URLSearchParams(searchPageQueryOf(filters));
    expect(back.get("status")).toBe("For Sale");
    // The link lists the same homes: the area reads back the same.
    expect(readPropertySearch(back).polygon).toEqual(filters.polygon);
  });

  it("says it is limited to an area of the map, and its link back keeps the box", () => {
    const filters = filtersOf(new URLSearchParams({ bbox }).toString());
    expect(describeAlertFilters(filters, { quoteText: false })).toBe("in an area of the map");
    expect(new URLSearchParams(searchPageQueryOf(filters)).get("bbox")).toBe(bbox);
  });

  it("names no area when it has none", () => {
    const filters = filtersOf("bedrooms=2");
    expect(describeAlertFilters(filters)).toBe("2+ bedrooms");
    expect(searchPageQueryOf(filters)).toBe("bedrooms=2");
  });
});
