/**
 * What the server hands the site for each request, through React Router's context
 * (dependencies are injected, not imported as globals). This module is imported through the
 * `#app-context` package import by both the Fastify server and the site, so both sides share
 * one context token (see @mcansh/react-router-fastify, "Shared Context").
 */
import { createContext } from "react-router";
import type { AuditPage, AuditQuery } from "../lib/admin-audit.ts";
import type {
  AdminCollection,
  AdminProfile,
  AdminSlider,
  AdminTerm,
  CategoryMove,
  ContentSave,
  ProfileFormValues,
  SliderFormValues,
  TermFormValues,
} from "../lib/admin-content.ts";
import type {
  AdminEnquiry,
  AdminEnquiryChange,
  AdminEnquiryFilters,
  AdminEnquiryPage,
  AdminEnquiryQuery,
  DataRequestFindings,
} from "../lib/admin-enquiries.ts";
import type {
  EditableListing,
  ListingChoice,
  ListingField,
  ListingFormOptions,
  ListingFormValues,
  ListingMergeReport,
  ListingSave,
} from "../lib/admin-listing-form.ts";
import type { MergeChoice } from "../lib/admin-listing-merge.ts";
import type {
  ListingFileFormat,
  ListingImportApply,
  ListingImportCheck,
  ListingImportUpload,
} from "../lib/admin-listing-transfer.ts";
import type {
  AdminListingAction,
  AdminListingPage,
  AdminListingQuery,
  AdminListingRow,
  ListingPreview,
} from "../lib/admin-listings.ts";
import type {
  FloorPlanArrangement,
  ListingPhotos,
  PhotoArrangement,
  PhotoSave,
  PhotoUploadAnswer,
} from "../lib/admin-photos.ts";
import type {
  AdminViewing,
  ViewingChange,
  ViewingChangeOutcome,
  ViewingDiary,
  ViewingDiaryQuery,
} from "../lib/admin-viewings.ts";
import type { AdminApplicantsService } from "../lib/applicant-admin.ts";
import type { CollectionName } from "../lib/collection-names.ts";
import type { FeedConsumerView } from "../lib/feed-consumers.ts";
import type { AreaUnit, CurrencyFormat } from "../lib/format.ts";
import type { FigureCounts, WeekFigures } from "../lib/listing-figures.ts";
import type { GeocodeAnswer, LocationCheckAnswer, Position } from "../lib/listing-location.ts";
import type { PhotoMergeInput, PhotoMergeReport } from "../lib/photo-merge.ts";
import type { StaffRole } from "../lib/staff-rules.ts";
import type {
  ViewingBookingOutcome,
  ViewingRequestValues,
  ViewingSlotsView,
} from "../lib/viewing-booking.ts";
import type { ApiClient } from "./api/client.server.ts";

export interface SiteConfig {
  /** Base URL the browser loads images from, such as /images. */
  imageBaseUrl: string;
  /**
   * The site's public address without a trailing slash (SITE_URL), such as
   * https://homes.example.com: canonical links, the sitemap and social cards are built on it.
   */
  siteUrl: string;
  /** Whether the image host serves WebP derivatives, so images carry a `srcset`. */
  imageDerivatives: boolean;
  /** Origin of the separate investors site (Login, Register, plan sign-up). */
  investorsUrl: string;
  /** Secret that signs the enquiry puzzle tokens. Server-side only. */
  puzzleSecret: string;
  /** How prices are shown (CURRENCY). */
  currency: CurrencyFormat;
  /** The unit areas are shown in until a visitor picks the other (AREA_UNIT). */
  areaUnit: AreaUnit;
  /** The maps' tile URL template (MAP_TILE_URL); undefined: markers on a plain background. */
  mapTileUrl?: string | undefined;
  /** The tiles' attribution text (MAP_TILE_ATTRIBUTION). */
  mapTileAttribution?: string;
  /** Days an under-offer, sold or let listing stays in the sitemap (SOLD_LISTING_SITEMAP_DAYS). */
  soldListingSitemapDays: number;
}

/**
 * The enquiry form's puzzle endpoint: each GET answers a fresh puzzle and a spare with their
 * signed tokens (JSON, `Cache-Control: no-store`). Pages carry no puzzle, so every public page
 * is the same for every visitor (decision 031); the page cache never answers this path.
 */
