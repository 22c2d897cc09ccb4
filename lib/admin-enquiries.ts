/**
 * The back office's enquiries inbox (decision 045): its statuses, its filters as the GET form's
 * query parameters carry them, and what a page, an enquiry and a data request look like,
 * shared by the admin routes, the server's service and the database queries.
 */

import { formatKeysetCursor, type KeysetCursor, readDateRangeAndPage } from "./admin-keyset.ts";
import type { DataRequestViewing } from "./admin-viewings.ts";
import type { ApplicantDataFindings } from "./applicant-admin.ts";

export const enquiryStatuses = ["new", "in_progress", "closed"] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

export const enquiryStatusNames: Record<EnquiryStatus, string> = {
  new: "New",
  in_progress: "In progress",
  closed: "Closed",
};

export function isEnquiryStatus(value: unknown): value is EnquiryStatus {
  return enquiryStatuses.includes(value as EnquiryStatus);
}

/** Rows a page of the inbox shows. */
export const adminEnquiryPageSize = 25;
/** Longest text filter and listing code read (longer is cut). */
const maxTextLength = 100;
/** Longest note kept. */
export const maxNoteLength = 5000;

/** A position in the inbox's order: a row's creation time (as stored) and id. */
export type AdminEnquiryCursor = KeysetCursor;

export interface AdminEnquiryFilters {
  /** Undefined: every status. */
  status?: EnquiryStatus;
  /** A listing's code; empty: any (and general messages). */
  listing: string;
  /** `YYYY-MM-DD` (UTC), inclusive; empty: no bound. */
  from: string;
  to: string;
  /** Words looked for in the name, e-mail address and message; empty: every enquiry. */
  text: string;
}

export interface AdminEnquiryQuery extends AdminEnquiryFilters {
  after?: AdminEnquiryCursor;
  before?: AdminEnquiryCursor;
}

/** A filter the form was given but could not use, by field. */
export type AdminEnquiryFilterErrors = Partial<Record<"from" | "to", string>>;

export interface AdminEnquiryRow {
  id: number;
  /** ISO 8601. */
  createdAt: string;
  fullname: string;
  email: string;
  /** The listing's code or slug as sent; null for a general message. */
  propertyCode: string | null;
  /** The contact form's subject (how_you_hear). */
  subject: string;
  status: EnquiryStatus;
  assignee: string | null;
}

export interface AdminEnquiryPage {
  rows: AdminEnquiryRow[];
  /** Cursors of the next and previous pages (`key~id`); null when there is none. */
  next: string | null;
  previous: string | null;
}

export interface AdminEnquiryNote {
  id: number;
  author: string;
  body: string;
  /** ISO 8601. */
  createdAt: string;
}

export interface AdminEnquiryListing {
  code: string;
  slug: string;
  headline: string;
  /** Only a published listing has a public page. */
  published: boolean;
}

export interface AdminEnquiryDelivery {
  status: "pending" | "sent";
  /** Attempts begun, the one in progress included (an attempt is recorded before its send). */
  attempts: number;
  /** An attempt has begun and its outcome is not recorded yet: being sent now, or cut short. */
  attemptInProgress: boolean;
  lastError: string | null;
  /** ISO 8601 once sent. */
  sentAt: string | null;
}

/** One enquiry as its page shows it: every field and what the inbox adds. */
export interface AdminEnquiry extends AdminEnquiryRow {
  telephone: string;
  message: string;
  ip: string;
  /** The puzzle as it was answered: `num1 + num2 = answer` and the visitor's own answer. */
  puzzle: { num1: string; num2: string; answer: string; given: string };
  assigneeId: number | null;
  /** ISO 8601; null before the first change in the inbox. */
  updatedAt: string | null;
  listing: AdminEnquiryListing | null;
  delivery: AdminEnquiryDelivery | null;
  notes: AdminEnquiryNote[];
}

