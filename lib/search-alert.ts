/**
 * Search alerts (decision 055): what the site and the API share. An alert is an e-mail address
 * and a /search's filters, kept as the §7 search parameters (lib/property-search.ts) in one
 * normalised order, so one search saved twice is one alert and the digest asks the very
 * question the list asks.
 */
import { availabilityLabels } from "./availability.ts";
import { formatWholeAmount } from "./format.ts";
import {
  boundingBoxParam,
  describeFieldFilters,
  type PropertyFilters,
  polygonParam,
  propertySearchErrors,
  propertySearchParams,
  readPropertySearch,
  writeFieldFilters,
} from "./property-search.ts";

export const alertMessages = {
  /** The same whether or not the address already has alerts: nothing is told about it. */
  saved:
    "Thank you. If this address can receive our e-mails, a message is on its way: open the link in it to confirm your alert.",
  email: "Please enter valid email address",
  tooLong: "Please use at most 254 characters",
  filters: "These filters cannot be saved as an alert.",
  honeypot: "Your alert could not be saved. Please reload the page and try again.",
  confirmed:
    "Your alert is confirmed. We will e-mail you new matching properties at most once a day.",
  badLink: "This link is not valid any more. The alert may have been deleted.",
  /** A manage link past its time (decision 066): each alert e-mail carries a fresh one. */
  linkExpired:
    "This link has expired. Every e-mail we send about your alerts carries a fresh link: use the one in the latest. To be sent one now, save a search with your address on the search page.",
  deleted: "The alert has been deleted.",
  deletedAll: "Every alert for this address has been deleted.",
  unsubscribed: "You are unsubscribed: this alert sends no more e-mails.",
  /** The form's arithmetic puzzle (decision 055's addendum), as the enquiry forms ask it. */
  puzzleAsked: "Answer the puzzle below to save your alert.",
  notSaved: "Your alert has not been saved. Please correct the form and send it again.",
  puzzleUsed: "This form has already been sent. Please answer the new puzzle and send it again.",
  puzzleInvalid:
    "The puzzle could not be verified. Please answer the new puzzle and send it again.",
  puzzleExpired: "The puzzle has expired. Please answer the new puzzle and send it again.",
  tooMany: (after: string) => `Too many requests from your address. Please try again in ${after}.`,
} as const;

/** At most this many alerts per address; more are silently not saved (same answer). */
export const maxAlertsPerAddress = 20;
/** At most this many listings in one digest (the newest); the mail links to the search. */
export const maxDigestListings = 20;

const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The address as stored and compared: trimmed and lower-cased; undefined when invalid. */
export function normaliseAlertEmail(value: string): string | undefined {
  const email = value.trim().toLowerCase();
  if (email.length > 254 || !emailPattern.test(email)) return undefined;
  return email;
}

/** The filters of a search, without its sort, page, limit or codes. */
export function alertFiltersOf(filters: PropertyFilters): PropertyFilters {
  const { codes: _codes, ...rest } = filters;
  const kept: PropertyFilters = {};
  for (const [name, value] of Object.entries(rest)) {
    if (value !== undefined && value !== "") (kept as Record<string, unknown>)[name] = value;
  }
  return kept;
}

/** The normalised query string of some filters (parameters sorted by name). */
export function alertQueryOf(filters: PropertyFilters): string {
  const params = propertySearchParams(alertFiltersOf(filters));
  params.sort();
  return params.toString();
}

/** A stored or posted query read back as filters; undefined when a number does not fit. */
export function readAlertQuery(query: string): PropertyFilters | undefined {
  if (query.length > 2000) return undefined;
  const params = new URLSearchParams(query);
  if (Object.keys(propertySearchErrors(params)).length > 0) return undefined;
  const { sort: _sort, page: _page, limit: _limit, ...filters } = readPropertySearch(params);
  return alertFiltersOf(filters);
}

/**
 * The filters in words, for the pages ("All properties" when none). `{ quoteText: false }` is
 * for mails: the text filters (keyword, status, type, location: whatever the visitor typed, a
 * web address included) are named, not quoted, so an alert cannot carry anyone's words or
 * links to an address it is not theirs (decision 055, addendum "No typed text in mails").
 */
