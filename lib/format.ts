/**
 * Money, area and date formatting of SPEC §4 and §9, shared by every screen, the structured
 * data and the API's neighbours: the one place a price or an area becomes text (decision 046).
 * The currency and the area unit are configurable (`CURRENCY`, `AREA_UNIT`); the defaults are
 * the SPEC's: '$', two decimals, thousands separators, sizes in 'sq ft'.
 */
import { priceRentPeriod, type RentPeriod } from "./rent-period.ts";

/** How prices are shown: a symbol before the amount, an ISO 4217 code, the decimals shown. */
export interface CurrencyFormat {
  /** Shown before the amount, such as '$' or '€'. */
  symbol: string;
  /** ISO 4217, such as 'USD': structured data (`priceCurrency`). */
  code: string;
  /** Digits after the decimal point, 0 to 4. */
  decimals: number;
}

/** The SPEC's currency: '$', two decimals (§9). */
export const defaultCurrency: CurrencyFormat = { symbol: "$", code: "USD", decimals: 2 };

/** The two area units: square feet (the stored unit of `size`) and square metres. */
export const areaUnits = ["sqft", "m2"] as const;
export type AreaUnit = (typeof areaUnits)[number];

/** The SPEC's unit: sizes are stored and shown in square feet. */
export const defaultAreaUnit: AreaUnit = "sqft";

/** What each unit is called after a number, and its UN/CEFACT code (schema.org `unitCode`). */
export const areaUnitNames: Record<AreaUnit, { label: string; unitCode: string }> = {
  sqft: { label: "sq ft", unitCode: "FTK" },
  m2: { label: "m²", unitCode: "MTK" },
};

/** Square metres in a square foot (0.3048 m squared, exactly). */
export const squareMetresPerSquareFoot = 0.09290304;

/** Reads an area unit ('sqft', 'sq ft', 'm2', 'm²', any case); undefined when it is neither. */
export function readAreaUnit(value: string | null | undefined): AreaUnit | undefined {
  const text = (value ?? "").trim().toLowerCase().replace(/\s+/g, "");
  if (text === "sqft" || text === "ft2" || text === "ft²") return "sqft";
  if (text === "m2" || text === "m²" || text === "sqm") return "m2";
  return undefined;
}

const formats = new Map<string, Intl.NumberFormat>();

