/**
 * Property codes as page addresses carry them (`/shortlist?codes=HP-1001,HP-1004`,
 * `/compare?codes=…`): one reader for the server's loaders and the browser's scripts, so both
 * agree on what a list is. Pure: no DOM, no server.
 */

/** A property code: letters, digits, `.`, `_` and `-`; it appears in page addresses. */
export const propertyCodePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The most codes a shortlist keeps, and a shortlist address lists (decision 047). */
export const maxShortlistCodes = 50;

/** The most properties compared side by side. */
export const maxCompareCodes = 4;

/**
 * The codes of a query: every `codes` parameter (a form's checkboxes repeat it), each a
 * comma-separated list. Blank and malformed codes are ignored, each code is kept once in its
 * first place, and at most `limit` are kept.
 */
export function readPropertyCodes(
  params: { getAll(name: string): string[] },
  limit: number = maxShortlistCodes,
): string[] {
  return uniqueCodes(
    params.getAll("codes").flatMap((value) => value.split(",")),
    limit,
  );
}

/** `values` as a code list: trimmed, well-formed, each once, at most `limit`. */
export function uniqueCodes(
  values: readonly unknown[],
  limit: number = maxShortlistCodes,
): string[] {
  const codes: string[] = [];
  for (const value of values) {
    if (codes.length >= limit) break;
    if (typeof value !== "string") continue;
    const code = value.trim();
    if (propertyCodePattern.test(code) && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

/** A code list as the `codes` parameter's value: commas, no escaping (codes need none). */
export function codesQuery(codes: readonly string[]): string {
  return codes.length === 0 ? "" : `?codes=${codes.join(",")}`;
}

/** The shortlist page of these codes, such as `/shortlist?codes=HP-1001,HP-1004`. */
export function shortlistPath(codes: readonly string[]): string {
  return `/shortlist${codesQuery(codes)}`;
}

/** The comparison of these codes. */
export function comparePath(codes: readonly string[]): string {
  return `/compare${codesQuery(codes)}`;
}

/**
 * What a compare address asks for: the first `maxCompareCodes` codes are compared, the rest
 * refused (the page says so).
 */
export function readCompareCodes(params: { getAll(name: string): string[] }): {
  codes: string[];
  refused: string[];
} {
  const all = readPropertyCodes(params);
  return { codes: all.slice(0, maxCompareCodes), refused: all.slice(maxCompareCodes) };
}
