/**
 * The database: its Kysely types and how to open it, as SQLite (one file, the default) or
 * PostgreSQL, chosen by the URL.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SqliteDatabase, { type Statement } from "better-sqlite3";
import {
  type ColumnType,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type Generated,
  type Insertable,
  Kysely,
  PostgresDialect,
  type Selectable,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
  type Updateable,
} from "kysely";
import { LRUCache } from "lru-cache";
import pg from "pg";
import type { EnquiryStatus } from "../lib/admin-enquiries.ts";
import type { StoredEnquiryFields } from "../lib/enquiry-fields.ts";
import type { FloorPlanKind } from "../lib/floor-plans.ts";
import type { PropertySchemaColumns } from "../lib/property-fields.ts";
import { type Polygon, pointInPolygon, readPolygon } from "../lib/property-search.ts";
import type { StaffRole } from "../lib/staff-rules.ts";
import {
  type ChangeFeed,
  type ChangeFeedOptions,
  contentChangeChannel,
  startChangeFeed,
} from "./change-feed.ts";
import { setChangeClock } from "./read-cache.ts";

/**
 * The tables. JSON list columns (features, image_list, related_product, item_list) hold JSON
 * text, as the SPEC §7 wire does. Two columns differ by dialect and are mapped by the queries:
 * `publish` reads as boolean (PostgreSQL) or 1/0 (SQLite) and is written as 1/0, which both
 * accept; `created_at` reads as a Date (timestamptz) or ISO text and is written as ISO text.
 */
