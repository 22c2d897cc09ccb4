/**
 * Removing a category whose listings move elsewhere (decision 057), on both dialects, over the
 * seed: only that category's listings change, each one's revision raised and `updated_at` set,
 * and the category is gone; to another category or to none.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import type { Database } from "../database.ts";
import {
  type CategoryUse,
  deleteCategoryMovingListings,
  findCategory,
  listCategoryUses,
} from "./category.ts";
import { toIsoString } from "./columns.ts";

describe.each(testDialects)("moving a category's listings on %s", (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    db = test.handle.db;
  });
  afterAll(() => test?.drop());

  async function listings() {
    const rows = await db
      .selectFrom("property")
      .select(["code", "category_id", "revision", "updated_at"])
      .orderBy("code")
      .execute();
    return new Map(rows.map((row) => [row.code, row]));
  }

  /** Two seeded categories with listings: the one to remove, and where its listings go. */
  async function twoUsed(): Promise<[CategoryUse, CategoryUse]> {
    const used = (await listCategoryUses(db)).filter((category) => category.listings > 0);
    const [from, to] = used;
    if (!from || !to) throw new Error("the seed has two categories with listings");
    return [from, to];
  }

  it("moves every listing of the category to another, raising revisions, then deletes it", async () => {
    const [from, to] = await twoUsed();
    const before = await listings();
    const at = new Date("2026-12-01T09:30:00.000Z");
    const moved = await db
      .transaction()
      .execute((trx) => deleteCategoryMovingListings(trx, from.id, to.id, at));
    expect(moved).toBe(from.listings);
    expect(await findCategory(db, from.id)).toBeUndefined();
    const after = await listings();
    let changed = 0;
    for (const [code, was] of before) {
      const now = after.get(code);
      if (was.category_id === from.id) {
        changed += 1;
        expect(now, code).toMatchObject({ category_id: to.id, revision: was.revision + 1 });
        expect(toIsoString(now?.updated_at ?? ""), code).toBe(at.toISOString());
      } else {
        expect(now, code).toEqual(was);
      }
    }
    expect(changed).toBe(from.listings);
    const uses = await listCategoryUses(db);
    expect(uses.find((category) => category.id === to.id)?.listings).toBe(
      to.listings + from.listings,
    );
  });

  it("leaves the listings without a category when moved to none", async () => {
    const [from] = await twoUsed();
    const before = await listings();
    const moved = await deleteCategoryMovingListings(db, from.id, null, new Date());
    expect(moved).toBe(from.listings);
    const after = await listings();
    for (const [code, was] of before) {
      if (was.category_id !== from.id) continue;
      expect(after.get(code), code).toMatchObject({
        category_id: null,
        revision: was.revision + 1,
      });
    }
    expect((await listCategoryUses(db)).some((category) => category.id === from.id)).toBe(false);
  });
});
