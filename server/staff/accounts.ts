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
import type { StaffService } from "#app-context";
import { createStaffMembers } from "./accounts/members.ts";
import { createPasswordChanges } from "./accounts/password-changes.ts";
import { createStaffSessions } from "./accounts/sessions.ts";
import { createAccountsContext, type StaffAccountsOptions } from "./accounts/shared.ts";

/**
 * The StaffService of the back office's routes, made of its concerns (./accounts/): sessions,
 * members and passwords; and what the `users` command shares with it.
 */
export function createStaffAccounts(options: StaffAccountsOptions) {
  const context = createAccountsContext(options);
  const sessions = createStaffSessions(context);
  const members = createStaffMembers(context);
  const service: StaffService = {
    ...sessions.service,
    ...members.service,
    ...createPasswordChanges(context, sessions.sessionOf).service,
  };
  return {
    service,
    addStaffUser: members.addStaffUser,
    issueSetPasswordLink: members.issueSetPasswordLink,
  };
}

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;
