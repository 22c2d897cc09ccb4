/**
 * Staff passwords, hashed with Node's own scrypt (memory-hard; no native dependency), stored as
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url), so the cost can rise later and old hashes
 * still verify (decision 036).
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { createWorkLimit, type WorkLimit, type WorkLimitOptions } from "../work-limit.ts";

export interface ScryptCost {
  /** log2 of N, the CPU and memory cost. */
  logN: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt setting of equal strength to N=2^17, r=8, p=1 at a quarter of the memory:
 * 32 MiB a hash instead of 128, so sign-ins at once on a small server do not exhaust it.
 */
export const defaultScryptCost: ScryptCost = { logN: 15, r: 8, p: 3 };

/**
 * The one pool every password hash and check runs in (sign-in, setting and changing a
 * password; decision 067). Two at once: each holds one of libuv's four pool threads (and
 * 32 MiB) for a few hundred milliseconds, and file reads and compression need the others. A
 * short queue, and a short wait: past them a hash is refused at once with OverloadedError
 * (the caller answers "busy, try again") instead of piling up behind a flood.
 */
export const passwordHashingLimits: WorkLimitOptions = {
  concurrency: 2,
  queueLength: 10,
  maxWaitMs: 5_000,
};

/** A pool of password hashes that counts the hashes it ran (the tests read the count). */
export interface HashingPool extends WorkLimit {
  /** Hashes started since the pool was made. */
  computed(): number;
}

export function createHashingPool(options: WorkLimitOptions): HashingPool {
  const limit = createWorkLimit(options);
  let computed = 0;
  return {
    run: (task) =>
      limit.run(() => {
        computed += 1;
        return task();
      }),
    stats: limit.stats,
    computed: () => computed,
  };
}

export const passwordHashing = createHashingPool(passwordHashingLimits);

const keyLength = 32;
const saltLength = 16;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const N = 2 ** cost.logN;
  const options: ScryptOptions = {
    N,
    r: cost.r,
    p: cost.p,
    // Node refuses above 32 MiB by default: allow this cost's own need, and a little more.
    maxmem: 128 * N * cost.r + 1024 * 1024,
  };
  return passwordHashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/** Rejects with OverloadedError, without hashing, when the pool's queue is full. */
export async function hashPassword(
  password: string,
  cost: ScryptCost = defaultScryptCost,
): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, cost);
  return [
    "scrypt",
    cost.logN,
    cost.r,
    cost.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

const hashPattern = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([\w-]+)\$([\w-]+)$/;

/**
 * Whether `password` is the one `stored` was made from; false for a malformed hash. Rejects
 * with OverloadedError, without checking, when the pool's queue is full.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = hashPattern.exec(stored);
  if (!match) return false;
  const cost = { logN: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (cost.logN < 1 || cost.logN > 20 || cost.r < 1 || cost.p < 1) return false;
  const expected = Buffer.from(match[5] as string, "base64url");
  const key = await derive(password, Buffer.from(match[4] as string, "base64url"), cost);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password: verified against when the e-mail address is unknown, so such
 * a sign-in takes as long as any other and does not tell which addresses have accounts. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(cost: ScryptCost = defaultScryptCost): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString("hex"), cost).catch((error: unknown) => {
    // Refused while the pool was full: the next sign-in makes it.
    decoyHash = undefined;
    throw error;
  });
  return decoyHash;
}
