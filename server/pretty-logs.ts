/**
 * Log lines for a person at a terminal: pino-pretty turns each JSON line into a coloured,
 * readable one (time, level, request id, message). Loaded only when stdout is a terminal; logs
 * that go to a file, a pipe or journald stay JSON, one object a line.
 */
import type { Writable } from "node:stream";

export async function prettyLogStream(destination?: Writable): Promise<Writable> {
  const { default: pretty } = await import("pino-pretty");
  return pretty({
    colorize: destination === undefined,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname",
    // Written at once: the last lines before an exit are not lost.
    sync: true,
    ...(destination ? { destination } : {}),
  });
}
