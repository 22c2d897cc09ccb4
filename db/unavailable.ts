/**
 * Tells a database that is away (restarting, unreachable, out of connections) from a query
 * that failed on its own merits. The first is worth a 503 and a retry; the second is a bug.
 */

/** Socket errors on the way to PostgreSQL, and SQLite's lock wait running out. */
const unreachableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "SQLITE_BUSY",
]);

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception), 57P01 to 57P03
 * (shutting down, crashed, starting up) and 53300 (too many connections).
 */
const unavailableSqlState = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;

/** What node-postgres throws, without a code, when a connection dies or cannot be had. */
const lostConnectionMessage =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect)/;

/** True when `error` (or its cause) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (
      typeof code === "string" &&
      (unreachableCodes.has(code) || unavailableSqlState.test(code))
    ) {
      return true;
    }
    if (typeof message === "string" && lostConnectionMessage.test(message)) return true;
    current = cause;
  }
  return false;
}