export const enquiryPuzzlePath = "/enquiry/puzzle";

/**
 * Where an enquiry form's script posts (decision 043): the route action's submission, answered
 * as JSON. Without JavaScript the form posts to its page instead, as always.
 */
export const enquirySendPath = (form: "contact" | "property") => `/enquiry/send/${form}`;

/**
 * Remembers which single-use tokens (the enquiry puzzle's) were spent. The server provides
 * it: in memory for one process, shared (Redis) when several app servers run.
 */
export interface SingleUseStore {
  /** Records `id` as used until `expiresAt` (ms since epoch); false if it was used already. */
  use(id: string, expiresAt: number): Promise<boolean>;
  /**
   * Forgets `id` again: its request was refused by the API's rate limit, so the store keeps
   * only the tokens of requests that passed it, and a flood of refused posts leaves nothing.
   */
  release(id: string): Promise<void>;
}

/** A member of staff as the back office shows them. */
export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
  /** False until they have used their set-password link. */
  hasPassword: boolean;
  /** ISO 8601. */
  createdAt: string;
}

/** A signed-in browser's session: who, and the token each of its forms carries. */
export interface StaffSession {
  user: StaffMember;
  csrfToken: string;
}

/** `Set-Cookie` header values a route adds to its response. */
export interface StaffCookies {
  setCookie: string[];
}

export type StaffSignIn =
  | ({ ok: true } & StaffCookies)
  | { ok: false; reason: "invalid" | "throttled" | "busy"; message: string };

/** Setting a password through a one-time link (decisions 036, 067). */
export type StaffPasswordSet =
  | { ok: true }
  | {
      ok: false;
      /**
       * spent: the link is unknown, used or expired; weak: the password is too easy to guess
       * (the message says why); busy: the server had too many passwords to hash, try again.
       */
      reason: "spent" | "weak" | "throttled" | "busy";
      message: string;
    };

export type StaffInvite =
  | { ok: true; link: string; emailed: boolean }
  | { ok: false; message: string };

/** A new set-password link an owner made for an account (decision 063). */
export type StaffLinkIssue =
  | { ok: true; email: string; link: string; emailed: boolean }
  | { ok: false; message: string };

/** What an owner's change of an account's role or access came to (decision 063). */
export type StaffAccountChange =
  | {
      ok: true;
      /** The account as it was before the change. */
      member: StaffMember;
      /** False when it already had that role. */
      changed: boolean;
      /** Removal: how many enquiries assigned to them are unassigned now. */
      unassigned: number;
    }
  | { ok: false; reason: "missing" | "last-owner"; message: string };

export type StaffPasswordChange =
  | { ok: true }
  | { ok: false; reason: "wrong" | "throttled" | "invalid" | "weak" | "busy"; message: string };

/**
 * The back office's accounts (decision 036), implemented by the server (server/staff/): the
 * admin routes reach them only through this interface. Cookies stay the server's business: a
 * method that sets one answers its `Set-Cookie` values for the route to send.
 */