export interface Database {
  company_profile: {
    id: Generated<number>;
    business_name: string;
    page_description: string;
    /** File name of the logo at the image root. */
    image_url: string;
    website: string;
    telephone: string;
    email_address: string;
    address: string;
  };
  slider: {
    id: Generated<number>;
    title: string;
    /** File name under the images' sliders/ folder. */
    image_url: string;
    link: string;
    position: number;
  };
  amenity: {
    id: Generated<number>;
    title: string;
    icon: string;
  };
  category: {
    id: Generated<number>;
    title: string;
  };
  /**
   * A listing. The columns of lib/property-fields.ts's own fields come from that table (a field
   * added there is typed here without another edit); those written here are the rest, and the
   * table's older columns again, as documentation.
   */
  property: PropertySchemaColumns & {
    id: Generated<number>;
    code: string;
    slug: string;
    headline: string;
    /** File name under the images' property/ folder. */
    cover_image: string;
    price: number;
    address: string;
    bedroom: number;
    bathroom: number;
    room: number;
    floor: number;
    /** Square feet. */
    size: number;
    /** 1 to 5. */
    rating: number;
    garage: number;
    balcony: number;
    /** 'For Rent' or 'For Sale'. */
    offer_type: string;
    publish: ColumnType<boolean | number, number, number>;
    created_at: ColumnType<Date | string, string, string>;
    /** Sanitised HTML. */
    description: string;
    reference_no: string;
    property_status: string;
    city: string;
    province: string;
    country: string;
    youtube: string | null;
    google_map: string | null;
    /** Decimal degrees (WGS 84), −90 to 90; set together with `longitude`, or neither. */
    latitude: number | null;
    /** Decimal degrees (WGS 84), −180 to 180. */
    longitude: number | null;
    /** JSON text: amenity ids. */
    features: string;
    /** JSON text: `[{ "imageUrl": "..." }]`. */
    image_list: string;
    /** JSON text: `[{ "code": "..." }]`. */
    related_product: string;
    category_id: number | null;
    /** Set while the listing is archived: unpublished and kept out of the public site. */
    archived_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
    /** The last change made in the back office; null before the first. */
    updated_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
    /**
     * Raised by every write to the listing: the back office's editor saves only over the
     * revision it showed (decision 044).
     */
    revision: ColumnType<number, number | undefined, number>;
    /** lib/availability.ts: 'available' (the default), 'under_offer', 'sold_stc', 'let_agreed'. */
    availability: ColumnType<string, string | undefined, string>;
    /** When the listing was first published, set by a trigger (decision 055); null: never. */
    first_published_at: ColumnType<Date | string | null, never, never>;
    /** When `availability` last changed; null: not since the listing was added. */
    availability_changed_at: ColumnType<
      Date | string | null,
      string | null | undefined,
      string | null
    >;
    /** lib/rent-period.ts: 'week', 'month' (the default), 'quarter', 'year'; read for rentals only. */
    rent_period: ColumnType<string, string | undefined, string>;
    /**
     * When the listing last changed, by any write: set by a trigger on every insert and update
     * (migration 0041), never written by the app; RESO's ModificationTimestamp (decision 094).
     */
    modified_at: ColumnType<Date | string, never, never>;
  };
  /**
   * A listing's price history (decision 076): its first price (`old_price` null) and each
   * change since; deleted with its property. Written by db/queries/price-history.ts only.
   */
  price_change: {
    id: Generated<number>;
    property_id: number;
    old_price: number | null;
    new_price: number;
    /** The rent's period after the change ('week', 'month', ...); null for a sale. */
    rent_period: string | null;
    changed_at: ColumnType<Date | string, string, string>;
    /** 'staff', 'import', 'api', 'seed', 'generator' or 'migration'. */
    source: string;
  };
  /** A property's floor plan, in order (decision 052); deleted with its property. */
  floor_plan: {
    id: Generated<number>;
    property_id: number;
    /** 0, 1, 2, … within the property. */
    position: number;
    label: string;
    /** A file name under the images' property/ folder, an http(s) address or a site path. */
    file: string;
    kind: FloorPlanKind;
  };
  collection: {
    id: Generated<number>;
    title: string;
    /** JSON text: `[{ "code": "..." }]`. */
    item_list: string;
  };
  /** The fields of lib/enquiry-fields.ts (property_code null for a general contact message). */
  enquiry: StoredEnquiryFields & {
    id: Generated<number>;
    ip: string;
    created_at: ColumnType<Date | string, string, string>;
    /** The inbox's status (decision 045). */
    status: ColumnType<EnquiryStatus, EnquiryStatus | undefined, EnquiryStatus>;
    /** The staff_user it is assigned to; null: nobody. */
    assignee_id: ColumnType<number | null, number | null | undefined, number | null>;
    /** The last change made in the inbox; null before the first. */
    updated_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  };
  /** A member of staff's note on an enquiry (decision 045). */
  enquiry_note: {
    id: Generated<number>;
    enquiry_id: number;
    author_id: number | null;
    author_email: string;
    body: string;
    created_at: ColumnType<Date | string, string, string>;
  };
  /** One write, who made it and what changed (decision 050); see server/audit/. */
  audit_event: {
    id: Generated<number>;
    at: ColumnType<Date | string, string, never>;
    /** The staff_user who made it; null for the `cli` commands and the retention purge. */
    actor_id: ColumnType<number | null, number | null, never>;
    /** Their address when they made it, or `cli` / `retention`. */
    actor_email: ColumnType<string, string, never>;
    action: ColumnType<string, string, never>;
    subject_type: ColumnType<string, string, never>;
    subject_id: ColumnType<string | null, string | null, never>;
    /** JSON text: what changed (never a password, token or erased personal data). */
    detail: ColumnType<string, string, never>;
    /**
     * The IP of the request that made it, as Fastify reads it with TRUSTED_PROXIES (decision
     * 067); null for the commands, the retention purge and events recorded before 0023.
     */
    client_address: ColumnType<string | null, string | null | undefined, never>;
  };
  /** A member of staff who signs in to the back office (decision 036). */
  staff_user: {
    id: Generated<number>;
    /** Lower case; unique. */
    email: string;
    role: StaffRole;
    /** `scrypt$…` (server/staff/passwords.ts); null until the first password is set. */
    password_hash: string | null;
    created_at: ColumnType<Date | string, string, string>;
    password_changed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  };
  /** A signed-in browser. `id` is the SHA-256 of the cookie's secret, in hex. */
  staff_session: {
    id: string;
    user_id: number;
    /** The synchronizer token every form of this session carries (decision 037). */
    csrf_token: string;
    created_at: ColumnType<Date | string, string, string>;
    last_seen_at: ColumnType<Date | string, string, string>;
  };
  /** A one-time link's secret (its SHA-256 in hex), such as a set-password link. */
  staff_token: {
    id: string;
    user_id: number;
    purpose: "set-password";
    created_at: ColumnType<Date | string, string, string>;
    expires_at: ColumnType<Date | string, string, string>;
  };
  /** A visitor's saved search (decision 055); tokens are kept as SHA-256 hashes only. */
  search_alert: {
    id: Generated<number>;
    email: string;
    query: string;
    salt: string;
    confirm_token_hash: string;
    unsubscribe_token_hash: string;
    manage_token_hash: string;
    created_at: ColumnType<Date | string, string, string>;
    confirmed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
    published_mark: ColumnType<Date | string | null, string | null | undefined, string | null>;
    last_digest_on: ColumnType<string | null, string | null | undefined, string | null>;
  };
  /**
   * Every mail to send, one row each (decision 081; see db/queries/outbox.ts): an enquiry to
   * the company, an alert's confirmation, link or digest (decision 055), a newsletter's
   * confirmation (decision 078). Delivered by the outbox job (server/jobs/outbox.ts). A
   * listing's change for the push portal (decision 095), one row per listing, sent by the
   * listing-push job (server/jobs/listing-push.ts).
   */
  outbox: {
    id: Generated<number>;
    kind: OutboxKind;
    /** Unique: a mail is queued once (`enquiry:<id>`, `alert-digest:<alert>:<day>`, ...). */
    dedupe_key: string;
    /** An enquiry's row: one per enquiry, deleted with it. */
    enquiry_id: ColumnType<number | null, number | null | undefined, number | null>;
    /** An alert's mail: deleting the alert (unsubscribe) drops its mails not yet sent too. */
    alert_id: ColumnType<number | null, number | null | undefined, number | null>;
    /** A newsletter mail's subscriber (decision 078). */
    subscriber_id: ColumnType<number | null, number | null | undefined, number | null>;
    /** JSON: what the mail lists (a digest's listing ids). */
    payload: ColumnType<string, string | undefined, string>;
    /** 'pending' until the mail is accepted by the SMTP server, then 'sent'. */
    status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
    /** Attempts begun, each counted before its mail is sent (decision 092). */
    attempts: ColumnType<number, number | undefined, number>;
    next_attempt_at: ColumnType<Date | string, string, string>;
    /** A worker's claim on the row; another worker may take it after this moment. */
    locked_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
    /**
     * When the attempt in progress began; cleared with its outcome (sent or failed). Still set
     * when the row is claimed again: that attempt's outcome was never recorded (decision 092).
     */
    attempt_started_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
    /** Attempts begun after one whose outcome was never recorded: possible second deliveries. */
    resends: ColumnType<number, number | undefined, number>;
    last_error: ColumnType<string | null, string | null | undefined, string | null>;
    sent_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
    created_at: ColumnType<Date | string, string, string>;
  };
  /** A newsletter address (decision 078): pending until confirmed, then confirmed or unsubscribed. */
  newsletter_subscriber: {
    id: Generated<number>;
    email: string;
    status: ColumnType<NewsletterStatus, NewsletterStatus | undefined, NewsletterStatus>;
    salt: string;
    token_hash: ColumnType<string | null, string | null | undefined, string | null>;
    created_at: ColumnType<Date | string, string, string>;
    confirmed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
    unsubscribed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  };
  /**
   * A listing file an owner uploaded in the back office, checked and kept until they apply it
   * (decision 096). `id` is the SHA-256 of the token its page carries, in hex.
   */
  listing_import: {
    id: string;
    user_id: number;
    file_name: string;
    state: ColumnType<ListingImportState, ListingImportState | undefined, ListingImportState>;
    /** JSON: the parsed rows; "" once applied. */
    rows: string;
    /** JSON: the dry run's report, then the applied one's. */
    report: string;
    created_at: ColumnType<Date | string, string, string>;
    applied_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
    expires_at: ColumnType<Date | string, string, string>;
  };
  /**
   * A consumer of the RESO Web API feed (decision 094): its bearer token is kept as a SHA-256
   * hash only; a revoked consumer's token is refused.
   */
  feed_consumer: {
    id: Generated<number>;
    name: string;
    token_hash: string;
    created_at: ColumnType<Date | string, string, never>;
    last_used_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
    revoked_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  };
  /** One run of the Rightmove feed, by its job or command (decision 100). */
  feed_run: {
    id: Generated<number>;
    feed: string;
    trigger: string;
    started_at: ColumnType<Date | string, string, never>;
    finished_at: ColumnType<Date | string, string, never>;
    error: string | null;
    file: Generated<string>;
    uploaded_to: string | null;
    /** JSON: the codes sent. */
    sent: Generated<string>;
    /** JSON: `[{ code, reasons }]`. */
    refused: Generated<string>;
  };
  /**
   * A key the RESO feed served that no listing has any more (decision 104): a listing once
   * published, deleted or given another code. Written by triggers on `property` only.
   */
  listing_removal: {
    id: Generated<number>;
    property_id: number;
    code: string;
    removed_at: ColumnType<Date | string, never, never>;
  };
  /** A feed an owner paused (decision 100); no row: it runs. */
  feed_pause: {
    feed: string;
    paused_at: ColumnType<Date | string, string, string>;
    paused_by: string;
  };
  /** A listing's figures of one UTC day (decision 099), upserted as events are counted. */
  listing_day_figures: {
    property_id: number;
    /** `YYYY-MM-DD`, UTC. */
    day: string;
    views: ColumnType<number, number | undefined, number>;
    shortlist_adds: ColumnType<number, number | undefined, number>;
    alert_matches: ColumnType<number, number | undefined, number>;
  };
  /** The visitor hash's salt of one UTC day (decision 099); deleted once its day is past. */
  figure_salt: {
    day: string;
    salt: string;
  };
  /** The visitor hashes counted on a day (decision 099), deleted with that day's salt. */
  figure_visitor: {
    hash: string;
    day: string;
  };
  /** When a member of staff hosts viewings (issue 31): a weekday span in the office's time. */
  viewing_availability: {
    id: Generated<number>;
    staff_user_id: number;
    /** Null: every listing (the office's hours); else this listing's own hours. */
    property_id: number | null;
    /** ISO weekday: 1 Monday … 7 Sunday. */
    weekday: number;
    /** `HH:MM`, the office's local time. */
    start_time: string;
    end_time: string;
    slot_minutes: ColumnType<number, number | undefined, number>;
    buffer_minutes: ColumnType<number, number | undefined, number>;
    created_at: ColumnType<Date | string, string, string>;
  };
  /** A day without viewings for one member of staff, or (no staff) the whole office. */
  viewing_day_off: {
    id: Generated<number>;
    staff_user_id: number | null;
    /** `YYYY-MM-DD`, the office's local date. */
    day: string;
    note: ColumnType<string, string | undefined, string>;
  };
  /**
   * A booked viewing (issue 31). `uid` is the iCalendar UID of every invite of it, `sequence`
   * its revision; `hold_key` is set (unique) while it holds its slot.
   */
  viewing: {
    id: Generated<number>;
    uid: string;
    property_id: number;
    staff_user_id: number | null;
    starts_at: ColumnType<Date | string, string, string>;
    ends_at: ColumnType<Date | string, string, string>;
    status: ColumnType<ViewingStatus, ViewingStatus | undefined, ViewingStatus>;
    sequence: ColumnType<number, number | undefined, number>;
    hold_key: string | null;
    visitor_name: string;
    visitor_email: string;
    visitor_phone: ColumnType<string, string | undefined, string>;
    message: ColumnType<string, string | undefined, string>;
    feedback: ColumnType<string, string | undefined, string>;
    feedback_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
    reminder_sent_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
    created_at: ColumnType<Date | string, string, string>;
    updated_at: ColumnType<Date | string, string, string>;
  };
  /** A member of staff's private calendar feed; the URL's secret as a SHA-256 hash only. */
  viewing_calendar_feed: {
    staff_user_id: number;
    token_hash: string;
    created_at: ColumnType<Date | string, string, string>;
  };
  /**
   * A person looking for a home (decision 103): one per e-mail address (lower case), made by
   * staff or by the intake job from enquiries, viewings and confirmed sign-ups. Written by
   * db/queries/applicant.ts only.
   */
  applicant: {
    id: Generated<number>;
    email: string;
    name: ColumnType<string, string | undefined, string>;
    phone: ColumnType<string, string | undefined, string>;
    /** 1: may be mailed homes. */
    consent: ColumnType<number, number | undefined, number>;
    consent_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
    /** lib/applicant-requirements.ts's ConsentSource; null before any. */
    consent_source: ColumnType<string | null, string | null | undefined, string | null>;
    consent_note: ColumnType<string, string | undefined, string>;
    /** 'buy' or 'rent'; null: no requirements yet. */
    wants: ColumnType<string | null, string | null | undefined, string | null>;
    budget_min: ColumnType<number | null, number | null | undefined, number | null>;
    budget_max: ColumnType<number | null, number | null | undefined, number | null>;
    min_beds: ColumnType<number | null, number | null | undefined, number | null>;
    source: string;
    created_at: ColumnType<Date | string, string, string>;
    updated_at: ColumnType<Date | string, string, string>;
    last_activity_at: ColumnType<Date | string, string, string>;
  };
  /** An applicant's wanted area (a listing's city or province, lower case). */
  applicant_area: { applicant_id: number; area: string };
  /** An applicant's wanted category. */
  applicant_category: { applicant_id: number; category_id: number };
  /** An applicant's must-have amenity. */
  applicant_amenity: { applicant_id: number; amenity_id: number };
  /** A member of staff's note on an applicant. */
  applicant_note: {
    id: Generated<number>;
    applicant_id: number;
    author_email: string;
    body: string;
    created_at: ColumnType<Date | string, string, string>;
  };
  /** Each change of an applicant's consent to be mailed homes. */
  applicant_consent_change: {
    id: Generated<number>;
    applicant_id: number;
    consent: number;
    source: string;
    note: ColumnType<string, string | undefined, string>;
    changed_by: string;
    at: ColumnType<Date | string, string, string>;
  };
  /** A mail of homes queued for an applicant (kind `applicant-homes`). */
  applicant_mail: {
    id: Generated<number>;
    applicant_id: number;
    /** The outbox row's `dedupe_key`. */
    outbox_key: string;
    /** JSON: the listings' codes. */
    codes: string;
    sent_by: string;
    created_at: ColumnType<Date | string, string, string>;
  };
  /** A listing offered to an applicant at a price: offered again only at another price. */
  applicant_offer: {
    applicant_id: number;
    property_id: number;
    price: number;
    mail_id: number;
  };
  /** How far the applicants' intake job has read one source. */
  applicant_intake_mark: {
    source: string;
    last_id: ColumnType<number, number | undefined, number>;
    last_at: ColumnType<string, string | undefined, string>;
  };
  /** Secrets the servers generated for themselves, shared by all of them (decision 066). */
  app_secret: {
    name: string;
    value: string;
    created_at: ColumnType<Date | string, string, string>;
  };
}

