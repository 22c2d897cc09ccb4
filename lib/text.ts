/**
 * The one reader of text input (query parameters, form fields, command-line values): clean-up
 * of control characters, one-line text, and the numbers the site reads from text. Each reader
 * is lenient: a value that does not fit is `undefined`, and the caller decides whether that is
 * "no value" (a search) or an error (an API filter, a command's option).
 */

function isControl(code: number): boolean {
  return code < 32 || code === 127;
}

/**
 * Removes control characters, which no person types and PostgreSQL refuses (NUL). Line breaks
 * and tabs stay when `keepLineBreaks` is set (a message); otherwise each becomes a space.
 */
export function withoutControlCharacters(value: string, keepLineBreaks: boolean): string {
  let result = "";
  for (const character of value) {
    const code = character.charCodeAt(0);
    if (!isControl(code)) result += character;
    else if (keepLineBreaks && (code === 9 || code === 10 || code === 13)) result += character;
    else if (!keepLineBreaks) result += " ";
  }
  return result;
}

/** True when `value` holds a control character (NUL included), which no key or name has. */
export function hasControlCharacters(value: string): boolean {
  for (const character of value) if (isControl(character.charCodeAt(0))) return true;
  return false;
}

/**
 * Characters that steer a terminal rather than print: C0 and C1 controls, DEL, and the
 * bidirectional marks, embeddings, overrides and isolates that can reorder a line's text.
 */
const terminalControls =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is this pattern's job.
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Shows each terminal control as a visible `\uXXXX` escape, so that text a visitor wrote
 * (an enquiry) cannot move the cursor, recolour or reorder an operator's terminal output.
 */
export function escapeTerminalControls(value: string): string {
  return value.replace(
    terminalControls,
    (character) => `\\u${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`,
  );
}

/**
 * One-line text: control characters and runs of white space become single spaces, trimmed, cut
 * to `maxLength` characters; undefined when nothing is left.
 */
export function readText(value: string | null | undefined, maxLength: number): string | undefined {
  const text = withoutControlCharacters(value ?? "", false)
    .trim()
    .replace(/\s+/g, " ");
  return text === "" ? undefined : text.slice(0, maxLength);
}

/** The largest value of an integer column (32 bits, PostgreSQL's `integer`). */
export const maxWholeNumber = 2_147_483_647;
/** The largest price searched for: far above any listing, and exact in a double. */
export const maxAmount = 1e12;

/** A finite, non-negative number up to maxAmount (thousands commas allowed), or undefined. */
export function readAmount(value: string | null | undefined): number | undefined {
  const trimmed = (value ?? "").trim().replace(/,/g, "");
  if (trimmed === "" || !/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  const amount = Number(trimmed);
  return Number.isFinite(amount) && amount <= maxAmount ? amount : undefined;
}

/** A whole number from 0 to maxWholeNumber (an integer column's value), or undefined. */
export function readWholeNumber(value: string | null | undefined): number | undefined {
  const trimmed = (value ?? "").trim().replace(/,/g, "");
  if (!/^\d{1,10}$/.test(trimmed)) return undefined;
  const number = Number(trimmed);
  return number <= maxWholeNumber ? number : undefined;
}

/** A whole number of at least 1 (up to nine digits), or undefined. */
export function readPositiveInt(value: string | null | undefined): number | undefined {
  const trimmed = (value ?? "").trim();
  if (!/^\d{1,9}$/.test(trimmed)) return undefined;
  const number = Number(trimmed);
  return number >= 1 ? number : undefined;
}
