/**
 * The back office's listings table (decision 041) on both dialects, over the seed and a
 * generated catalogue: every page of every order and filter, read forwards and back, is the
 * matches in order, each once; searching; the row actions; and the plans walk an index.
 */
import { type CompiledQuery, type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminListingFilter,
  type AdminListingQuery,
  type AdminListingRow,
  type AdminListingSort,
  adminListingFilters,
  adminListingSorts,
  parseAdminListingQuery,
} from "../../lib/admin-listings.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import type { Database } from "../database.ts";
import { generateProperties } from "../seed/generate.ts";
import { changeAdminListing, findAdminListing, listAdminListings } from "./admin-listing.ts";
import { findPublishedProperty, listAllPropertyRows } from "./property.ts";
import { updatePropertyPublish } from "./property-writes.ts";

const catalogue = 2_000;
const pageSize = 25;

describe.each(testDialects)("the back office's listings table on %s", (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    db = test.handle.db;
    await generateProperties(db, {
      count: catalogue,
      dialect,
      now: new Date("2026-11-20T12:00:00.000Z"),
    });
    // Some of each state: every 7th unpublished, every 11th archived.
    const rows = await listAllPropertyRows(db);
    for (const [index, row] of rows.entries()) {
      if (index % 11 === 0) await changeAdminListing(db, row.code, "archive", new Date());
      else if (index % 7 === 0) await updatePropertyPublish(db, row.code, false);
    }
    await sql`analyze`.execute(db);
  }, 120_000);
  afterAll(() => test?.drop());

  /**
   * Every listing's row as the table shows it, read one by one: two thousand lookups at once
   * would queue on the pool's ten connections longer than its 5 s wait on a busy machine.
   */
  async function everyAdminListing(): Promise<AdminListingRow[]> {
    const rows: AdminListingRow[] = [];
    for (const { code } of await listAllPropertyRows(db)) {
      const row = await findAdminListing(db, code);
      if (row) rows.push(row);
    }
    return rows;
  }

  /** A query's every page, following `next` from the first page. */
  async function forwards(query: Omit<AdminListingQuery, "after" | "before">) {
    const rows: AdminListingRow[] = [];
    let page = await listAdminListings(db, query, pageSize);
    expect(page.previous).toBeNull();
    for (;;) {
      rows.push(...page.rows);
      if (!page.next) break;
      const after = parseAdminListingQuery(
        new URLSearchParams({ after: page.next, sort: query.sort }),
      ).after;
      page = await listAdminListings(db, { ...query, ...(after ? { after } : {}) }, pageSize);
      expect(page.previous).not.toBeNull();
    }
    return { rows, lastPage: page };
  }

  /** The same, read back from the last page by `previous`. */
  async function backwards(query: Omit<AdminListingQuery, "after" | "before">, lastCursor: string) {
    const pages: AdminListingRow[][] = [];
    let before = parseAdminListingQuery(
      new URLSearchParams({ before: lastCursor, sort: query.sort }),
    ).before;
    // The page before the row after the last: the last page, then each before it.
    for (;;) {
      const page = await listAdminListings(
        db,
        { ...query, ...(before ? { before } : {}) },
        pageSize,
      );
      pages.unshift(page.rows);
      if (!page.previous) break;
      before = parseAdminListingQuery(
        new URLSearchParams({ before: page.previous, sort: query.sort }),
      ).before;
    }
    return pages.flat();
  }

  const statusMatches: Record<AdminListingFilter, (row: AdminListingRow) => boolean> = {
    current: (row) => row.status !== "archived",
    published: (row) => row.status === "published",
    unpublished: (row) => row.status === "unpublished",
    archived: (row) => row.status === "archived",
  };

  const inOrder: Partial<
    Record<AdminListingSort, (a: AdminListingRow, b: AdminListingRow) => number>
  > = {
    new: (a, b) => b.createdAt.localeCompare(a.createdAt),
    old: (a, b) => a.createdAt.localeCompare(b.createdAt),
    price_desc: (a, b) => b.price - a.price,
    price_asc: (a, b) => a.price - b.price,
  };

  it.each(adminListingFilters)(
    "pages through %s listings in every order, both ways",
    async (filter) => {
      const expected = (await everyAdminListing()).filter(statusMatches[filter]);
      expect(expected.length).toBeGreaterThan(pageSize);
      for (const sort of adminListingSorts) {
        const query = { text: "", filter, sort };
        const { rows, lastPage: page } = await forwards(query);
        const codes = rows.map((row) => row.code);
        expect(new Set(codes).size, sort).toBe(codes.length);
        expect([...codes].sort(), sort).toEqual(expected.map((row) => row.code).sort());
        const order = inOrder[sort];
        for (let i = 1; order && i < rows.length; i++) {
          expect(order(rows[i - 1]!, rows[i]!), `${sort} at ${i}`).toBeLessThanOrEqual(0);
        }
        // One page holding everything is the same order: the keyset pages cut it, nothing more.
        const whole = await listAdminListings(db, query, expected.length + 1);
        expect(codes, sort).toEqual(whole.rows.map((row) => row.code));
        // Read back from the last page by "previous": every earlier page, the same order.
        if (page.previous) {
          const back = await backwards(query, page.previous);
          expect(
            back.map((row) => row.code),
            sort,
          ).toEqual(codes.slice(0, codes.length - page.rows.length));
        }
      }
    },
  );

  it("searches the code, the headline and the city, any case, every word", async () => {
    const all = (await everyAdminListing()).filter((row) => row.status !== "archived");
    const sample = all[3]!;
    const word = sample.city.split(" ")[0]!.toUpperCase();
    const { rows: byCity } = await forwards({ text: word, filter: "current", sort: "new" });
    const expected = all.filter((row) =>
      `${row.code} ${row.headline} ${row.city}`.toLowerCase().includes(word.toLowerCase()),
    );
    expect(byCity.map((row) => row.code).sort()).toEqual(expected.map((row) => row.code).sort());

    const { rows: byCode } = await forwards({
      text: sample.code.toLowerCase(),
      filter: "current",
      sort: "new",
    });
    expect(byCode.map((row) => row.code)).toContain(sample.code);
    expect(
      byCode.every((row) =>
        `${row.code} ${row.headline} ${row.city}`.toLowerCase().includes(sample.code.toLowerCase()),
      ),
    ).toBe(true);

    const headlineWords = sample.headline.split(" ").slice(0, 2).join(" ");
    const { rows: byHeadline } = await forwards({
      text: headlineWords,
      filter: "current",
      sort: "headline",
    });
    expect(byHeadline.map((row) => row.code)).toContain(sample.code);

    // LIKE's wildcards are plain characters.
    expect(
      (await listAdminListings(db, { text: "%", filter: "current", sort: "new" }, pageSize)).rows,
    ).toEqual([]);
    expect(
      (await listAdminListings(db, { text: "_", filter: "current", sort: "new" }, pageSize)).rows,
    ).toEqual([]);
  });

  it("shows the property schema's columns and filters by a choice, paging both ways (decision 085)", async () => {
    const all = await everyAdminListing();
    // The generator fills tenure and furnished; every row carries both columns.
    expect(all.every((row) => "tenure" in row.fields && "furnished" in row.fields)).toBe(true);
    const expected = all.filter(
      (row) => row.status !== "archived" && row.fields.tenure === "leasehold",
    );
    expect(expected.length).toBeGreaterThan(pageSize);
    // Read from the URL as the table's form sends it: by value or label.
    const query = parseAdminListingQuery(new URLSearchParams("tenure=Leasehold&sort=price_asc"));
    expect(query.fields).toEqual({ tenure: "leasehold" });
    const { rows, lastPage } = await forwards(query);
    expect(rows.map((row) => row.code).sort()).toEqual(expected.map((row) => row.code).sort());
    expect(rows.every((row) => row.fields.tenure === "leasehold")).toBe(true);
    const back = await backwards(query, lastPage.previous!);
    expect(back.map((row) => row.code)).toEqual(
      rows.slice(0, rows.length - lastPage.rows.length).map((row) => row.code),
    );
    // With the table's other filters and search: all apply.
    const both = await forwards({
      ...query,
      fields: { tenure: "leasehold", furnished: "furnished" },
    });
    expect(both.rows.map((row) => row.code).sort()).toEqual(
      expected
        .filter((row) => row.fields.furnished === "furnished")
        .map((row) => row.code)
        .sort(),
    );
  });

  it("gives each row its offer and rent period, so the table shows a rent as the site does", async () => {
    const rental = (await listAllPropertyRows(db)).find((row) => row.offer_type === "For Rent")!;
    await db
      .updateTable("property")
      .set({ rent_period: "year" })
      .where("code", "=", rental.code)
      .execute();
    expect(await findAdminListing(db, rental.code)).toMatchObject({
      offer_type: "For Rent",
      rent_period: "year",
    });
    const page = await listAdminListings(
      db,
      parseAdminListingQuery(new URLSearchParams({ q: rental.code })),
      25,
    );
    expect(page.rows.find((row) => row.code === rental.code)?.rent_period).toBe("year");
  });

  it("publishes, unpublishes, archives, restores and deletes, and the public queries follow", async () => {
    const { code, slug } = (await listAllPropertyRows(db)).find(
      (row) => row.publish === 1 || row.publish === true,
    )!;
    const status = async () => (await findAdminListing(db, code))?.status;
    const isPublic = async () => (await findPublishedProperty(db, slug)) !== undefined;
    const now = new Date("2026-11-25T10:00:00.000Z");

    expect(await changeAdminListing(db, code, "unpublish", now)).toBe("changed");
    expect(await status()).toBe("unpublished");
    expect(await isPublic()).toBe(false);
    expect((await findAdminListing(db, code))?.updatedAt).toBe(now.toISOString());
    expect(await changeAdminListing(db, code, "unpublish", now)).toBe("unchanged");

    expect(await changeAdminListing(db, code, "publish", now)).toBe("changed");
    expect(await isPublic()).toBe(true);

    expect(await changeAdminListing(db, code, "archive", now)).toBe("changed");
    expect(await status()).toBe("archived");
    expect(await isPublic()).toBe(false);
    // An archived listing is restored before it can be published again.
    expect(await changeAdminListing(db, code, "publish", now)).toBe("unchanged");
    expect(await isPublic()).toBe(false);
    expect(await changeAdminListing(db, code, "restore", now)).toBe("changed");
    expect(await status()).toBe("unpublished");
    expect(await changeAdminListing(db, code, "publish", now)).toBe("changed");
    expect(await isPublic()).toBe(true);

    expect(await changeAdminListing(db, code, "delete", now)).toBe("changed");
    expect(await findAdminListing(db, code)).toBeUndefined();
    expect(await isPublic()).toBe(false);
    expect(await changeAdminListing(db, code, "delete", now)).toBe("missing");
    expect(await changeAdminListing(db, code, "archive", now)).toBe("missing");
  });

  it("walks an index for every order, never the whole table", async () => {
    const captured: CompiledQuery[] = [];
    const capturing = db.withPlugin({
      transformQuery: ({ node, queryId }) => {
        captured.push(db.getExecutor().compileQuery(node, queryId));
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    for (const sort of adminListingSorts) {
      for (const filter of adminListingFilters) {
        const query = { text: "", filter, sort };
        const first = await listAdminListings(capturing, query, pageSize);
        const after = parseAdminListingQuery(new URLSearchParams({ after: first.next!, sort }))
          .after!;
        const second = await listAdminListings(capturing, { ...query, after }, pageSize);
        const before = parseAdminListingQuery(
          new URLSearchParams({ before: second.previous!, sort }),
        ).before!;
        await listAdminListings(capturing, { ...query, before }, pageSize);
      }
    }
    expect(captured).toHaveLength(adminListingSorts.length * adminListingFilters.length * 3);
    for (const query of captured) {
      const plan = await explain(query);
      if (dialect === "sqlite") {
        // An index walked in the order (this one or a public listing index), no sort.
        expect(plan, query.sql).not.toMatch(/^SCAN property$/m);
        // Only the archived and the unpublished, usually few, read by an index of their own
        // (the publish flag's), may be sorted.
        if (!/"archived_at" is not null|"publish" = \?/.test(query.sql)) {
          expect(plan, query.sql).not.toMatch(/TEMP B-TREE/);
        }
      } else {
        // On a catalogue this small a range may be read by bitmap and sorted: still an index.
        expect(plan, query.sql).not.toMatch(/Seq Scan on property\b/);
      }
    }
  });

  async function explain(query: CompiledQuery): Promise<string> {
    const prefix = dialect === "sqlite" ? "explain query plan " : "explain ";
    const { rows } = await db.executeQuery<Record<string, unknown>>({
      ...query,
      sql: `${prefix}${query.sql}`,
    });
    return rows
      .map((row) => String(dialect === "sqlite" ? row.detail : row["QUERY PLAN"]).trim())
      .join("\n");
  }
});
