import { describe, expect, it } from "vitest";
import type { Property } from "./api-contract.ts";
import {
  boundingBoxParam,
  describeFieldFilters,
  hasPropertySearchParams,
  maxPolygonPoints,
  maxSearchLimit,
  pointInPolygon,
  polygonBounds,
  polygonParam,
  propertySearchErrors,
  propertySearchParams,
  readBoundingBox,
  readPolygon,
  readPropertySearch,
} from "./property-search.ts";
import { insideBox, matchesFilters } from "./property-search-memory.ts";

describe("the map's bounding box (decision 054)", () => {
  it("reads west,south,east,north in range, rounded to 5 places, and writes it back", () => {
    const box = readBoundingBox(" -79.5,43.6123456 , -79.2,43.8 ");
    expect(box).toEqual({ west: -79.5, south: 43.61235, east: -79.2, north: 43.8 });
    expect(boundingBoxParam(box!)).toBe("-79.5,43.61235,-79.2,43.8");
    expect(readBoundingBox(boundingBoxParam(box!))).toEqual(box);
    // Across the antimeridian: west east of east.
    expect(readBoundingBox("170,-20,-170,10")).toEqual({
      west: 170,
      south: -20,
      east: -170,
      north: 10,
    });
  });

  it("ignores anything else", () => {
    for (const bad of [
      null,
      "",
      "1,2,3",
      "1,2,3,4,5",
      "a,b,c,d",
      "-181,0,10,10",
      "0,-91,10,10",
      "0,20,10,10",
      "1e2,0,10,10",
      "0x1,0,10,10",
    ]) {
      expect(readBoundingBox(bad), String(bad)).toBeUndefined();
    }
  });

  it("is a search parameter, read and written like the others", () => {
    const search = readPropertySearch(new URLSearchParams("bbox=-1,50,1,52"));
    expect(search.bbox).toEqual({ west: -1, south: 50, east: 1, north: 52 });
    expect(hasPropertySearchParams(new URLSearchParams("bbox=-1,50,1,52"))).toBe(true);
    expect(propertySearchParams({ bbox: search.bbox }).get("bbox")).toBe("-1,50,1,52");
  });

  it("holds a placed property inside it, edges included, never an unplaced one", () => {
    const box = { west: -1, south: 50, east: 1, north: 52 };
    expect(insideBox({ latitude: 51, longitude: 0 }, box)).toBe(true);
    expect(insideBox({ latitude: 50, longitude: -1 }, box)).toBe(true);
    expect(insideBox({ latitude: 53, longitude: 0 }, box)).toBe(false);
    expect(insideBox({ latitude: 51, longitude: 2 }, box)).toBe(false);
    expect(insideBox({ latitude: null, longitude: null }, box)).toBe(false);
    const across = { west: 170, south: -20, east: -170, north: 10 };
    expect(insideBox({ latitude: 0, longitude: 175 }, across)).toBe(true);
    expect(insideBox({ latitude: 0, longitude: -175 }, across)).toBe(true);
    expect(insideBox({ latitude: 0, longitude: 0 }, across)).toBe(false);
  });
});

