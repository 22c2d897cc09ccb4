import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateDown, migrateToLatest, migrations } from "./migrate.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "./testing.ts";

const contentTables = [
  "amenity",
  "category",
  "collection",
  "company_profile",
  "enquiry",
  "enquiry_outbox",
  "property",
  "slider",
  "staff_session",
  "staff_token",
  "staff_user",
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
});
