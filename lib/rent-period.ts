/**
 * How often a rent is due (issue 27; decision 073): a rent's price is per week, month, quarter
 * or year, the periods a UK, US or Canadian letting agency quotes (Rightmove's BLM feed has
 * weekly, monthly, quarterly and annual). Stored per listing in `rent_period` (migration
 * 0029), default month; a sale price has no period. Plain values: the site and the server
 * both use them.
 */

export const rentPeriods = ["week", "month", "quarter", "year"] as const;
export type RentPeriod = (typeof rentPeriods)[number];

export const defaultRentPeriod: RentPeriod = "month";

/** What the editor's select and the import's messages call each period. */
export const rentPeriodLabels: Record<RentPeriod, string> = {
  week: "Weekly",
  month: "Monthly",
  quarter: "Quarterly",
  year: "Yearly",
};

/** The UN/CEFACT common code of each period: schema.org `unitCode` of the rent's price. */
export const rentPeriodUnitCodes: Record<RentPeriod, string> = {
  week: "WEE",
  month: "MON",
  quarter: "QAN",
  year: "ANN",
};

/** How many of each period make a year: a weekly rent × 52 ÷ 12 is its monthly figure. */
const periodsPerYear: Record<RentPeriod, number> = { week: 52, month: 12, quarter: 4, year: 1 };

/**
 * A rent of `price` per `period` as a monthly figure, for the affordability note only (its
 * 30 % rule is monthly); prices are shown and filtered as stored, never converted.
 */
export function monthlyRent(price: number, period: RentPeriod): number {
  return (price * periodsPerYear[period]) / 12;
}

/** Spellings an import or another backend may use, beside the values and labels. */
const aliases: Record<string, RentPeriod> = {
  weekly: "week",
  pw: "week",
  monthly: "month",
  pcm: "month",
  quarterly: "quarter",
  yearly: "year",
  annual: "year",
  annually: "year",
  pa: "year",
};

/**
 * Reads a period from its value ('week'), its label ('Weekly') or a usual spelling ('annual',
 * 'pcm'), any case; undefined when it is none of them.
 */
export function readRentPeriod(value: unknown): RentPeriod | undefined {
  if (typeof value !== "string") return undefined;
  const key = value.trim().toLowerCase();
  if ((rentPeriods as readonly string[]).includes(key)) return key as RentPeriod;
  return aliases[key];
}

/** Whether a listing is let rather than sold: its offer_type is 'For Rent' (any case). */
export function isRental(offerType: string): boolean {
  return offerType.trim().toLowerCase() === "for rent";
}

/**
 * The period a listing's price is for: its own for a rental (month when it has none or an
 * unknown one), none for a sale.
 */
export function priceRentPeriod(listing: {
  offer_type: string;
  rent_period?: RentPeriod | null | undefined;
}): RentPeriod | undefined {
  if (!isRental(listing.offer_type)) return undefined;
  return listing.rent_period ?? defaultRentPeriod;
}