export type { StaffRole };

export type NewsletterStatus = "pending" | "confirmed" | "unsubscribed";

export type OutboxStatus = "pending" | "sent";

export type ViewingStatus = "tentative" | "confirmed" | "declined" | "cancelled";

export type ListingImportState = "checked" | "applying" | "applied" | "failed";

/**
 * What an outbox row sends: an enquiry to the company, a queued mail to a visitor, a
 * listing's latest state to the push portal (decision 095), or a viewing's invite to its visitor
 * or agent (db/queries/viewing-mail.ts), or homes mailed to an applicant (decision 103).
 */
export const outboxKinds = [
  "enquiry",
  "alert-confirm",
  "alert-digest",
  "alert-link",
  "newsletter-confirm",
  "listing-push",
  "viewing",
  "applicant-homes",
] as const;
export type OutboxKind = (typeof outboxKinds)[number];

/** The kinds the mail outbox sends (every kind but the push portal's). */
export const mailOutboxKinds = outboxKinds.filter(
  (kind): kind is Exclude<OutboxKind, "listing-push"> => kind !== "listing-push",
);

export type CompanyProfileRow = Selectable<Database["company_profile"]>;
export type NewCompanyProfileRow = Insertable<Database["company_profile"]>;
export type CompanyProfileUpdate = Updateable<Database["company_profile"]>;
export type SliderRow = Selectable<Database["slider"]>;
export type NewSliderRow = Insertable<Database["slider"]>;
export type SliderUpdate = Updateable<Database["slider"]>;
export type AmenityRow = Selectable<Database["amenity"]>;
export type NewAmenityRow = Insertable<Database["amenity"]>;
export type AmenityUpdate = Updateable<Database["amenity"]>;
export type CategoryRow = Selectable<Database["category"]>;
export type NewCategoryRow = Insertable<Database["category"]>;
export type CategoryUpdate = Updateable<Database["category"]>;
export type PropertyRow = Selectable<Database["property"]>;
export type NewPropertyRow = Insertable<Database["property"]>;
export type PropertyUpdate = Updateable<Database["property"]>;
export type FloorPlanRow = Selectable<Database["floor_plan"]>;
export type CollectionRow = Selectable<Database["collection"]>;
export type NewCollectionRow = Insertable<Database["collection"]>;
export type CollectionUpdate = Updateable<Database["collection"]>;
export type EnquiryRow = Selectable<Database["enquiry"]>;
export type NewEnquiryRow = Insertable<Database["enquiry"]>;
export type EnquiryUpdate = Updateable<Database["enquiry"]>;
export type OutboxRow = Selectable<Database["outbox"]>;
export type StaffUserRow = Selectable<Database["staff_user"]>;

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Closes the pool or the file. Call once, at shutdown. */
  close(): Promise<void>;
  /**
   * PostgreSQL only: follows committed content changes (db/change-feed.ts) until the feed is
   * closed, calling `onChange` for each. While the feed hears every change, the read cache
   * trusts it instead of asking the database for its snapshot on each read. SQLite has no
   * need: its change clock is read in process.
   */
  followChanges?(options: Pick<ChangeFeedOptions, "onChange" | "log">): ChangeFeed;
  /**
   * PostgreSQL only: the connection pool's use now (for /metrics). SQLite has one connection
   * in process and no pool.
   */
  poolUse?(): PoolUse;
}

