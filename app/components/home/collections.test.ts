import { describe, expect, it } from "vitest";
import type { Property } from "../../../lib/api-contract.ts";
import { collectionCodes, matchCollection, toCollectionRef } from "./collections.ts";

function property(code: string): Property {
  return {
    code,
    slug: `slug-${code}`,
    headline: `Home ${code}`,
    cover_image: "",
    price: 1,
    address: "",
    bedroom: 0,
    bathroom: 0,
    room: 0,
    floor: 0,
    size: 0,
    rating: 0,
    garage: 0,
    offer_type: "For Sale",
    publish: 1,
    created_at: "2024-01-01T00:00:00.000Z",
    description: "",
    reference_no: "",
    property_status: "",
    city: "",
    province: "",
    country: "",
    youtube: null,
    google_map: null,
    features: null,
    image_list: null,
    related_product: null,
    category: null,
    balcony: null,
  };
}

describe("collectionCodes", () => {
  it("reads the codes of a JSON text list, in order", () => {
    expect(
      collectionCodes({ title: "L1", item_list: '[{"code":"B"},{"code":"A"},{"code":"C"}]' }),
    ).toEqual(["B", "A", "C"]);
  });

  it("reads a list that arrives as an array", () => {
    expect(collectionCodes({ title: "L1", item_list: [{ code: "A" }, { code: 7 }] })).toEqual([
      "A",
      "7",
    ]);
  });

  it("ignores an unparsable list, a missing collection and items without a code", () => {
    expect(collectionCodes({ title: "L1", item_list: "[{code:" })).toEqual([]);
    expect(collectionCodes({ title: "L1", item_list: '{"code":"A"}' })).toEqual([]);
    expect(collectionCodes({ title: "L1", item_list: null })).toEqual([]);
    expect(collectionCodes(undefined)).toEqual([]);
    expect(
      collectionCodes({
        title: "L1",
        item_list: '[null, 3, "A", {"id":1}, {"code":""}, {"code":"B"}, {"code":"B"}]',
      }),
    ).toEqual(["B"]);
  });
});

describe("toCollectionRef", () => {
  it("keeps the name, the title and the codes", () => {
    expect(
      toCollectionRef("Product Layout 2", { title: "Latest", item_list: '[{"code":"X"}]' }),
    ).toEqual({ name: "Product Layout 2", title: "Latest", codes: ["X"] });
    expect(toCollectionRef("Product Layout 3", undefined)).toEqual({
      name: "Product Layout 3",
      title: "",
      codes: [],
    });
  });
});

describe("matchCollection", () => {
  const properties = [property("A"), property("B"), property("C")];

  it("fills each code from the property list, in the collection's order", () => {
    expect(matchCollection(["C", "A"], properties).map((p) => p.code)).toEqual(["C", "A"]);
  });

  it("drops codes that match no property", () => {
    expect(matchCollection(["Z", "B"], properties).map((p) => p.slug)).toEqual(["slug-B"]);
    expect(matchCollection(["A"], [])).toEqual([]);
  });
});