describe("a drawn area (polygon, decision 075)", () => {
  it("reads lon lat pairs, rounded to 5 places, closing corner dropped, and writes them back", () => {
    const polygon = readPolygon(" -0.2 51.5,-0.1234567 51.6 , 0 51.5,-0.2 51.5 ");
    expect(polygon).toEqual([
      [-0.2, 51.5],
      [-0.12346, 51.6],
      [0, 51.5],
    ]);
    expect(polygonParam(polygon!)).toBe("-0.2 51.5,-0.12346 51.6,0 51.5");
    expect(readPolygon(polygonParam(polygon!))).toEqual(polygon);
    // A `+` left undecoded reads as the space; a corner repeated at once counts once.
    expect(readPolygon("1+1,2+1,2+1,2+2")).toEqual([
      [1, 1],
      [2, 1],
      [2, 2],
    ]);
    expect(polygonBounds(polygon!)).toEqual({ west: -0.2, south: 51.5, east: 0, north: 51.6 });
  });

  it("ignores anything unusable, never an error", () => {
    const many = Array.from({ length: maxPolygonPoints + 1 }, (_, i) => {
      const angle = (i / (maxPolygonPoints + 1)) * 2 * Math.PI;
      return `${Math.cos(angle).toFixed(5)} ${Math.sin(angle).toFixed(5)}`;
    });
    expect(readPolygon(many.slice(0, maxPolygonPoints).join(","))).toHaveLength(maxPolygonPoints);
    for (const bad of [
      null,
      "",
      "1 1,2 2",
      "1 1,2 2,1 1",
      "1 1,2 2,3 3",
      "a b,1 1,2 2",
      "1 1 1,2 2,3 1",
      "181 0,1 1,2 0",
      "0 91,1 1,2 0",
      "1e2 0,1 1,2 0",
      "1,1,2,2,3,1",
      many.join(","),
    ]) {
      expect(readPolygon(bad), String(bad)).toBeUndefined();
    }
  });

  it("is a search parameter, read and written like bbox", () => {
    const query = "polygon=-1+50,1+50,0+52";
    const search = readPropertySearch(new URLSearchParams(query));
    expect(search.polygon).toEqual([
      [-1, 50],
      [1, 50],
      [0, 52],
    ]);
    expect(hasPropertySearchParams(new URLSearchParams(query))).toBe(true);
    expect(propertySearchParams({ polygon: search.polygon }).toString()).toBe(
      "polygon=-1+50%2C1+50%2C0+52",
    );
    expect(readPropertySearch(new URLSearchParams("polygon=nonsense")).polygon).toBeUndefined();
  });

  it("holds a point inside the drawn area or on its edge, by the winding rule", () => {
    const triangle: [number, number][] = [
      [-1, 50],
      [1, 50],
      [0, 52],
    ];
    expect(pointInPolygon(0, 51, triangle)).toBe(true);
    expect(pointInPolygon(0, 50, triangle)).toBe(true);
    expect(pointInPolygon(-1, 50, triangle)).toBe(true);
    expect(pointInPolygon(0.9, 51.5, triangle)).toBe(false);
    expect(pointInPolygon(0, 52.1, triangle)).toBe(false);
    expect(pointInPolygon(0, 49.9, triangle)).toBe(false);
    // Either drawing direction.
    expect(pointInPolygon(0, 51, [...triangle].reverse())).toBe(true);
    // A concave area: the notch is outside.
    const notched: [number, number][] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [2, 1],
      [0, 4],
    ];
    expect(pointInPolygon(2, 2, notched)).toBe(false);
    expect(pointInPolygon(1, 1, notched)).toBe(true);
    // A self-crossing star: its centre goes round twice, so inside (as PostgreSQL's @>).
    const star: [number, number][] = [0, 2, 4, 1, 3].map((k) => {
      const angle = (k * 2 * Math.PI) / 5 + Math.PI / 2;
      return [Math.cos(angle), Math.sin(angle)];
    });
    expect(pointInPolygon(0, 0, star)).toBe(true);
    expect(pointInPolygon(0.9, 0.9, star)).toBe(false);
  });

  it("filters in memory as the SQL does: an unplaced property never matches", () => {
    const polygon: [number, number][] = [
      [-1, 50],
      [1, 50],
      [0, 52],
    ];
    const place = (latitude: number | null, longitude: number | null) =>
      ({ latitude, longitude }) as Parameters<typeof matchesFilters>[0];
    expect(matchesFilters(place(51, 0), { polygon })).toBe(true);
    expect(matchesFilters(place(51.9, 0.9), { polygon })).toBe(false);
    expect(matchesFilters(place(null, null), { polygon })).toBe(false);
  });
});

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

describe("the types filter (decision 074)", () => {
  it("reads comma-separated titles, each once, and writes them back", () => {
    const search = readPropertySearch(new URLSearchParams("types=Houses, Villas,,Houses"));
    expect(search.types).toEqual(["Houses", "Villas"]);
    expect(propertySearchParams(search).get("types")).toBe("Houses,Villas");
    expect(readPropertySearch(new URLSearchParams("types=,")).types).toBeUndefined();
    expect(hasPropertySearchParams(new URLSearchParams("types=Land"))).toBe(true);
  });
});

describe("the property schema's filters (decision 085)", () => {
  it("reads and writes each field with a filter under its API name, a choice by value or label", () => {
    const search = readPropertySearch(
      new URLSearchParams("tenure=Share%20of%20freehold&furnished=furnished"),
    );
    expect(search.fields).toEqual({
      tenure: { equals: "share_of_freehold" },
      furnished: { equals: "furnished" },
    });
    const params = propertySearchParams(search);
    expect(params.get("tenure")).toBe("share_of_freehold");
    expect(readPropertySearch(params).fields).toEqual(search.fields);
    expect(readPropertySearch(new URLSearchParams("tenure=rented")).fields).toBeUndefined();
  });

  it("makes a request a search and names the filters in words", () => {
    expect(hasPropertySearchParams(new URLSearchParams("furnished=furnished"))).toBe(true);
    expect(
      describeFieldFilters({ tenure: { equals: "leasehold" }, furnished: { equals: "furnished" } }),
    ).toEqual(["Tenure: Leasehold", "Furnished: Furnished"]);
  });

  it("is applied in memory as in SQL: a value not given never matches", () => {
    const base = { code: "A", tenure: "freehold" } as unknown as Property;
    expect(matchesFilters(base, { fields: { tenure: { equals: "freehold" } } })).toBe(true);
    expect(matchesFilters(base, { fields: { tenure: { equals: "leasehold" } } })).toBe(false);
    expect(matchesFilters(base, { fields: { furnished: { equals: "furnished" } } })).toBe(false);
  });
});