export interface PoolUse {
  /** Connections open, idle or checked out. */
  open: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

/** `postgres://` and `postgresql://` URLs are PostgreSQL; anything else is a SQLite file. */
export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//i.test(url.trim()) ? "postgres" : "sqlite";
}

/**
 * The SQLite file of a URL: `file:./data/app.db`, `file:/abs/app.db`, `file:///abs/app.db`,
 * a plain path, or `:memory:` (also `file::memory:`).
 */
export function sqlitePathOf(url: string): string {
  let path = url.trim();
  if (path.startsWith("file://")) path = decodeURIComponent(new URL(path).pathname);
  else if (path.startsWith("file:")) path = path.slice("file:".length);
  const query = path.indexOf("?");
  if (query !== -1) path = path.slice(0, query);
  return path === "" ? ":memory:" : path;
}

/**
 * Opens the database of a URL (see {@link dialectOf}). Nothing connects until the first
 * query for PostgreSQL; a SQLite file and its folder are created at once.
 */
export function openDatabase(url: string): DatabaseHandle {
  return dialectOf(url) === "postgres" ? openPostgres(url) : openSqlite(sqlitePathOf(url));
}

/** SQL that PostgreSQL runs as a named prepared statement (see {@link preparePostgresStatement}). */
const preparedSql = new Map<string, string>();

