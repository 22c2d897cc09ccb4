/**
 * Who is signed in to the back office (decision 036): sessions looked up once per request,
 * the forms' tokens, sign-in (throttled, a new session every time, decision 037) and sign-out.
 */
import type { StaffService, StaffSignIn } from "#app-context";
import { recordAuditEvent } from "../../../db/queries/audit.ts";
import {
  deleteExpiredStaffSessions,
  deleteStaffSession,
  deleteStaffSessionsOf,
  findStaffSession,
  findStaffUserByEmail,
  insertStaffSession,
  touchStaffSession,
} from "../../../db/queries/staff.ts";
import { maximumPasswordLength, normaliseEmail } from "../../../lib/staff-rules.ts";
import { decoyPasswordHash, verifyPassword } from "../passwords.ts";

import {
  type AccountsContext,
  type ActiveSession,
  cookieValue,
  formCookieName,
  hashSecret,
  newSecret,
  passwordBusyMessage,
  sameSecret,
  secretPattern,
  sessionCookieName,
  signInMessages,
  toStaffMember,
  touchEveryMs,
  unlessBusy,
} from "./shared.ts";

export function createStaffSessions(context: AccountsContext) {
  const { db, throttle, now, idleMs, absoluteMs, cost, cookie } = context;
  /** One lookup per request, however many middlewares and loaders ask. */
  const sessions = new WeakMap<Request, Promise<ActiveSession | null>>();

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

  const service: Pick<
    StaffService,
    "session" | "formToken" | "checkFormToken" | "signIn" | "signOut"
  > = {
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
  };
  return { service, sessionOf };
}
