/**
 * The RESO feed's consumers as the back office and the command show and name them (decision
 * 094): a consumer's name rules. Shared by the server's service and the admin page.
 */

/** A consumer's name: a portal's or partner's, as owners know it. */
export const feedConsumerNameMax = 100;

/** What is wrong with a consumer's name (trimmed first), or undefined when it will do. */
export function feedConsumerNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === "") return "Give the consumer a name.";
  if (trimmed.length > feedConsumerNameMax) {
    return `A name has at most ${feedConsumerNameMax} characters.`;
  }
  // Printed by the command and shown in the log: no control characters.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters refused.
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return "A name cannot hold control characters.";
  return undefined;
}

/** A consumer as the back office lists it. */
export interface FeedConsumerView {
  id: number;
  name: string;
  /** ISO 8601. */
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
