/**
 * The enquiry puzzle as the site's server issues it. Each puzzle travels with a token,
 * `base64url(payload).base64url(hmac)`, whose payload holds the two digits, a random id and an
 * expiry. The token is signed, not encrypted: the digits are on the page anyway. What matters is
 * that a bot can neither mint a token nor reuse one (the action spends each id once), so every
 * submission costs a fresh puzzle: from the puzzle endpoint (the form reads it with JavaScript),
 * or from a first post without one (decision 031).
 */
import { hash, randomInt, timingSafeEqual } from "node:crypto";
import { randomText } from "../../lib/random-pool.server.ts";
import type { EnquiryPuzzles, IssuedPuzzle } from "./enquiry-result.ts";

/** How long an issued puzzle can be answered. */
export const puzzleTokenTtlMs = 30 * 60_000;

interface PuzzlePayload {
  /** The two digits, 0 to 8 (SPEC §9). */
  n1: number;
  n2: number;
  /** Random, so each token can be spent once. */
  id: string;
  /** Expiry, ms since epoch. */
  exp: number;
}

const tokenPattern = /^[A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{43}$/;

/**
 * A secret's HMAC-SHA256 work buffers (RFC 2104), made once: the key XOR ipad followed by room
 * for the message, and the key XOR opad followed by room for the inner hash.
 */
interface HmacBuffers {
  inner: Buffer;
  outer: Buffer;
}

const sha256BlockBytes = 64;
/** Room for the longest message signed: the prefix and a body the token pattern allows. */
const messageRoom = 512;
const hmacBuffersOf = new Map<string, HmacBuffers>();

function hmacBuffers(secret: string): HmacBuffers {
  const known = hmacBuffersOf.get(secret);
  if (known) return known;
  const given = Buffer.from(secret);
  const key = Buffer.alloc(sha256BlockBytes);
  (given.length > sha256BlockBytes ? hash("sha256", given, "buffer") : given).copy(key);
  const buffers = {
    inner: Buffer.alloc(sha256BlockBytes + messageRoom),
    outer: Buffer.alloc(sha256BlockBytes + 32),
  };
  for (let index = 0; index < sha256BlockBytes; index++) {
    buffers.inner[index] = (key[index] as number) ^ 0x36;
    buffers.outer[index] = (key[index] as number) ^ 0x5c;
  }
  // One secret per server; tests use a few.
  if (hmacBuffersOf.size >= 16) hmacBuffersOf.clear();
  hmacBuffersOf.set(secret, buffers);
  return buffers;
}

/**
 * The signature of a token body, base64url: HMAC-SHA256 as two one-shot hashes over buffers
 * made once per secret, the same bytes as createHmac's (the tests compare). createHmac made a
 * native HMAC object and a digest buffer per call; for the two puzzles of every cached page's
 * response, under load, those cost about a third of the response's CPU (docs/decisions/019).
 * `body` is base64url text, so one byte a character.
 */
function sign(secret: string, body: string): string {
  const { inner, outer } = hmacBuffers(secret);
  const message = `enquiry-puzzle.${body}`;
  if (message.length > messageRoom) throw new RangeError("The token body is too long to sign.");
  const end = sha256BlockBytes + inner.write(message, sha256BlockBytes, "latin1");
  // The inner hash as "binary" (latin1) text: one character a byte, written back as bytes.
  outer.write(hash("sha256", inner.subarray(0, end), "binary"), sha256BlockBytes, "latin1");
  return hash("sha256", outer, "base64url");
}

const randomDigit = () => randomInt(0, 9);

/** A new puzzle of two digits 0 to 8 with its signed token, valid for `puzzleTokenTtlMs`. */
export function issuePuzzle(
  secret: string,
  now: number = Date.now(),
  digit: () => number = randomDigit,
): IssuedPuzzle {
  const payload: PuzzlePayload = {
    n1: digit(),
    n2: digit(),
    id: randomText(16, "base64url"),
    exp: now + puzzleTokenTtlMs,
  };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return {
    num1: String(payload.n1),
    num2: String(payload.n2),
    token: `${body}.${sign(secret, body)}`,
  };
}

/** A form's puzzle and its spare (see EnquiryPuzzles). */
export function issueEnquiryPuzzles(secret: string, now: number = Date.now()): EnquiryPuzzles {
  return { puzzle: issuePuzzle(secret, now), spare: issuePuzzle(secret, now) };
}

export type PuzzleTokenRefusal = "missing" | "forged" | "expired" | "mismatch";

export type PuzzleTokenCheck =
  | { ok: true; id: string; expiresAt: number; num1: number; num2: number }
  | { ok: false; reason: PuzzleTokenRefusal };

function isDigit(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 8;
}

function readPayload(body: string): PuzzlePayload | undefined {
  try {
    const value = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as unknown;
    if (typeof value !== "object" || value === null) return undefined;
    const payload = value as Partial<PuzzlePayload>;
    if (!isDigit(payload.n1) || !isDigit(payload.n2)) return undefined;
    if (typeof payload.id !== "string" || payload.id === "") return undefined;
    if (typeof payload.exp !== "number" || !Number.isFinite(payload.exp)) return undefined;
    return payload as PuzzlePayload;
  } catch {
    return undefined;
  }
}

/**
 * Checks a submitted token against the secret, the clock and the digits the form sent. Does
 * not spend it: the caller does, once, through the single-use store.
 */
export function verifyPuzzleToken(
  secret: string,
  token: string,
  num1: string,
  num2: string,
  now: number = Date.now(),
): PuzzleTokenCheck {
  if (token === "") return { ok: false, reason: "missing" };
  if (!tokenPattern.test(token)) return { ok: false, reason: "forged" };
  const [body = "", signature = ""] = token.split(".");
  const expected = Buffer.from(sign(secret, body), "base64url");
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: "forged" };
  }
  const payload = readPayload(body);
  if (!payload) return { ok: false, reason: "forged" };
  if (payload.exp <= now) return { ok: false, reason: "expired" };
  if (num1.trim() !== String(payload.n1) || num2.trim() !== String(payload.n2)) {
    return { ok: false, reason: "mismatch" };
  }
  return { ok: true, id: payload.id, expiresAt: payload.exp, num1: payload.n1, num2: payload.n2 };
}

