/**
 * The back office's applicants (decision 103): what its pages show and the service they call
 * (implemented by server/applicants/service.ts, handed to the pages through the router context
 * key `adminApplicantsContext`). Any signed-in member of staff sees and changes every applicant
 * (issue 31: agents see all applicants). Plain types: the site and the server share them.
 */
import type {
  ApplicantDetailsErrors,
  ApplicantDetailsForm,
  ApplicantRequirements,
  ApplicantSource,
  ApplicantWants,
  ConsentSource,
  RequirementsErrors,
  RequirementsForm,
} from "./applicant-requirements.ts";

export interface ApplicantRecord {
  id: number;
  email: string;
  name: string;
  phone: string;
  consent: boolean;
  consentAt: string | null;
  consentSource: ConsentSource | null;
  consentNote: string;
  requirements: ApplicantRequirements;
  source: ApplicantSource;
  createdAt: string;
  updatedAt: string;
  lastActivityAt: string;
}

export interface ApplicantListRow {
  id: number;
  name: string;
  email: string;
  phone: string;
  consent: boolean;
  wants: ApplicantWants | null;
  budgetMin: number | null;
  budgetMax: number | null;
  minBeds: number | null;
  updatedAt: string;
}

/** A listing an applicant's requirements match. */
export interface MatchedListing {
  id: number;
  code: string;
  headline: string;
  price: number;
  offerType: string;
  rentPeriod: string;
  bedroom: number;
  city: string;
  coverImage: string;
  /** Offered to this applicant already at this price. */
  offered: boolean;
}

/** An applicant a listing matches. */
export interface MatchedApplicant {
  id: number;
  name: string;
  email: string;
  consent: boolean;
}

/** One event of an applicant's timeline. */
export type TimelineEntry =
  | { kind: "enquiry"; at: string; id: number; propertyCode: string | null; message: string }
  | { kind: "viewing"; at: string; propertyCode: string; startsAt: string; status: string }
  | { kind: "mail"; at: string; codes: string[]; sentBy: string; sent: boolean }
  | { kind: "note"; at: string; author: string; body: string }
  | { kind: "consent"; at: string; consent: boolean; source: string; note: string; by: string };

export interface ApplicantListQuery {
  search: string;
  consent: "" | "yes" | "no";
  wants: "" | ApplicantWants | "none";
  page: number;
}

export const applicantPageSize = 25;
export const matchPageSize = 20;

/** The list's query from a URL's parameters; anything unknown is left out. */
export function parseApplicantListQuery(params: URLSearchParams): ApplicantListQuery {
  const consent = params.get("consent");
  const wants = params.get("wants");
  const page = Number(params.get("page") ?? "1");
  return {
    search: (params.get("q") ?? "").trim().slice(0, 100),
    consent: consent === "yes" || consent === "no" ? consent : "",
    wants: wants === "buy" || wants === "rent" || wants === "none" ? wants : "",
    page: Number.isSafeInteger(page) && page > 0 && page <= 100_000 ? page : 1,
  };
}

/** The page's choices for the requirements: the site's categories and amenities. */
export interface RequirementChoices {
  categories: { id: number; title: string }[];
  amenities: { id: number; title: string }[];
}

export interface ApplicantPage {
  applicant: ApplicantRecord;
  timeline: TimelineEntry[];
  choices: RequirementChoices;
  matches: { rows: MatchedListing[]; page: number; hasNext: boolean };
}

/** A listing's matching applicants, for its back-office page. */
export interface ListingApplicants {
  listing: {
    code: string;
    headline: string;
    price: number;
    offerType: string;
    rentPeriod: string;
    published: boolean;
    onMarket: boolean;
  };
  /** Consenting, not yet offered the listing at its price: the one click's recipients. */
  toOffer: MatchedApplicant[];
  /** Whether the one click would mail more than those shown. */
  moreToOffer: boolean;
  /** Matching, but without consent or offered already (shown, not mailed). */
  others: MatchedApplicant[];
}

export type SendHomesResult =
  | { status: "queued"; count: number }
  | { status: "no-consent" | "nothing-chosen" | "missing" | "unknown-homes" };

export interface AdminApplicantsService<Session> {
  list(
    session: Session,
    query: ApplicantListQuery,
  ): Promise<{ rows: ApplicantListRow[]; total: number; pageSize: number }>;
  create(
    session: Session,
    form: ApplicantDetailsForm,
  ): Promise<{ id: number } | { errors: ApplicantDetailsErrors }>;
  /** Null when there is no such applicant. */
  find(session: Session, id: number, matchPage: number): Promise<ApplicantPage | null>;
  updateDetails(
    session: Session,
    id: number,
    form: ApplicantDetailsForm,
  ): Promise<"changed" | "missing" | { errors: ApplicantDetailsErrors }>;
  saveRequirements(
    session: Session,
    id: number,
    form: RequirementsForm,
  ): Promise<"changed" | "missing" | { errors: RequirementsErrors }>;
  /** Staff record consent given or withdrawn (by phone, in person), with a note. */
  setConsent(
    session: Session,
    id: number,
    change: { consent: boolean; note: string },
  ): Promise<"changed" | "missing" | { errors: { note?: string } }>;
  addNote(
    session: Session,
    id: number,
    text: string,
  ): Promise<"added" | "missing" | { errors: { note?: string } }>;
  /** "Send these homes": one mail of the chosen listings' codes. */
  sendHomes(session: Session, id: number, codes: readonly string[]): Promise<SendHomesResult>;
  /** Null when there is no such listing. */
  listingApplicants(session: Session, code: string): Promise<ListingApplicants | null>;
  /** Queues one mail each to the listing's consenting applicants not yet sent it at its price. */
  offerListing(session: Session, code: string): Promise<number | null>;
}

/** The back office's applicant pages. */
export const applicantPaths = {
  list: "/admin/applicants",
  new: "/admin/applicants/new",
} as const;

export function applicantPath(id: number): string {
  return `/admin/applicants/${id}`;
}

/** A listing's matching applicants, with its one-click offer. */
export function listingApplicantsPath(code: string): string {
  return `/admin/listings/${encodeURIComponent(code)}/applicants`;
}

/** What the data-request tool shows of an address's applicant record. */
export interface ApplicantDataFindings {
  name: string;
  email: string;
  phone: string;
  consent: boolean;
  consentAt: string | null;
  consentSource: string | null;
  requirements: ApplicantRequirements;
  notes: { at: string; author: string; body: string }[];
  consentChanges: { at: string; consent: boolean; source: string; note: string }[];
  mails: { at: string; codes: string[] }[];
  createdAt: string;
  lastActivityAt: string;
}
