/**
 * The enquiries inbox's queries (decision 045) on both dialects: every page of every filter,
 * read forwards and back, is the matches newest first, each once; the changes; the export's
 * ids; the data-protection look-up and erasure by e-mail address; the retention purge; and the
 * filters' plans walk migration 0012's indexes.
 */
import { CompiledQuery, type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EnquiryStatus } from "../../lib/admin-enquiries.ts";
import {
  type AdminEnquiryFilters,
  type AdminEnquiryRow,
  parseAdminEnquiryQuery,
} from "../../lib/admin-enquiries.ts";
import { buildContactEnquiry } from "../../tests/support/factories.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import type { Database } from "../database.ts";
import {
  changeInboxEnquiry,
  deleteEnquiriesOfEmail,
  findDataOfEmail,
  findInboxEnquiry,
  listInboxEnquiries,
  listInboxEnquiryIds,
  purgeEnquiriesBefore,
} from "./enquiry-inbox.ts";
import { listAllPropertyRows } from "./property.ts";
import { insertStaffUser } from "./staff.ts";

const statuses: EnquiryStatus[] = ["new", "in_progress", "closed"];
const pageSize = 7;

interface Stored {
  id: number;
  createdAt: string;
  email: string;
  fullname: string;
  message: string;
  status: EnquiryStatus;
  propertyCode: string | null;
}

/** An enquiry stamped `createdAt`, with its outbox row, as insertEnquiry writes them. */
async function insertAt(
  db: Kysely<Database>,
  createdAt: string,
  overrides: Partial<{
    email: string;
    fullname: string;
    message: string;
    status: EnquiryStatus;
    property_code: string | null;
  }> = {},
): Promise<Stored> {
  const fields = buildContactEnquiry();
  const values = {
    ...fields,
    property_code: null as string | null,
    ip: "192.0.2.1",
    created_at: createdAt,
    ...overrides,
  };
  const { id } = await db
    .insertInto("enquiry")
    .values(values)
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("outbox")
    .values({
      kind: "enquiry",
      dedupe_key: `enquiry:${id}`,
      enquiry_id: id,
      next_attempt_at: createdAt,
      created_at: createdAt,
    })
    .execute();
  return {
    id,
    createdAt,
    email: values.email,
    fullname: values.fullname,
    message: values.message,
    status: values.status ?? "new",
    propertyCode: values.property_code,
  };
}

