import { describe, expect, it } from "vitest";
import { parseJsonList } from "../../lib/json-list.ts";
import { createTestDatabase, testDialects } from "../../tests/support/test-database.ts";
import { listCategoryCounters } from "../queries/category.ts";
import { findPublishedProperty } from "../queries/property.ts";
import { searchPublishedProperties } from "../queries/property-search.ts";
import { cityBox } from "./city-centres.ts";
import {
  batchRowsFor,
  fillWithGeneratedProperties,
  GenerateArgumentError,
  generatedCode,
  generatedFieldValues,
  maxBoundParameters,
  parseGenerateArgs,
  propertyInsertColumns,
} from "./generate.ts";
import { createProgressBar, formatProgress } from "./progress.ts";

describe("parseGenerateArgs", () => {
  it("reads --count, --count=, --reset and --help", () => {
    expect(parseGenerateArgs(["--count", "100000"])).toEqual({
      help: false,
      count: 100_000,
      reset: false,
    });
    expect(parseGenerateArgs(["--reset", "--count=250"])).toEqual({
      help: false,
      count: 250,
      reset: true,
    });
    expect(parseGenerateArgs(["--count", "1_000_000"])).toMatchObject({ count: 1_000_000 });
    expect(parseGenerateArgs(["--count", "x", "--help"])).toEqual({ help: true });
    expect(parseGenerateArgs(["-h"])).toEqual({ help: true });
  });

  it.each([
    [[], /--count is required/],
    [["--count"], /--count needs a number/],
    [["--count", "--reset"], /--count needs a number/],
    [["--count", "0"], /positive whole number up to 1,000,000 \(got "0"\)/],
    [["--count", "-5"], /positive whole number/],
    [["--count", "1.5"], /positive whole number/],
    [["--count", "ten"], /positive whole number/],
    [["--count", "1000001"], /up to 1,000,000/],
    [["--count", "5", "--count", "6"], /more than once/],
    [["--count", "5", "--fast"], /Unknown argument "--fast"/],
  ])("refuses %j", (args, message) => {
    expect(() => parseGenerateArgs(args)).toThrow(GenerateArgumentError);
    expect(() => parseGenerateArgs(args)).toThrow(message);
  });
});

describe("batches", () => {
  it("stay under each dialect's bound-parameter limit", () => {
    for (const dialect of ["sqlite", "postgres"] as const) {
      expect(batchRowsFor(dialect) * propertyInsertColumns).toBeLessThanOrEqual(
        maxBoundParameters[dialect],
      );
      // Hundreds of rows per statement, however many schema fields the generator fills (963
      // on SQLite with tenure, furnished and the energy rating).
      expect(batchRowsFor(dialect)).toBeGreaterThanOrEqual(500);
    }
  });
});

describe("generatedFieldValues", () => {
  it("fills the schema's fields with a generate entry, the same for the same code", () => {
    expect(generatedFieldValues("GEN-000042", "For Sale")).toEqual(
      generatedFieldValues("GEN-000042", "For Sale"),
    );
    expect(Object.keys(generatedFieldValues("GEN-000001", "For Rent")).sort()).toEqual([
      "deposit",
      "energy_rating",
      "furnished",
      "tenure",
    ]);
    // Every column the generator fills is bound by each inserted row.
    // 36: the generator's own (with the portals' postcode, display address and switches).
    expect(propertyInsertColumns).toBe(36 + 4);
  });
});

