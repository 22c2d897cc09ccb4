/**
 * The back office's audit log (decision 050): what an event names, the owner's filters as the
 * GET form's query parameters carry them, and what a page looks like, shared by the admin
 * route, the server's service and the database queries.
 */
import { formatKeysetCursor, type KeysetCursor, readDateRangeAndPage } from "./admin-keyset.ts";

/** Every action the log records, with the name the page shows. */
export const auditActionNames = {
  "listing.create": "Listing created",
  "listing.save": "Listing saved",
  "listing.duplicate": "Listing duplicated",
  "listing.publish": "Listing published",
  "listing.unpublish": "Listing unpublished",
  "listing.archive": "Listing archived",
  "listing.restore": "Listing restored",
  "listing.delete": "Listing deleted",
  "listing.import": "Listing imported",
  "listing.photos-add": "Photos added",
  "listing.floor-plans-add": "Floor plans added",
  "listing.floor-plans-save": "Floor plans changed",
  "listing.photos-save": "Photos changed",
  "listing.report": "Vendor report downloaded",
  "enquiry.status": "Enquiry status changed",
  "enquiry.assign": "Enquiry assigned",
  "enquiry.note": "Enquiry noted",
  "enquiry.purge": "Old enquiries deleted",
  "data-request.export": "Data request exported",
  "data-request.erase": "Data request: enquiries deleted",
  "staff.invite": "Staff invited",
  "staff.add": "Staff added",
  "staff.link": "Set-password link made",
  "staff.set-password": "Password set",
  "staff.change-password": "Password changed",
  "staff.role": "Staff role changed",
  "staff.remove": "Staff access removed",
  "newsletter.delete": "Newsletter address deleted",
  "applicant.create": "Applicant added",
  "applicant.update": "Applicant changed",
  "applicant.requirements": "Applicant's requirements set",
  "applicant.consent": "Applicant's consent recorded",
  "applicant.note": "Applicant noted",
  "applicant.send": "Homes sent to an applicant",
  "listing.offer": "Listing offered to applicants",
  "session.sign-in": "Signed in",
  "session.sign-out": "Signed out",
  "session.sign-out-everywhere": "Signed out everywhere",
  "profile.set": "Company profile changed",
  "slider.add": "Slider added",
  "slider.replace": "Slider replaced",
  "slider.remove": "Slider removed",
  "slider.move": "Slider moved",
  "collection.set": "Collection set",
  "amenity.add": "Amenity added",
  "amenity.rename": "Amenity renamed",
  "amenity.remove": "Amenity removed",
  "category.add": "Category added",
  "category.rename": "Category renamed",
  "category.remove": "Category removed",
  "feed.token-add": "Feed token made",
  "feed.token-revoke": "Feed token revoked",
  "feed.pause": "Portal feed paused",
  "feed.resume": "Portal feed resumed",
  "viewing.confirm": "Viewing confirmed",
  "viewing.decline": "Viewing declined",
  "viewing.cancel": "Viewing cancelled",
  "viewing.move": "Viewing moved",
  "viewing.feedback": "Viewing feedback kept",
  "viewing.purge": "Old viewings deleted",
} as const;

export type AuditAction = keyof typeof auditActionNames;
export const auditActions = Object.keys(auditActionNames) as AuditAction[];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && Object.hasOwn(auditActionNames, value);
}

export type AuditSubjectType =
  | "listing"
  | "enquiry"
  | "data-request"
  | "staff"
  | "profile"
  | "slider"
  | "collection"
  | "amenity"
  | "category"
  /** A newsletter address (decision 078). */
  | "newsletter-subscriber"
  /** A consumer of the RESO feed (decision 094), by name. */
  | "feed-consumer"
  /** A portal feed (decision 100): rightmove, push or reso. */
  | "feed"
  /** A booked viewing (issue 31, decision 102). */
  | "viewing"
  /** A member of staff's viewing hours, days off or calendar feed, or the office's (decision 101). */
  | "viewing-hours"
  /** An applicant (decision 103), by id. */
  | "applicant";

/** The actor of a write made by a command on the server (`npm run content`, `npm run users`). */
export const cliActor = "cli";
/** The actor of the automatic retention purge (ENQUIRY_RETENTION_DAYS). */
export const retentionActor = "retention";

/** Rows a page of the log shows. */
export const auditPageSize = 50;
const maxTextLength = 200;

export type AuditCursor = KeysetCursor;

export interface AuditFilters {
  /** An actor's e-mail address (or `cli`); empty: anyone. */
  actor: string;
  action?: AuditAction;
  /** A subject's id or code, such as a listing's code; empty: any. */
  subject: string;
  /** `YYYY-MM-DD` (UTC), inclusive; empty: no bound. */
  from: string;
  to: string;
}

export interface AuditQuery extends AuditFilters {
  after?: AuditCursor;
  before?: AuditCursor;
}

export type AuditFilterErrors = Partial<Record<"from" | "to", string>>;

/** A field's value before and after a change; null: empty or absent. */
export type AuditChange = { before: unknown; after: unknown };

export interface AuditEventRow {
  id: number;
  /** ISO 8601. */
  at: string;
  actorId: number | null;
  actorEmail: string;
  action: string;
  subjectType: string;
  subjectId: string | null;
  detail: Record<string, unknown>;
  /** The IP the change came from (decision 067); null for the commands and older events. */
  clientAddress: string | null;
}

export interface AuditPage {
  rows: AuditEventRow[];
  next: string | null;
  previous: string | null;
}

export const formatAuditCursor = formatKeysetCursor;

function clean(value: string | null): string {
  return (value ?? "").trim().slice(0, maxTextLength);
}

/** The log's query from a URL's parameters; anything unknown or malformed is left out. */
export function parseAuditQuery(params: URLSearchParams): {
  query: AuditQuery;
  errors: AuditFilterErrors;
} {
  const errors: AuditFilterErrors = {};
  const action = params.get("action");
  const query: AuditQuery = {
    actor: clean(params.get("actor")).toLowerCase(),
    ...(isAuditAction(action) ? { action } : {}),
    subject: clean(params.get("subject")),
    from: clean(params.get("from")),
    to: clean(params.get("to")),
  };
  readDateRangeAndPage(params, query, errors);
  return { query, errors };
}

/** The URL parameters of the filters (empty ones left out), for the paging links. */
export function auditParams(
  filters: AuditFilters,
  page?: { after?: string; before?: string },
): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.actor) params.set("actor", filters.actor);
  if (filters.action) params.set("action", filters.action);
  if (filters.subject) params.set("subject", filters.subject);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (page?.after) params.set("after", page.after);
  if (page?.before) params.set("before", page.before);
  return params;
}
