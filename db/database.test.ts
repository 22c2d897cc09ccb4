import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { dialectOf, openDatabase, sqlitePathOf } from "./database.ts";

describe("dialectOf", () => {
  it.each([
    ["postgres://postgres@127.0.0.1:5432/postgres", "postgres"],
    ["postgresql://user:pw@db/app", "postgres"],
    ["file:./data/app.db", "sqlite"],
    ["file:/abs/app.db", "sqlite"],
    ["./data/app.db", "sqlite"],
    [":memory:", "sqlite"],
  ] as const)("%s is %s", (url, dialect) => {
    expect(dialectOf(url)).toBe(dialect);
  });
});

describe("sqlitePathOf", () => {
  it.each([
    ["file:./data/app.db", "./data/app.db"],
    ["file:/abs/path.db", "/abs/path.db"],
    ["file:///abs/path%20x.db", "/abs/path x.db"],
    ["data/app.db", "data/app.db"],
    [":memory:", ":memory:"],
    ["file::memory:", ":memory:"],
  ])("%s is %s", (url, path) => {
    expect(sqlitePathOf(url)).toBe(path);
  });
});

describe("openDatabase (SQLite)", () => {
  const dir = mkdtempSync(join(tmpdir(), "homes-db-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("creates the folder and sets durable, concurrent-friendly pragmas", async () => {
    const handle = openDatabase(`file:${join(dir, "nested", "folder", "app.db")}`);
    try {
      expect(handle.dialect).toBe("sqlite");
      const pragma = async (name: string) =>
        Object.values(
          (await sql.raw(`PRAGMA ${name}`).execute(handle.db)).rows[0] as object,
        )[0] as unknown;
      expect(await pragma("journal_mode")).toBe("wal");
      expect(await pragma("synchronous")).toBe(2); // FULL
      expect(await pragma("foreign_keys")).toBe(1);
      expect(await pragma("busy_timeout")).toBe(5000);
    } finally {
      await handle.close();
    }
  });

  it("opens an in-memory database", async () => {
    const handle = openDatabase(":memory:");
    try {
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows[0]?.one).toBe(1);
    } finally {
      await handle.close();
    }
  });
});

describe("openDatabase (PostgreSQL)", () => {
  it("answers queries through a pool", async () => {
    const handle = openDatabase(
      process.env.TEST_POSTGRES_URL?.trim() || "postgres://postgres@127.0.0.1:5432/postgres",
    );
    try {
      expect(handle.dialect).toBe("postgres");
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows[0]?.one).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