export type AdminEnquiryChange =
  | { kind: "status"; status: EnquiryStatus }
  | { kind: "assign"; assigneeId: number | null }
  | { kind: "note"; body: string };

/** Everything held for one e-mail address (the data-protection tool). */
export interface DataRequestFindings {
  email: string;
  enquiries: AdminEnquiry[];
  /** A back-office account with this address, if any (not deleted by the tool). */
  staffAccount: { email: string; role: string; createdAt: string } | null;
  /** Notes written by that account on any enquiry. */
  notesWritten: number;
  /** The address's search alerts (decision 055): deleted with its enquiries. */
  searchAlerts: { description: string; confirmed: boolean; createdAt: string }[];
  /** The address's newsletter subscription (decision 078): deleted with its enquiries. */
  newsletter?: { status: string; createdAt: string; confirmedAt: string | null } | null;
  /** The viewings booked with the address (issue 31): deleted with its enquiries. */
  viewings?: DataRequestViewing[];
  /** The address's applicant record (decision 103): deleted with its enquiries. */
  applicant?: ApplicantDataFindings | null;
}

export const formatAdminEnquiryCursor = formatKeysetCursor;

function clean(value: string | null): string {
  return (value ?? "").trim().replace(/\s+/g, " ").slice(0, maxTextLength);
}

/** The inbox's query from a URL's parameters; anything unknown or malformed is left out. */
export function parseAdminEnquiryQuery(params: URLSearchParams): {
  query: AdminEnquiryQuery;
  errors: AdminEnquiryFilterErrors;
} {
  const errors: AdminEnquiryFilterErrors = {};
  const status = params.get("status");
  const query: AdminEnquiryQuery = {
    ...(isEnquiryStatus(status) ? { status } : {}),
    listing: clean(params.get("listing")),
    from: clean(params.get("from")),
    to: clean(params.get("to")),
    text: clean(params.get("q")),
  };
  readDateRangeAndPage(params, query, errors);
  return { query, errors };
}

/** The URL parameters of the filters (empty ones left out), for links and the export. */
export function adminEnquiryParams(
  filters: AdminEnquiryFilters,
  page?: { after?: string; before?: string },
): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.listing) params.set("listing", filters.listing);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.text) params.set("q", filters.text);
  if (page?.after) params.set("after", page.after);
  if (page?.before) params.set("before", page.before);
  return params;
}

/** The first instant after a `YYYY-MM-DD` day ends (UTC), as ISO 8601. */
export function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/**
 * What became of an enquiry's e-mail to the company, in words: `mailing` says whether this
 * site e-mails enquiries at all (a mail server is set up), and the last error of a failed try.
 */
export function describeDelivery(
  delivery: AdminEnquiryDelivery | null,
  mailing: boolean,
): { text: string; lastError?: string } {
  if (delivery?.status === "sent") {
    return {
      text: `E-mailed to the company ${delivery.sentAt ? formatDateTime(delivery.sentAt) : ""}`.trim(),
    };
  }
  if (!mailing) {
    return { text: "Not e-mailed: the site has no mail server set up, so it is kept here only" };
  }
  if (!delivery) return { text: "Not queued for e-mail" };
  // Each attempt is recorded before its send (decision 092): one in progress has not failed.
  const failed = delivery.attempts - (delivery.attemptInProgress ? 1 : 0);
  const failures = `${failed} failed ${failed === 1 ? "attempt" : "attempts"}`;
  if (delivery.attemptInProgress) {
    return { text: failed === 0 ? "Being e-mailed now" : `Being e-mailed now, after ${failures}` };
  }
  if (failed === 0) return { text: "Waiting to be e-mailed" };
  return {
    text: `Not e-mailed yet: ${failures}, will retry`,
    ...(delivery.lastError ? { lastError: `Last error: ${delivery.lastError}` } : {}),
  };
}

/** A timestamp as `YYYY-MM-DD HH:MM UTC`; '' when unreadable. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
