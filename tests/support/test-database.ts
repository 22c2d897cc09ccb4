/**
 * Throwaway databases for tests, SQLite or PostgreSQL, migrated and optionally seeded.
 * Run a suite once per dialect with `describe.each(testDialects)`; a suite about PostgreSQL
 * alone runs under `describe.runIf(postgresEnabled)`.
 *
 * PostgreSQL runs only when TEST_POSTGRES_URL is set (decision 079): `npm run test:unit` needs
 * nothing but SQLite, while `npm test` and CI set it, so both dialects run there.
 *
 * Under Vitest a database is a copy of a template the run migrated (and seeded) once
 * (tests/support/global-setup.ts, decision 087): a file copy for SQLite, `CREATE DATABASE …
 * TEMPLATE` for PostgreSQL, instead of running every migration (and the seed) again per test.
 */
import { randomBytes } from "node:crypto";
import { copyFile, rm } from "node:fs/promises";
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

/** The templates a run's global setup made, by dialect and kind (see createTemplateDatabases). */
export interface TestDatabaseTemplates {
  sqlite: { migrated: string; seeded: string };
  postgres?: { migrated: string; seeded: string };
}

declare module "vitest" {
  interface ProvidedContext {
    testDatabaseTemplates: TestDatabaseTemplates;
  }
}

let providedTemplates: Promise<TestDatabaseTemplates | undefined> | undefined;

/** The run's templates when Vitest's global setup made them; undefined elsewhere (Playwright). */
function runTemplates(): Promise<TestDatabaseTemplates | undefined> {
  providedTemplates ??= process.env.VITEST
    ? import("vitest").then(({ inject }) => inject("testDatabaseTemplates"))
    : Promise.resolve(undefined);
  return providedTemplates;
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
  const templates = options.empty ? undefined : await runTemplates();
  const template = templates?.[dialect]?.[options.seed ? "seeded" : "migrated"];
  let url: string;
  let remove: () => Promise<void>;
  if (dialect === "sqlite") {
    const file = join(tmpdir(), `homes-test-${id}.db`);
    url = `file:${file}`;
    // The template was closed after migrating: one file, its journal merged.
    if (template) await copyFile(template, file);
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
    // Nobody connects to template0 or to the run's templates, so parallel CREATEs never find
    // them busy.
    await onAdminDatabase(`CREATE DATABASE "${name}" TEMPLATE "${template ?? "template0"}"`);
    url = postgresDatabaseUrl(name);
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
  if (options.empty || template) return { handle, url, drop };
  try {
    await migrateToLatest(handle.db);
    if (options.seed) await seedDemoContent(handle.db);
  } catch (error) {
    await drop();
    throw error;
  }
  return { handle, url, drop };
}

function postgresDatabaseUrl(name: string): string {
  const target = new URL(testPostgresUrl);
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * A run's templates (Vitest's global setup, decision 087): for each dialect, a database
 * migrated and one migrated and seeded, closed so that copies can be taken. Answers them and
 * a function that deletes them.
 */
export async function createTemplateDatabases(): Promise<{
  templates: TestDatabaseTemplates;
  drop(): Promise<void>;
}> {
  const id = `${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const removals: (() => Promise<void>)[] = [];
  const drop = async () => {
    for (const remove of removals.reverse()) await remove();
  };
  const build = async (url: string, seed: boolean) => {
    const handle = openDatabase(url);
    try {
      await migrateToLatest(handle.db);
      if (seed) await seedDemoContent(handle.db);
    } finally {
      await handle.close();
    }
  };
  try {
    const sqliteTemplate = async (kind: string, seed: boolean) => {
      const file = join(tmpdir(), `homes-template-${id}-${kind}.db`);
      removals.push(async () => {
        await Promise.all(
          ["", "-wal", "-shm", "-journal"].map((suffix) => rm(`${file}${suffix}`, { force: true })),
        );
      });
      await build(`file:${file}`, seed);
      return file;
    };
    const templates: TestDatabaseTemplates = {
      sqlite: {
        migrated: await sqliteTemplate("migrated", false),
        seeded: await sqliteTemplate("seeded", true),
      },
    };
    if (postgresEnabled) {
      const postgresTemplate = async (kind: string, seed: boolean) => {
        const name = `homes_template_${id}_${kind}`;
        await onAdminDatabase(`CREATE DATABASE "${name}" TEMPLATE template0`);
        removals.push(() => onAdminDatabase(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
        await build(postgresDatabaseUrl(name), seed);
        return name;
      };
      templates.postgres = {
        migrated: await postgresTemplate("migrated", false),
        seeded: await postgresTemplate("seeded", true),
      };
    }
    return { templates, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}
