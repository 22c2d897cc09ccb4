import { describe, expect, it } from "vitest";
import { createTestDatabase, testDialects } from "../tests/support/test-database.ts";
import { openDatabase } from "./database.ts";
import { listCategoryCounters } from "./queries/category.ts";
import { searchPublishedProperties } from "./queries/property-search.ts";
import { readWhileUnchanged, setChangeClock } from "./read-cache.ts";

describe("readWhileUnchanged", () => {
  it("reads once per clock value, and always without a clock", async () => {
    const db = {} as never;
    const other = {} as never;
    let version: string | undefined = "1";
    setChangeClock(db, { read: async () => version });
    let reads = 0;
    const read = async () => ++reads;
    expect(await readWhileUnchanged(db, "k", read)).toBe(1);
    expect(await readWhileUnchanged(db, "k", read)).toBe(1);
    expect(await readWhileUnchanged(db, "other key", read)).toBe(2);
    version = "2";
    expect(await readWhileUnchanged(db, "k", read)).toBe(3);
    version = undefined;
    expect(await readWhileUnchanged(db, "k", read)).toBe(4);
    expect(await readWhileUnchanged(db, "k", read)).toBe(5);
    expect(await readWhileUnchanged(other, "k", read)).toBe(6);
    expect(await readWhileUnchanged(other, "k", read)).toBe(7);
  });

  it("does not keep an answer computed while the clock moved", async () => {
    const db = {} as never;
    let version = "1";
    setChangeClock(db, { read: async () => version });
    let reads = 0;
    const slow = async () => {
      version = "2"; // a write lands while the count runs
      return ++reads;
    };
    expect(await readWhileUnchanged(db, "k", slow)).toBe(1);
    expect(await readWhileUnchanged(db, "k", async () => ++reads)).toBe(2);
    expect(await readWhileUnchanged(db, "k", async () => ++reads)).toBe(2);
  });
});

describe("readWhileUnchanged under concurrent reads", () => {
  it("shares one read among concurrent reads of a key, and keeps none the clock moved under", async () => {
    const db = {} as never;
    let version = "1";
    setChangeClock(db, { read: async () => version });
    let reads = 0;
    let finish: (value: number) => void = () => {};
    const slow = () => {
      reads += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const first = readWhileUnchanged(db, "k", slow);
    const second = readWhileUnchanged(db, "k", slow);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toBe(1);
    // A write lands and a reader sees it before the first read is back.
    version = "2";
    expect(await readWhileUnchanged(db, "k", async () => 20)).toBe(20);
    finish(10);
    expect(await Promise.all([first, second])).toEqual([10, 10]);
    expect(await readWhileUnchanged(db, "k", async () => 30)).toBe(20);
  });

  it("keeps an undefined answer (a missing record) like any other", async () => {
    const db = {} as never;
    setChangeClock(db, { read: async () => "1" });
    let reads = 0;
    const missing = async () => void ++reads;
    expect(await readWhileUnchanged(db, "gone", missing)).toBeUndefined();
    expect(await readWhileUnchanged(db, "gone", missing)).toBeUndefined();
    expect(reads).toBe(1);
  });
});

describe.each(testDialects)("cached counts on %s", (dialect) => {
  const totalOf = async (db: Parameters<typeof searchPublishedProperties>[0]) =>
    (await searchPublishedProperties(db, { sort: "new", page: 1, limit: 6 })).total;
  const countersOf = async (db: Parameters<typeof listCategoryCounters>[0]) =>
    (await listCategoryCounters(db)).reduce((sum, category) => sum + category.total, 0);

  it("follow writes of this connection, of another one, and rollbacks", async () => {
    const test = await createTestDatabase(dialect, { seed: true });
    const other = openDatabase(test.url);
    try {
      const db = test.handle.db;
      const total = await totalOf(db);
      const counted = await countersOf(db);
      expect(await totalOf(db)).toBe(total);
      expect(await countersOf(db)).toBe(counted);

      // This connection.
      await db.updateTable("property").set({ publish: 0 }).where("code", "=", "HP-1001").execute();
      expect(await totalOf(db)).toBe(total - 1);
      expect(await countersOf(db)).toBe(counted - 1);

      // Another connection (another app server, or db:generate while the server runs).
      await other.db
        .updateTable("property")
        .set({ publish: 0 })
        .where("code", "=", "HP-1002")
        .execute();
      expect(await totalOf(db)).toBe(total - 2);
      expect(await countersOf(db)).toBe(counted - 2);

      // A rolled-back transaction leaves the counts as they were.
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.updateTable("property").set({ publish: 1 }).execute();
          expect(await totalOf(trx)).toBe(total + 2); // the two drafts too
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(await totalOf(db)).toBe(total - 2);
      expect(await countersOf(db)).toBe(counted - 2);

      // A committed one shows.
      await db.transaction().execute(async (trx) => {
        await trx.updateTable("property").set({ publish: 1 }).execute();
      });
      expect(await totalOf(db)).toBe(total + 2);
      expect(await countersOf(db)).toBe(counted + 2);
    } finally {
      await other.close();
      await test.drop();
    }
  });
});