/**
 * Asks PostgreSQL to prepare `sql` once per connection and reuse its plan: for a hot, simple
 * query whose planning costs more than its run (the API's property by slug: 0.25 ms planned,
 * 0.03 ms run). SQLite keeps every statement prepared anyway. Use it for a fixed SQL text only:
 * each one stays prepared on every pooled connection.
 */
export function preparePostgresStatement(sql: string): void {
  if (!preparedSql.has(sql)) preparedSql.set(sql, `homes_${preparedSql.size + 1}`);
}

/** PostgreSQL's "cached plan must not change result type": a column added under a running server. */
const featureNotSupported = "0A000";

/**
 * Runs registered SQL as named prepared statements on each new pooled client. When a schema
 * change makes a prepared plan's result type stale, the statement is prepared again under a
 * new name and the query retried once.
 */
function preparingStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const names = new Map<string, string>();
  client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
    const base = typeof text === "string" && rest.length === 0 ? preparedSql.get(text) : undefined;
    if (base === undefined || (values !== undefined && !Array.isArray(values))) {
      return query(text, values, ...rest);
    }
    const run = () => query({ name: names.get(base) ?? base, text, values });
    return run().catch((error: { code?: string }) => {
      if (error?.code !== featureNotSupported) throw error;
      names.set(base, `${base}_${Date.now().toString(36)}`);
      return run();
    });
  }) as typeof client.query;
}

