/**
 * "More homes like this" (decision 072) on both dialects, over the seed: the rule's searches
 * against the very query the API's search runs, checked against the published list itself.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Property } from "../../lib/api-contract.ts";
import {
  findSimilarHomes,
  type HomeLike,
  type SearchProperties,
  similarPriceBand,
} from "../../lib/similar-homes.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { findWithdrawnListing, listPublishedProperties } from "./property.ts";
import { searchPublishedProperties } from "./property-search.ts";
import { updatePropertyPublish } from "./property-writes.ts";

/** Whether `other` has the same offer as `like` and a price in its band. */
function inBand(like: HomeLike, other: Property): boolean {
  return (
    other.offer_type === like.offer_type &&
    other.price >= Math.floor(like.price * (1 - similarPriceBand)) &&
    other.price <= Math.ceil(like.price * (1 + similarPriceBand))
  );
}

/** Whether `other` is like `like` by the rule: in band, and the same city or type. */
function isLike(like: HomeLike, other: Property): boolean {
  return (
    other.code !== like.code &&
    inBand(like, other) &&
    (other.city === like.city || other.category === like.category)
  );
}

describe.each(testDialects)("similar homes on %s", (dialect) => {
  let test: TestDatabase;
  let published: Property[];

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    published = await listPublishedProperties(test.handle.db);
  });
  afterAll(() => test?.drop());

  const searchProperties: SearchProperties = (search) =>
    searchPublishedProperties(test.handle.db, search);

  it("lists the same offer in the price band: the same city first, then the same type", async () => {
    let checked = 0;
    for (const like of published) {
      const sameCity = published.filter(
        (other) => other.code !== like.code && inBand(like, other) && other.city === like.city,
      );
      const sameTypeElsewhere = published.filter(
        (other) =>
          other.code !== like.code &&
          inBand(like, other) &&
          other.city !== like.city &&
          other.category === like.category,
      );
      const found = await findSimilarHomes(searchProperties, like, { count: 3 });
      // The newest of the same city, then the newest of the same type elsewhere.
      expect(
        found.map((home) => home.code),
        like.code,
      ).toEqual([...sameCity, ...sameTypeElsewhere].slice(0, 3).map((home) => home.code));
      if (sameCity.length > 0 && sameTypeElsewhere.length > 0) checked += 1;
    }
    // The seed has listings with both kinds of match, so the order above was tested.
    expect(checked).toBeGreaterThan(0);
  });

  it("never lists another offer: a New York rental gets no home for sale", async () => {
    const rental = published.find(
      (home) => home.offer_type === "For Rent" && home.city === "New York",
    );
    expect(rental).toBeDefined();
    const found = await findSimilarHomes(searchProperties, rental!, { count: 3 });
    for (const home of found) expect(home.offer_type).toBe("For Rent");
  });

  it("leaves out the codes asked and the listing itself, and stops at the count", async () => {
    const like = published.find(
      (home) => published.filter((other) => isLike(home, other)).length >= 2,
    )!;
    const first = await findSimilarHomes(searchProperties, like, { count: 2 });
    expect(first).toHaveLength(2);
    const next = await findSimilarHomes(searchProperties, like, {
      count: 2,
      exclude: [first[0]!.code],
    });
    expect(next.map((home) => home.code)).not.toContain(first[0]!.code);
    expect(next.map((home) => home.code)).not.toContain(like.code);
    expect(await findSimilarHomes(searchProperties, like, { count: 0 })).toEqual([]);
  });

  it("lists published homes only", async () => {
    const like = published.find((home) => published.some((other) => isLike(home, other)))!;
    const [shown] = await findSimilarHomes(searchProperties, like, { count: 1 });
    await updatePropertyPublish(test.handle.db, shown!.code, false);
    try {
      const after = await findSimilarHomes(searchProperties, like, { count: 3 });
      expect(after.map((home) => home.code)).not.toContain(shown!.code);
    } finally {
      await updatePropertyPublish(test.handle.db, shown!.code, true);
    }
  });

  it("findWithdrawnListing reads a withdrawn listing by code or slug, nothing else", async () => {
    const db = test.handle.db;
    const [gone, draft] = published.slice(-2) as [Property, Property];
    await updatePropertyPublish(db, gone.code, false);
    await updatePropertyPublish(db, draft.code, false);
    // A draft: never published (the trigger only ever sets the mark, so clear it by hand).
    await sql`update property set first_published_at = null where code = ${draft.code}`.execute(db);
    try {
      const expected = {
        code: gone.code,
        offer_type: gone.offer_type,
        category: gone.category,
        city: gone.city,
        price: gone.price,
      };
      expect(await findWithdrawnListing(db, gone.code)).toEqual(expected);
      expect(await findWithdrawnListing(db, gone.slug)).toEqual(expected);
      expect(await findWithdrawnListing(db, draft.code)).toBeUndefined();
      expect(await findWithdrawnListing(db, published[0]!.code)).toBeUndefined();
      expect(await findWithdrawnListing(db, "NO-SUCH-CODE")).toBeUndefined();
    } finally {
      await updatePropertyPublish(db, gone.code, true);
      await updatePropertyPublish(db, draft.code, true);
    }
  });
});
