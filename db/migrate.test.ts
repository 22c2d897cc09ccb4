import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../tests/support/test-database.ts";
import { type Database, mailOutboxKinds } from "./database.ts";
import { migrateDown, migrateToLatest, migrations, NewerDatabaseError } from "./migrate.ts";
import { claimDueOutbox } from "./queries/outbox.ts";

/** The columns of `table` as the database has them now. */
async function columnsOfTable(db: Kysely<Database>, table: string): Promise<string[] | undefined> {
  return (await db.introspection.getTables())
    .find((found) => found.name === table)
    ?.columns.map((column) => column.name);
}

/** Undoes the migrations from `name` (included) to the newest, newest first. */
async function migrateDownThrough(db: Kysely<Database>, name: string): Promise<void> {
  const names = Object.keys(migrations);
  const later = names.length - names.indexOf(name);
  for (let step = 0; step < later; step++) await migrateDown(db);
}

const contentTables = [
  "amenity",
  "app_secret",
  "applicant",
  "applicant_amenity",
  "applicant_area",
  "applicant_category",
  "applicant_consent_change",
  "applicant_intake_mark",
  "applicant_mail",
  "applicant_note",
  "applicant_offer",
  "audit_event",
  "category",
  "collection",
  "company_profile",
  "enquiry",
  "enquiry_note",
  "feed_consumer",
  "feed_pause",
  "feed_run",
  "figure_salt",
  "figure_visitor",
  "floor_plan",
  "listing_day_figures",
  "listing_import",
  "listing_removal",
  "newsletter_subscriber",
  "outbox",
  "price_change",
  "property",
  "search_alert",
  "slider",
  "staff_session",
  "staff_token",
  "staff_user",
  "viewing",
  "viewing_availability",
  "viewing_calendar_feed",
  "viewing_day_off",
];

/** SQLite's keyword index (migration 0006): an FTS5 table and the tables it keeps its index in. */
const sqliteTextTables = [
  "property_text",
  "property_text_config",
  "property_text_data",
  "property_text_idx",
];

