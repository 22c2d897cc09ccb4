/** The back office's form rules, the same on both sides (decision 036). */

export type StaffRole = "owner" | "agent";

export const staffRoles: readonly StaffRole[] = ["owner", "agent"];

export const staffRoleNames: Record<StaffRole, string> = { owner: "Owner", agent: "Agent" };

export const minimumPasswordLength = 12;
/** scrypt reads any length; a bound keeps one sign-in's work bounded. */
export const maximumPasswordLength = 200;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address as accounts are keyed: trimmed, lower case. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The message beside an e-mail field, or undefined when it is fine. */
export function emailProblem(value: string): string | undefined {
  const email = normaliseEmail(value);
  if (email === "") return "Enter an e-mail address.";
  if (email.length > 254 || !emailPattern.test(email)) {
    return "Enter an e-mail address such as name@example.com.";
  }
  return undefined;
}

/**
 * The rule shown under a new password field before anything is typed: the length here, and
 * what the server's strength check (decision 067) refuses.
 */
export const newPasswordHint = `At least ${minimumPasswordLength} characters. Not accepted: common passwords, repeated characters or keyboard patterns, your e-mail address or the company's name.`;

/** The message beside a new password field, or undefined when it is fine. */
export function newPasswordProblem(value: string): string | undefined {
  if (value.length < minimumPasswordLength) {
    return `Use at least ${minimumPasswordLength} characters.`;
  }
  if (value.length > maximumPasswordLength) {
    return `Use at most ${maximumPasswordLength} characters.`;
  }
  return undefined;
}

export function isStaffRole(value: unknown): value is StaffRole {
  return value === "owner" || value === "agent";
}

/** The messages of an owner's changes to the accounts (decision 063), the same on both sides. */
export const staffAccountMessages = {
  lastOwner:
    "You are the only owner who can sign in. Make another member of staff an owner first, so someone can still manage the staff.",
  missing: "There is no such account: it may have been removed already.",
} as const;

/**
 * Whether member `id` is the only owner who can sign in (has a password) among `members`:
 * they may not be made an agent or removed, or nobody could manage the staff.
 */
export function isLastOwner(
  members: readonly { id: number; role: StaffRole; hasPassword: boolean }[],
  id: number,
): boolean {
  const self = members.find((member) => member.id === id);
  if (self?.role !== "owner" || !self.hasPassword) return false;
  return !members.some(
    (member) => member.id !== id && member.role === "owner" && member.hasPassword,
  );
}
