/**
 * Passwords of the back office's accounts (decisions 036, 037 and 067): set through a one-time
 * link, or changed by a signed-in member of staff who proves the current one.
 */
import type { StaffPasswordSet, StaffService } from "#app-context";
import { recordAuditEvent } from "../../../db/queries/audit.ts";
import {
  deleteOtherStaffSessions,
  deleteStaffSessionsOf,
  deleteStaffToken,
  deleteStaffTokensOf,
  findStaffTokenUser,
  findStaffUserById,
  updateStaffPassword,
} from "../../../db/queries/staff.ts";
import { maximumPasswordLength, newPasswordProblem } from "../../../lib/staff-rules.ts";
import { hashPassword, verifyPassword } from "../passwords.ts";

import {
  type AccountsContext,
  type ActiveSession,
  hashSecret,
  passwordBusyMessage,
  passwordChangeMessages,
  secretPattern,
  setPasswordMessages,
  signInMessages,
  unlessBusy,
} from "./shared.ts";

export function createPasswordChanges(
  context: AccountsContext,
  sessionOf: (request: Request) => Promise<ActiveSession | null>,
) {
  const { db, throttle, now, cost, weakPasswordOf, actorOf } = context;

  const service: Pick<StaffService, "findSetPasswordLink" | "setPassword" | "changePassword"> = {
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
  return { service };
}
