/**
 * The back office's accounts (decisions 036 and 037): the StaffService the admin routes use
 * (app/context.ts), and what the `users` command shares with it.
 *
 * - Secrets (session ids, link tokens, form tokens) are 32 random bytes, base64url. The
 *   database keeps only the SHA-256 of session ids and link tokens.
 * - A session expires after `idleMs` without a request, and `absoluteMs` after sign-in
 *   whatever its use. Every sign-in makes a new session id (no fixation); setting a password
 *   ends every session of that user.
 * - Forms carry a token: a signed-in browser's is its session's (a synchronizer token); a
 *   signed-out browser's (the sign-in and set-password forms) is the value of a cookie of its
 *   own (double submit).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type {
  StaffAccountChange,
  StaffMember,
  StaffPasswordSet,
  StaffService,
  StaffSession,
  StaffSignIn,
} from "#app-context";
import type { Database, DatabaseHandle, StaffRole } from "../../db/database.ts";
import { type AuditActor, recordAuditEvent } from "../../db/queries/audit.ts";
import { findCompanyProfile } from "../../db/queries/company-profile.ts";
import {
  countOtherActiveOwners,
  deleteExpiredStaffSessions,
  deleteOtherStaffSessions,
  deleteStaffSession,
  deleteStaffSessionsOf,
  deleteStaffToken,
  deleteStaffTokensOf,
  deleteStaffUser,
  findStaffSession,
  findStaffTokenUser,
  findStaffUserByEmail,
  findStaffUserById,
  insertStaffSession,
  insertStaffToken,
  insertStaffUser,
  listStaffUsers,
  type StaffUserRecord,
  touchStaffSession,
  updateStaffPassword,
  updateStaffRole,
} from "../../db/queries/staff.ts";
import { cliActor } from "../../lib/admin-audit.ts";
import {
  emailProblem,
  maximumPasswordLength,
  newPasswordProblem,
  normaliseEmail,
  staffAccountMessages,
} from "../../lib/staff-rules.ts";
import { OverloadedError } from "../work-limit.ts";
import { weakPasswordProblem } from "./password-strength.ts";
import {
  decoyPasswordHash,
  defaultScryptCost,
  hashPassword,
  type ScryptCost,
  verifyPassword,
} from "./passwords.ts";
import type { SignInThrottle } from "./throttle.ts";

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
const touchEveryMs = 60 * 1000;

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
async function unlessBusy<T>(work: () => Promise<T>): Promise<T | undefined> {
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

function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function toStaffMember(user: StaffUserRecord): StaffMember {
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

const secretPattern = /^[\w-]{43}$/;

export function createStaffAccounts(options: StaffAccountsOptions) {
  const { database, throttle } = options;
  const db = database.db;
  const now = options.now ?? (() => new Date());
  const idleMs = options.idleMs ?? defaultSessionLifetimes.idleMs;
  const absoluteMs = options.absoluteMs ?? defaultSessionLifetimes.absoluteMs;
  const linkLifetimeMs = options.linkLifetimeMs ?? defaultLinkLifetimeMs;
  const cost = options.scryptCost ?? defaultScryptCost;
  /** One lookup per request, however many middlewares and loaders ask. */
  const sessions = new WeakMap<Request, Promise<ActiveSession | null>>();

  interface ActiveSession extends StaffSession {
    id: string;
  }

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

  function setPasswordLink(token: string): string {
    return `${options.siteUrl}/admin/set-password/${token}`;
  }

  /** A fresh one-time link written in `trx`; the user's earlier links stop working. */
  async function writeSetPasswordLink(trx: Kysely<Database>, userId: number): Promise<string> {
    const token = newSecret();
    const issuedAt = now();
    await deleteStaffTokensOf(trx, userId);
    await insertStaffToken(trx, {
      id: hashSecret(token),
      userId,
      now: issuedAt,
      expiresAt: new Date(issuedAt.getTime() + linkLifetimeMs),
    });
    return setPasswordLink(token);
  }

  /**
   * A fresh one-time set-password link for a user, made by `actor` (the `users` command by
   * default); their earlier links stop working.
   */
  async function issueSetPasswordLink(
    user: { id: number; email: string },
    actor: AuditActor = { id: null, email: cliActor },
  ): Promise<string> {
    return db.transaction().execute(async (trx) => {
      const link = await writeSetPasswordLink(trx, user.id);
      await recordAuditEvent(trx, {
        actor,
        action: "staff.link",
        subjectType: "staff",
        subjectId: user.id,
        // The log names the account by its address, as the other staff events do.
        detail: { email: user.email },
        at: now(),
      });
      return link;
    });
  }

  /**
   * Adds a member of staff and their link, as `actor` (the `users` command by default); a
   * message when the address is bad or taken.
   */
  async function addStaffUser(
    email: string,
    role: StaffRole,
    actor: AuditActor = { id: null, email: cliActor },
    action: "staff.add" | "staff.invite" = "staff.add",
  ): Promise<{ ok: true; user: StaffMember; link: string } | { ok: false; message: string }> {
    const problem = emailProblem(email);
    if (problem) return { ok: false, message: problem };
    return db.transaction().execute(async (trx) => {
      const user = await insertStaffUser(trx, { email: normaliseEmail(email), role, now: now() });
      if (!user) {
        return { ok: false, message: "There is already an account with this e-mail address." };
      }
      const link = await writeSetPasswordLink(trx, user.id);
      await recordAuditEvent(trx, {
        actor,
        action,
        subjectType: "staff",
        subjectId: user.id,
        detail: { email: user.email, role: user.role },
        at: now(),
      });
      return { ok: true, user: toStaffMember(user), link };
    });
  }

  async function lookUpSession(request: Request): Promise<ActiveSession | null> {
    const secret = cookieValue(request.headers.get("cookie"), sessionCookieName);
    if (!secret || !secretPattern.test(secret)) return null;
    const id = hashSecret(secret);
    const found = await findStaffSession(db, id);
    if (!found) return null;
    const at = now().getTime();
    if (
      at - found.lastSeenAt.getTime() > idleMs ||
      at - found.createdAt.getTime() > absoluteMs ||
      found.user.passwordHash === null
    ) {
      await deleteStaffSession(db, id);
      return null;
    }
    if (at - found.lastSeenAt.getTime() > touchEveryMs) await touchStaffSession(db, id, now());
    return { id, user: toStaffMember(found.user), csrfToken: found.csrfToken };
  }

  function sessionOf(request: Request): Promise<ActiveSession | null> {
    let found = sessions.get(request);
    if (!found) {
      found = lookUpSession(request);
      sessions.set(request, found);
    }
    return found;
  }

  /** Why a new password of account `email` is too easy to guess; undefined when it is not. */
  async function weakPasswordOf(password: string, email: string): Promise<string | undefined> {
    const company = (await findCompanyProfile(db))?.business_name ?? "";
    return weakPasswordProblem(password, [email, company]);
  }

  function requireOwner(session: StaffSession): void {
    if (session.user.role !== "owner") throw new Error("Only an owner may do this.");
  }

  /** E-mails a link when a mail server is configured: whether it was sent. */
  async function mailLink(mail: InviteMail): Promise<boolean> {
    if (!options.sendInvite) return false;
    try {
      await options.sendInvite(mail);
      return true;
    } catch (error) {
      options.log?.warn({ err: error }, "the set-password link's e-mail could not be sent");
      return false;
    }
  }

  const actorOf = (session: StaffSession): AuditActor => ({
    id: session.user.id,
    email: session.user.email,
  });

  /**
   * An owner's change of account `userId`, in one transaction with its audit event: refused
   * when the account is gone, or when it would leave no owner who can sign in.
   */
  async function changeAccount(
    session: StaffSession,
    userId: number,
    change: { role: StaffRole } | { remove: true },
  ): Promise<StaffAccountChange> {
    requireOwner(session);
    return db.transaction().execute(async (trx): Promise<StaffAccountChange> => {
      const user = await findStaffUserById(trx, userId);
      if (!user) return { ok: false, reason: "missing", message: staffAccountMessages.missing };
      const member = toStaffMember(user);
      const losesOwner = user.role === "owner" && ("remove" in change || change.role !== "owner");
      if (
        losesOwner &&
        user.passwordHash !== null &&
        (await countOtherActiveOwners(trx, userId)) === 0
      ) {
        return { ok: false, reason: "last-owner", message: staffAccountMessages.lastOwner };
      }
      if ("remove" in change) {
        const { unassigned } = await deleteStaffUser(trx, userId);
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "staff.remove",
          subjectType: "staff",
          subjectId: userId,
          detail: { email: user.email, role: user.role, unassignedEnquiries: unassigned },
          at: now(),
        });
        return { ok: true, member, changed: true, unassigned };
      }
      if (change.role === user.role) return { ok: true, member, changed: false, unassigned: 0 };
      await updateStaffRole(trx, userId, change.role);
      await recordAuditEvent(trx, {
        actor: actorOf(session),
        action: "staff.role",
        subjectType: "staff",
        subjectId: userId,
        detail: { email: user.email, changes: { role: { before: user.role, after: change.role } } },
        at: now(),
      });
      return { ok: true, member, changed: true, unassigned: 0 };
    });
  }

  const service: StaffService = {
    async session(request) {
      const found = await sessionOf(request);
      return found && { user: found.user, csrfToken: found.csrfToken };
    },

    async formToken(request) {
      const session = await sessionOf(request);
      if (session) return { token: session.csrfToken, setCookie: [] };
      const existing = cookieValue(request.headers.get("cookie"), formCookieName);
      if (existing && secretPattern.test(existing)) return { token: existing, setCookie: [] };
      const token = newSecret();
      return { token, setCookie: [cookie(request, formCookieName, token, absoluteMs / 1000)] };
    },

    async checkFormToken(request, token) {
      if (typeof token !== "string" || !secretPattern.test(token)) return false;
      const session = await sessionOf(request);
      if (session) return sameSecret(token, session.csrfToken);
      const expected = cookieValue(request.headers.get("cookie"), formCookieName);
      return expected !== undefined && sameSecret(token, expected);
    },

    async signIn(request, clientIp, credentials): Promise<StaffSignIn> {
      const email = normaliseEmail(credentials.email);
      // Counted before the check, so attempts at once cannot pass the limit together.
      const waitMs = await throttle.attempt(email, clientIp);
      if (waitMs > 0) {
        return { ok: false, reason: "throttled", message: signInMessages.throttled(waitMs) };
      }
      const user = await findStaffUserByEmail(db, email);
      const { password } = credentials;
      // An unknown address costs a hash too: the answer's time does not tell it apart.
      const matches = await unlessBusy(
        async () =>
          password.length <= maximumPasswordLength &&
          verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash(cost))),
      );
      if (matches === undefined) {
        await throttle.giveBack(email, clientIp);
        return { ok: false, reason: "busy", message: passwordBusyMessage };
      }
      if (!user?.passwordHash || !matches) {
        return { ok: false, reason: "invalid", message: signInMessages.invalid };
      }
      await throttle.succeed(email, clientIp);
      // A new id at every sign-in, and the browser's old session (if any) ends.
      const previous = await sessionOf(request);
      const secret = newSecret();
      const signedInAt = now();
      await db.transaction().execute(async (trx) => {
        if (previous) await deleteStaffSession(trx, previous.id);
        await insertStaffSession(trx, {
          id: hashSecret(secret),
          userId: user.id,
          csrfToken: newSecret(),
          now: signedInAt,
        });
        await recordAuditEvent(trx, {
          actor: { id: user.id, email: user.email },
          action: "session.sign-in",
          subjectType: "staff",
          subjectId: user.id,
          at: signedInAt,
        });
        // Housekeeping, not anyone's change: no event of its own.
        await deleteExpiredStaffSessions(trx, {
          idleBefore: new Date(signedInAt.getTime() - idleMs),
          createdBefore: new Date(signedInAt.getTime() - absoluteMs),
        });
      });
      return {
        ok: true,
        setCookie: [
          cookie(request, sessionCookieName, secret, absoluteMs / 1000),
          cookie(request, formCookieName, "", 0),
        ],
      };
    },

    async signOut(request, { everywhere }) {
      const session = await sessionOf(request);
      if (session) {
        await db.transaction().execute(async (trx) => {
          if (everywhere) await deleteStaffSessionsOf(trx, session.user.id);
          else await deleteStaffSession(trx, session.id);
          await recordAuditEvent(trx, {
            actor: { id: session.user.id, email: session.user.email },
            action: everywhere ? "session.sign-out-everywhere" : "session.sign-out",
            subjectType: "staff",
            subjectId: session.user.id,
            at: now(),
          });
        });
      }
      return { setCookie: [cookie(request, sessionCookieName, "", 0)] };
    },

    async findSetPasswordLink(token) {
      if (!secretPattern.test(token)) return null;
      const user = await findStaffTokenUser(db, hashSecret(token), now());
      return user ? { email: user.email } : null;
    },

    async setPassword(token, clientIp, password): Promise<StaffPasswordSet> {
      const spent = { ok: false, reason: "spent", message: setPasswordMessages.spent } as const;
      if (!secretPattern.test(token)) return spent;
      const problem = newPasswordProblem(password);
      if (problem) return { ok: false, reason: "weak", message: problem };
      const waitMs = await throttle.setPasswordAttempt(clientIp);
      if (waitMs > 0) {
        return { ok: false, reason: "throttled", message: setPasswordMessages.throttled(waitMs) };
      }
      // The link first: an unknown, used or expired one costs a lookup, never a hash.
      const linked = await findStaffTokenUser(db, hashSecret(token), now());
      if (!linked) return spent;
      await throttle.setPasswordLinkFound(clientIp);
      const weak = await weakPasswordOf(password, linked.email);
      if (weak) return { ok: false, reason: "weak", message: weak };
      const hash = await unlessBusy(() => hashPassword(password, cost));
      if (hash === undefined) return { ok: false, reason: "busy", message: passwordBusyMessage };
      return db.transaction().execute(async (trx): Promise<StaffPasswordSet> => {
        // Spent here, in the write: of two posts of one link, one sets the password.
        const userId = await deleteStaffToken(trx, hashSecret(token), now());
        if (userId === undefined) return spent;
        await updateStaffPassword(trx, userId, hash, now());
        await deleteStaffTokensOf(trx, userId);
        await deleteStaffSessionsOf(trx, userId);
        const user = await findStaffUserById(trx, userId);
        // That a password was set, by whom: never the password nor its hash.
        await recordAuditEvent(trx, {
          actor: { id: userId, email: user?.email ?? "" },
          action: "staff.set-password",
          subjectType: "staff",
          subjectId: userId,
          at: now(),
        });
        return { ok: true };
      });
    },

    async listStaff(session) {
      requireOwner(session);
      return (await listStaffUsers(db)).map(toStaffMember);
    },

    async invite(session, invitation) {
      requireOwner(session);
      const added = await addStaffUser(
        invitation.email,
        invitation.role,
        { id: session.user.id, email: session.user.email },
        "staff.invite",
      );
      if (!added.ok) return added;
      const emailed = await mailLink({
        to: added.user.email,
        link: added.link,
        role: invitation.role,
      });
      return { ok: true, link: added.link, emailed };
    },

    async issueLink(session, userId) {
      requireOwner(session);
      const user = await findStaffUserById(db, userId);
      if (!user) return { ok: false, message: staffAccountMessages.missing };
      const link = await issueSetPasswordLink(user, actorOf(session));
      const emailed = await mailLink({
        to: user.email,
        link,
        role: user.role,
        purpose: "new-link",
      });
      return { ok: true, email: user.email, link, emailed };
    },

    changeRole(session, userId, role) {
      return changeAccount(session, userId, { role });
    },

    remove(session, userId) {
      return changeAccount(session, userId, { remove: true });
    },

    async changePassword(request, clientIp, passwords) {
      const session = await sessionOf(request);
      if (!session) {
        return { ok: false, reason: "invalid", message: passwordChangeMessages.signedOut };
      }
      const problem = newPasswordProblem(passwords.password);
      if (problem) return { ok: false, reason: "invalid", message: problem };
      const { email } = session.user;
      const weak = await weakPasswordOf(passwords.password, email);
      if (weak) return { ok: false, reason: "weak", message: weak };
      // Proving the current password is a sign-in of its own: the same throttle, so a
      // borrowed session cannot guess it.
      const waitMs = await throttle.attempt(email, clientIp);
      if (waitMs > 0) {
        return { ok: false, reason: "throttled", message: signInMessages.throttled(waitMs) };
      }
      const user = await findStaffUserById(db, session.user.id);
      const checked = await unlessBusy(async () => {
        const matches =
          user?.passwordHash != null &&
          passwords.current.length <= maximumPasswordLength &&
          (await verifyPassword(passwords.current, user.passwordHash));
        return matches ? { hash: await hashPassword(passwords.password, cost) } : null;
      });
      if (checked === undefined) {
        await throttle.giveBack(email, clientIp);
        return { ok: false, reason: "busy", message: passwordBusyMessage };
      }
      if (checked === null) {
        return { ok: false, reason: "wrong", message: passwordChangeMessages.wrong };
      }
      await throttle.succeed(email, clientIp);
      const { hash } = checked;
      await db.transaction().execute(async (trx) => {
        await updateStaffPassword(trx, session.user.id, hash, now());
        // A link an owner made earlier would set the password again behind their back.
        await deleteStaffTokensOf(trx, session.user.id);
        await deleteOtherStaffSessions(trx, session.user.id, session.id);
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "staff.change-password",
          subjectType: "staff",
          subjectId: session.user.id,
          at: now(),
        });
      });
      return { ok: true };
    },
  };

  return { service, addStaffUser, issueSetPasswordLink };
}

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;