describe("progress bar", () => {
  it("formats bar, percent, counts, rate and ETA", () => {
    expect(formatProgress(57_000, 100_000, 46_200, 14)).toBe(
      "[########------] 57% 57,000/100,000 1,234/s ETA 35s",
    );
    expect(formatProgress(0, 10, 0, 4)).toBe("[----] 0% 0/10 0/s ETA ?");
    expect(formatProgress(10, 10, 2000, 4)).toBe("[####] 100% 10/10 5/s ETA 0s");
  });

  it("prints one line per 10% when not a terminal", () => {
    const lines: string[] = [];
    let now = 0;
    const bar = createProgressBar(1000, { write: (text) => lines.push(text) }, () => now);
    for (let done = 40; done <= 1000; done += 40) {
      now += 10;
      bar.update(done);
    }
    bar.finish();
    expect(lines).toHaveLength(10);
    expect(lines.every((line) => line.endsWith("\n") && !line.includes("\r"))).toBe(true);
    expect(lines.at(-1)).toMatch(/^\[#+\] 100% 1,000\/1,000 /);
  });

  it("redraws in place on a terminal", () => {
    const out: string[] = [];
    let now = 0;
    const bar = createProgressBar(100, { write: (text) => out.push(text), isTTY: true }, () => now);
    bar.update(10);
    now += 500;
    bar.update(50);
    bar.update(60); // within 100 ms: skipped
    now += 500;
    bar.update(100);
    bar.finish();
    expect(out.slice(0, 3).every((text) => text.startsWith("\r"))).toBe(true);
    expect(out).toHaveLength(4);
    expect(out[2]).toContain("100% 100/100");
    expect(out[3]).toBe("\n");
  });
});

describe.each(testDialects)("generated properties on %s", (dialect) => {
  const now = new Date("2026-11-22T12:00:00.000Z");

  it("seeds an empty database first, then adds N unique published properties", async () => {
    const test = await createTestDatabase(dialect);
    try {
      const db = test.handle.db;
      const progress: number[] = [];
      const result = await fillWithGeneratedProperties(test.handle, {
        count: 250,
        batchRows: 40,
        now,
        onProgress: (done) => progress.push(done),
      });
      expect(result).toEqual({
        inserted: 250,
        firstCode: "GEN-000001",
        lastCode: "GEN-000250",
        seededDemo: true,
      });
      expect(progress.at(-1)).toBe(250);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(await db.selectFrom("collection").select("title").execute()).toHaveLength(3);

      const rows = await db
        .selectFrom("property")
        .select([
          "code",
          "slug",
          "publish",
          "created_at",
          "category_id",
          "city",
          "latitude",
          "longitude",
        ])
        .where("code", "like", "GEN-%")
        .execute();
      expect(rows).toHaveLength(250);
      expect(new Set(rows.map((row) => row.code)).size).toBe(250);
      expect(new Set(rows.map((row) => row.slug)).size).toBe(250);
      expect(rows.every((row) => row.publish === 1 || row.publish === true)).toBe(true);
      expect(rows.every((row) => row.category_id !== null)).toBe(true);
      const times = rows.map((row) => new Date(row.created_at).getTime());
      const twoYears = 2 * 365 * 24 * 3600 * 1000;
      expect(Math.min(...times)).toBeGreaterThanOrEqual(now.getTime() - twoYears);
      expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(twoYears / 2);

      // Each stands in its own city, a few kilometres around the centre, none on top of another.
      for (const row of rows) {
        const box = cityBox(row.city);
        expect(row.latitude, row.code).toBeGreaterThanOrEqual(box.south);
        expect(row.latitude, row.code).toBeLessThanOrEqual(box.north);
        expect(row.longitude, row.code).toBeGreaterThanOrEqual(box.west);
        expect(row.longitude, row.code).toBeLessThanOrEqual(box.east);
      }
      expect(new Set(rows.map((row) => row.city)).size).toBeGreaterThanOrEqual(10);
      expect(new Set(rows.map((row) => `${row.latitude},${row.longitude}`)).size).toBe(250);

      // They read like any property: JSON lists, the demo's images, related codes that exist.
      const property = await findPublishedProperty(db, generatedCode(7));
      expect(property?.slug).toMatch(/-gen-000007$/);
      expect(parseJsonList(property?.image_list ?? "[]").length).toBeGreaterThanOrEqual(4);
      expect(property?.cover_image).toMatch(
        /^(house|villa|apartment|commercial|garage)-\d\d-a\.jpg$/,
      );
      for (const related of parseJsonList(property?.related_product ?? "[]") as {
        code: string;
      }[]) {
        expect(await findPublishedProperty(db, related.code)).toBeDefined();
      }
      const page = await searchPublishedProperties(db, {
        sort: "price_desc",
        page: 2,
        limit: 6,
        status: "For Sale",
      });
      expect(page.properties).toHaveLength(6);
      expect(page.total).toBeGreaterThan(50);

      // The property schema's fields with a generate entry are filled by it (decision 085):
      // tenure for most sales, furnished for most rentals, from their choices only.
      const schemaRows = await db
        .selectFrom("property")
        .select(["offer_type", "tenure", "furnished"])
        .where("code", "like", "GEN-%")
        .execute();
      const share = (offer: string, column: "tenure" | "furnished") => {
        const ofOffer = schemaRows.filter((row) => row.offer_type === offer);
        return ofOffer.filter((row) => row[column] !== null).length / ofOffer.length;
      };
      expect(share("For Sale", "tenure")).toBeGreaterThan(0.75);
      expect(share("For Rent", "tenure")).toBeLessThan(0.4);
      expect(share("For Rent", "furnished")).toBeGreaterThan(0.75);
      expect(share("For Sale", "furnished")).toBeLessThan(0.4);
      expect(new Set(schemaRows.map((row) => row.tenure))).toEqual(
        new Set([null, "freehold", "leasehold", "share_of_freehold", "commonhold"]),
      );
      expect(new Set(schemaRows.map((row) => row.furnished))).toEqual(
        new Set([null, "furnished", "part_furnished", "unfurnished"]),
      );
      const freehold = await searchPublishedProperties(db, {
        sort: "new",
        page: 1,
        limit: 6,
        fields: { tenure: { equals: "freehold" } },
      });
      // The demo's own listings have a tenure too (decision 093): the filter finds both.
      const demoFreehold = await db
        .selectFrom("property")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("code", "not like", "GEN-%")
        .where("tenure", "=", "freehold")
        .where("publish", "=", 1)
        .executeTakeFirstOrThrow();
      expect(Number(demoFreehold.count)).toBeGreaterThan(0);
      expect(freehold.total).toBe(
        schemaRows.filter((row) => row.tenure === "freehold").length + Number(demoFreehold.count),
      );

      // A second run continues the numbering and does not seed again.
      const second = await fillWithGeneratedProperties(test.handle, { count: 30, now });
      expect(second).toMatchObject({
        firstCode: "GEN-000251",
        lastCode: "GEN-000280",
        seededDemo: false,
      });
    } finally {
      await test.drop();
    }
  });

  it("grows each category's counter by its generated properties", async () => {
    const test = await createTestDatabase(dialect, { seed: true });
    try {
      const db = test.handle.db;
      const before = await listCategoryCounters(db);
      await fillWithGeneratedProperties(test.handle, { count: 250, now });
      const after = await listCategoryCounters(db);
      const generated = await db
        .selectFrom("property")
        .innerJoin("category", "category.id", "property.category_id")
        .select(["category.title", (eb) => eb.fn.countAll<number | string>().as("n")])
        .where("code", "like", "GEN-%")
        .groupBy("category.title")
        .execute();
      expect(generated.length).toBeGreaterThanOrEqual(4);
      expect(after.map((category) => category.title)).toEqual(
        before.map((category) => category.title),
      );
      for (const category of after) {
        const added = Number(generated.find((row) => row.title === category.title)?.n ?? 0);
        const old = before.find((row) => row.title === category.title)?.total ?? 0;
        expect(category.total).toBe(old + added);
      }
      const sum = (list: typeof after) =>
        list.reduce((total, category) => total + category.total, 0);
      expect(sum(after) - sum(before)).toBe(250);
    } finally {
      await test.drop();
    }
  });

  it("is deterministic for a given now", async () => {
    const read = async () => {
      const test = await createTestDatabase(dialect, { seed: true });
      try {
        await fillWithGeneratedProperties(test.handle, { count: 20, now });
        return await test.handle.db
          .selectFrom("property")
          .select([
            "code",
            "headline",
            "price",
            "city",
            "created_at",
            "features",
            "latitude",
            "longitude",
          ])
          .where("code", "like", "GEN-%")
          .orderBy("code")
          .execute();
      } finally {
        await test.drop();
      }
    };
    const [a, b] = [await read(), await read()];
    expect(a).toHaveLength(20);
    expect(a).toEqual(b);
  });
});
