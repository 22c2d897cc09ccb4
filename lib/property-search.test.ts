import { describe, expect, it } from "vitest";
import {
  boundingBoxParam,
  hasPropertySearchParams,
  maxSearchLimit,
  propertySearchErrors,
  propertySearchParams,
  readBoundingBox,
  readPropertySearch,
} from "./property-search.ts";
import { insideBox } from "./property-search-memory.ts";

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