describe.each(testDialects)("the enquiries inbox on %s", (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;
  const stored: Stored[] = [];
  let listing: { code: string; slug: string };

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    db = test.handle.db;
    const property = (await listAllPropertyRows(db))[0]!;
    listing = { code: property.code, slug: property.slug };
    // 60 enquiries over 30 days, two a day, some at the very same instant (ties by id).
    const start = Date.parse("2026-10-01T10:00:00.000Z");
    for (let index = 0; index < 60; index += 1) {
      const at = new Date(start + Math.floor(index / 2) * 86_400_000).toISOString();
      stored.push(
        await insertAt(db, at, {
          status: statuses[index % 3]!,
          // Every 4th about the listing, by code or (as the API also takes) by slug.
          property_code: index % 4 === 0 ? (index % 8 === 0 ? listing.code : listing.slug) : null,
          message: index % 10 === 0 ? `Is 100% of the garden_south facing? (${index})` : "Hello",
          fullname: index === 13 ? "Zoë O'Hara" : `Visitor ${index}`,
        }),
      );
    }
    await sql`analyze`.execute(db);
  }, 60_000);
  afterAll(() => test?.drop());

  const newestFirst = (rows: Stored[]) =>
    rows.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id).map((r) => r.id);

  async function everyPage(filters: AdminEnquiryFilters) {
    const ids: number[] = [];
    let page = await listInboxEnquiries(db, filters, pageSize);
    expect(page.previous).toBeNull();
    const pages: AdminEnquiryRow[][] = [];
    for (;;) {
      pages.push(page.rows);
      ids.push(...page.rows.map((row) => row.id));
      if (!page.next) break;
      const { after } = parseAdminEnquiryQuery(new URLSearchParams({ after: page.next })).query;
      page = await listInboxEnquiries(db, { ...filters, ...(after ? { after } : {}) }, pageSize);
      expect(page.previous).not.toBeNull();
    }
    // And back from the last page by `previous`: the same pages.
    const back: AdminEnquiryRow[][] = [];
    let current = page;
    while (current.previous) {
      const { before } = parseAdminEnquiryQuery(
        new URLSearchParams({ before: current.previous }),
      ).query;
      current = await listInboxEnquiries(
        db,
        { ...filters, ...(before ? { before } : {}) },
        pageSize,
      );
      back.unshift(current.rows);
    }
    expect(back.map((rows) => rows.map((row) => row.id))).toEqual(
      pages.slice(0, -1).map((rows) => rows.map((row) => row.id)),
    );
    return ids;
  }

  const none: AdminEnquiryFilters = { listing: "", from: "", to: "", text: "" };
  const mine = (row: Stored) => stored.some((item) => item.id === row.id);

  it("lists every enquiry newest first, each once, paged forwards and back", async () => {
    expect(await everyPage(none)).toEqual(newestFirst(stored.filter(mine)));
  });

  it.each(statuses)("filters by status %s", async (status) => {
    expect(await everyPage({ ...none, status })).toEqual(
      newestFirst(stored.filter((row) => row.status === status)),
    );
  });

  it("filters by a listing's code, finding enquiries sent with its code or its slug", async () => {
    const expected = newestFirst(
      stored.filter(
        (row) => row.propertyCode === listing.code || row.propertyCode === listing.slug,
      ),
    );
    expect(expected.length).toBe(15);
    expect(await everyPage({ ...none, listing: listing.code })).toEqual(expected);
    expect(await everyPage({ ...none, listing: "NO-SUCH-CODE" })).toEqual([]);
  });

  it("filters by a date range of whole UTC days, both ends included", async () => {
    const expected = newestFirst(
      stored.filter((row) => row.createdAt >= "2026-10-05" && row.createdAt < "2026-10-09"),
    );
    expect(expected.length).toBe(8);
    expect(await everyPage({ ...none, from: "2026-10-05", to: "2026-10-08" })).toEqual(expected);
    expect(await everyPage({ ...none, from: "2026-10-29" })).toEqual(
      newestFirst(stored.filter((row) => row.createdAt >= "2026-10-29")),
    );
  });

  it("finds words in the name, e-mail and message, in any case, wildcards taken literally", async () => {
    expect(await everyPage({ ...none, text: "zoË o'hara" })).toEqual([stored[13]!.id]);
    expect(await everyPage({ ...none, text: stored[20]!.email.toUpperCase() })).toEqual([
      stored[20]!.id,
    ]);
    const gardens = newestFirst(stored.filter((row) => row.message.includes("100% of")));
    expect(gardens.length).toBe(6);
    expect(await everyPage({ ...none, text: "100% GARDEN_SOUTH" })).toEqual(gardens);
    // `%` and `_` are not wildcards: "1_0" matches no "100".
    expect(await everyPage({ ...none, text: "1_0%" })).toEqual([]);
  });

  it("combines the filters", async () => {
    const expected = newestFirst(
      stored.filter(
        (row) =>
          row.status === "new" && row.createdAt >= "2026-10-10" && row.message.includes("garden"),
      ),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await everyPage({ ...none, status: "new", from: "2026-10-10", text: "garden" })).toEqual(
      expected,
    );
  });

  it("reads the export's ids newest first in batches", async () => {
    expect(await listInboxEnquiryIds(db, none, 4)).toEqual(newestFirst(stored));
    expect(await listInboxEnquiryIds(db, { ...none, status: "closed" }, 3)).toEqual(
      newestFirst(stored.filter((row) => row.status === "closed")),
    );
  });

  it("changes the status, assigns, keeps notes with who and when, and shows the listing", async () => {
    const owner = await insertStaffUser(db, {
      email: `owner-${dialect}@example.com`,
      role: "owner",
      now: new Date(),
    });
    const actor = { id: owner!.id, email: owner!.email };
    const target = stored.find((row) => row.propertyCode === listing.slug)!;
    const now = new Date("2026-11-25T12:00:00.000Z");
    const other = target.status === "closed" ? "new" : "closed";
    expect(
      await changeInboxEnquiry(db, target.id, { kind: "status", status: other }, actor, now),
    ).toBe("changed");
    expect(
      await changeInboxEnquiry(db, target.id, { kind: "status", status: other }, actor, now),
    ).toBe("unchanged");
    expect(
      await changeInboxEnquiry(db, target.id, { kind: "assign", assigneeId: actor.id }, actor, now),
    ).toBe("changed");
    expect(
      await changeInboxEnquiry(db, target.id, { kind: "assign", assigneeId: 999_999 }, actor, now),
    ).toBe("unknown-assignee");
    expect(
      await changeInboxEnquiry(db, target.id, { kind: "note", body: "Called back." }, actor, now),
    ).toBe("changed");
    expect(await changeInboxEnquiry(db, 999_999, { kind: "note", body: "x" }, actor, now)).toBe(
      "missing",
    );
    const found = await findInboxEnquiry(db, target.id);
    expect(found).toMatchObject({
      status: other,
      assignee: actor.email,
      assigneeId: actor.id,
      updatedAt: now.toISOString(),
      email: target.email,
      listing: { code: listing.code, slug: listing.slug },
      delivery: { status: "pending", attempts: 0, attemptInProgress: false },
      notes: [{ author: actor.email, body: "Called back.", createdAt: now.toISOString() }],
    });
    expect((await listInboxEnquiries(db, { ...none, status: other }, 100)).rows).toContainEqual(
      expect.objectContaining({ id: target.id, assignee: actor.email }),
    );
    expect(
      await changeInboxEnquiry(db, target.id, { kind: "assign", assigneeId: null }, actor, now),
    ).toBe("changed");
    expect((await findInboxEnquiry(db, target.id))?.assignee).toBeNull();
  });

  it("tells an attempt in progress (recorded before its send) from a failed one", async () => {
    const target = stored[0]!;
    const startedAt = new Date("2026-11-25T12:00:00.000Z").toISOString();
    const outbox = () => db.updateTable("outbox").where("enquiry_id", "=", target.id);
    await outbox().set({ attempts: 1, attempt_started_at: startedAt }).execute();
    expect((await findInboxEnquiry(db, target.id))?.delivery).toMatchObject({
      attempts: 1,
      attemptInProgress: true,
    });
    // The attempt failed: its start is cleared with the error recorded.
    await outbox().set({ attempt_started_at: null, last_error: "ECONNREFUSED" }).execute();
    expect((await findInboxEnquiry(db, target.id))?.delivery).toMatchObject({
      attempts: 1,
      attemptInProgress: false,
    });
    await outbox().set({ attempts: 0, last_error: null }).execute();
  });

  it("finds, exports and deletes everything held for one address, whatever its case", async () => {
    const email = `Data.Subject-${dialect}@Example.com`;
    const mineToo = [
      await insertAt(db, "2026-11-01T09:00:00.000Z", { email }),
      await insertAt(db, "2026-11-02T09:00:00.000Z", { email: email.toLowerCase() }),
    ];
    const keeper = await insertAt(db, "2026-11-03T09:00:00.000Z", {
      email: `someone-else-${dialect}@example.com`,
    });
    const staff = await insertStaffUser(db, {
      email: email.toLowerCase(),
      role: "agent",
      now: new Date(),
    });
    await changeInboxEnquiry(
      db,
      mineToo[0]!.id,
      { kind: "note", body: "A note" },
      { id: staff!.id, email: staff!.email },
      new Date(),
    );
    const findings = await findDataOfEmail(db, email.toUpperCase());
    expect(findings.enquiries.map((enquiry) => enquiry.id)).toEqual([
      mineToo[1]!.id,
      mineToo[0]!.id,
    ]);
    expect(findings.staffAccount).toMatchObject({ email: email.toLowerCase(), role: "agent" });
    expect(findings.notesWritten).toBe(1);
    expect(findings.enquiries[1]!.notes).toHaveLength(1);

    expect(await deleteEnquiriesOfEmail(db, email)).toBe(2);
    expect((await findDataOfEmail(db, email)).enquiries).toEqual([]);
    for (const table of ["outbox", "enquiry_note"] as const) {
      const left = await db
        .selectFrom(table)
        .select("id")
        .where(
          "enquiry_id",
          "in",
          mineToo.map((row) => row.id),
        )
        .execute();
      expect(left, table).toEqual([]);
    }
    expect(await findInboxEnquiry(db, keeper.id)).toBeDefined();
    expect(await deleteEnquiriesOfEmail(db, email)).toBe(0);
  });

  it("purges enquiries older than the cutoff in batches, with their notes and outbox rows, twice at once", async () => {
    const cutoff = new Date("2026-10-11T00:00:00.000Z");
    const old = stored.filter((row) => row.createdAt < cutoff.toISOString());
    expect(old.length).toBe(20);
    const someone = await db
      .selectFrom("staff_user")
      .select(["id", "email"])
      .executeTakeFirstOrThrow();
    expect(
      await changeInboxEnquiry(db, old[0]!.id, { kind: "note", body: "old" }, someone, new Date()),
    ).toBe("changed");
    // Two servers purging at once delete each row once between them.
    const [first, second] = await Promise.all([
      purgeEnquiriesBefore(db, { cutoff, dialect, batchSize: 3 }),
      purgeEnquiriesBefore(db, { cutoff, dialect, batchSize: 3 }),
    ]);
    expect(first + second).toBe(old.length);
    const left = await db.selectFrom("enquiry").select("id").execute();
    const leftIds = new Set(left.map((row) => row.id));
    for (const row of old) expect(leftIds.has(row.id)).toBe(false);
    for (const row of stored.filter((item) => item.createdAt >= cutoff.toISOString())) {
      expect(leftIds.has(row.id)).toBe(true);
    }
    const orphans = await db
      .selectFrom("outbox")
      .select("id")
      .where(
        "enquiry_id",
        "in",
        old.map((row) => row.id),
      )
      .execute();
    expect(orphans).toEqual([]);
    expect(await purgeEnquiriesBefore(db, { cutoff, dialect })).toBe(0);
  });

  it("walks migration 0012's indexes for the newest-first page of a status and of a listing", async () => {
    const plans: string[] = [];
    for (const filters of [
      { ...none, status: "new" as const },
      { ...none, listing: listing.code },
      { ...none, from: "2026-10-20" },
    ]) {
      const compiled = db
        .selectFrom("enquiry")
        .select("id")
        .where((eb) =>
          eb.and([
            ...(filters.status ? [eb("status", "=", filters.status)] : []),
            ...(filters.listing ? [eb("property_code", "in", [filters.listing])] : []),
            ...(filters.from ? [eb("created_at", ">=", `${filters.from}T00:00:00.000Z`)] : []),
          ]),
        )
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(26)
        .compile();
      const { rows } = await db.executeQuery(
        CompiledQuery.raw(
          `${dialect === "sqlite" ? "explain query plan" : "explain"} ${compiled.sql}`,
          [...compiled.parameters],
        ),
      );
      plans.push(JSON.stringify(rows));
    }
    if (dialect === "sqlite") {
      expect(plans[0]).toContain("enquiry_inbox_status_idx");
      expect(plans[1]).toContain("enquiry_inbox_property_idx");
      expect(plans[2]).toMatch(/enquiry_(inbox_)?created_(at_)?idx/);
      for (const plan of plans) expect(plan).not.toContain("TEMP B-TREE");
    } else {
      // PostgreSQL may scan so small a table; the plan must at least be valid SQL.
      for (const plan of plans) expect(plan).toContain("Limit");
    }
  });
});
