/**
 * A listing's price history (decision 076) as the property page tells it: when it was listed
 * and at what price, then each change, named Reduced, Increased or Changed (a rent's period
 * changed, so the two prices are not comparable). Plain values: the API sends the events
 * (`price_history`, `GET /property/show/one/{code}` only) and the page reads them.
 */
import { isRental, type RentPeriod, readRentPeriod } from "./rent-period.ts";

/** One recorded price: the first (`old_price` null) or a change. */
export interface PriceEvent {
  /** ISO 8601. */
  changed_at: string;
  old_price: number | null;
  new_price: number;
  /** The rent's period after the change; null for a sale. */
  rent_period: RentPeriod | null;
}

export type PriceEventKind = "Listed" | "Reduced" | "Increased" | "Changed";

/** A row of the page's "Price history" table. */
export interface PriceHistoryRow {
  /** ISO 8601. */
  date: string;
  event: PriceEventKind;
  price: number;
  rent_period: RentPeriod | null;
}

export interface PriceHistorySummary {
  /** When the listing was listed: its `created_at` (the date its cards show, SPEC §4). */
  listedAt: string;
  /** When its latest change lowered its price; undefined when the latest was no reduction. */
  reducedAt?: string;
  /** Oldest first: Listed, then each change. */
  rows: PriceHistoryRow[];
}

function finiteNumber(value: unknown): number | undefined {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : undefined;
}

/**
 * Reads `price_history` leniently, as the site's client reads every extra: events that are not
 * an object with a readable date and new price are dropped; anything but a list reads as none.
 */
export function readPriceHistory(value: unknown): PriceEvent[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): PriceEvent[] => {
    if (typeof item !== "object" || item === null) return [];
    const record = item as Record<string, unknown>;
    const changedAt = typeof record.changed_at === "string" ? record.changed_at : "";
    const newPrice = finiteNumber(record.new_price);
    if (Number.isNaN(new Date(changedAt).getTime()) || newPrice === undefined) return [];
    return [
      {
        changed_at: changedAt,
        old_price: finiteNumber(record.old_price) ?? null,
        new_price: newPrice,
        rent_period: readRentPeriod(record.rent_period) ?? null,
      },
    ];
  });
}

/** What a change was: a comparable price went down or up, or a rent's period changed. */
export function priceEventKind(
  previous: { price: number; rent_period: RentPeriod | null },
  next: { price: number; rent_period: RentPeriod | null },
): PriceEventKind {
  if (previous.rent_period !== next.rent_period) return "Changed";
  if (next.price < previous.price) return "Reduced";
  if (next.price > previous.price) return "Increased";
  return "Changed";
}

/**
 * The page's story of a listing's price: listed on its `created_at` at its first recorded
 * price, then each later change in order. A rental's missing period reads as a month; a sale
 * has none. Undefined when nothing was recorded (another backend, or a listing it cannot read).
 */
export function summarisePriceHistory(listing: {
  created_at: string;
  offer_type: string;
  price_history?: readonly PriceEvent[] | undefined;
}): PriceHistorySummary | undefined {
  const events = [...(listing.price_history ?? [])].sort(
    (a, b) => new Date(a.changed_at).getTime() - new Date(b.changed_at).getTime(),
  );
  const first = events[0];
  if (first === undefined) return undefined;
  const rental = isRental(listing.offer_type);
  const periodOf = (event: PriceEvent): RentPeriod | null =>
    rental ? (event.rent_period ?? "month") : null;
  const listedAt = Number.isNaN(new Date(listing.created_at).getTime())
    ? first.changed_at
    : listing.created_at;
  const rows: PriceHistoryRow[] = [
    { date: listedAt, event: "Listed", price: first.new_price, rent_period: periodOf(first) },
  ];
  for (const event of events.slice(1)) {
    const previous = rows[rows.length - 1] as PriceHistoryRow;
    const next = { price: event.new_price, rent_period: periodOf(event) };
    rows.push({ date: event.changed_at, event: priceEventKind(previous, next), ...next });
  }
  const latest = rows[rows.length - 1] as PriceHistoryRow;
  return {
    listedAt,
    ...(latest.event === "Reduced" ? { reducedAt: latest.date } : {}),
    rows,
  };
}
