/**
 * A listing's country as its ISO 3166-1 alpha-2 code ("United Kingdom" → "GB"), which the RESO
 * feed's `Country` and the push's `country_code` carry (decision 104). Listings carry a
 * country's name as staff typed it; the names are `i18n-iso-countries`'s English ones (each
 * country's official and usual short names: "United States of America", "United States",
 * "USA"), the two-letter codes themselves, and the United Kingdom's nations, whose listings
 * Rightmove takes (lib/postcode.ts). A name matches in any case of its ASCII letters, once the spaces at
 * its ends are trimmed: the same folding the feeds' SQL does (`db/queries/portal-readiness.ts`),
 * so a listing the feed's SQL counts as ready is one this module maps.
 */
import english from "i18n-iso-countries/langs/en.json" with { type: "json" };

/** The United Kingdom's nations and the names its listings use that the package lacks. */
const moreNames: Record<string, readonly string[]> = {
  GB: ["Britain", "U.K.", "England", "Scotland", "Wales", "Northern Ireland"],
};

/**
 * Spaces trimmed from its ends and ASCII letters in lower case: what the SQL's
 * `lower(trim(…))` gives on SQLite (the feeds' SQL folds the same way on PostgreSQL).
 */
export function foldCountryName(name: string): string {
  return name.replace(/^ +| +$/g, "").replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

function buildIndex(): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  const countries = english.countries as Record<string, string | readonly string[]>;
  for (const [code, names] of Object.entries(countries)) {
    const all = [
      code,
      ...(typeof names === "string" ? [names] : names),
      ...(moreNames[code] ?? []),
    ];
    for (const name of all) {
      const folded = foldCountryName(name);
      if (!index.has(folded)) index.set(folded, code);
    }
  }
  return index;
}

let index: ReadonlyMap<string, string> | undefined;

/** Every name a listing's country may be given by, folded, with its code. */
export function countryNameIndex(): ReadonlyMap<string, string> {
  index ??= buildIndex();
  return index;
}

/** The country's ISO 3166-1 alpha-2 code, or undefined for a name this site does not know. */
export function countryCode(name: string): string | undefined {
  return countryNameIndex().get(foldCountryName(name));
}
