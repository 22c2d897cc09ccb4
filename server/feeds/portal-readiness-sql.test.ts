import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PropertyUpdate } from "../../db/database.ts";
import { listAmenities } from "../../db/queries/amenity.ts";
import { outsideRightmove, readyForFeed } from "../../db/queries/portal-readiness.ts";
import { type PortalFeed, portalFeeds, portalReadiness } from "../../lib/portal-readiness.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { recordOfProperty } from "../content/property-record.ts";

/**
 * Each rule of lib/portal-readiness.ts broken (or kept) in one way, on a seeded listing every
 * feed takes. The SQL must agree with the module exactly for RESO, and never call a listing
 * ready for the push or Rightmove that the module does not (decision 104).
 */
const cases: Record<string, PropertyUpdate> = {
  "as seeded": {},
  "no street address": { address: "" },
  "a street address of blanks": { address: " \t\r\n" },
  "no city": { city: "" },
  "no postcode": { postcode: "" },
  "a postcode of spaces": { postcode: "   " },
  "no price": { price: 0 },
  "no description": { description: "" },
  "a description of spaces": { description: "  " },
  "no country": { country: "" },
  "a country of blanks": { country: " \t" },
  "an unknown country": { country: "Narnia" },
  "a country in capitals with spaces": { country: " UNITED KINGDOM " },
  "a country's code": { country: "gb" },
  "a UK nation": { country: "Scotland" },
  "another country": { country: "United States" },
  "another country's other name": { country: "USA" },
  "a country with a tab": { country: "United Kingdom\t" },
  "a postcode Royal Mail does not use": { postcode: "QQ1 1QQ" },
  "a postcode in small letters": { postcode: "nw1 7lu" },
  "no headline": { headline: " " },
  "neither sale nor rent": { offer_type: "Auction" },
  "no category": { category_id: null },
  "no display address": { display_address: "" },
  "no cover, photos in the list": { cover_image: "" },
  "no photo at all": { cover_image: "", image_list: "[]" },
  "two amenities": { features: "[1,2]" },
  "amenities that do not exist": { features: "[90001,90002,90003]" },
  "amenities as text": { features: "not json" },
};

describe.each(testDialects)("portal readiness in SQL on %s", (dialect) => {
  let database: TestDatabase;
  let listingId = 0;
  let base: PropertyUpdate = {};

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { seed: true });
    const db = database.handle.db;
    const row = await db
      .selectFrom("property")
      .selectAll()
      .where("country", "=", "United Kingdom")
      .where("publish", "=", 1)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    listingId = row.id;
    const amenities = (await listAmenities(db)).slice(0, 3).map((amenity) => amenity.id);
    base = {
      address: row.address,
      city: row.city,
      postcode: "NW1 7LU",
      price: 450_000,
      description: "<p>A bright family home.</p>",
      country: "United Kingdom",
      headline: row.headline,
      offer_type: "For Sale",
      category_id: row.category_id,
      display_address: "Albert Street, London",
      cover_image: "house-1.jpg",
      image_list: JSON.stringify([{ imageUrl: "house-1.jpg" }, { imageUrl: "house-2.jpg" }]),
      features: JSON.stringify(amenities),
    };
    expect(amenities).toHaveLength(3);
    expect(row.category_id).not.toBeNull();
  });
  afterAll(() => database.drop());

  async function readiness(feed: PortalFeed): Promise<{ sql: boolean; module: string[] }> {
    const db = database.handle.db;
    const found = await db
      .selectFrom("property")
      .select("id")
      .where("id", "=", listingId)
      .where(readyForFeed(feed, dialect))
      .executeTakeFirst();
    const row = await db
      .selectFrom("property")
      .leftJoin("category", "category.id", "property.category_id")
      .selectAll("property")
      .select("category.title as category")
      .where("property.id", "=", listingId)
      .executeTakeFirstOrThrow();
    const titles = new Map((await listAmenities(db)).map((amenity) => [amenity.id, amenity.title]));
    return {
      sql: found !== undefined,
      module: portalReadiness(feed, recordOfProperty(row, titles)),
    };
  }

  it.each(Object.entries(cases))("agrees with the module: %s", async (_name, change) => {
    await database.handle.db
      .updateTable("property")
      .set({ ...base, ...change })
      .where("id", "=", listingId)
      .execute();
    for (const feed of portalFeeds) {
      const { sql, module } = await readiness(feed);
      if (feed === "reso") expect(sql, `reso: ${module.join("; ")}`).toBe(module.length === 0);
      // The push's and Rightmove's SQL holds only listings the module finds ready.
      else if (sql) expect(module, feed).toEqual([]);
    }
    // A listing the SQL puts outside the UK, Rightmove's module refuses for it; and the other
    // way round.
    const outside = await database.handle.db
      .selectFrom("property")
      .select("id")
      .where("id", "=", listingId)
      .where(outsideRightmove(dialect))
      .executeTakeFirst();
    const { module } = await readiness("rightmove");
    expect(outside !== undefined, module.join("; ")).toBe(
      module.some((reason) =>
        reason.startsWith("Rightmove lists homes in the United Kingdom only"),
      ),
    );
  });

  it("finds the seeded listing ready for every feed, and each rule's break unready", async () => {
    await database.handle.db
      .updateTable("property")
      .set(base)
      .where("id", "=", listingId)
      .execute();
    for (const feed of portalFeeds) expect((await readiness(feed)).sql, feed).toBe(true);
    const resoBreaks = [
      "no street address",
      "a street address of blanks",
      "no city",
      "no postcode",
      "no price",
      "no description",
      "no country",
      "an unknown country",
    ];
    for (const name of resoBreaks) {
      await database.handle.db
        .updateTable("property")
        .set({ ...base, ...cases[name] })
        .where("id", "=", listingId)
        .execute();
      expect((await readiness("reso")).sql, name).toBe(false);
    }
  });
});