describe.each(testDialects)("migrations on %s", (dialect) => {
  const tables = [...contentTables, ...(dialect === "sqlite" ? sqliteTextTables : [])].sort();
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });

  async function tableNames(current: TestDatabase): Promise<string[]> {
    const found = await current.handle.db.introspection.getTables();
    return found.map((table) => table.name).filter((name) => !name.startsWith("kysely_"));
  }

  it("creates every table, and running them again changes nothing", async () => {
    test = await createTestDatabase(dialect);
    expect((await tableNames(test)).sort()).toEqual(tables);
    await migrateToLatest(test.handle.db);
    await migrateToLatest(test.handle.db);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(
      test.handle.db,
    );
    expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations));
  });

  it("refuses a database a newer version migrated, naming the migration it does not know", async () => {
    test = await createTestDatabase(dialect);
    const newer = "2099-01-01-0001-from-a-newer-version";
    await sql`insert into kysely_migration (name, timestamp) values (${newer}, ${new Date().toISOString()})`.execute(
      test.handle.db,
    );
    const refusal = await migrateToLatest(test.handle.db).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(NewerDatabaseError);
    expect((refusal as NewerDatabaseError).migrationName).toBe(newer);
  });

  it("goes down and up again", async () => {
    test = await createTestDatabase(dialect);
    for (const _migration of Object.keys(migrations)) await migrateDown(test.handle.db);
    expect(await tableNames(test)).toEqual([]);
    await migrateToLatest(test.handle.db);
    expect((await tableNames(test)).sort()).toEqual(tables);
  });

  it("enforces unique codes, slugs and titles", async () => {
    test = await createTestDatabase(dialect, { seed: true });
    const db = test.handle.db;
    await expect(db.insertInto("category").values({ title: "Houses" }).execute()).rejects.toThrow();
    const existing = await db.selectFrom("property").selectAll().limit(1).executeTakeFirstOrThrow();
    const {
      id: _id,
      created_at: _createdAt,
      archived_at: _archivedAt,
      updated_at: _updatedAt,
      availability_changed_at: _availabilityChangedAt,
      publish,
      ...rest
    } = existing;
    const copy = { ...rest, created_at: new Date().toISOString(), publish: publish ? 1 : 0 };
    await expect(
      db
        .insertInto("property")
        .values({ ...copy, slug: "another-slug" })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("property")
        .values({ ...copy, code: "HP-9999" })
        .execute(),
    ).rejects.toThrow();
  });

  it("keeps coordinates in range, both or neither, with an index for map bounds", async () => {
    test = await createTestDatabase(dialect, { seed: true });
    const db = test.handle.db;
    const { code } = await db.selectFrom("property").select("code").executeTakeFirstOrThrow();
    const place = (latitude: number | null, longitude: number | null) =>
      db.updateTable("property").set({ latitude, longitude }).where("code", "=", code).execute();
    const stored = () =>
      db
        .selectFrom("property")
        .select(["latitude", "longitude"])
        .where("code", "=", code)
        .executeTakeFirstOrThrow();

    await place(-33.868_82, 151.209_29);
    // Read back as numbers, exactly, on both dialects.
    expect(await stored()).toEqual({ latitude: -33.868_82, longitude: 151.209_29 });
    await place(null, null);
    expect(await stored()).toEqual({ latitude: null, longitude: null });
    await place(90, -180);
    for (const [latitude, longitude] of [
      [90.5, 0],
      [-91, 0],
      [0, 180.01],
      [0, -181],
      [45, null],
      [null, 45],
    ] as const) {
      await expect(place(latitude, longitude), `${latitude}, ${longitude}`).rejects.toThrow();
    }
    expect(await stored()).toEqual({ latitude: 90, longitude: -180 });

    const indexes =
      dialect === "sqlite"
        ? await sql<{ name: string }>`
            select name from pragma_index_list('property')`.execute(db)
        : await sql<{ name: string }>`
            select indexname as name from pg_indexes where tablename = 'property'`.execute(db);
    expect(indexes.rows.map((row) => row.name)).toContain("property_coordinates_idx");

    // Down to before 0009, through every later migration.
    const names = Object.keys(migrations);
    for (const _later of names.slice(names.indexOf("2026-11-25-0009-property-coordinates"))) {
      await migrateDown(db);
    }
    const columns = (await db.introspection.getTables())
      .find((table) => table.name === "property")
      ?.columns.map((column) => column.name);
    expect(columns).toContain("google_map");
    expect(columns).not.toContain("latitude");
    expect(columns).not.toContain("longitude");
  });

  it("gives enquiries a status (new by default, one of three), an assignee and notes, and takes them away again", async () => {
    test = await createTestDatabase(dialect);
    const { db } = test.handle;
    const now = new Date().toISOString();
    const fields = {
      fullname: "A",
      telephone: "1",
      email: "a@example.com",
      property_code: null,
      message: "m",
      how_you_hear: "h",
      num1: "1",
      num2: "2",
      answer: "3",
      puzzle: "3",
      ip: "192.0.2.1",
      created_at: now,
    };
    const { id } = await db
      .insertInto("enquiry")
      .values(fields)
      .returning("id")
      .executeTakeFirstOrThrow();
    const row = await db
      .selectFrom("enquiry")
      .select(["status", "assignee_id", "updated_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "new", assignee_id: null, updated_at: null });
    await expect(
      db
        .updateTable("enquiry")
        .set({ status: "lost" as never })
        .where("id", "=", id)
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto("enquiry_note")
      .values({
        enquiry_id: id,
        author_id: null,
        author_email: "o@example.com",
        body: "n",
        created_at: now,
      })
      .execute();
    // A note goes with its enquiry.
    await db.deleteFrom("enquiry").where("id", "=", id).execute();
    expect(await db.selectFrom("enquiry_note").selectAll().execute()).toEqual([]);

    const names = Object.keys(migrations);
    for (const _later of names.slice(names.indexOf("2026-11-25-0012-enquiry-inbox"))) {
      await migrateDown(db);
    }
    const columns = (await db.introspection.getTables())
      .find((table) => table.name === "enquiry")
      ?.columns.map((column) => column.name);
    expect(columns).not.toContain("status");
    expect(columns).not.toContain("assignee_id");
    expect(await tableNames(test)).not.toContain("enquiry_note");
  });

  it("gives every listing a revision from 0, which the down migration removes", async () => {
    test = await createTestDatabase(dialect, { seed: true });
    const db = test.handle.db;
    const revisions = await db.selectFrom("property").select("revision").execute();
    expect(revisions.length).toBeGreaterThan(0);
    expect(new Set(revisions.map((row) => row.revision))).toEqual(new Set([0]));
    const columnsOf = () => columnsOfTable(db, "property");
    expect(await columnsOf()).toContain("revision");
    const undo = () => migrateDownThrough(db, "2026-11-25-0011-listing-revision");
    await undo();
    expect(await columnsOf()).not.toContain("revision");
    expect(await columnsOf()).toContain("updated_at");
  });

  it("gives every audit event a client address column, which the down migration removes", async () => {
    test = await createTestDatabase(dialect);
    const db = test.handle.db;
    const columnsOf = () => columnsOfTable(db, "audit_event");
    expect(await columnsOf()).toContain("client_address");
    const undo = () => migrateDownThrough(db, "2026-11-28-0023-audit-client-address");
    await undo();
    expect(await columnsOf()).not.toContain("client_address");
    expect(await columnsOf()).toContain("detail");
    await migrateToLatest(db);
    expect(await columnsOf()).toContain("client_address");
  });

  it("gives every listing a rent period, a month by default, from the four periods only, which the down migration removes", async () => {
    test = await createTestDatabase(dialect, { seed: true });
    const db = test.handle.db;
    const periods = await db.selectFrom("property").select("rent_period").execute();
    expect(periods.length).toBeGreaterThan(0);
    expect(new Set(periods.map((row) => row.rent_period))).toEqual(new Set(["month"]));
    const { code } = await db.selectFrom("property").select("code").executeTakeFirstOrThrow();
    const setTo = (rent_period: string) =>
      db.updateTable("property").set({ rent_period }).where("code", "=", code).execute();
    for (const period of ["week", "quarter", "year", "month"]) await setTo(period);
    await expect(setTo("fortnight")).rejects.toThrow();

    const columnsOf = () => columnsOfTable(db, "property");
    const undo = () => migrateDownThrough(db, "2026-11-28-0029-rent-period");
    await undo();
    expect(await columnsOf()).not.toContain("rent_period");
    await migrateToLatest(db);
    expect(await columnsOf()).toContain("rent_period");
  });

  it("moves both outboxes' rows into the one outbox with their kind and state, pending ones still due, and back down", async () => {
    test = await createTestDatabase(dialect);
    const db = test.handle.db;
    const undo = () => migrateDownThrough(db, "2026-11-29-0035-one-outbox");
    await undo();
    const past = "2026-11-01T10:00:00.000Z";
    const sentAt = "2026-11-01T10:05:00.000Z";
    const enquiryIds: number[] = [];
    for (const email of ["pending@example.com", "sent@example.com"]) {
      const { id } = await db
        .insertInto("enquiry")
        .values({
          fullname: "A",
          telephone: "1",
          email,
          property_code: null,
          message: "m",
          how_you_hear: "h",
          num1: "1",
          num2: "2",
          answer: "3",
          puzzle: "3",
          ip: "192.0.2.1",
          created_at: past,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      enquiryIds.push(id);
    }
    const [pendingEnquiry, sentEnquiry] = enquiryIds as [number, number];
    await sql`insert into enquiry_outbox (enquiry_id, status, attempts, next_attempt_at, last_error, created_at)
      values (${pendingEnquiry}, 'pending', 2, ${past}, '421 later', ${past})`.execute(db);
    await sql`insert into enquiry_outbox (enquiry_id, status, attempts, next_attempt_at, sent_at, created_at)
      values (${sentEnquiry}, 'sent', 1, ${past}, ${sentAt}, ${past})`.execute(db);
    await sql`insert into mail_outbox (dedupe_key, kind, payload, status, attempts, next_attempt_at, created_at)
      values ('alert-link:a', 'alert-link', '{"n":1}', 'pending', 0, ${past}, ${past})`.execute(db);
    await sql`insert into mail_outbox (dedupe_key, kind, status, attempts, next_attempt_at, sent_at, created_at)
      values ('alert-link:b', 'alert-link', 'sent', 1, ${past}, ${sentAt}, ${past})`.execute(db);

    await migrateToLatest(db);
    expect(await tableNames(test)).not.toContain("enquiry_outbox");
    expect(await tableNames(test)).not.toContain("mail_outbox");
    const moved = await db
      .selectFrom("outbox")
      .select(["kind", "dedupe_key", "enquiry_id", "payload", "status", "attempts", "last_error"])
      .orderBy("id")
      .execute();
    expect(moved).toEqual([
      {
        kind: "enquiry",
        dedupe_key: `enquiry:${pendingEnquiry}`,
        enquiry_id: pendingEnquiry,
        payload: "{}",
        status: "pending",
        attempts: 2,
        last_error: "421 later",
      },
      {
        kind: "enquiry",
        dedupe_key: `enquiry:${sentEnquiry}`,
        enquiry_id: sentEnquiry,
        payload: "{}",
        status: "sent",
        attempts: 1,
        last_error: null,
      },
      {
        kind: "alert-link",
        dedupe_key: "alert-link:a",
        enquiry_id: null,
        payload: '{"n":1}',
        status: "pending",
        attempts: 0,
        last_error: null,
      },
      {
        kind: "alert-link",
        dedupe_key: "alert-link:b",
        enquiry_id: null,
        payload: "{}",
        status: "sent",
        attempts: 1,
        last_error: null,
      },
    ]);
    // The pending rows are still due: the outbox job claims them, and only them.
    const claimed = await claimDueOutbox(db, {
      dialect,
      now: new Date(),
      leaseMs: 60_000,
      limit: 10,
      kinds: mailOutboxKinds,
    });
    expect(claimed.map((row) => row.kind)).toEqual(["enquiry", "alert-link"]);
    expect(claimed[0]!.enquiryId).toBe(pendingEnquiry);
    // An enquiry's row goes with its enquiry.
    await db.deleteFrom("enquiry").where("id", "=", sentEnquiry).execute();
    expect(await db.selectFrom("outbox").select("id").execute()).toHaveLength(3);

    // Down past the one outbox (and any migration after it).
    await undo();
    expect(await tableNames(test)).not.toContain("outbox");
    const enquiryRows = await sql<{ enquiry_id: number; status: string; attempts: number }>`
      select enquiry_id, status, attempts from enquiry_outbox order by id`.execute(db);
    expect(enquiryRows.rows).toEqual([
      { enquiry_id: pendingEnquiry, status: "pending", attempts: 2 },
    ]);
    const mailRows = await sql<{ dedupe_key: string; status: string }>`
      select dedupe_key, status from mail_outbox order by id`.execute(db);
    expect(mailRows.rows).toEqual([
      { dedupe_key: "alert-link:a", status: "pending" },
      { dedupe_key: "alert-link:b", status: "sent" },
    ]);
    await migrateToLatest(db);
    expect(await db.selectFrom("outbox").select("kind").execute()).toHaveLength(3);
  });

  it("adds a listing's tenure, null until given and one of the four only, which the down migration removes", async () => {
    test = await createTestDatabase(dialect, { seed: true });
    const db = test.handle.db;
    const tenures = await db.selectFrom("property").select("tenure").execute();
    // The demo sets it where it fits (decision 093); the rest are null, not given.
    for (const value of new Set(tenures.map((row) => row.tenure))) {
      expect([null, ...["freehold", "leasehold", "share_of_freehold", "commonhold"]]).toContain(
        value,
      );
    }
    expect(tenures.map((row) => row.tenure)).toContain(null);
    const { code } = await db.selectFrom("property").select("code").executeTakeFirstOrThrow();
    const setTo = (tenure: string | null) =>
      // A value outside the type too: the database must refuse it.
      db
        .updateTable("property")
        .set({ tenure: tenure as "freehold" | null })
        .where("code", "=", code)
        .execute();
    for (const tenure of ["freehold", "leasehold", "share_of_freehold", "commonhold", null]) {
      await setTo(tenure);
    }
    await expect(setTo("rented")).rejects.toThrow();
    const columnsOf = () => columnsOfTable(db, "property");
    const undo = () => migrateDownThrough(db, "2026-11-29-0036-1-listing-tenure");
    await undo();
    expect(await columnsOf()).not.toContain("tenure");
    await migrateToLatest(db);
    expect(await columnsOf()).toContain("tenure");
  });

  it("adds whether a listing is furnished, null until given and one of the three only, which the down migration removes", async () => {
    test = await createTestDatabase(dialect, { seed: true });
    const db = test.handle.db;
    const furnishings = await db.selectFrom("property").select("furnished").execute();
    // The demo sets it where it fits (decision 093); the rest are null, not given.
    for (const value of new Set(furnishings.map((row) => row.furnished))) {
      expect([null, ...["furnished", "part_furnished", "unfurnished"]]).toContain(value);
    }
    expect(furnishings.map((row) => row.furnished)).toContain(null);
    const { code } = await db.selectFrom("property").select("code").executeTakeFirstOrThrow();
    const setTo = (furnished: string | null) =>
      // A value outside the type too: the database must refuse it.
      db
        .updateTable("property")
        .set({ furnished: furnished as "furnished" | null })
        .where("code", "=", code)
        .execute();
    for (const furnished of ["furnished", "part_furnished", "unfurnished", null]) {
      await setTo(furnished);
    }
    await expect(setTo("yes")).rejects.toThrow();
    const columnsOf = () => columnsOfTable(db, "property");
    const undo = () => migrateDownThrough(db, "2026-11-29-0036-2-listing-furnished");
    await undo();
    expect(await columnsOf()).not.toContain("furnished");
    await migrateToLatest(db);
    expect(await columnsOf()).toContain("furnished");
  });

  it("adds a listing's energy rating, null until given and a to g only, which the down migration removes", async () => {
    test = await createTestDatabase(dialect, { seed: true });
    const db = test.handle.db;
    const ratings = await db.selectFrom("property").select("energy_rating").execute();
    // The demo sets it where it fits (decision 093); the rest are null, not given.
    for (const value of new Set(ratings.map((row) => row.energy_rating))) {
      expect([null, ...["a", "b", "c", "d", "e", "f", "g"]]).toContain(value);
    }
    expect(ratings.map((row) => row.energy_rating)).toContain(null);
    const { code } = await db.selectFrom("property").select("code").executeTakeFirstOrThrow();
    const setTo = (rating: string | null) =>
      // A value outside the type too: the database must refuse it.
      db
        .updateTable("property")
        .set({ energy_rating: rating as "a" | null })
        .where("code", "=", code)
        .execute();
    for (const rating of ["a", "b", "c", "d", "e", "f", "g", null]) await setTo(rating);
    await expect(setTo("h")).rejects.toThrow();
    await expect(setTo("A")).rejects.toThrow();
    const columnsOf = () => columnsOfTable(db, "property");
    const undo = () => migrateDownThrough(db, "2026-11-29-0037-b-listing-energy-rating");
    await undo();
    expect(await columnsOf()).not.toContain("energy_rating");
    await migrateToLatest(db);
    expect(await columnsOf()).toContain("energy_rating");
  });

  it("gives every listing a modification time, kept from its last change and moved by every write, which the down migration removes", async () => {
    test = await createTestDatabase(dialect, { seed: true });
    const db = test.handle.db;
    const undo = () => migrateDownThrough(db, "2026-11-29-0045-reso-feed");
    const columnsOf = () => columnsOfTable(db, "property");
    await undo();
    expect(await columnsOf()).not.toContain("modified_at");
    const edited = "2026-10-01T09:00:00.000Z";
    const [first, second] = await db
      .selectFrom("property")
      .select(["code", "created_at"])
      .orderBy("id")
      .limit(2)
      .execute();
    await db
      .updateTable("property")
      .set({ updated_at: edited })
      .where("code", "=", first?.code as string)
      .execute();
    await migrateToLatest(db);
    const stored = async (code: string) => {
      const row = await db
        .selectFrom("property")
        .select("modified_at")
        .where("code", "=", code)
        .executeTakeFirstOrThrow();
      return new Date(row.modified_at).toISOString();
    };
    // Its last change in the back office, or else its creation.
    expect(await stored(first?.code as string)).toBe(edited);
    expect(await stored(second?.code as string)).toBe(
      new Date(second?.created_at as string).toISOString(),
    );
    // Any write moves it, whoever makes it: here plain SQL.
    const before = Date.now();
    await db
      .updateTable("property")
      .set({ bedroom: 9 })
      .where("code", "=", first?.code as string)
      .execute();
    expect(Date.parse(await stored(first?.code as string))).toBeGreaterThanOrEqual(before - 1);
    await undo();
    expect(await columnsOf()).not.toContain("modified_at");
    await migrateToLatest(db);
    expect(await columnsOf()).toContain("modified_at");
  });

  it("records each removed key of a listing once published, empties text-less descriptions, which the down migration removes", async () => {
    test = await createTestDatabase(dialect, { seed: true });
    const db = test.handle.db;
    await migrateDownThrough(db, "2026-11-29-0053-reso-removals");
    const [empty, kept] = await db
      .selectFrom("property")
      .select(["id", "code"])
      .where("publish", "=", 1)
      .orderBy("id")
      .limit(2)
      .execute();
    if (!empty || !kept) throw new Error("the seed has too few published listings");
    await db
      .updateTable("property")
      .set({ description: "<p> &nbsp;</p><p><br></p>" })
      .where("id", "=", empty.id)
      .execute();
    await migrateToLatest(db);
    const description = async (id: number) =>
      (
        await db
          .selectFrom("property")
          .select("description")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).description;
    expect(await description(empty.id)).toBe("");
    expect(await description(kept.id)).not.toBe("");
    // Any write path: plain SQL here. A draft never published leaves nothing.
    await db
      .updateTable("property")
      .set({ code: `${kept.code}-NEW` })
      .where("id", "=", kept.id)
      .execute();
    await db.deleteFrom("property").where("id", "=", empty.id).execute();
    const draft = await db
      .selectFrom("property")
      .select("id")
      .where("first_published_at", "is", null)
      .executeTakeFirst();
    if (draft) await db.deleteFrom("property").where("id", "=", draft.id).execute();
    const removals = await db
      .selectFrom("listing_removal")
      .select(["property_id", "code"])
      .orderBy("id")
      .execute();
    expect(removals).toEqual([
      { property_id: kept.id, code: kept.code },
      { property_id: empty.id, code: empty.code },
    ]);
    await migrateDownThrough(db, "2026-11-29-0053-reso-removals");
    expect(await tableNames(test)).not.toContain("listing_removal");
    await migrateToLatest(db);
  });

  it("adds the portals' fields: text empty, numbers and dates null, switches on, each checked, which the down migration removes", async () => {
    test = await createTestDatabase(dialect, { seed: true });
    const db = test.handle.db;
    const undo = () => migrateDownThrough(db, "2026-11-29-0046-listing-portal-fields");
    const added = [
      "postcode",
      "display_address",
      "deposit",
      "available_from",
      "energy_score",
      "council_tax_band",
      "hoa_fee",
      "send_to_rightmove",
      "send_to_push",
      "send_to_reso",
    ];
    const columnsOf = () => columnsOfTable(db, "property");
    await undo();
    for (const name of added) expect(await columnsOf()).not.toContain(name);
    await migrateToLatest(db);
    for (const name of added) expect(await columnsOf()).toContain(name);
    // The rows there before the migration: nothing given, every switch on.
    const rows = await db
      .selectFrom("property")
      .select([
        "postcode",
        "display_address",
        "deposit",
        "available_from",
        "energy_score",
        "council_tax_band",
        "hoa_fee",
        "send_to_rightmove",
        "send_to_push",
        "send_to_reso",
      ])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({
        postcode: "",
        display_address: "",
        deposit: null,
        available_from: null,
        energy_score: null,
        council_tax_band: null,
        hoa_fee: null,
      });
      for (const flag of [row.send_to_rightmove, row.send_to_push, row.send_to_reso]) {
        expect(Number(flag)).toBe(1);
      }
    }
    const { code } = await db.selectFrom("property").select("code").executeTakeFirstOrThrow();
    const set = (values: Record<string, unknown>) =>
      db.updateTable("property").set(values).where("code", "=", code).execute();
    await set({
      deposit: 0,
      available_from: "2027-03-01",
      energy_score: 100,
      council_tax_band: "i",
      hoa_fee: 0,
      send_to_rightmove: 0,
    });
    for (const refused of [
      { deposit: -1 },
      { available_from: "1 March 2027" },
      { energy_score: 0 },
      { energy_score: 101 },
      { council_tax_band: "j" },
      { council_tax_band: "A" },
      { hoa_fee: -1 },
    ]) {
      await expect(set(refused), JSON.stringify(refused)).rejects.toThrow();
    }
  });

  it("gives the outbox's rows an attempt note and a resend count, none for the rows already there, which the down migration removes", async () => {
    test = await createTestDatabase(dialect);
    const db = test.handle.db;
    const undo = () => migrateDownThrough(db, "2026-11-29-0038-outbox-attempts-recorded");
    const columnsOf = () => columnsOfTable(db, "outbox");
    await undo();
    expect(await columnsOf()).not.toContain("resends");
    expect(await columnsOf()).not.toContain("attempt_started_at");
    const past = "2026-11-01T10:00:00.000Z";
    await sql`insert into outbox (kind, dedupe_key, status, attempts, next_attempt_at, locked_until, created_at)
      values ('alert-link', 'alert-link:a', 'pending', 1, ${past}, ${past}, ${past})`.execute(db);
    await migrateToLatest(db);
    const row = await db
      .selectFrom("outbox")
      .select(["attempts", "resends", "attempt_started_at"])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 1, resends: 0, attempt_started_at: null });
    await undo();
    expect(await columnsOf()).not.toContain("resends");
    await migrateToLatest(db);
    expect(await columnsOf()).toContain("attempt_started_at");
  });

  it("gives every listing stored before the price history its first price, dated its created_at", async () => {
    test = await createTestDatabase(dialect, { seed: true });
    const db = test.handle.db;
    const undo = () => migrateDownThrough(db, "2026-11-28-0032-price-history");
    await undo();
    const tables = async () => (await db.introspection.getTables()).map((table) => table.name);
    expect(await tables()).not.toContain("price_change");
    await migrateToLatest(db);
    const properties = await db
      .selectFrom("property")
      .select(["id", "price", "offer_type", "created_at"])
      .execute();
    const rows = await db.selectFrom("price_change").selectAll().orderBy("property_id").execute();
    expect(rows.map((row) => row.property_id).sort()).toEqual(
      properties.map((property) => property.id).sort(),
    );
    for (const property of properties) {
      const row = rows.find((each) => each.property_id === property.id)!;
      expect(row).toMatchObject({
        old_price: null,
        new_price: Number(property.price),
        rent_period: property.offer_type === "For Rent" ? "month" : null,
        source: "migration",
      });
      expect(new Date(row.changed_at).toISOString()).toBe(
        new Date(property.created_at).toISOString(),
      );
    }
    await expect(
      db
        .insertInto("price_change")
        .values({
          property_id: properties[0]!.id,
          new_price: 1,
          changed_at: new Date().toISOString(),
          source: "guess",
        })
        .execute(),
    ).rejects.toThrow();
  });

  it("gives every listing an availability, available by default, from the four states only", async () => {
    test = await createTestDatabase(dialect, { seed: true });
    const db = test.handle.db;
    const rows = await db
      .selectFrom("property")
      .select(["code", "property_status", "availability", "availability_changed_at"])
      .execute();
    for (const row of rows) {
      const expected =
        { "under offer": "under_offer", "let agreed": "let_agreed" }[
          row.property_status.toLowerCase()
        ] ?? "available";
      expect(row.availability, row.code).toBe(expected);
      expect(row.availability_changed_at === null, row.code).toBe(expected === "available");
    }
    const { code } = rows[0]!;
    const setTo = (availability: string) =>
      db.updateTable("property").set({ availability }).where("code", "=", code).execute();
    for (const allowed of ["under_offer", "sold_stc", "let_agreed", "available"]) {
      await setTo(allowed);
    }
    for (const refused of ["Sold", "", "under offer"]) {
      await expect(setTo(refused), refused).rejects.toThrow();
    }
    // A listing added without one is available.
    const {
      id: _id,
      code: _code,
      slug: _slug,
      ...rest
    } = await db
      .selectFrom("property")
      .selectAll()
      .where("code", "=", code)
      .executeTakeFirstOrThrow();
    const {
      availability: _availability,
      availability_changed_at: _changedAt,
      archived_at: _archivedAt,
      updated_at: _updatedAt,
      ...columns
    } = rest;
    await db
      .insertInto("property")
      .values({
        ...columns,
        code: "AV-1",
        slug: "av-1",
        created_at: new Date().toISOString(),
        publish: 1,
      })
      .execute();
    const added = await db
      .selectFrom("property")
      .select(["availability", "availability_changed_at"])
      .where("code", "=", "AV-1")
      .executeTakeFirstOrThrow();
    expect(added).toEqual({ availability: "available", availability_changed_at: null });

    // Every listing index ends with the availability, so its filter is read inside them.
    const indexColumns = async (name: string) =>
      dialect === "sqlite"
        ? (
            await sql<{ name: string }>`select name from pragma_index_info(${name})`.execute(db)
          ).rows.map((row) => row.name)
        : (
            await sql<{ name: string }>`
              select a.attname as name from pg_index i
              join pg_class c on c.oid = i.indexrelid
              join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
              where c.relname = ${name}`.execute(db)
          ).rows.map((row) => row.name);
    for (const index of [
      "property_filter_created_at_idx",
      "property_filter_price_idx",
      "property_filter_offer_created_at_idx",
      "property_filter_offer_price_idx",
      "property_filter_category_created_at_idx",
      "property_filter_category_price_idx",
    ]) {
      expect(await indexColumns(index), index).toContain("availability");
    }

    const names = Object.keys(migrations);
    for (const _later of names.slice(names.indexOf("2026-11-25-0010-listing-availability"))) {
      await migrateDown(db);
    }
    const after = (await db.introspection.getTables())
      .find((table) => table.name === "property")
      ?.columns.map((column) => column.name);
    expect(after).toContain("latitude");
    expect(after).not.toContain("availability");
    expect(after).not.toContain("availability_changed_at");
    expect(await indexColumns("property_filter_price_idx")).not.toContain("availability");
  });
});
