import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  postgresEnabled,
  type TestDatabase,
  testDialects,
} from "../tests/support/test-database.ts";
import { openDatabase } from "./database.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";

async function errorOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error("expected the work to fail");
}

describe.each(testDialects)("a failed query on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  it("is not an unavailable database when the query itself is wrong", async () => {
    const error = await errorOf(sql`select * from no_such_table`.execute(database.handle.db));
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe.runIf(postgresEnabled)("PostgreSQL going away", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(() => database.drop());

  it("is an unavailable database when nothing listens (port 1)", async () => {
    const nowhere = openDatabase("postgres://postgres@127.0.0.1:1/homes");
    try {
      const error = await errorOf(sql`select 1`.execute(nowhere.db));
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await nowhere.close();
    }
  });

  it("cuts a checked-out connection without crashing the process; the pool reconnects", async () => {
    const { db } = database.handle;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const cutQuery = await db.connection().execute(async (connection) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
          connection,
        );
        // Terminated between two queries: the client hears of it while nobody awaits it.
        await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
        await new Promise((wait) => setTimeout(wait, 200));
        return errorOf(sql`select 1`.execute(connection));
      });
      expect(isDatabaseUnavailable(cutQuery)).toBe(true);

      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
    }
  });

  it("is an unavailable database when the server ends the session mid-query", async () => {
    const { db } = database.handle;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const running = errorOf(sql`select pg_sleep(10)`.execute(db));
      await expect
        .poll(async () => {
          const { rowCount } = await admin.query(
            "select pg_terminate_backend(pid) from pg_stat_activity where query like 'select pg_sleep%' and datname = current_database()",
          );
          return rowCount;
        })
        .toBe(1);
      const error = await running;
      expect((error as { code?: string }).code).toBe("57P01");
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await admin.end();
    }
  });
});
