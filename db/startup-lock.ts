/**
 * Serialises start-up work (migrations, the first seed) between app servers that start
 * together on one PostgreSQL database: a session-level advisory lock held on a connection of
 * its own for the duration of `work`. SQLite serves one app server (one process), so there the
 * work simply runs.
 */
import pg from "pg";
import { type Dialect, dialectOf } from "./database.ts";

/** An arbitrary, fixed key: every server of this application takes the same lock. */
const startupLockKey = 7_340_021_001;

export async function withStartupLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const dialect: Dialect = dialectOf(url);
  if (dialect !== "postgres") return work();
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [startupLockKey]);
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [startupLockKey]);
    }
  } finally {
    await client.end();
  }
}
