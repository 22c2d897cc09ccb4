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
