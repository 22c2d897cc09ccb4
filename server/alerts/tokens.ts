/**
 * The alert links' tokens (decisions 055, 066). Each is signed with the alert secret
 * (ALERT_SECRET, or one the servers generated and keep in the database: server/form-secrets.ts),
 * so a mail can be built, and built again on a retry, without keeping any token.
 * - Confirm and unsubscribe: `{alert id}.{signature}`, the signature over the purpose, the id
 *   and the alert's random salt; checked against the alert the id names. They do not expire:
 *   a confirmation's alert is forgotten after 14 days unconfirmed, and an unsubscribe link
 *   (RFC 8058) must keep working for as long as the alert sends mail.
 * - Manage: `{address key}.{expiry}.{signature}`, valid {@link manageLinkTtlMs} from the mail
 *   it was built for. The address key is an HMAC of the normalised address; the database
 *   keeps its SHA-256 (`manage_token_hash`) to find the address's alerts. Every mail carries a
 *   fresh link, and a leaked one stops working when it expires.
 * Until {@link legacyTokensUntil}, the first form's confirm and unsubscribe tokens (43
 * characters, found by their stored hash) still work, so mails sent before are not broken;
 * its manage tokens never expired, and are refused as expired.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export type AlertTokenPurpose = "confirm" | "unsubscribe";

/** How long a mailed manage link works. */
export const manageLinkTtlMs = 30 * 24 * 60 * 60 * 1000;

/** The end of the transition for the first form's confirm and unsubscribe links. */
export const legacyTokensUntil = new Date("2027-03-01T00:00:00.000Z");

function signature(secret: string, message: string): string {
  return createHmac("sha256", secret).update(message).digest("base64url");
}

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What the database keeps of an address key (and kept of the first form's tokens). */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The first form's tokens: 43 base64url characters, found by their hash until the cutoff. */
export function isLegacyAlertToken(value: unknown, now: Date): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) && now < legacyTokensUntil;
}

export function newAlertSalt(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * A row's link token for `purpose`: `{id}.{signature over the purpose, the id and the row's
 * salt}`. The alerts' confirm and unsubscribe links, and the newsletter's (decision 078, with
 * purposes of their own, so one kind of link never works as another).
 */
export function rowToken(
  secret: string,
  purpose: string,
  row: { id: number; salt: string },
): string {
  return `${row.id}.${signature(secret, `${purpose}:${row.id}:${row.salt}`)}`;
}

/** Whether `token` is `row`'s token for `purpose`. */
export function isRowTokenOf(
  secret: string,
  purpose: string,
  token: string,
  row: { id: number; salt: string },
): boolean {
  return sameSignature(token, rowToken(secret, purpose, row));
}

/** An alert's confirm or unsubscribe token. */
export function alertToken(
  secret: string,
  purpose: AlertTokenPurpose,
  alert: { id: number; salt: string },
): string {
  return rowToken(secret, purpose, alert);
}

/** The id of the alert a confirm or unsubscribe token names, before its signature is checked. */
export function alertIdOf(token: string): number | undefined {
  const match = /^(\d{1,15})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match ? Number(match[1]) : undefined;
}

/** Whether `token` is `alert`'s token for `purpose`. */
export function isAlertTokenOf(
  secret: string,
  purpose: AlertTokenPurpose,
  token: string,
  alert: { id: number; salt: string },
): boolean {
  return sameSignature(token, alertToken(secret, purpose, alert));
}

/** The key that finds an address's alerts (its hash is `manage_token_hash`). */
export function addressKey(secret: string, email: string): string {
  return signature(secret, `manage:${email}`);
}

/** A manage token for `email`, valid until `expiresAt`. */
export function manageToken(secret: string, email: string, expiresAt: Date): string {
  const key = addressKey(secret, email);
  const expiry = Math.floor(expiresAt.getTime() / 1000).toString(36);
  return `${key}.${expiry}.${signature(secret, `manage-link:${key}:${expiry}`)}`;
}

export type ManageTokenCheck =
  | { ok: true; hash: string }
  | { ok: false; reason: "invalid" | "expired" };

/** Checks a manage token: the hash of its address key when valid and not expired. */
export function checkManageToken(secret: string, token: string, now: Date): ManageTokenCheck {
  // The first form's manage links never expired: they are refused as expired ones are.
  if (/^[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, reason: "expired" };
  const match = /^([A-Za-z0-9_-]{43})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const [, key, expiry, signed] = match as unknown as [string, string, string, string];
  if (!sameSignature(signed, signature(secret, `manage-link:${key}:${expiry}`))) {
    return { ok: false, reason: "invalid" };
  }
  if (parseInt(expiry, 36) * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, hash: tokenHash(key) };
}

export interface AlertLinks {
  confirm: string;
  unsubscribe: string;
  manage: string;
}

/** The alert's links on the site, the manage link valid {@link manageLinkTtlMs} from `now`. */
export function alertLinks(
  secret: string,
  siteUrl: string,
  alert: { id: number; salt: string; email: string },
  now: Date,
): AlertLinks {
  const link = (path: string, token: string) =>
    `${siteUrl}${path}?token=${encodeURIComponent(token)}`;
  return {
    confirm: link("/alerts/confirm", alertToken(secret, "confirm", alert)),
    unsubscribe: link("/alerts/unsubscribe", alertToken(secret, "unsubscribe", alert)),
    manage: link(
      "/alerts/manage",
      manageToken(secret, alert.email, new Date(now.getTime() + manageLinkTtlMs)),
    ),
  };
}
