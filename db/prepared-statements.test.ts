import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testDialects } from "../tests/support/test-database.ts";
import { findPublishedProperty } from "./queries/property.ts";

describe.each(testDialects)("kept prepared statements on %s", (dialect) => {
  it("still answer, with the new columns, after the table changes under them", async () => {
    const test = await createTestDatabase(dialect, { seed: true });
    try {
      const db = test.handle.db;
      // Every pooled connection prepares it (PostgreSQL) or the one connection keeps it (SQLite).
      const before = await Promise.all(
        Array.from({ length: 12 }, () => findPublishedProperty(db, "HP-1001")),
      );
      expect(before.every((property) => property?.code === "HP-1001")).toBe(true);

      await sql`alter table property add column extra text`.execute(db);
      const during = await Promise.all(
        Array.from({ length: 12 }, () => findPublishedProperty(db, "HP-1002")),
      );
      expect(during.every((property) => property?.code === "HP-1002")).toBe(true);

      await sql`alter table property drop column extra`.execute(db);
      expect((await findPublishedProperty(db, "HP-1003"))?.code).toBe("HP-1003");
      expect(await findPublishedProperty(db, "no-such-property")).toBeUndefined();
    } finally {
      await test.drop();
    }
  });
});
