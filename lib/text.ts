/** Text clean-up shared by the API's readers of visitor input. */

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
