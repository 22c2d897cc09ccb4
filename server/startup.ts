/**
 * What `server/index.ts` checks before it builds the app, so that a configuration mistake stops
 * the server with one line naming the key instead of a stack trace or a stream of warnings
 * (decision 024): the database and Redis can be reached, the image folder exists, the port is
 * free. Once running, an outage of either is survived (decision 016); only the start is strict.
 */
import { mkdir, stat } from "node:fs/promises";
import { connect } from "node:net";
import { resolve } from "node:path";
import pg from "pg";
import { type Config, defaultImageDir } from "../config/env.ts";
import { dialectOf, sqlitePathOf } from "../db/database.ts";

/** How long a start waits for PostgreSQL or Redis to answer before it gives up. */
const connectTimeoutMs = 5_000;

/** A mistake in the set-up the server cannot start with; its message is one line. */
export class StartupError extends Error {
  /** The configuration key to look at. */
  readonly key: string;

  constructor(key: string, problem: string) {
    super(`${key}: ${problem}`);
    this.name = "StartupError";
    this.key = key;
  }
}

const unreachableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

function hostPortOf(url: URL, defaultPort: number): string {
  return `${url.hostname || "localhost"}:${url.port || defaultPort}`;
}

/** Why a connection failed, in a few words: the system error code, or the message. */
function reasonOf(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === "string" && unreachableCodes.has(code)) return code;
  return typeof message === "string" && message !== "" ? message : String(error);
}

/**
 * PostgreSQL only (a SQLite file is created on first use): connects once and tells an
 * unreachable server, a missing database and a refused login apart.
 */
export async function checkDatabase(databaseUrl: string): Promise<void> {
  if (dialectOf(databaseUrl) !== "postgres") return;
  const url = new URL(databaseUrl);
  const where = `PostgreSQL at ${hostPortOf(url, 5432)}`;
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: connectTimeoutMs,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "3D000") {
      const name = decodeURIComponent(url.pathname.slice(1)) || url.username;
      throw new StartupError(
        "DATABASE_URL",
        `the database "${name}" does not exist on ${where} (create it: createdb ${name})`,
      );
    }
    if (code === "28P01" || code === "28000") {
      throw new StartupError("DATABASE_URL", `${where} refused the login: ${reasonOf(error)}`);
    }
    throw new StartupError("DATABASE_URL", `${where} is unreachable (${reasonOf(error)})`);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Connects to Redis once, without retrying: left to ioredis, an unreachable Redis at start
 * means a warning per reconnect attempt and then a start-up time-out.
 */
