import { describe, expect, it } from "vitest";
import { collectionNames } from "./collection-names.ts";

describe("collectionNames", () => {
  it("are the three names GET /collection/show_one takes, in layout order (SPEC §7)", () => {
    expect(collectionNames).toEqual(["Product Layout 1", "Product Layout 2", "Product Layout 3"]);
  });
});
