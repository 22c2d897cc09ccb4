/**
 * The alert links' tokens (decision 055): each is an HMAC of its purpose and subject under the
 * server's alert secret, so a mail can be built (and built again on a retry) without keeping
 * any token; the database holds only their SHA-256 hashes, to find the alert a link names.
 * Confirm and unsubscribe tokens are per alert (its random salt), the manage token per address.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import type { Config } from "../../config/env.ts";

export type AlertTokenPurpose = "confirm" | "unsubscribe" | "manage";

/** ALERT_SECRET, or one derived from API_TOKEN (the same on every app server). */
export function alertSecretOf(config: Pick<Config, "ALERT_SECRET" | "API_TOKEN">): string {
  return (
    config.ALERT_SECRET ??
    createHmac("sha256", config.API_TOKEN).update("search alert tokens").digest("hex")
  );
}

export function alertToken(secret: string, purpose: AlertTokenPurpose, subject: string): string {
  return createHmac("sha256", secret).update(`${purpose}:${subject}`).digest("base64url");
}

/** What the database keeps of a token. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token as links carry it: 43 base64url characters; anything else is not looked up. */
export function isAlertToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export function newAlertSalt(): string {
  return randomBytes(18).toString("base64url");
}

export interface AlertLinks {
  confirm: string;
  unsubscribe: string;
  manage: string;
}

/** The alert's links on the site. */
export function alertLinks(
  secret: string,
  siteUrl: string,
  alert: { salt: string; email: string },
): AlertLinks {
  const link = (path: string, token: string) =>
    `${siteUrl}${path}?token=${encodeURIComponent(token)}`;
  return {
    confirm: link("/alerts/confirm", alertToken(secret, "confirm", alert.salt)),
    unsubscribe: link("/alerts/unsubscribe", alertToken(secret, "unsubscribe", alert.salt)),
    manage: link("/alerts/manage", alertToken(secret, "manage", alert.email)),
  };
}
