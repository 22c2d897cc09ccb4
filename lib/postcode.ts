/**
 * Postal codes (decision 093): a listing in the United Kingdom has a UK postcode, written as
 * Royal Mail writes it (capitals, one space before the last three characters: "SW1A 1AA"),
 * since Rightmove's feed splits it there (POSTCODE1 and POSTCODE2); a listing elsewhere keeps
 * its country's own code (a ZIP code, a Canadian "M5V 2T6"), checked only for its characters.
 */
import { foldCountryName } from "./countries.ts";

/** The country names (lower case, as `foldCountryName` leaves them) that mean the United Kingdom. */
export const ukCountryNames: readonly string[] = [
  "united kingdom",
  "uk",
  "u.k.",
  "gb",
  "great britain",
  "britain",
  "england",
  "scotland",
  "wales",
  "northern ireland",
];
const ukCountryNameSet = new Set(ukCountryNames);

/**
 * Whether a listing's country is the United Kingdom (or one of its nations), folded as
 * lib/countries.ts folds a name (spaces trimmed, ASCII letters lowered), as the feeds' SQL
 * does (decision 104).
 */
export function isUkCountry(country: string): boolean {
  return ukCountryNameSet.has(foldCountryName(country));
}

/**
 * A UK postcode's outward code (the area and district: "SW1A", "M1", "EC1V") and inward code
 * (the sector and unit: "1AA"), after the letters and digits Royal Mail allows in each place.
 */
const ukPostcodePattern =
  /^(GIR|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y]))(\d[ABD-HJLNP-UW-Z]{2})$/;

/** A UK postcode in any case and spacing as Royal Mail writes it ("sw1a1aa" → "SW1A 1AA"). */
export function normaliseUkPostcode(value: string): string | undefined {
  const match = ukPostcodePattern.exec(value.replace(/\s+/g, "").toUpperCase());
  return match ? `${match[1]} ${match[2]}` : undefined;
}

/** A UK postcode's two halves, as Rightmove's POSTCODE1 and POSTCODE2; undefined if not one. */
export function ukPostcodeParts(value: string): { outward: string; inward: string } | undefined {
  const normal = normaliseUkPostcode(value);
  if (normal === undefined) return undefined;
  const [outward = "", inward = ""] = normal.split(" ");
  return { outward, inward };
}

/** Another country's postal code: letters and digits, with single spaces or hyphens between. */
const otherPostcodePattern = /^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/;

/**
 * A postal code for a listing in `country`, normalised, or what is wrong with it (worded to
 * follow the field's label: "Postcode must be …").
 */
export function readPostcode(
  value: string,
  country: string,
): { ok: true; postcode: string } | { ok: false; problem: string } {
  const trimmed = value.trim().replace(/\s+/g, " ");
  if (trimmed === "") return { ok: true, postcode: "" };
  if (isUkCountry(country)) {
    const normal = normaliseUkPostcode(trimmed);
    return normal === undefined
      ? { ok: false, problem: "must be a UK postcode, such as SW1A 1AA" }
      : { ok: true, postcode: normal };
  }
  return otherPostcodePattern.test(trimmed)
    ? { ok: true, postcode: trimmed.toUpperCase() }
    : { ok: false, problem: "must be letters and digits, with spaces or hyphens between" };
}
