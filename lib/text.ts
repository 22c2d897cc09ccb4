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
