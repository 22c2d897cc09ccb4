import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { postgresEnabled, testPostgresUrl } from "../tests/support/test-database.ts";
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
      expect(await pragma("cache_size")).toBe(-8000);
    } finally {
      await handle.close();
    }
  });

  it("holds the write lock from a transaction's start, so no other commit can make it stale", async () => {
    // With a deferred BEGIN another connection could commit between the transaction's first
    // read and its first write, and that write would fail at once with "database is locked".
    const path = join(dir, "locking.db");
    const handle = openDatabase(`file:${path}`);
    const other = new SqliteDatabase(path, { timeout: 0 });
    try {
      await sql`create table note (text text)`.execute(handle.db);
      await handle.db.transaction().execute(async (trx) => {
        await sql`select count(*) from note`.execute(trx);
        expect(() => other.prepare("insert into note (text) values ('other')").run()).toThrow(
          /database is locked/,
        );
        await sql`insert into note (text) values ('mine')`.execute(trx);
      });
      other.prepare("insert into note (text) values ('after')").run();
      const { rows } = await sql<{ text: string }>`select text from note order by rowid`.execute(
        handle.db,
      );
      expect(rows.map((row) => row.text)).toEqual(["mine", "after"]);
    } finally {
      other.close();
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

describe.runIf(postgresEnabled)("openDatabase (PostgreSQL)", () => {
  it("answers queries through a pool", async () => {
    const handle = openDatabase(testPostgresUrl);
    try {
      expect(handle.dialect).toBe("postgres");
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows[0]?.one).toBe(1);
    } finally {
      await handle.close();
    }
  });
});

describe("point_in_polygon (SQLite, decision 075)", () => {
  it("answers 1 inside or on an edge, 0 outside, for nulls and for an unusable polygon", async () => {
    const { db, close } = openDatabase(":memory:");
    try {
      const ask = async (polygon: string | null, lon: number | null, lat: number | null) => {
        const { rows } = await sql<{ inside: number }>`
          select point_in_polygon(${polygon}, ${lon}, ${lat}) as inside`.execute(db);
        return rows[0]?.inside;
      };
      const triangle = "-1 50,1 50,0 52";
      expect(await ask(triangle, 0, 51)).toBe(1);
      expect(await ask(triangle, 0, 50)).toBe(1);
      expect(await ask(triangle, 0.9, 51.5)).toBe(0);
      expect(await ask(triangle, null, null)).toBe(0);
      expect(await ask("nonsense", 0, 51)).toBe(0);
      expect(await ask(null, 0, 51)).toBe(0);
    } finally {
      await close();
    }
  });
});