export interface StaffService {
  /** The request's signed-in session; null when there is none (or it expired). */
  session(request: Request): Promise<StaffSession | null>;
  /**
   * The token the request's forms carry (decision 037): the session's, or for a signed-out
   * browser one bound to a cookie this answers with.
   */
  formToken(request: Request): Promise<{ token: string } & StaffCookies>;
  /** Whether a posted form token is the request's valid one. */
  checkFormToken(request: Request, token: unknown): Promise<boolean>;
  /** Signs in (throttled per account and per IP); a new session id every time. */
  signIn(
    request: Request,
    clientIp: string,
    credentials: { email: string; password: string },
  ): Promise<StaffSignIn>;
  /** Ends this session, or with `everywhere` every session of its user. */
  signOut(request: Request, options: { everywhere: boolean }): Promise<StaffCookies>;
  /** The e-mail address a set-password link is for; null when it is unknown, used or expired. */
  findSetPasswordLink(token: string): Promise<{ email: string } | null>;
  /**
   * Spends the link and sets the password. Throttled per IP, and the link is checked before
   * the password is hashed: an unknown link costs no hash.
   */
  setPassword(token: string, clientIp: string, password: string): Promise<StaffPasswordSet>;
  /** Owners only: every member of staff. */
  listStaff(session: StaffSession): Promise<StaffMember[]>;
  /** Owners only: adds a member of staff and makes their one-time set-password link. */
  invite(
    session: StaffSession,
    invitation: { email: string; role: StaffRole },
  ): Promise<StaffInvite>;
  /**
   * Owners only: a fresh one-time set-password link for an account, as `npm run users -- link`
   * makes (its earlier links stop working; its password stays until the link is used),
   * e-mailed to them too when a mail server is configured.
   */
  issueLink(session: StaffSession, userId: number): Promise<StaffLinkIssue>;
  /** Owners only: makes an account an owner or an agent; never the last owner who can sign in. */
  changeRole(session: StaffSession, userId: number, role: StaffRole): Promise<StaffAccountChange>;
  /**
   * Owners only: removes an account, ending its sessions and links at once; never the last
   * owner who can sign in.
   */
  remove(session: StaffSession, userId: number): Promise<StaffAccountChange>;
  /**
   * The signed-in member of staff changes their own password, proving the current one
   * (throttled like a sign-in); every other session of theirs ends, this one stays.
   */
  changePassword(
    request: Request,
    clientIp: string,
    passwords: { current: string; password: string },
  ): Promise<StaffPasswordChange>;
}

/** The back office's accounts and sessions (decision 036). Set for back-office requests only (server/plugins/site.ts). */
export const staffContext = createContext<StaffService>();

/**
 * The back office's listings (decision 041), for any signed-in member of staff (the session is
 * the proof), implemented by the server (server/staff/listings.ts). Every change is announced
 * on the content-change path, so the public site shows it at once.
 */
export interface AdminListingsService {
  list(session: StaffSession, query: AdminListingQuery): Promise<AdminListingPage>;
  /** One listing by code, published or not; null when there is none. */
  find(session: StaffSession, code: string): Promise<AdminListingRow | null>;
  change(
    session: StaffSession,
    code: string,
    action: AdminListingAction,
  ): Promise<"changed" | "unchanged" | "missing">;
  /**
   * One listing as its public page would show it, published or not (decision 070); null when
   * there is none.
   */
  preview(session: StaffSession, code: string): Promise<ListingPreview | null>;
  /** The editor (decision 044): one listing as its form shows it; null when there is none. */
  open(session: StaffSession, code: string): Promise<EditableListing | null>;
  /** The form's choices: every category and amenity. */
  formOptions(session: StaffSession): Promise<ListingFormOptions>;
  /** The code a new listing's form proposes: the next free one of the newest's series. */
  proposedCode(session: StaffSession): Promise<string>;
  /** The editor's live check of a position against its city's listings (decision 069). */
  checkLocation(
    session: StaffSession,
    place: { code: string | undefined; city: string; country: string; position: Position | null },
  ): Promise<LocationCheckAnswer>;
  /** Whether GEOCODER_URL is set, so the editor offers "Find on map". */
  canGeocode(session: StaffSession): boolean;
  /** The position of an address, asked of GEOCODER_URL by the server. */
  geocode(session: StaffSession, address: string): Promise<GeocodeAnswer>;
  /** Adds a listing from the form's values. */
  create(session: StaffSession, values: ListingFormValues): Promise<ListingSave>;
  /**
   * Saves the form opened at `revision` over listing `code`; when colleagues saved since, merged
   * with their changes by `merge.base` (what the form was opened with) and `merge.choices`
   * (decision 044's addendum).
   */
  save(
    session: StaffSession,
    code: string,
    revision: number,
    values: ListingFormValues,
    merge?: { base: string | null; choices: Partial<Record<ListingField, MergeChoice>> },
  ): Promise<ListingSave>;
  /** What this person's newest save of `code` merged from colleagues; null when nothing. */
  lastMerge(session: StaffSession, code: string): Promise<ListingMergeReport | null>;
  /** A new unpublished draft copied from `code`: its code; null when there is no such listing. */
  duplicate(session: StaffSession, code: string): Promise<string | null>;
  /** Listings whose code or headline holds every word (the related properties' picker). */
  search(session: StaffSession, text: string): Promise<ListingChoice[]>;
  /** The listings with these codes, in order; unknown codes left out. */
  choices(session: StaffSession, codes: readonly string[]): Promise<ListingChoice[]>;
}

