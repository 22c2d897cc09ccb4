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
    // A request's line reads "GET /path 200 12ms" after its id; other fields follow on the
    // same line. The start-up summary's fields are in its message already.
    messageFormat:
      "{if reqId}[{reqId}] {end}{msg}{if req} {req.method} {req.url}{end}{if res} {res.statusCode}{end}{if responseTime} {responseTime}ms{end}",
    ignore: "pid,hostname,reqId,req,res,responseTime,startup",
    singleLine: true,
    // Written at once: the last lines before an exit are not lost.
    sync: true,
    ...(destination ? { destination } : {}),
  });
}