export async function checkRedis(redisUrl: string | undefined): Promise<void> {
  if (redisUrl === undefined) return;
  const { Redis } = await import("ioredis");
  const where = `Redis at ${hostPortOf(new URL(redisUrl), 6379)}`;
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    retryStrategy: () => null,
    connectTimeout: connectTimeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  // ioredis rejects connect() with "Connection is closed"; the cause comes as an event.
  let cause: unknown;
  client.on("error", (error: unknown) => {
    cause ??= error;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    const reason = reasonOf(cause ?? error);
    if (/NOAUTH|WRONGPASS/.test(reason)) {
      throw new StartupError("REDIS_URL", `${where} refused the login: ${reason}`);
    }
    throw new StartupError("REDIS_URL", `${where} is unreachable (${reason})`);
  } finally {
    client.disconnect();
  }
}

/**
 * The image folder must exist. The default one is created (a fresh clone), and so is any
 * folder the demo seed is about to fill; a configured folder that is missing is most likely a
 * typo or an unmounted volume, and serving from an empty one would hide it.
 */
export async function prepareImageDir(
  config: Pick<Config, "IMAGE_DIR" | "SEED_DEMO_CONTENT">,
): Promise<void> {
  const folder = resolve(config.IMAGE_DIR);
  const found = await stat(folder).catch(() => undefined);
  if (found?.isDirectory()) return;
  if (found) throw new StartupError("IMAGE_DIR", `${config.IMAGE_DIR} is not a folder`);
  if (folder !== resolve(defaultImageDir) && !config.SEED_DEMO_CONTENT) {
    throw new StartupError(
      "IMAGE_DIR",
      `the folder ${config.IMAGE_DIR} does not exist (create it, or fix the path)`,
    );
  }
  await mkdir(folder, { recursive: true });
}

/** How long the port check waits for a connection to HOST:PORT before taking the port as free. */
const portCheckTimeoutMs = 1000;

/**
 * Tells at once, before the database is migrated or seeded, when another program listens on
 * HOST:PORT. It connects rather than listens: a listener of a moment would take the connections
 * a proxy sends to this port meanwhile (it keeps trying a restarting server: decision 091) and
 * reset them as it closed, losing a POST. `listen()` itself is checked again (see
 * {@link listenProblem}), which also names a port below 1024 or a HOST not of this machine.
 */
export async function checkPort(host: string, port: number): Promise<void> {
  if (port === 0) return;
  // Listening on every address: whoever holds the port answers on loopback.
  const target = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  const inUse = await new Promise<boolean>((done) => {
    const socket = connect({ host: target, port });
    const answer = (listening: boolean) => {
      socket.destroy();
      done(listening);
    };
    socket.setTimeout(portCheckTimeoutMs, () => answer(false));
    socket.once("connect", () => answer(true));
    socket.once("error", () => answer(false));
  });
  if (inUse) throw listenProblem({ code: "EADDRINUSE" }, host, port) ?? new Error("port in use");
}

/** The one line for an error of `listen()`, when it is a set-up mistake. */
export function listenProblem(
  error: unknown,
  host: string,
  port: number,
): StartupError | undefined {
  const code = (error as { code?: string }).code;
  const address = `${host.includes(":") ? `[${host}]` : host}:${port}`;
  if (code === "EADDRINUSE") {
    return new StartupError("PORT", `${address} is already in use by another program`);
  }
  if (code === "EACCES") {
    return new StartupError("PORT", `not allowed to listen on ${address} (a port below 1024?)`);
  }
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return new StartupError("HOST", `${host} is not an address of this machine`);
  }
  return undefined;
}

/** A URL without its secrets: the password and any password-like query parameter. */
export function maskUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "(unparsable URL)";
  }
  if (url.password !== "") url.password = "***";
  for (const name of [...url.searchParams.keys()]) {
    if (/pass|secret|token|key/i.test(name)) url.searchParams.set(name, "***");
  }
  return url.toString();
}

function sqliteFileOf(url: string): string {
  const path = sqlitePathOf(url);
  return path === ":memory:" ? path : resolve(path);
}

/** What the server uses, for the start-up log line (no secrets). */
export function startupSummary(config: Config, listening: string): Record<string, string> {
  const database =
    dialectOf(config.DATABASE_URL) === "postgres"
      ? `postgres ${maskUrl(config.DATABASE_URL)}`
      : `sqlite ${sqliteFileOf(config.DATABASE_URL)}`;
  return {
    database,
    redis: config.REDIS_URL ? maskUrl(config.REDIS_URL) : "none",
    smtp: config.SMTP_URL ? maskUrl(config.SMTP_URL) : "none",
    // The push portal (decision 095), only when one is set.
    ...(config.PUSH_URL ? { push: `${config.PUSH_URL} as ${config.PUSH_BRANCH_REFERENCE}` } : {}),
    site: config.siteUrl,
    images: `${config.IMAGE_BASE_URL} from ${resolve(config.IMAGE_DIR)}`,
    listening,
  };
}

/** The summary as one readable message. */
export function startupMessage(summary: Record<string, string>): string {
  return `started: ${Object.entries(summary)
    .map(([name, value]) => `${name} ${value}`)
    .join("; ")}`;
}
