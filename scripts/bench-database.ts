/**
 * A fresh, empty database for a benchmark, and how to remove it: a SQLite file under
 * data/bench/, or a PostgreSQL database made on the server of `adminPostgresUrl` (a role that
 * may CREATE and DROP databases). Shared by `npm run bench` and the RESO feed's bench.
 */
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import pg from "pg";
import type { Dialect } from "../db/database.ts";

const root = resolve(import.meta.dirname, "..");

export async function createBenchDatabase(
  dialect: Dialect,
  adminPostgresUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const id = `${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  if (dialect === "sqlite") {
    const file = join(root, "data", "bench", `bench-${id}.db`);
    const drop = async () => {
      await Promise.all(
        ["", "-wal", "-shm", "-journal"].map((suffix) => rm(`${file}${suffix}`, { force: true })),
      );
    };
    return { url: `file:${file}`, drop };
  }
  const name = `homes_bench_${id}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminPostgresUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}" TEMPLATE template0`);
  const url = new URL(adminPostgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
