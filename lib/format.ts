/** Money and date formatting of SPEC §4 and §9, shared by every screen. */

const priceFormat = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '$' prefix, thousands separators and two decimals: 2450000 → '$2,450,000.00'. */
export function formatPrice(price: number): string {
  return `$${priceFormat.format(Number.isFinite(price) ? price : 0)}`;
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
