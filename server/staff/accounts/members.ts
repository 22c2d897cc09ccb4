/**
 * The back office's members of staff (decision 063): owners invite them, give them a new
 * set-password link, change their role or remove them; the `users` command adds them too.
 */
import type { Kysely } from "kysely";
import type { StaffAccountChange, StaffMember, StaffService, StaffSession } from "#app-context";
import type { Database, StaffRole } from "../../../db/database.ts";
import { type AuditActor, recordAuditEvent } from "../../../db/queries/audit.ts";
import {
  countOtherActiveOwners,
  deleteStaffTokensOf,
  deleteStaffUser,
  findStaffUserById,
  insertStaffToken,
  insertStaffUser,
  listStaffUsers,
  updateStaffRole,
} from "../../../db/queries/staff.ts";
import { cliActor } from "../../../lib/admin-audit.ts";
import { emailProblem, normaliseEmail, staffAccountMessages } from "../../../lib/staff-rules.ts";

import {
  type AccountsContext,
  hashSecret,
  type InviteMail,
  newSecret,
  toStaffMember,
} from "./shared.ts";

export function createStaffMembers(context: AccountsContext) {
  const { options, db, now, linkLifetimeMs, requireOwner, actorOf } = context;
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

  const service: Pick<
    StaffService,
    "listStaff" | "invite" | "issueLink" | "changeRole" | "remove"
  > = {
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
  };
  return { service, addStaffUser, issueSetPasswordLink };
}
