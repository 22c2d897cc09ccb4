import { execFileSync } from "node:child_process";
import { type Kysely, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { ledgerFromGit, type MigrationSet, readLedger } from "../scripts/migration-history.ts";
import { createTestDatabase, testDialects } from "../tests/support/test-database.ts";
import type { Database, Dialect } from "./database.ts";
import { migrateToLatest, migrations, renamedMigrations } from "./migrate.ts";

/**
 * Every database main ever migrated upgrades to today's migrations (decision 089): the ledger
 * db/migration-history.json holds each set of migrations a commit of main registered
 * (`npm run migrations:history` writes it from git); a database is built at each set and
 * upgraded, and must end with the schema of a database migrated today from nothing.
 */
const ledger = readLedger();

/**
 * Released with a name that sorts before a migration released earlier, before this test
 * existed; Kysely runs them unordered (db/migrate.ts). No other name may join this list.
 */
const releasedOutOfOrder = new Set([
  "2026-11-25-0008-listing-archive",
  "2026-11-25-0010-listing-availability",
  "2026-11-25-0011-listing-revision",
  "2026-11-27-0014-floor-plans",
  "2026-11-27-0015-search-alerts",
  "2026-11-28-0022-app-secrets",
]);

/**
 * What a migration's earlier, released version left out, undone after building a database at a
 * set that ran it (the ledger marks it `edited`). An applied migration is frozen: an edit must
 * come with its entry here and a migration that brings the older databases up.
 */
const earlierVersions: Record<string, (db: Kysely<Database>, dialect: Dialect) => Promise<void>> = {
  // Its first version had neither the archived index nor the trigram search index (migration 0037-0).
  "2026-11-25-0008-listing-archive": async (db) => {
    await sql`drop index if exists property_admin_archived_idx`.execute(db);
    await sql`drop index if exists property_admin_text_trgm_idx`.execute(db);
  },
};

const sameSets = (sets: MigrationSet[]) =>
  sets.map(({ migrations: names, edited }) => ({ migrations: names, edited: edited ?? [] }));

describe("the migration ledger", () => {
  it("is what git says: every set of migrations a commit of main registered", () => {
    const shallow =
      execFileSync("git", ["rev-parse", "--is-shallow-repository"], { encoding: "utf8" }).trim() ===
      "true";
    const fromGit = sameSets(ledgerFromGit(renamedMigrations));
    const stale = "db/migration-history.json is stale: run `npm run migrations:history`";
    if (shallow) {
      // A shallow clone sees only its last commits: each set they register is in the ledger.
      expect(sameSets(ledger), stale).toEqual(expect.arrayContaining(fromGit));
    } else {
      expect(sameSets(ledger), stale).toEqual(fromGit);
    }
  });

  it("ends with the migrations registered today", () => {
    expect(ledger.at(-1)?.migrations).toEqual(
      Object.keys(migrations).sort((a, b) => a.localeCompare(b)),
    );
  });

  it("refuses a migration whose name sorts before one already released", () => {
    const released = new Set<string>();
    const outOfOrder: string[] = [];
    for (const set of ledger) {
      const newest = [...released].sort((a, b) => a.localeCompare(b)).at(-1);
      for (const name of set.migrations) {
        const isNew = !released.has(name);
        if (isNew && newest !== undefined && name.localeCompare(newest) < 0) outOfOrder.push(name);
      }
      for (const name of set.migrations) released.add(name);
    }
    expect(outOfOrder.filter((name) => !releasedOutOfOrder.has(name))).toEqual([]);
  });

  it("answers for every edit of a released migration", () => {
    const edited = new Set(ledger.flatMap((set) => set.edited ?? []));
    expect([...edited].filter((name) => earlierVersions[name] === undefined)).toEqual([]);
  });
});

/** Tables, columns, indexes and constraints, each as a sorted line: comparable across orders. */
async function schemaOf(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  if (dialect === "sqlite") {
    const { rows: objects } = await sql<{ type: string; name: string; tbl_name: string }>`
      select type, name, tbl_name from sqlite_master
      where name not like 'kysely_%' and name not like 'sqlite_%'`.execute(db);
    const lines = objects.map((object) => `${object.type} ${object.tbl_name}.${object.name}`);
    for (const table of objects.filter((object) => object.type === "table")) {
      const { rows: columns } = await sql<{
        name: string;
        type: string;
        notnull: number;
        dflt_value: string | null;
        pk: number;
      }>`select * from pragma_table_info(${table.name})`.execute(db);
      for (const column of columns) {
        lines.push(
          `column ${table.name}.${column.name} ${column.type} notnull=${column.notnull} default=${column.dflt_value} pk=${column.pk}`,
        );
      }
    }
    const { rows: indexes } = await sql<{ name: string; sql: string | null }>`
      select name, sql from sqlite_master where type = 'index' and sql is not null`.execute(db);
    for (const index of indexes) lines.push(`index-sql ${index.name} ${index.sql}`);
    return lines.sort();
  }
  const { rows: columns } = await sql<{ line: string }>`
    select concat_ws(' ', 'column', table_name || '.' || column_name, data_type, is_nullable,
      column_default) as line
    from information_schema.columns
    where table_schema = 'public' and table_name not like 'kysely_%'`.execute(db);
  const { rows: indexes } = await sql<{ line: string }>`
    select 'index ' || indexdef as line from pg_indexes
    where schemaname = 'public' and tablename not like 'kysely_%'`.execute(db);
  const { rows: constraints } = await sql<{ line: string }>`
    select concat_ws(' ', 'constraint', conrelid::regclass::text, conname,
      pg_get_constraintdef(oid)) as line
    from pg_constraint
    where connamespace = 'public'::regnamespace and conrelid::regclass::text not like 'kysely_%'`.execute(
    db,
  );
  return [...columns, ...indexes, ...constraints].map((row) => row.line).sort();
}

/** Today's module of a migration a set names, under its old name or today's. */
function moduleOf(name: string): Migration {
  const migration = migrations[renamedMigrations[name] ?? name];
  if (migration === undefined) throw new Error(`no module for the released migration ${name}`);
  return migration;
}

/**
 * The sets whose upgrade is not a fresh database's path: a set that is the start of today's
 * names, run unedited, upgrades by running the rest in the order a new database runs them. The
 * others lack a migration older by name than their newest, ran one under an old name, or ran an
 * earlier version of one. SQLite upgrades every set (a file costs nothing); PostgreSQL, whose
 * databases take a checkpoint each, the sets that upgrade their own way.
 */
const todaysNames = Object.keys(migrations).sort((a, b) => a.localeCompare(b));
const setsWithTheirOwnUpgrade = ledger.filter(
  (set) =>
    (set.edited ?? []).length > 0 || set.migrations.some((name, at) => todaysNames[at] !== name),
);

describe.each(testDialects)("upgrading every released database on %s", (dialect) => {
  it("finds the sets that upgrade their own way (out of order, renamed, edited)", () => {
    const commits = setsWithTheirOwnUpgrade.map((set) => set.commit);
    // ef94e9a: 0020 ran before 0015 was added; ce183bf: the staff accounts as 0006.
    expect(commits).toEqual(expect.arrayContaining(["ef94e9afc7", "ce183bff5c", "45583cd756"]));
  });

  const sets = dialect === "sqlite" ? ledger : setsWithTheirOwnUpgrade;
  it(`brings a database at each ${dialect === "sqlite" ? "" : "such "}set of the ledger to today's schema`, async () => {
    const today = await createTestDatabase(dialect);
    const expected = await schemaOf(today.handle.db, dialect).finally(() => today.drop());
    /** Builds a database at a set, upgrades it, and returns its schema. */
    async function upgradedFrom(set: MigrationSet): Promise<string[]> {
      const past = await createTestDatabase(dialect, { empty: true });
      try {
        const db = past.handle.db;
        const provided = Object.fromEntries(set.migrations.map((name) => [name, moduleOf(name)]));
        const built = await new Migrator({
          db,
          provider: { getMigrations: async () => provided },
        }).migrateToLatest();
        expect(built.error, `building the set of ${set.commit}`).toBeUndefined();
        for (const name of set.edited ?? []) await earlierVersions[name]?.(db, dialect);
        await migrateToLatest(db);
        return await schemaOf(db, dialect);
      } finally {
        await past.drop();
      }
    }
    // Three at a time: PostgreSQL's CREATE DATABASE waits on a checkpoint more than it works.
    for (let at = 0; at < sets.length; at += 3) {
      const batch = sets.slice(at, at + 3);
      const schemas = await Promise.all(batch.map(upgradedFrom));
      batch.forEach((set, index) => {
        expect(schemas[index], `upgrading the set of ${set.commit}`).toEqual(expected);
      });
    }
  }, 240_000);
});
