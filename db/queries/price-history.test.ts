/**
 * Price history (decision 076) on both dialects: the property writers record the first price
 * and every change of a price or a rent's period in the writing transaction, the seed gives
 * every listing its history, and the property answer carries it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { updateListingAtRevision } from "./listing-editor.ts";
import { listPriceChanges } from "./price-history.ts";
import { findPropertyRowByCode, findPublishedProperty } from "./property.ts";
import { insertProperty, updatePropertyByCode } from "./property-writes.ts";

describe.each(testDialects)("price history on %s", (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
  });
  afterAll(() => test?.drop());

  const db = () => test.handle.db;
  const historyOf = async (code: string) => {
    const row = await findPropertyRowByCode(db(), code);
    return listPriceChanges(db(), row!.id);
  };

  it("gives every seeded listing its first price, and the demo's reduced homes their story", async () => {
    const rows = await db().selectFrom("property").select(["id", "code", "price"]).execute();
    for (const row of rows) {
      const history = await listPriceChanges(db(), row.id);
      expect(history[0]?.old_price).toBeNull();
      expect(history.at(-1)?.new_price).toBe(Number(row.price));
    }
    const brownstone = await historyOf("HP-1014");
    expect(brownstone.map((event) => [event.old_price, event.new_price, event.source])).toEqual([
      [null, 1_995_000, "seed"],
      [1_995_000, 1_950_000, "seed"],
      [1_950_000, 1_890_000, "seed"],
    ]);
    const rent = await historyOf("HP-1011");
    expect(rent.map((event) => event.rent_period)).toEqual(["month", "month"]);
  });

  it("records an update's new price and a rent's new period, in order, and nothing else", async () => {
    const code = "HP-1002";
    const before = await historyOf(code);
    const at = (day: number) => new Date(Date.UTC(2030, 0, day)).toISOString();
    await updatePropertyByCode(db(), code, { headline: "Renamed" }, { source: "api", at: at(1) });
    await updatePropertyByCode(db(), code, { price: 3300 }, { source: "api", at: at(2) });
    await updatePropertyByCode(
      db(),
      code,
      { rent_period: "week" },
      { source: "import", at: at(3) },
    );
    await updatePropertyByCode(db(), code, { price: 3300 }, { source: "import", at: at(4) });
    const after = await historyOf(code);
    expect(after.slice(before.length)).toEqual([
      {
        changed_at: at(2),
        old_price: 3450,
        new_price: 3300,
        rent_period: "month",
        source: "api",
      },
      {
        changed_at: at(3),
        old_price: 3300,
        new_price: 3300,
        rent_period: "week",
        source: "import",
      },
    ]);
    const answer = await findPublishedProperty(db(), code);
    expect(answer?.price_history?.at(-1)).toEqual({
      changed_at: at(3),
      old_price: 3300,
      new_price: 3300,
      rent_period: "week",
    });
  });

  it("records an inserted listing's first price dated its created_at", async () => {
    const source = (await findPropertyRowByCode(db(), "HP-1003"))!;
    const {
      id: _id,
      first_published_at: _first,
      archived_at: _archived,
      updated_at: _updated,
      availability_changed_at: _availabilityChanged,
      ...copy
    } = source;
    const createdAt = "2026-01-05T10:00:00.000Z";
    await insertProperty(
      db(),
      { ...copy, code: "PH-1", slug: "ph-1", publish: 0, created_at: createdAt },
      "import",
    );
    expect(await historyOf("PH-1")).toEqual([
      {
        changed_at: createdAt,
        old_price: null,
        new_price: 2_450_000,
        rent_period: null,
        source: "import",
      },
    ]);
  });

  it("records the editor's save at its revision, and nothing when the revision moved", async () => {
    const row = (await findPropertyRowByCode(db(), "HP-1003"))!;
    const before = await historyOf("HP-1003");
    const at = "2030-02-01T00:00:00.000Z";
    expect(
      await updateListingAtRevision(
        db(),
        "HP-1003",
        row.revision - 1,
        { price: 1 },
        { source: "staff", at },
      ),
    ).toBe(false);
    expect(
      await updateListingAtRevision(
        db(),
        "HP-1003",
        row.revision,
        { price: 2_400_000 },
        { source: "staff", at },
      ),
    ).toBe(true);
    expect((await historyOf("HP-1003")).slice(before.length)).toEqual([
      {
        changed_at: at,
        old_price: 2_450_000,
        new_price: 2_400_000,
        rent_period: null,
        source: "staff",
      },
    ]);
  });

  it("rolls the change back with the write that failed", async () => {
    const before = await historyOf("HP-1004");
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await updatePropertyByCode(
            trx,
            "HP-1004",
            { price: 1 },
            { source: "staff", at: new Date().toISOString() },
          );
          throw new Error("refused");
        }),
    ).rejects.toThrow("refused");
    expect(await historyOf("HP-1004")).toEqual(before);
  });

  it("goes with its listing", async () => {
    const row = (await findPropertyRowByCode(db(), "PH-1"))!;
    await db().deleteFrom("property").where("id", "=", row.id).execute();
    expect(await listPriceChanges(db(), row.id)).toEqual([]);
  });
});
