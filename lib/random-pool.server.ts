/**
 * Random bytes for values made on every answer (CSP nonces, puzzle ids), taken from a pooled
 * buffer that the operating system's CSPRNG refills: one `randomFillSync` call per few hundred
 * values instead of one each, which cost more than the rest of a cached page's answer. The
 * bytes are as random as `randomBytes`' (the same source); each byte is handed out once.
 * Server-only (node:crypto), used by the server and by the site's server code.
 */
import { randomFillSync } from "node:crypto";

/** Bytes per refill. */
export const randomPoolSize = 8 * 1024;

const pool = Buffer.allocUnsafe(randomPoolSize);
/** The next unused byte; the pool starts used up, so the first draw fills it. */
let next = randomPoolSize;

/** `size` fresh random bytes (at most randomPoolSize) as text in `encoding`. */
export function randomText(size: number, encoding: "hex" | "base64url"): string {
  if (size > randomPoolSize) throw new RangeError(`at most ${randomPoolSize} random bytes a draw`);
  if (next + size > randomPoolSize) {
    randomFillSync(pool);
    next = 0;
  }
  const text = pool.toString(encoding, next, next + size);
  next += size;
  return text;
}
