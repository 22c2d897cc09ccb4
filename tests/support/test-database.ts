/**
 * Throwaway databases for tests, SQLite or PostgreSQL, migrated and optionally seeded.
 * Run a suite once per dialect with `describe.each(testDialects)`; a suite about PostgreSQL
 * alone runs under `describe.runIf(postgresEnabled)`.
 *
 * PostgreSQL runs only when TEST_POSTGRES_URL is set (decision 079): `npm run test:unit` needs
 * nothing but SQLite, while `npm test` and CI set it, so both dialects run there.
 */
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type DatabaseHandle, type Dialect, openDatabase } from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { seedDemoContent } from "../../db/seed/seed.ts";

const configuredPostgresUrl = process.env.TEST_POSTGRES_URL?.trim() || undefined;

/** Whether the suites run on PostgreSQL too: TEST_POSTGRES_URL is set. */
export const postgresEnabled = configuredPostgresUrl !== undefined;

/** The dialects a suite runs on: SQLite always, PostgreSQL when TEST_POSTGRES_URL is set. */
export const testDialects: readonly Dialect[] = postgresEnabled
  ? ["sqlite", "postgres"]
  : ["sqlite"];

/**
 * The server test databases are created on (TEST_POSTGRES_URL); its database is only used to
 * CREATE and DROP. Read only by suites that run when `postgresEnabled`.
 */
export const testPostgresUrl =
  configuredPostgresUrl ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The URL of this database, usable by another process too (a `file:` URL for SQLite). */
  url: string;
  /** Closes the handle and deletes the database. */
  drop(): Promise<void>;
}

async function onAdminDatabase(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database of the dialect; with `seed`, holding the demo content (no
 * images); with `empty`, not even migrated (no tables, as a server finds it on its first
 * start). SQLite: a new file in the temp folder. PostgreSQL: a new database on
 * TEST_POSTGRES_URL's server.
 */
export async function createTestDatabase(
  dialect: Dialect,
  options: { seed?: boolean; empty?: boolean } = {},
): Promise<TestDatabase> {
  const id = `${Date.now().toString(36)}_${randomBytes(5).toString("hex")}`;
  let url: string;
  let remove: () => Promise<void>;
  if (dialect === "sqlite") {
    const file = join(tmpdir(), `homes-test-${id}.db`);
    url = `file:${file}`;
    remove = async () => {
      await Promise.all(
        ["", "-wal", "-shm", "-journal"].map((suffix) => rm(`${file}${suffix}`, { force: true })),
      );
    };
  } else {
    if (!postgresEnabled) {
      throw new Error("a PostgreSQL test database needs TEST_POSTGRES_URL (decision 079)");
    }
    const name = `homes_test_${id}`;
    // template0: nobody connects to it, so parallel CREATEs never find it busy.
    await onAdminDatabase(`CREATE DATABASE "${name}" TEMPLATE template0`);
    const target = new URL(testPostgresUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    remove = () => onAdminDatabase(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }

  const handle = openDatabase(url);
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await handle.close();
    await remove();
  };
  if (options.empty) return { handle, url, drop };
  try {
    await migrateToLatest(handle.db);
    if (options.seed) await seedDemoContent(handle.db);
  } catch (error) {
    await drop();
    throw error;
  }
  return { handle, url, drop };
}
