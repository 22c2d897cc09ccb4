/**
 * A private PostgreSQL server for a test that stops and restarts it: its own cluster in a temp
 * folder, on a free port, trust auth. The shared server other tests use is never touched.
 * Needs Debian's PostgreSQL binaries (/usr/lib/postgresql/<version>/bin); run as root, they
 * run as the `postgres` user, which owns the folder.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { appendFile, chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./server-process.ts";

const run = promisify(execFile);
const postgresRoot = "/usr/lib/postgresql";

/** The newest installed version's bin folder. */
function binDir(): string {
  const versions = readdirSync(postgresRoot)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  if (!newest) throw new Error(`no PostgreSQL under ${postgresRoot}`);
  return join(postgresRoot, newest, "bin");
}

async function idOf(flag: "-u" | "-g"): Promise<number> {
  return Number((await run("id", [flag, "postgres"])).stdout.trim());
}

export interface PostgresCluster {
  port: number;
  /** The URL of a database on this server. */
  urlOf(database: string): string;
  createDatabase(name: string): Promise<string>;
  /** Fast shutdown (`pg_ctl stop -m fast`): sessions are cut, the server is down when it resolves. */
  stop(): Promise<void>;
  /** Starts it again and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops it at once and deletes its folder; safe to call more than once. */
  destroy(): Promise<void>;
}

/** Creates and starts a private cluster (a few seconds). */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(join(tmpdir(), "homes-pg-"));
  const dataDir = join(dir, "data");
  const logFile = join(dir, "postgres.log");
  const tool = (name: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", join(bin, name), ...args])
      : run(join(bin, name), args);
  const logTail = () => {
    try {
      return readFileSync(logFile, "utf8").slice(-4_000);
    } catch {
      return "(no log)";
    }
  };
  const pgCtl = async (...args: string[]) => {
    try {
      await tool("pg_ctl", ["-D", dataDir, "-l", logFile, "-w", "-t", "30", ...args]);
    } catch (error) {
      throw new Error(`pg_ctl ${args.join(" ")} failed: ${String(error)}\n${logTail()}`);
    }
  };

  let destroyed = false;
  const destroy = async () => {
    if (destroyed) return;
    destroyed = true;
    await pgCtl("stop", "-m", "immediate").catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };

  try {
    if (asRoot) await chown(dir, await idOf("-u"), await idOf("-g"));
    await tool("initdb", [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "-A",
      "trust",
      "-E",
      "UTF8",
      "--no-locale",
      "--no-sync",
      "--no-instructions",
    ]);
    const port = await freePort();
    // Small and private: loopback only, the socket in its own folder, little shared memory.
    await appendFile(
      join(dataDir, "postgresql.conf"),
      [
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        "shared_buffers = 16MB",
        "max_connections = 50",
        "",
      ].join("\n"),
    );
    await pgCtl("start");

    const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
    return {
      port,
      urlOf,
      async createDatabase(name) {
        const client = new pg.Client({ connectionString: urlOf("postgres") });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE "${name}"`);
        } finally {
          await client.end();
        }
        return urlOf(name);
      },
      stop: () => pgCtl("stop", "-m", "fast"),
      start: () => pgCtl("start"),
      destroy,
    };
  } catch (error) {
    await destroy();
    throw error;
  }
}