/** Why a submitted puzzle token was not accepted: the check's refusals, or its spend's. */
export type PuzzleSpendRefusal = PuzzleTokenRefusal | "replayed" | "store-failed";

export type PuzzleSpend =
  | { ok: true; id: string; num1: number; num2: number }
  | { ok: false; reason: PuzzleSpendRefusal; detail?: string };

/** Where spent token ids are kept (the site's `usedPuzzleTokens`, Redis when shared). */
export interface SpentPuzzleTokens {
  use(id: string, expiresAt: number): Promise<boolean>;
}

/**
 * Checks a submitted token (see verifyPuzzleToken) and spends it: every form that asks the
 * puzzle (the enquiry forms, the search alert form, decision 055) accepts a token once. The
 * store may be unreachable: that is a refusal too ('store-failed'), never a token accepted
 * that might be spent already. Does not check the answer: the caller does, with the digits
 * answered here (from the verified token, never from the page).
 */
export async function spendPuzzleToken(
  secret: string,
  spent: SpentPuzzleTokens,
  submitted: { token: string; num1: string; num2: string },
  now: number = Date.now(),
): Promise<PuzzleSpend> {
  const check = verifyPuzzleToken(secret, submitted.token, submitted.num1, submitted.num2, now);
  if (!check.ok) return { ok: false, reason: check.reason };
  const firstUse = await spent.use(check.id, check.expiresAt).then(
    (fresh) => fresh,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
  if (firstUse instanceof Error) {
    return { ok: false, reason: "store-failed", detail: firstUse.message };
  }
  if (!firstUse) return { ok: false, reason: "replayed" };
  return { ok: true, id: check.id, num1: check.num1, num2: check.num2 };
}
