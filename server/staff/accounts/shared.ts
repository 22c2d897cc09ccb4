/**
 * What the back office's account modules share (decisions 036 and 037): cookie names and
 * lifetimes, the messages staff see, the secrets' helpers, and the context each module of
 * ./ is made with (createAccountsContext).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { StaffMember, StaffSession } from "#app-context";
import type { DatabaseHandle, StaffRole } from "../../../db/database.ts";
import type { AuditActor } from "../../../db/queries/audit.ts";
import { findCompanyProfile } from "../../../db/queries/company-profile.ts";
import type { StaffUserRecord } from "../../../db/queries/staff.ts";
import { OverloadedError } from "../../work-limit.ts";
import { weakPasswordProblem } from "../password-strength.ts";
import { defaultScryptCost, type ScryptCost } from "../passwords.ts";
import type { SignInThrottle } from "../throttle.ts";

export const sessionCookieName = "homes_admin_session";
export const formCookieName = "homes_admin_form";
/** Every admin cookie's path: the public site's requests never carry them. */
export const adminCookiePath = "/admin";

export const defaultSessionLifetimes = {
  /** Signed out after two hours without a request… */
  idleMs: 2 * 60 * 60 * 1000,
  /** …and after twelve hours whatever the use: sign in again each working day. */
  absoluteMs: 12 * 60 * 60 * 1000,
};
/** How long a set-password link works. */
export const defaultLinkLifetimeMs = 72 * 60 * 60 * 1000;
/** A session's last request is written at most this often (one write a minute, not per request). */
export const touchEveryMs = 60 * 1000;

export const passwordChangeMessages = {
  wrong: "Your current password is not right.",
  signedOut: "You are no longer signed in. Sign in again and try once more.",
};

/** When the password pool's queue is full (decision 067): nothing was checked or changed. */
export const passwordBusyMessage =
  "The server is busy checking other passwords. Please try again in a few seconds.";

export const setPasswordMessages = {
  spent: "This link has expired or has already been used. Ask an owner for a new one.",
  throttled: (waitMs: number) => {
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    return `Too many attempts to set a password from here. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
  },
};

/** `work`'s result, or undefined when the password pool refused it (its queue was full). */
export async function unlessBusy<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OverloadedError) return undefined;
    throw error;
  }
}

export const signInMessages = {
  invalid: "The e-mail address or password is not right.",
  throttled: (waitMs: number) => {
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    return `Too many failed sign-ins. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
  },
};

export interface InviteMail {
  to: string;
  link: string;
  role: StaffRole;
  /** An invitation (the default), or a new link an owner made for an existing account. */
  purpose?: "invite" | "new-link";
}

export interface StaffAccountsOptions {
  database: DatabaseHandle;
  throttle: SignInThrottle;
  /** The site's public address: set-password links are built on it. */
  siteUrl: string;
  /**
   * Sends an invitation or a new link; absent when no mail server is configured (the owner
   * passes the link on).
   */
  sendInvite?: ((mail: InviteMail) => Promise<void>) | undefined;
  /** Whether the cookies are `Secure` whatever the request (SITE_URL is https). */
  alwaysSecure?: boolean;
  idleMs?: number;
  absoluteMs?: number;
  linkLifetimeMs?: number;
  scryptCost?: ScryptCost;
  now?: () => Date;
  log?: { warn(object: object, message: string): void };
}

export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function toStaffMember(user: StaffUserRecord): StaffMember {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    hasPassword: user.passwordHash !== null,
    createdAt: user.createdAt,
  };
}

/** The value of cookie `name` in a Cookie header; undefined when absent. */
export function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export const secretPattern = /^[\w-]{43}$/;

/** A session as looked up: its member of staff and form token, and its stored id. */
export interface ActiveSession extends StaffSession {
  id: string;
}

/** The settings and helpers every account module is made with. */
export function createAccountsContext(options: StaffAccountsOptions) {
  const { database, throttle } = options;
  const db = database.db;
  const now = options.now ?? (() => new Date());
  const idleMs = options.idleMs ?? defaultSessionLifetimes.idleMs;
  const absoluteMs = options.absoluteMs ?? defaultSessionLifetimes.absoluteMs;
  const linkLifetimeMs = options.linkLifetimeMs ?? defaultLinkLifetimeMs;
  const cost = options.scryptCost ?? defaultScryptCost;

  function cookie(request: Request, name: string, value: string, maxAgeSeconds: number): string {
    const secure = options.alwaysSecure || new URL(request.url).protocol === "https:";
    return [
      `${name}=${value}`,
      `Path=${adminCookiePath}`,
      `Max-Age=${maxAgeSeconds}`,
      "HttpOnly",
      "SameSite=Lax",
      ...(secure ? ["Secure"] : []),
    ].join("; ");
  }

  /** Why a new password of account `email` is too easy to guess; undefined when it is not. */
  async function weakPasswordOf(password: string, email: string): Promise<string | undefined> {
    const company = (await findCompanyProfile(db))?.business_name ?? "";
    return weakPasswordProblem(password, [email, company]);
  }

  function requireOwner(session: StaffSession): void {
    if (session.user.role !== "owner") throw new Error("Only an owner may do this.");
  }

  const actorOf = (session: StaffSession): AuditActor => ({
    id: session.user.id,
    email: session.user.email,
  });

  return {
    options,
    db,
    throttle,
    now,
    idleMs,
    absoluteMs,
    linkLifetimeMs,
    cost,
    cookie,
    weakPasswordOf,
    requireOwner,
    actorOf,
  };
}

export type AccountsContext = ReturnType<typeof createAccountsContext>;