/**
 * Calls `onWrite` once each statement but a plain read (writes, BEGIN, COMMIT, DDL) has
 * finished on `client`, as the SQLite statement cache counts them: a read right after this
 * process's own write must not be answered from before it, and the write's notification
 * arrives a little later.
 */
function countingWrites(client: pg.PoolClient, onWrite: () => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, ...rest: unknown[]) => {
    const result = query(text, ...rest);
    const sqlText = typeof text === "string" ? text : (text as { text?: unknown } | null)?.text;
    if (typeof sqlText === "string" && /^\s*select\b/i.test(sqlText)) return result;
    if (result instanceof Promise) return result.finally(onWrite);
    onWrite();
    return result;
  }) as typeof client.query;
}

function openPostgres(url: string): DatabaseHandle {
  // A bounded wait for a connection: while PostgreSQL is away a request fails soon (a 503,
  // see db/unavailable.ts) instead of queueing without end.
  const poolMax = 10;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: 5_000,
  });
  // A client can lose its connection (a server restart, a dropped test database), idle in the
  // pool or checked out between two queries. Either way the pool discards it (it is no longer
  // queryable) and the next query reconnects; without these listeners the 'error' event would
  // crash the process.
  pool.on("error", () => {});
  // Moves with each write of this process and each change the feed hears (followChanges).
  let generation = 0;
  let following = false;
  pool.on("connect", (client) => {
    client.on("error", () => {});
    preparingStatements(client);
    countingWrites(client, () => generation++);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // The same snapshot means the same committed transactions are visible (PostgreSQL 13+);
  // on an older server the query fails once and nothing is cached.
  let snapshots = true;
  const snapshotQuery = sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`;
  preparePostgresStatement(snapshotQuery.compile(db).sql);
  setChangeClock(db, {
    read: async () => {
      if (following) return `g${generation}`;
      if (!snapshots) return undefined;
      try {
        const { rows } = await snapshotQuery.execute(db);
        return rows[0]?.snapshot;
      } catch (error) {
        // 42883: no such function. Anything else (a lost connection) only skips the cache.
        if ((error as { code?: string }).code === "42883") snapshots = false;
        return undefined;
      }
    },
  });
  const notifyQuery = (payload: string) =>
    sql`select pg_notify(${contentChangeChannel}, ${payload})`.execute(db).then(() => undefined);
  return {
    db,
    dialect: "postgres",
    close: () => db.destroy(),
    poolUse: () => ({
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolMax,
    }),
    followChanges: ({ onChange, log }) =>
      startChangeFeed({
        url,
        log,
        notify: notifyQuery,
        onChange() {
          generation++;
          onChange();
        },
        onListening(listening) {
          // A new value either way: nothing read before a gap is trusted after it.
          generation++;
          following = listening;
        },
      }),
  };
}

function openSqlite(path: string): DatabaseHandle {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SqliteDatabase(path, { timeout: 5000 });
  sqlite.pragma("journal_mode = WAL");
  // FULL, not NORMAL: in WAL mode NORMAL may lose the last commits on power loss or an OS
  // crash, and an acknowledged enquiry must survive.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // A deleted row's bytes are overwritten, not left in free space: an erased enquiry must not
  // stay readable in the file (decision 067; db/erasure.ts empties the -wal after an erasure).
  sqlite.pragma("secure_delete = ON");
  // 8 MB of pages (better-sqlite3's build sets 16 MB), which also bounds a sort's memory before
  // it spills: random pages of a large catalogue miss either way and the OS's file cache serves
  // them, while the half kept off the server's peak RSS (decision 038's addendum).
  sqlite.pragma("cache_size = -8000");
  registerPointInPolygon(sqlite);
  const cached = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: cached }) });
  // data_version moves when another connection commits; this connection's own writes are
  // counted by the statement cache.
  const dataVersion = sqlite.prepare("pragma data_version");
  setChangeClock(db, {
    read: async () => {
      const row = dataVersion.get() as { data_version: number } | undefined;
      return row === undefined ? undefined : `${row.data_version}:${cached.writes()}`;
    },
  });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/**
 * `point_in_polygon(polygon, longitude, latitude)`: 1 when the point is inside the drawn area
 * given as its `polygon` parameter (lib/property-search.ts), or on its edge; 0 otherwise, an
 * unplaced property's nulls and an unusable parameter included. SQLite has no geometry, so the
 * search of a drawn area (decision 075) asks this function, after a range on the indexed
 * coordinates has narrowed the rows. The last few areas are kept parsed: one query asks with
 * one parameter for every row.
 */
function registerPointInPolygon(sqlite: SqliteDatabase): void {
  const parsed = new Map<string, Polygon | undefined>();
  sqlite.function(
    "point_in_polygon",
    { deterministic: true },
    (text: unknown, longitude: unknown, latitude: unknown) => {
      if (typeof text !== "string" || typeof longitude !== "number") return 0;
      if (typeof latitude !== "number") return 0;
      let polygon = parsed.get(text);
      if (!parsed.has(text)) {
        polygon = readPolygon(text);
        if (parsed.size >= 16) parsed.delete(parsed.keys().next().value as string);
        parsed.set(text, polygon);
      }
      return polygon && pointInPolygon(longitude, latitude, polygon) ? 1 : 0;
    },
  );
}

/**
 * Kysely's SQLite dialect with transactions that take the write lock when they begin (`BEGIN
 * IMMEDIATE`), waiting up to the busy timeout for it. A deferred `BEGIN` reads first and asks
 * for the lock at its first write; if another connection (another app server, a content
 * import, a CLI) committed in between, SQLite refuses at once with "database is locked",
 * without waiting, because the transaction's snapshot is stale. Transactions here exist to
 * write, so they lock from the start.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/** Statements kept prepared, by SQL text; the least recently used goes first. */
const statementCacheSize = 200;
/** Longer SQL (the generator's multi-row inserts) is prepared each time, not kept. */
const maxCachedSqlLength = 4096;

/**
 * The database as Kysely's driver sees it, but `prepare` reuses a statement already prepared
 * for the same SQL: Kysely prepares on every query, and preparing was a tenth of the CPU time
 * of a simple API read. SQLite re-prepares a kept statement itself after a schema change. A
 * statement still iterating (a streamed query) is busy, so a second one is prepared beside it.
 */
function withStatementCache(
  sqlite: SqliteDatabase,
): Pick<SqliteDatabase, "prepare" | "close"> & { writes(): number } {
  const statements = new LRUCache<string, Statement>({ max: statementCacheSize });
  // Every statement but a plain read (writes, BEGIN, COMMIT, ROLLBACK, DDL): Kysely prepares
  // right before each execution, so this counts executions (see db/read-cache.ts).
  let writes = 0;
  const counted = (statement: Statement) => {
    if (!statement.reader || !statement.readonly) writes++;
    return statement;
  };
  return {
    writes: () => writes,
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept !== undefined && !kept.busy) return counted(kept);
      const statement = counted(sqlite.prepare(sql));
      if (kept === undefined && sql.length <= maxCachedSqlLength) statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      return sqlite.close();
    },
  };
}