/** The back office's listings (decisions 041 and 044). Set for back-office requests only (server/plugins/site.ts). */
export const adminListingsContext = createContext<AdminListingsService>();

/**
 * Importing and exporting listings in the back office (decision 096), by the rules and code of
 * `npm run content` (server/staff/listing-transfer.ts). Importing is for owners only (those
 * methods throw for an agent); any member of staff may download the listings.
 */
export interface AdminListingTransferService {
  /**
   * Owners only: reads an uploaded file and checks every row without saving (a dry run); the
   * parsed rows are kept under the answered token, for `apply`, for a short while.
   */
  check(
    session: StaffSession,
    file: { name: string; bytes: Uint8Array } | null,
  ): Promise<ListingImportCheck>;
  /** Owners only: this member's upload by its token; null when unknown or past its time. */
  open(session: StaffSession, token: string): Promise<ListingImportUpload | null>;
  /**
   * Owners only: imports the checked upload's rows (once, whichever app server is asked),
   * recording each listing's audit event and telling every server content changed.
   */
  apply(session: StaffSession, token: string): Promise<ListingImportApply>;
  /** Every listing as `npm run content -- export` writes it, read a page at a time. */
  exportListings(session: StaffSession, format: ListingFileFormat): ReadableStream<Uint8Array>;
}

/** Listing import and export (decision 096). Set for back-office requests only (server/plugins/site.ts). */
export const adminListingTransferContext = createContext<AdminListingTransferService>();

/**
 * The back office's enquiries inbox (decision 045), for any signed-in member of staff; the
 * data-protection methods for owners only (they throw for an agent). Implemented by the server
 * (server/staff/enquiries.ts).
 */
export interface AdminEnquiriesService {
  /** Whether enquiries are e-mailed to the company (a mail server is set up). */
  readonly mailing: boolean;
  list(session: StaffSession, query: AdminEnquiryQuery): Promise<AdminEnquiryPage>;
  /** One enquiry with every field, its listing, delivery and notes; null when there is none. */
  find(session: StaffSession, id: number): Promise<AdminEnquiry | null>;
  /** Who an enquiry may be assigned to. */
  assignees(session: StaffSession): Promise<{ id: number; email: string }[]>;
  change(
    session: StaffSession,
    id: number,
    change: AdminEnquiryChange,
  ): Promise<"changed" | "unchanged" | "missing" | "unknown-assignee">;
  /** Every enquiry the filters match, as the CLI's CSV export (formula-safe cells). */
  exportCsv(session: StaffSession, filters: AdminEnquiryFilters): Promise<string>;
  /** Owners only: everything held for an e-mail address. */
  findData(session: StaffSession, email: string): Promise<DataRequestFindings>;
  /** Owners only: the same as a JSON document. */
  exportData(session: StaffSession, email: string): Promise<string>;
  /** Owners only: deletes every enquiry of the address; answers how many. */
  eraseData(session: StaffSession, email: string): Promise<number>;
}

/** The back office's enquiries inbox (decision 045). Set for back-office requests only (server/plugins/site.ts). */
export const adminEnquiriesContext = createContext<AdminEnquiriesService>();

/**
 * The back office's viewings diary (issue 31, decision 102), for any signed-in member of staff:
 * an agent reaches their own viewings only, owners every one. Implemented by the server
 * (server/staff/viewings.ts).
 */
export interface AdminViewingsService {
  /** The office's time zone (IANA): the diary's days and the move form's times are its. */
  readonly timeZone: string;
  /** A day's or a week's viewings of one member of staff (or, for owners, everyone's). */
  diary(session: StaffSession, query: ViewingDiaryQuery): Promise<ViewingDiary>;
  /** One viewing; null when there is none or it is not the viewer's to see. */
  find(session: StaffSession, id: number): Promise<AdminViewing | null>;
  /** Who a viewing may be given to (owners; an agent gets none). */
  staff(session: StaffSession): Promise<{ id: number; email: string }[]>;
  /**
   * Changes a viewing at the revision `sequence` the page was drawn at: a page drawn before
   * someone else's change is refused (`stale`); a move to a booked slot too (`taken`).
   */
  change(
    session: StaffSession,
    id: number,
    sequence: number,
    change: ViewingChange,
  ): Promise<ViewingChangeOutcome>;
}

