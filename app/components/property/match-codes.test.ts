import { describe, expect, it } from "vitest";
import type { Amenity, Property } from "../../../lib/api-contract.ts";
import {
  codesOf,
  featureIdsOf,
  imageFilesOf,
  matchAmenities,
  matchProperties,
} from "./match-codes.ts";

function property(code: string, slug = `${code}-slug`): Property {
  return { code, slug, headline: code } as Property;
}

describe("codesOf", () => {
  it("reads JSON text and arrays of { code }", () => {
    expect(codesOf('[{"code":"A"},{"code":"B"}]')).toEqual(["A", "B"]);
    expect(codesOf([{ code: "A" }, "B", { code: 7 }])).toEqual(["A", "B", "7"]);
  });

  it("answers [] for '[]', null and unparsable text", () => {
    expect(codesOf("[]")).toEqual([]);
    expect(codesOf(null)).toEqual([]);
    expect(codesOf("{not json")).toEqual([]);
    expect(codesOf([{ nope: 1 }, null, ""])).toEqual([]);
  });
});

describe("matchProperties", () => {
  const all = [property("A"), property("B"), property("C")];

  it("keeps the order of the codes and drops unknown codes", () => {
    expect(matchProperties(["C", "X", "A"], all).map((p) => p.code)).toEqual(["C", "A"]);
  });

  it("matches slugs too and lists each property once", () => {
    expect(matchProperties(["B-slug", "B", "B"], all).map((p) => p.code)).toEqual(["B"]);
  });
});

describe("features", () => {
  const amenities: Amenity[] = [
    { id: 1, title: "Pool", icon: "pool" },
    { id: 2, title: "Gym", icon: "gym" },
  ];

  it("reads ids as numbers, numeric strings or { id }", () => {
    expect(featureIdsOf('[2, "1", {"id": 3}, "x"]')).toEqual([2, 1, 3]);
  });

  it("matches amenities by id, each once, dropping unknown ids", () => {
    expect(matchAmenities([2, 9, 1, 2], amenities).map((a) => a.title)).toEqual(["Gym", "Pool"]);
  });
});

describe("imageFilesOf", () => {
  it("puts the cover first and skips duplicates and blanks", () => {
    expect(
      imageFilesOf({
        cover_image: "a.jpg",
        image_list: '[{"imageUrl":"b.jpg"},{"imageUrl":"a.jpg"},{"imageUrl":""},{}]',
      }),
    ).toEqual(["a.jpg", "b.jpg"]);
  });

  it("shows only the cover when the list is unreadable", () => {
    expect(imageFilesOf({ cover_image: "a.jpg", image_list: "oops" })).toEqual(["a.jpg"]);
  });
});