/** An en-US number format (thousands separators) with exactly `decimals` decimals, or grouping off. */
function numberFormat(decimals: number, grouping = true): Intl.NumberFormat {
  const key = `${decimals} ${grouping}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: grouping,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * The currency's symbol, thousands separators and its decimals: 2450000 → '$2,450,000.00' with
 * the default currency. A price that is not a number shows as 0.
 */
export function formatPrice(price: number, currency: CurrencyFormat = defaultCurrency): string {
  const amount = numberFormat(currency.decimals).format(Number.isFinite(price) ? price : 0);
  return `${currency.symbol}${amount}`;
}

/** What follows a rent's price: '$3,450.00 a month'. */
export const rentPeriodPhrases: Record<RentPeriod, string> = {
  week: "a week",
  month: "a month",
  quarter: "a quarter",
  year: "a year",
};

/** What a listing's price depends on: the amount, sale or rent, and the rent's period. */
export interface ListingPrice {
  price: number;
  offer_type: string;
  rent_period?: RentPeriod | null;
}

/**
 * A listing's price as every screen, mail and document shows it: `formatPrice`, then the rent's
 * period for a rental ('$3,450.00 a month'; month when the listing has none), nothing more for
 * a sale ('$685,000.00'). The one home of "price with its period" (decision 073).
 */
export function formatListingPrice(
  listing: ListingPrice,
  currency: CurrencyFormat = defaultCurrency,
): string {
  const period = priceRentPeriod(listing);
  const price = formatPrice(listing.price, currency);
  return period === undefined ? price : `${price} ${rentPeriodPhrases[period]}`;
}

const compactFormat = new Intl.NumberFormat("en-US", {
  notation: "compact",
  maximumFractionDigits: 1,
});

/** A price in a few characters, for a map's marker: 2450000 → '$2.5M', 7400 → '$7.4K'. */
export function formatCompactPrice(
  price: number,
  currency: CurrencyFormat = defaultCurrency,
): string {
  return `${currency.symbol}${compactFormat.format(Number.isFinite(price) ? price : 0)}`;
}

/** A rent's period after a compact price, short enough for a map's marker. */
export const rentPeriodShortPhrases: Record<RentPeriod, string> = {
  week: "/wk",
  month: "/mo",
  quarter: "/qtr",
  year: "/yr",
};

/** A listing's compact price, a rent's with its short period: '$3.5K/mo', '$2.5M'. */
export function formatCompactListingPrice(
  listing: ListingPrice,
  currency: CurrencyFormat = defaultCurrency,
): string {
  const period = priceRentPeriod(listing);
  const price = formatCompactPrice(listing.price, currency);
  return period === undefined ? price : `${price}${rentPeriodShortPhrases[period]}`;
}

/** A whole amount with the symbol and no decimals, for ranges and sliders: '$150,000'. */
export function formatWholeAmount(
  amount: number,
  currency: CurrencyFormat = defaultCurrency,
): string {
  return `${currency.symbol}${numberFormat(0).format(Number.isFinite(amount) ? amount : 0)}`;
}

/**
 * A stored size (square feet) in `unit`: square feet as stored (a whole number), square metres
 * rounded to one decimal (1,000 sq ft → 92.9 m²).
 */
export function areaIn(squareFeet: number, unit: AreaUnit): number {
  const size = Number.isFinite(squareFeet) ? squareFeet : 0;
  return unit === "m2" ? Math.round(size * squareMetresPerSquareFoot * 10) / 10 : size;
}

/** An area's number in `unit`, without the unit: '1200' or '92.9' (`group`: '1,200'). */
export function formatAreaNumber(
  squareFeet: number,
  unit: AreaUnit = defaultAreaUnit,
  { group = false }: { group?: boolean } = {},
): string {
  const value = areaIn(squareFeet, unit);
  const decimals = Number.isInteger(value) ? 0 : 1;
  return numberFormat(decimals, group).format(value);
}

/**
 * A stored size with its unit: '1200 sq ft' (the SPEC's cards and facts), '92.9 m²';
 * `group` adds thousands separators ('1,200 sq ft', as sentences show it).
 */
export function formatArea(
  squareFeet: number,
  unit: AreaUnit = defaultAreaUnit,
  options: { group?: boolean } = {},
): string {
  return `${formatAreaNumber(squareFeet, unit, options)} ${areaUnitNames[unit].label}`;
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * The relative age of a listing (SPEC §4): seconds or minutes ago under 60 minutes, hours ago
 * under 24 hours, else the date as YYYY-MM-DD (UTC). An unreadable date answers ''.
 */
export function formatListingAge(createdAt: string, now: Date = new Date()): string {
  const created = new Date(createdAt);
  if (Number.isNaN(created.getTime())) return "";
  const elapsed = Math.max(0, now.getTime() - created.getTime());
  if (elapsed < minute) {
    const seconds = Math.floor(elapsed / 1000);
    return `${seconds} ${seconds === 1 ? "second" : "seconds"} ago`;
  }
  if (elapsed < hour) {
    const minutes = Math.floor(elapsed / minute);
    return `${minutes} ${minutes === 1 ? "minute" : "minutes"} ago`;
  }
  if (elapsed < day) {
    const hours = Math.floor(elapsed / hour);
    return `${hours} ${hours === 1 ? "hour" : "hours"} ago`;
  }
  return formatDate(createdAt);
}

/** A timestamp's calendar date as YYYY-MM-DD (UTC); '' when unreadable. */
export function formatDate(createdAt: string): string {
  const created = new Date(createdAt);
  return Number.isNaN(created.getTime()) ? "" : created.toISOString().slice(0, 10);
}