/** The back office's viewings diary. Set for back-office requests only (server/plugins/site.ts). */
export const adminViewingsContext = createContext<AdminViewingsService>();

/** One newsletter address as the back office lists it (decision 078). */
export interface AdminSubscriber {
  id: number;
  email: string;
  status: "pending" | "confirmed" | "unsubscribed";
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

/**
 * The back office's newsletter page (decision 078), for any signed-in member of staff:
 * the addresses, paged, newest first; their CSV export; deleting one (audit-logged).
 * Implemented by the server (server/staff/newsletter.ts).
 */
export interface AdminNewsletterService {
  list(
    session: StaffSession,
    page: number,
  ): Promise<{ rows: AdminSubscriber[]; total: number; page: number; pageSize: number }>;
  /** Every address, formula-safe cells (lib/csv.ts). */
  exportCsv(session: StaffSession): Promise<string>;
  /** Deletes one address with its queued mails; false when there was none. */
  remove(session: StaffSession, id: number): Promise<boolean>;
}

/** The back office's newsletter addresses (decision 078). Set for back-office requests only (server/plugins/site.ts). */
export const adminNewsletterContext = createContext<AdminNewsletterService>();

/**
 * The back office's photo manager (decision 056), for any signed-in member of staff,
 * implemented by the server (server/photos/service.ts). Every change raises the listing's
 * revision, is in the audit log and reaches the public site at once.
 */
export interface AdminPhotosService {
  /** A listing's photos in order with their alt text and cover; null when there is none. */
  open(session: StaffSession, code: string): Promise<ListingPhotos | null>;
  /** Checks and stores the files, then adds those accepted after the listing's photos. */
  upload(
    session: StaffSession,
    code: string,
    files: readonly { name: string; bytes: Buffer }[],
  ): Promise<PhotoUploadAnswer>;
  /**
   * Checks and stores floor-plan files (images or PDFs), then adds those accepted after the
   * listing's plans, labelled `label` (numbered after the first) or "Floor plan n".
   */
  uploadFloorPlans(
    session: StaffSession,
    code: string,
    files: readonly { name: string; bytes: Buffer }[],
    label: string,
  ): Promise<PhotoUploadAnswer>;
  /**
   * Saves order, cover, alt text and removals. Without `merge`, only if the listing is still at
   * `revision`; with the page's base (decision 056's addendum), merged photo by photo with what
   * colleagues saved since, refused as a conflict where both changed one photo's alt text and
   * no choice says whose to keep.
   */
  save(
    session: StaffSession,
    code: string,
    revision: number,
    arrangement: PhotoArrangement,
    merge?: PhotoMergeInput,
  ): Promise<PhotoSave>;
  /** What this person's newest save of `code`'s photos merged from colleagues; null: nothing. */
  lastMerge(session: StaffSession, code: string): Promise<PhotoMergeReport | null>;
  /**
   * Saves the floor plans' order, labels and removals (decision 052's second addendum), only
   * if the listing is still at `revision`.
   */
  saveFloorPlans(
    session: StaffSession,
    code: string,
    revision: number,
    arrangement: FloorPlanArrangement,
  ): Promise<PhotoSave>;
}

/** The back office's photo manager (decision 056). Set for back-office requests only (server/plugins/site.ts). */
export const adminPhotosContext = createContext<AdminPhotosService>();

/**
 * The back office's audit log (decision 050), owners only (it throws for an agent); written by
 * every other service's writes, read here. Implemented by the server (server/audit/service.ts).
 */
export interface AdminAuditService {
  list(session: StaffSession, query: AuditQuery): Promise<AuditPage>;
}

/** The back office's audit log (decision 050). Set for back-office requests only (server/plugins/site.ts). */
export const adminAuditContext = createContext<AdminAuditService>();

/**
 * The bytes of an image the site's pages link to (an image-base URL, decision 012), for the
 * documents the site's server makes itself (the brochure, decision 053); undefined when the
 * image is missing or cannot be read. The server answers URLs of its own /images in process
 * and fetches those of another image host, bounded in time and size.
 */
export type ImageReader = (url: string) => Promise<Uint8Array | undefined>;

/**
 * The back office's site content (decision 057): sliders, the featured collections, amenities
 * and categories for any signed-in member of staff; the company profile for owners only (its
 * methods throw for an agent). Every write records its audit event in its transaction and is
 * announced on the content-change path. Implemented by the server (server/staff/content.ts).
 */
export interface AdminContentService {
  sliders(session: StaffSession): Promise<AdminSlider[]>;
  slider(session: StaffSession, id: number): Promise<AdminSlider | null>;
  addSlider(
    session: StaffSession,
    values: SliderFormValues,
    image: File | null,
  ): Promise<ContentSave>;
  /** Saves the texts, and the image when one is given, over `version` only. */
  saveSlider(
    session: StaffSession,
    id: number,
    version: string,
    values: SliderFormValues,
    image: File | null,
  ): Promise<ContentSave>;
  moveSlider(
    session: StaffSession,
    id: number,
    direction: "up" | "down",
  ): Promise<"moved" | "edge" | "missing">;
  removeSlider(session: StaffSession, id: number): Promise<"removed" | "missing">;
  collections(session: StaffSession): Promise<AdminCollection[]>;
  /** The collection's listings, in order, saved over `version` only. */
  saveCollection(
    session: StaffSession,
    name: CollectionName,
    version: string,
    codes: readonly string[],
  ): Promise<ContentSave>;
  /** The listings with these codes, in order, as a collection shows them. */
  collectionItems(
    session: StaffSession,
    codes: readonly string[],
  ): Promise<AdminCollection["items"]>;
  /** Owners only. */
  profile(session: StaffSession): Promise<AdminProfile>;
  /** Owners only: the fields, and the logo when one is given, over `version` only. */
  saveProfile(
    session: StaffSession,
    version: string,
    values: ProfileFormValues,
    logo: File | null,
  ): Promise<ContentSave>;
  amenities(session: StaffSession): Promise<AdminTerm[]>;
  addAmenity(session: StaffSession, values: TermFormValues): Promise<ContentSave>;
  renameAmenity(session: StaffSession, id: number, values: TermFormValues): Promise<ContentSave>;
  /** Removes the amenity and takes it off every listing that has it. */
  removeAmenity(session: StaffSession, id: number): Promise<ContentSave>;
  categories(session: StaffSession): Promise<AdminTerm[]>;
  addCategory(session: StaffSession, values: TermFormValues): Promise<ContentSave>;
  renameCategory(session: StaffSession, id: number, values: TermFormValues): Promise<ContentSave>;
  /**
   * Without `move`, refused (`in-use`) while any listing is in the category. With it, its
   * listings move to `move.to` and the category is removed in one transaction; refused as
   * `invalid` (field `to`) for the category itself or one that is gone, and as `conflict` when
   * the number of its listings is no longer `move.listings`.
   */
  removeCategory(session: StaffSession, id: number, move?: CategoryMove): Promise<ContentSave>;
}

/** The back office's site content (decision 057). Set for back-office requests only (server/plugins/site.ts). */
export const adminContentContext = createContext<AdminContentService>();

/**
 * What every render has. The back office's services are not here: each has a key of its own
 * (`staffContext`, `adminListingsContext`, …, beside its interface above), set only for
 * back-office requests, so a public page's render holds none of them.
 */
export interface SiteRequestContext {
  config: SiteConfig;
  /**
   * The Content-Security-Policy of a page whose inline scripts have these `'sha256-…'` hashes
   * (pages carry no nonce, so every visitor can be sent the same bytes); undefined: no policy
   * (development).
   */
  contentSecurityPolicy: (scriptHashes: readonly string[]) => string | undefined;
  /** Spent puzzle tokens. */
  usedPuzzleTokens: SingleUseStore;
  /**
   * The SPEC §7 client for this request (app/api/client.server.ts): the site's only way to
   * data, in process or over HTTP as the server chose. It carries the visitor's IP and the
   * request's id, so the API's limits and log lines are this page view's.
   */
  api: ApiClient;
  /** Image bytes for the brochure. */
  readImage: ImageReader;
  /** The visitor's IP (sign-in is throttled per IP); empty in a render for the page cache. */
  clientIp: string;
}

export const siteRequestContext = createContext<SiteRequestContext>();

/**
 * The RESO feed's consumers and their tokens (decision 094), owners only (it throws for an
 * agent). Implemented by the server (server/staff/feeds.ts) over the one write path of the
 * tokens, shared with `npm run feeds`.
 */
export interface AdminFeedsService {
  list(session: StaffSession): Promise<FeedConsumerView[]>;
  /** Makes a consumer; its token is in the answer, once, and stored only as a hash. */
  add(
    session: StaffSession,
    name: string,
  ): Promise<
    { ok: true; consumer: FeedConsumerView; token: string } | { ok: false; message: string }
  >;
  revoke(
    session: StaffSession,
    name: string,
  ): Promise<
    { ok: true; consumer: FeedConsumerView; changed: boolean } | { ok: false; message: string }
  >;
}

/** The feed tokens' page (decision 094). Set for back-office requests only (server/plugins/site.ts). */
export const adminFeedsContext = createContext<AdminFeedsService>();

/** A listing's figures as the back office shows them (decision 099). */
export interface AdminListingFigures {
  listing: {
    code: string;
    headline: string;
    address: string;
    /** Whole days since it was first published; null while it is off the market. */
    daysOnMarket: number | null;
  };
  /** The last twelve weeks (Monday to Sunday, UTC), oldest first, this week last. */
  weeks: WeekFigures[];
  /** The twelve weeks' sums. */
  lastWeeks: FigureCounts;
  /** Since the listing was added. */
  total: FigureCounts;
  /** When the figures were read (ISO). */
  readAt: string;
}

export type VendorReportFormat = "csv" | "pdf";

/**
 * A listing's figures (decision 099): any signed-in member of staff sees them; only owners
 * download the vendor report (CSV or PDF), which is recorded in the audit log. Implemented by
 * the server (server/staff/listing-figures.ts).
 */
export interface AdminListingFiguresService {
  /** Null when there is no such listing. */
  figures(session: StaffSession, code: string): Promise<AdminListingFigures | null>;
  /** Owners only (the caller checks the role). Null when there is no such listing. */
  report(
    session: StaffSession,
    code: string,
    format: VendorReportFormat,
  ): Promise<{ body: string | Uint8Array<ArrayBuffer>; fileName: string } | null>;
}

/** A listing's figures (decision 099). Set for back-office requests only (server/plugins/site.ts). */
export const adminListingFiguresContext = createContext<AdminListingFiguresService>();

/** A listing a portal feed leaves out, with what it lacks (lib/portal-readiness.ts). */
export interface PortalRefusal {
  code: string;
  headline: string;
  reasons: string[];
}

/** How many refusals (and push failures) a feed's section lists at most (decision 104). */
export const portalRefusalsShown = 50;

/** One portal feed as the Portals page shows it (decision 100). */
export interface PortalFeedView {
  feed: "rightmove" | "push" | "reso";
  label: string;
  /** Whether the server is set up to send it, in words without secrets. */
  configured: boolean;
  setup: string;
  paused: { pausedAt: string; pausedBy: string } | null;
  /** How many listings are switched on for it (published, not archived). */
  switchedOn: number;
  /** Those it may send; the others (`refusedCount`) lack something. */
  ready: number;
  refusedCount: number;
  /** The first `refusedCount` of them by code (at most `portalRefusalsShown`), with reasons. */
  refused: PortalRefusal[];
  /** Rightmove: its last run, by the job or the command. */
  lastRun?: {
    trigger: string;
    startedAt: string;
    finishedAt: string;
    error: string | null;
    file: string;
    uploadedTo: string | null;
    sent: string[];
    refusedCount: number;
  } | null;
  /** Push: its outbox rows. */
  push?: {
    pending: number;
    /** How many wait after a failed attempt; `failing` holds the first of them. */
    failingCount: number;
    failing: { code: string; attempts: number; reason: string; nextAttemptAt: string }[];
    lastSentAt: string | null;
    /** How many listings it has sent (their last message taken); `sent`: the latest codes. */
    sentCount: number;
    sent: string[];
  };
  /** RESO: each consumer's last use. */
  consumers?: FeedConsumerView[];
}

/**
 * The back office's Portals page (decision 100), owners only (it throws for an agent): each
 * feed's state, and pause and resume, audit-logged. Implemented by server/staff/portals.ts.
 */
export interface AdminPortalsService {
  overview(session: StaffSession): Promise<PortalFeedView[]>;
  /** Answers whether it changed (false: it was so already); undefined for an unknown feed. */
  setPaused(session: StaffSession, feed: string, paused: boolean): Promise<boolean | undefined>;
}

export const adminPortalsContext = createContext<AdminPortalsService>();

/**
 * Viewings booked online (decision 101), for the public booking page and the staff's calendar
 * feeds. Implemented by the server (server/viewings/), bound to the request (the booking
 * counts against the visitor's enquiry rate limit); set for every render.
 */
export interface ViewingsService {
  /** A published listing's free slots; null when it is not on the site. */
  slots(codeOrSlug: string): Promise<ViewingSlotsView | null>;
  /** Books one slot (the page's action checked the honeypot and the puzzle before). */
  book(codeOrSlug: string, values: ViewingRequestValues): Promise<ViewingBookingOutcome>;
  /** The calendar feed (iCalendar text) whose URL carries `secret`; null when none does. */
  calendarFeed(secret: string): Promise<string | null>;
}

export const viewingsContext = createContext<ViewingsService>();

/** A member of staff as the viewing hours page shows them (decision 101). */
export interface ViewingHoursStaff {
  id: number;
  email: string;
  /** Whether the signed-in member may change their hours and days off (their own, or an owner). */
  editable: boolean;
  /** When their calendar feed was made; null without one. */
  feedSince: string | null;
  /** Their hours for every listing, and each listing's own hours of theirs (by listing code). */
  office: ViewingHoursSet | null;
  listings: (ViewingHoursSet & { code: string; headline: string })[];
}

export interface ViewingHoursSet {
  /** The form's lines: `day1` … `day7` (`09:00-12:30, 14:00-17:00`), `slot`, `buffer`. */
  form: Record<string, string>;
}

export interface ViewingDayOffView {
  id: number;
  /** Null: the whole office. */
  staffEmail: string | null;
  day: string;
  note: string;
  removable: boolean;
}

export interface ViewingHoursOverview {
  staff: ViewingHoursStaff[];
  daysOff: ViewingDayOffView[];
  timeZone: string;
  /** Owners: the office's days off and everyone's hours. */
  owner: boolean;
}

export type ViewingHoursChange =
  | { ok: true; message: string }
  | { ok: false; errors: Record<string, string> };

/**
 * The viewing hours page (decision 101): every member of staff's weekly hours (for every
 * listing, or a listing's own), their days off and the office's, and their private calendar
 * feed. Agents change their own, owners anyone's and the office's; every change is
 * audit-logged. Implemented by server/viewings/availability.ts.
 */
export interface AdminViewingHoursService {
  overview(session: StaffSession): Promise<ViewingHoursOverview>;
  /** `listingCode` empty: the hours for every listing. */
  saveHours(
    session: StaffSession,
    staffId: number,
    listingCode: string,
    form: Record<string, string>,
  ): Promise<ViewingHoursChange>;
  /** `staffId` null: the whole office's (owners only). */
  addDayOff(
    session: StaffSession,
    staffId: number | null,
    day: string,
    note: string,
  ): Promise<ViewingHoursChange>;
  removeDayOff(session: StaffSession, id: number): Promise<ViewingHoursChange>;
  /** A new secret URL for the member's feed, shown once (the old one stops working). */
  issueFeed(
    session: StaffSession,
    staffId: number,
  ): Promise<{ ok: true; url: string } | { ok: false; message: string }>;
  revokeFeed(session: StaffSession, staffId: number): Promise<ViewingHoursChange>;
}

export const adminViewingHoursContext = createContext<AdminViewingHoursService>();

/**
 * The back office's applicants (decision 103): the service is lib/applicant-admin.ts's,
 * implemented by server/applicants/service.ts. Set for back-office requests only
 * (server/plugins/site.ts).
 */
export const adminApplicantsContext = createContext<AdminApplicantsService<StaffSession>>();