export function describeAlertFilters(
  filters: PropertyFilters,
  { quoteText = true }: { quoteText?: boolean } = {},
): string {
  const parts: string[] = [];
  if (filters.keyword) parts.push(quoteText ? `“${filters.keyword}”` : "your search words");
  if (filters.status) parts.push(quoteText ? filters.status : "your chosen status");
  if (filters.type) parts.push(quoteText ? filters.type : "your chosen type");
  if (filters.types?.length) {
    parts.push(quoteText ? filters.types.join(" or ") : "your chosen category");
  }
  if (filters.location) parts.push(quoteText ? `in ${filters.location}` : "your chosen location");
  if (filters.availability) parts.push(availabilityLabels[filters.availability]);
  const range = (min: number | undefined, max: number | undefined, show: (n: number) => string) =>
    min !== undefined && max !== undefined
      ? `${show(min)} to ${show(max)}`
      : min !== undefined
        ? `from ${show(min)}`
        : max !== undefined
          ? `up to ${show(max)}`
          : undefined;
  const price = range(filters.minPrice, filters.maxPrice, (n) => formatWholeAmount(n));
  if (price) parts.push(price);
  const area = range(filters.minArea, filters.maxArea, (n) => `${n} sq ft`);
  if (area) parts.push(area);
  const counts: [number | undefined, string][] = [
    [filters.bedrooms, "bedroom"],
    [filters.bathrooms, "bathroom"],
    [filters.balcony, "balcony"],
    [filters.garage, "garage"],
  ];
  for (const [count, noun] of counts) {
    if (count !== undefined) parts.push(`${count}+ ${noun}${count === 1 ? "" : "s"}`);
  }
  // The property schema's filters (decision 085): chosen from fixed lists, never typed text.
  parts.push(...describeFieldFilters(filters.fields));
  // The map's limits (decisions 054, 075): an alert saved from them keeps and applies them.
  if (filters.polygon) parts.push("in an area drawn on the map");
  else if (filters.bbox) parts.push("in an area of the map");
  return parts.length === 0 ? "All properties" : parts.join(", ");
}

/** The /search page's URL parameters (decision 006's names) for some filters. */
export function searchPageQueryOf(filters: PropertyFilters): string {
  const params = new URLSearchParams();
  const names: [keyof PropertyFilters, string][] = [
    ["keyword", "email"],
    ["status", "status"],
    ["type", "type"],
    ["location", "location"],
    ["minArea", "min-area"],
    ["maxArea", "max-area"],
    ["minPrice", "min-price"],
    ["maxPrice", "max-price"],
    ["bedrooms", "bedrooms"],
    ["bathrooms", "bathrooms"],
    ["balcony", "balcony"],
    ["garage", "garage"],
    ["availability", "availability"],
  ];
  for (const [field, name] of names) {
    const value = filters[field];
    if (value !== undefined) params.set(name, String(value));
  }
  // The map's area too, so the link back lists the homes the alert matches.
  if (filters.bbox) params.set("bbox", boundingBoxParam(filters.bbox));
  if (filters.polygon) params.set("polygon", polygonParam(filters.polygon));
  writeFieldFilters(params, filters.fields, "site");
  return params.toString();
}

/** One alert as the manage page shows it: never its address's other secrets. */
export interface AlertSummary {
  id: number;
  description: string;
  /** The /search query string that lists what it matches. */
  searchQuery: string;
  confirmed: boolean;
  createdAt: string;
}

/** What the site asks of the alert API (`POST /api/alert/{action}`). */
export type AlertRequest =
  | { action: "subscribe"; email: string; query: string }
  | { action: "confirm"; token: string }
  | { action: "manage"; token: string }
  | { action: "delete"; token: string; id?: number }
  | { action: "unsubscribe"; token: string };

export const alertActions = ["subscribe", "confirm", "manage", "delete", "unsubscribe"] as const;

/** Its answer. `alerts`: the manage page's list (the address's alerts after the action). */
export interface AlertAnswer {
  status: number;
  message: string;
  errors?: Record<string, string>;
  alerts?: AlertSummary[];
  /** The address the manage token is for, shown only to the holder of that token. */
  email?: string;
}
