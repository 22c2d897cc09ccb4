/**
 * Applicants (decision 103): the person records, their requirements, notes and consent; the
 * matching both ways (an applicant's published listings, a listing's applicants), in SQL on
 * indexes; the homes mailed to them through the outbox (kind `applicant-homes`); their
 * timeline; and what the data-request tool and the retention purge find and delete.
 */
import {
  type Expression,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
  type Transaction,
} from "kysely";
import type {
  ApplicantDataFindings,
  ApplicantListRow,
  ApplicantRecord,
  MatchedApplicant,
  MatchedListing,
  TimelineEntry,
} from "../../lib/applicant-admin.ts";
import {
  type ApplicantRequirements,
  type ApplicantSource,
  type ApplicantWants,
  applicantWants,
  type ConsentSource,
  offerTypeOfWants,
} from "../../lib/applicant-requirements.ts";
import type { Database } from "../database.ts";
import { toCount, toIsoString } from "./columns.ts";
import { enqueueOutbox } from "./outbox.ts";

type Db = Kysely<Database> | Transaction<Database>;

const applicantColumns = [
  "id",
  "email",
  "name",
  "phone",
  "consent",
  "consent_at",
  "consent_source",
  "consent_note",
  "wants",
  "budget_min",
  "budget_max",
  "min_beds",
  "source",
  "created_at",
  "updated_at",
  "last_activity_at",
] as const;

type ApplicantRow = Pick<Selectable<Database["applicant"]>, (typeof applicantColumns)[number]>;

function wantsOf(value: string | null): ApplicantWants | null {
  return (applicantWants as readonly (string | null)[]).includes(value)
    ? (value as ApplicantWants)
    : null;
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

function toRecord(
  row: ApplicantRow,
  lists: { areas: string[]; categoryIds: number[]; amenityIds: number[] },
): ApplicantRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    consent: Number(row.consent) === 1,
    consentAt: row.consent_at === null ? null : toIsoString(row.consent_at),
    consentSource: (row.consent_source as ConsentSource | null) ?? null,
    consentNote: row.consent_note,
    requirements: {
      wants: wantsOf(row.wants),
      budgetMin: numberOrNull(row.budget_min),
      budgetMax: numberOrNull(row.budget_max),
      minBeds: numberOrNull(row.min_beds),
      ...lists,
    },
    source: row.source as ApplicantSource,
    createdAt: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
    lastActivityAt: toIsoString(row.last_activity_at),
  };
}

/** The applicant of `id`, with their requirements; undefined when there is none. */
export async function findApplicant(db: Db, id: number): Promise<ApplicantRecord | undefined> {
  const row = await db
    .selectFrom("applicant")
    .select(applicantColumns)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [areas, categories, amenities] = await Promise.all([
    db
      .selectFrom("applicant_area")
      .select("area")
      .where("applicant_id", "=", id)
      .orderBy("area")
      .execute(),
    db
      .selectFrom("applicant_category")
      .select("category_id")
      .where("applicant_id", "=", id)
      .orderBy("category_id")
      .execute(),
    db
      .selectFrom("applicant_amenity")
      .select("amenity_id")
      .where("applicant_id", "=", id)
      .orderBy("amenity_id")
      .execute(),
  ]);
  return toRecord(row as ApplicantRow, {
    areas: areas.map((area) => area.area),
    categoryIds: categories.map((category) => Number(category.category_id)),
    amenityIds: amenities.map((amenity) => Number(amenity.amenity_id)),
  });
}

export async function findApplicantIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("applicant")
    .select("id")
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

/** Adds an applicant; undefined when the address has one already. */
export async function insertApplicant(
  db: Db,
  applicant: { email: string; name: string; phone: string; source: ApplicantSource; now: Date },
): Promise<number | undefined> {
  const at = applicant.now.toISOString();
  const row = await db
    .insertInto("applicant")
    .values({
      email: applicant.email.trim().toLowerCase(),
      name: applicant.name,
      phone: applicant.phone,
      source: applicant.source,
      created_at: at,
      updated_at: at,
      last_activity_at: at,
    })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

/** Changes the details; "email-taken" when another applicant has the new address. */
export async function updateApplicantDetails(
  db: Db,
  id: number,
  details: { name: string; email: string; phone: string },
  now: Date,
): Promise<"changed" | "missing" | "email-taken"> {
  const other = await findApplicantIdByEmail(db, details.email);
  if (other !== undefined && other !== id) return "email-taken";
  const result = await db
    .updateTable("applicant")
    .set({
      name: details.name,
      email: details.email,
      phone: details.phone,
      updated_at: now.toISOString(),
      last_activity_at: now.toISOString(),
    })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? "changed" : "missing";
}

/** Replaces the requirements (single values and lists); false when there is no such applicant. */
export async function saveApplicantRequirements(
  db: Db,
  id: number,
  requirements: ApplicantRequirements,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("applicant")
    .set({
      wants: requirements.wants,
      budget_min: requirements.budgetMin,
      budget_max: requirements.budgetMax,
      min_beds: requirements.minBeds,
      updated_at: now.toISOString(),
      last_activity_at: now.toISOString(),
    })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db.deleteFrom("applicant_area").where("applicant_id", "=", id).execute();
  await db.deleteFrom("applicant_category").where("applicant_id", "=", id).execute();
  await db.deleteFrom("applicant_amenity").where("applicant_id", "=", id).execute();
  if (requirements.areas.length > 0) {
    await db
      .insertInto("applicant_area")
      .values(requirements.areas.map((area) => ({ applicant_id: id, area })))
      .execute();
  }
  if (requirements.categoryIds.length > 0) {
    await db
      .insertInto("applicant_category")
      .values(requirements.categoryIds.map((category_id) => ({ applicant_id: id, category_id })))
      .execute();
  }
  if (requirements.amenityIds.length > 0) {
    await db
      .insertInto("applicant_amenity")
      .values(requirements.amenityIds.map((amenity_id) => ({ applicant_id: id, amenity_id })))
      .execute();
  }
  return true;
}

/**
 * Records a consent change. With `onlyIfNewer`, a change older than the consent already
 * recorded is ignored (an old confirmation never overrides a later choice). Answers whether
 * it changed anything.
 */
export async function setApplicantConsent(
  db: Db,
  id: number,
  change: {
    consent: boolean;
    source: ConsentSource;
    note: string;
    by: string;
    at: Date;
    onlyIfNewer?: boolean;
  },
): Promise<boolean> {
  const at = change.at.toISOString();
  let update = db
    .updateTable("applicant")
    .set({
      consent: change.consent ? 1 : 0,
      consent_at: at,
      consent_source: change.source,
      consent_note: change.note,
    })
    .where("id", "=", id);
  if (change.onlyIfNewer) {
    update = update.where((eb) => eb.or([eb("consent_at", "is", null), eb("consent_at", "<", at)]));
  }
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db
    .insertInto("applicant_consent_change")
    .values({
      applicant_id: id,
      consent: change.consent ? 1 : 0,
      source: change.source,
      note: change.note,
      changed_by: change.by,
      at,
    })
    .execute();
  return true;
}

export async function insertApplicantNote(
  db: Db,
  note: { applicantId: number; authorEmail: string; body: string; now: Date },
): Promise<void> {
  await db
    .insertInto("applicant_note")
    .values({
      applicant_id: note.applicantId,
      author_email: note.authorEmail,
      body: note.body,
      created_at: note.now.toISOString(),
    })
    .execute();
  await db
    .updateTable("applicant")
    .set({ last_activity_at: note.now.toISOString() })
    .where("id", "=", note.applicantId)
    .execute();
}

/** Deletes an applicant with everything of theirs, and their mails not yet sent. */
export async function deleteApplicant(db: Db, id: number): Promise<boolean> {
  const keys = await db
    .selectFrom("applicant_mail")
    .select("outbox_key")
    .where("applicant_id", "=", id)
    .execute();
  if (keys.length > 0) {
    await db
      .deleteFrom("outbox")
      .where(
        "dedupe_key",
        "in",
        keys.map((key) => key.outbox_key),
      )
      .where("status", "=", "pending")
      .execute();
  }
  const result = await db.deleteFrom("applicant").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface ApplicantListQuery {
  /** Part of a name or address. */
  search: string;
  consent: "" | "yes" | "no";
  wants: "" | ApplicantWants | "none";
  page: number;
  pageSize: number;
}

/** A page of applicants, last changed first, with how many the filters match. */
export async function listApplicants(
  db: Db,
  query: ApplicantListQuery,
): Promise<{ rows: ApplicantListRow[]; total: number }> {
  const filtered = db.selectFrom("applicant").where((eb) => {
    const conditions: Expression<SqlBool>[] = [];
    const search = query.search.trim().toLowerCase();
    if (search !== "") {
      const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      conditions.push(
        eb.or([
          sql<SqlBool>`lower(name) like ${pattern} escape '\\'`,
          sql<SqlBool>`email like ${pattern} escape '\\'`,
        ]),
      );
    }
    if (query.consent !== "") conditions.push(eb("consent", "=", query.consent === "yes" ? 1 : 0));
    if (query.wants === "none") conditions.push(eb("wants", "is", null));
    else if (query.wants !== "") conditions.push(eb("wants", "=", query.wants));
    return eb.and(conditions);
  });
  const [rows, count] = await Promise.all([
    filtered
      .select([
        "id",
        "name",
        "email",
        "phone",
        "consent",
        "wants",
        "budget_min",
        "budget_max",
        "min_beds",
        "updated_at",
      ])
      .orderBy("updated_at", "desc")
      .orderBy("id", "desc")
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      consent: Number(row.consent) === 1,
      wants: wantsOf(row.wants),
      budgetMin: numberOrNull(row.budget_min),
      budgetMax: numberOrNull(row.budget_max),
      minBeds: numberOrNull(row.min_beds),
      updatedAt: toIsoString(row.updated_at),
    })),
    total: toCount(count.count),
  };
}

/** A listing's amenity ids from its `features` JSON text. */
export function amenityIdsOf(features: string): number[] {
  try {
    const parsed: unknown = JSON.parse(features);
    return Array.isArray(parsed) ? parsed.map(Number).filter((id) => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}

/** The availabilities of a listing no longer on the market: never offered. */
const offMarket = ["sold_stc", "let_agreed"];

/** A listing as matching reads it. */
export interface MatchingListing {
  id: number;
  code: string;
  headline: string;
  price: number;
  offerType: string;
  rentPeriod: string;
  bedroom: number;
  city: string;
  province: string;
  categoryId: number | null;
  amenityIds: number[];
  published: boolean;
  onMarket: boolean;
}

export async function findMatchingListing(
  db: Db,
  code: string,
): Promise<MatchingListing | undefined> {
  const row = await db
    .selectFrom("property")
    .select([
      "id",
      "code",
      "headline",
      "price",
      "offer_type",
      "rent_period",
      "bedroom",
      "city",
      "province",
      "category_id",
      "features",
      "publish",
      "availability",
    ])
    .where("code", "=", code)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    code: row.code,
    headline: row.headline,
    price: Number(row.price),
    offerType: row.offer_type,
    rentPeriod: row.rent_period,
    bedroom: Number(row.bedroom),
    city: row.city,
    province: row.province,
    categoryId: row.category_id === null ? null : Number(row.category_id),
    amenityIds: amenityIdsOf(row.features),
    published: row.publish === true || Number(row.publish) === 1,
    onMarket: !offMarket.includes(row.availability),
  };
}

/** `features` as `,1,4,7,`: an amenity id is in it when `,<id>,` is. */
const featureList = sql<string>`(',' || replace(replace(replace(p.features, '[', ''), ']', ''), ' ', '') || ',')`;

/**
 * The published listings on the market that `requirements` match, newest first, a page at a
 * time (one more than the page is read, to know whether another follows). Read through the
 * listing indexes on offer and price (migration 0003); nothing when the applicant has no
 * requirements yet.
 */
export async function listMatchingListings(
  db: Db,
  requirements: ApplicantRequirements,
  options: { applicantId: number | null; page: number; pageSize: number },
): Promise<{ rows: MatchedListing[]; hasNext: boolean }> {
  if (requirements.wants === null) return { rows: [], hasNext: false };
  const offerType = offerTypeOfWants[requirements.wants];
  let query = db
    .selectFrom("property as p")
    .select([
      "p.id",
      "p.code",
      "p.headline",
      "p.price",
      "p.offer_type",
      "p.rent_period",
      "p.bedroom",
      "p.city",
      "p.cover_image",
    ])
    .where("p.publish", "=", 1)
    .where("p.offer_type", "=", offerType)
    .where("p.availability", "not in", offMarket);
  if (requirements.budgetMin !== null) query = query.where("p.price", ">=", requirements.budgetMin);
  if (requirements.budgetMax !== null) query = query.where("p.price", "<=", requirements.budgetMax);
  if (requirements.minBeds !== null) query = query.where("p.bedroom", ">=", requirements.minBeds);
  if (requirements.areas.length > 0) {
    const areas = requirements.areas;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["p.city"]), "in", areas),
        eb(eb.fn("lower", ["p.province"]), "in", areas),
      ]),
    );
  }
  if (requirements.categoryIds.length > 0) {
    query = query.where("p.category_id", "in", requirements.categoryIds);
  }
  for (const amenityId of requirements.amenityIds) {
    query = query.where(sql<SqlBool>`${featureList} like ${`%,${amenityId},%`}`);
  }
  const applicantId = options.applicantId ?? 0;
  const rows = await query
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("applicant_offer as o")
            .select("o.property_id")
            .where("o.applicant_id", "=", applicantId)
            .whereRef("o.property_id", "=", "p.id")
            .whereRef("o.price", "=", "p.price"),
        )
        .as("offered"),
    )
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc")
    .limit(options.pageSize + 1)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  return {
    rows: rows.slice(0, options.pageSize).map((row) => ({
      id: row.id,
      code: row.code,
      headline: row.headline,
      price: Number(row.price),
      offerType: row.offer_type,
      rentPeriod: row.rent_period,
      bedroom: Number(row.bedroom),
      city: row.city,
      coverImage: row.cover_image,
      offered: row.offered === true || Number(row.offered) === 1,
    })),
    hasNext: rows.length > options.pageSize,
  };
}

export interface ApplicantMatchOptions {
  /** Only those who consented to be mailed homes. */
  consentingOnly: boolean;
  /** Leave out those offered this listing at its price already. */
  notOffered: boolean;
  /** Applicants after this id (keyset paging). */
  afterId: number;
  limit: number;
}

/**
 * The applicants `listing` matches (the rule of lib/applicant-requirements.ts's
 * listingMatches), by id, read through the applicants' want and budget index.
 */
export async function listMatchingApplicants(
  db: Db,
  listing: MatchingListing,
  options: ApplicantMatchOptions,
): Promise<MatchedApplicant[]> {
  const wants = (Object.entries(offerTypeOfWants).find(
    ([, offer]) => offer === listing.offerType,
  )?.[0] ?? null) as ApplicantWants | null;
  if (wants === null) return [];
  const places = [listing.city.trim().toLowerCase(), listing.province.trim().toLowerCase()].filter(
    (place) => place !== "",
  );
  let query = db
    .selectFrom("applicant as a")
    .select(["a.id", "a.name", "a.email", "a.consent"])
    .where("a.wants", "=", wants)
    .where((eb) => eb.or([eb("a.budget_min", "is", null), eb("a.budget_min", "<=", listing.price)]))
    .where((eb) => eb.or([eb("a.budget_max", "is", null), eb("a.budget_max", ">=", listing.price)]))
    .where((eb) => eb.or([eb("a.min_beds", "is", null), eb("a.min_beds", "<=", listing.bedroom)]))
    .where((eb) => {
      const anyArea = eb.not(
        eb.exists(
          eb
            .selectFrom("applicant_area as x")
            .select("x.applicant_id")
            .whereRef("x.applicant_id", "=", "a.id"),
        ),
      );
      if (places.length === 0) return anyArea;
      return eb.or([
        anyArea,
        eb.exists(
          eb
            .selectFrom("applicant_area as x")
            .select("x.applicant_id")
            .whereRef("x.applicant_id", "=", "a.id")
            .where("x.area", "in", places),
        ),
      ]);
    })
    .where((eb) => {
      const anyType = eb.not(
        eb.exists(
          eb
            .selectFrom("applicant_category as c")
            .select("c.applicant_id")
            .whereRef("c.applicant_id", "=", "a.id"),
        ),
      );
      if (listing.categoryId === null) return anyType;
      return eb.or([
        anyType,
        eb.exists(
          eb
            .selectFrom("applicant_category as c")
            .select("c.applicant_id")
            .whereRef("c.applicant_id", "=", "a.id")
            .where("c.category_id", "=", listing.categoryId),
        ),
      ]);
    })
    .where((eb) => {
      let missing = eb
        .selectFrom("applicant_amenity as m")
        .select("m.applicant_id")
        .whereRef("m.applicant_id", "=", "a.id");
      if (listing.amenityIds.length > 0) {
        missing = missing.where("m.amenity_id", "not in", listing.amenityIds);
      }
      return eb.not(eb.exists(missing));
    })
    .where("a.id", ">", options.afterId);
  if (options.consentingOnly) query = query.where("a.consent", "=", 1);
  if (options.notOffered) {
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("applicant_offer as o")
            .select("o.applicant_id")
            .whereRef("o.applicant_id", "=", "a.id")
            .where("o.property_id", "=", listing.id)
            .where("o.price", "=", listing.price),
        ),
      ),
    );
  }
  const rows = await query.orderBy("a.id").limit(options.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    consent: Number(row.consent) === 1,
  }));
}

/** What an `applicant-homes` outbox row carries. */
export interface ApplicantHomesPayload {
  applicantId: number;
  codes: string[];
}

/**
 * Queues one mail of `listings` to the applicant (once per `dedupeKey`), recording the mail
 * and each listing offered at its price. Answers whether it was queued.
 */
export async function queueApplicantHomes(
  db: Db,
  mail: {
    applicantId: number;
    listings: readonly { id: number; code: string; price: number }[];
    dedupeKey: string;
    sentBy: string;
    now: Date;
  },
): Promise<boolean> {
  const codes = mail.listings.map((listing) => listing.code);
  const payload: ApplicantHomesPayload = { applicantId: mail.applicantId, codes };
  const queued = await enqueueOutbox(db, {
    dedupeKey: mail.dedupeKey,
    kind: "applicant-homes",
    payload,
    now: mail.now,
  });
  if (!queued) return false;
  const at = mail.now.toISOString();
  const row = await db
    .insertInto("applicant_mail")
    .values({
      applicant_id: mail.applicantId,
      outbox_key: mail.dedupeKey,
      codes: JSON.stringify(codes),
      sent_by: mail.sentBy,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("applicant_offer")
    .values(
      mail.listings.map((listing) => ({
        applicant_id: mail.applicantId,
        property_id: listing.id,
        price: listing.price,
        mail_id: row.id,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(["applicant_id", "property_id", "price"]).doNothing(),
    )
    .execute();
  await db
    .updateTable("applicant")
    .set({ last_activity_at: at })
    .where("id", "=", mail.applicantId)
    .execute();
  return true;
}

/** The mail's listings, by their codes, in the mail's order; those gone are left out. */
export async function listHomesOfCodes(db: Db, codes: readonly string[]) {
  if (codes.length === 0) return [];
  const rows = await db
    .selectFrom("property")
    .select([
      "code",
      "slug",
      "headline",
      "price",
      "offer_type",
      "rent_period",
      "bedroom",
      "city",
      "publish",
    ])
    .where("code", "in", codes)
    .execute();
  const byCode = new Map(rows.map((row) => [row.code, row]));
  return codes.flatMap((code) => {
    const row = byCode.get(code);
    return row && (row.publish === true || Number(row.publish) === 1) ? [row] : [];
  });
}

const timelineEach = 50;

/** The applicant's history, newest first: enquiries, viewings, mails, notes, consent changes. */
export async function listApplicantTimeline(
  db: Db,
  applicant: { id: number; email: string },
): Promise<TimelineEntry[]> {
  const email = applicant.email.toLowerCase();
  const [enquiries, viewings, mails, notes, consents] = await Promise.all([
    db
      .selectFrom("enquiry")
      .select(["id", "property_code", "message", "created_at"])
      .where(sql`lower(email)`, "=", email)
      .orderBy("id", "desc")
      .limit(timelineEach)
      .execute(),
    db
      .selectFrom("viewing as v")
      .innerJoin("property as p", "p.id", "v.property_id")
      .select(["p.code", "v.starts_at", "v.status", "v.created_at"])
      .where(sql`lower(v.visitor_email)`, "=", email)
      .orderBy("v.id", "desc")
      .limit(timelineEach)
      .execute(),
    db
      .selectFrom("applicant_mail as m")
      .leftJoin("outbox as o", "o.dedupe_key", "m.outbox_key")
      .select(["m.codes", "m.sent_by", "m.created_at", "o.status"])
      .where("m.applicant_id", "=", applicant.id)
      .orderBy("m.id", "desc")
      .limit(timelineEach)
      .execute(),
    db
      .selectFrom("applicant_note")
      .select(["author_email", "body", "created_at"])
      .where("applicant_id", "=", applicant.id)
      .orderBy("id", "desc")
      .limit(timelineEach)
      .execute(),
    db
      .selectFrom("applicant_consent_change")
      .select(["consent", "source", "note", "changed_by", "at"])
      .where("applicant_id", "=", applicant.id)
      .orderBy("id", "desc")
      .limit(timelineEach)
      .execute(),
  ]);
  const entries: TimelineEntry[] = [
    ...enquiries.map(
      (row): TimelineEntry => ({
        kind: "enquiry",
        at: toIsoString(row.created_at),
        id: row.id,
        propertyCode: row.property_code,
        message: row.message,
      }),
    ),
    ...viewings.map(
      (row): TimelineEntry => ({
        kind: "viewing",
        at: toIsoString(row.created_at),
        propertyCode: row.code,
        startsAt: toIsoString(row.starts_at),
        status: row.status,
      }),
    ),
    ...mails.map(
      (row): TimelineEntry => ({
        kind: "mail",
        at: toIsoString(row.created_at),
        codes: JSON.parse(row.codes) as string[],
        sentBy: row.sent_by,
        sent: row.status === "sent",
      }),
    ),
    ...notes.map(
      (row): TimelineEntry => ({
        kind: "note",
        at: toIsoString(row.created_at),
        author: row.author_email,
        body: row.body,
      }),
    ),
    ...consents.map(
      (row): TimelineEntry => ({
        kind: "consent",
        at: toIsoString(row.at),
        consent: Number(row.consent) === 1,
        source: row.source,
        note: row.note,
        by: row.changed_by,
      }),
    ),
  ];
  return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

/** The sources the intake reads, in its order. */
export const intakeSources = ["enquiry", "viewing", "alert", "newsletter"] as const;
export type IntakeSource = (typeof intakeSources)[number];

interface IntakeRow {
  id: number;
  email: string;
  name: string;
  phone: string;
  /** When it happened: the row's creation, or its confirmation. */
  at: string;
}

async function readIntakeRows(
  db: Db,
  source: IntakeSource,
  mark: { last_id: number; last_at: string },
  settledBefore: string,
  limit: number,
): Promise<IntakeRow[]> {
  if (source === "enquiry") {
    const rows = await db
      .selectFrom("enquiry")
      .select(["id", "email", "fullname", "telephone", "created_at"])
      .where("id", ">", mark.last_id)
      .where("created_at", "<=", settledBefore)
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.fullname,
      phone: row.telephone,
      at: toIsoString(row.created_at),
    }));
  }
  if (source === "viewing") {
    const rows = await db
      .selectFrom("viewing")
      .select(["id", "visitor_email", "visitor_name", "visitor_phone", "created_at"])
      .where("id", ">", mark.last_id)
      .where("created_at", "<=", settledBefore)
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      email: row.visitor_email,
      name: row.visitor_name,
      phone: row.visitor_phone,
      at: toIsoString(row.created_at),
    }));
  }
  const table = source === "alert" ? "search_alert" : "newsletter_subscriber";
  let query = db
    .selectFrom(table)
    .select(["id", "email", "confirmed_at"])
    .where("confirmed_at", "is not", null)
    .where("confirmed_at", "<=", settledBefore);
  if (mark.last_at !== "") {
    const lastAt = mark.last_at;
    query = query.where((eb) =>
      eb.or([
        eb("confirmed_at", ">", lastAt),
        eb.and([eb("confirmed_at", "=", lastAt), eb("id", ">", mark.last_id)]),
      ]),
    );
  }
  const rows = await query.orderBy("confirmed_at").orderBy("id").limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: "",
    phone: "",
    at: toIsoString(row.confirmed_at ?? ""),
  }));
}

/**
 * Reads one batch of `source`'s rows past its mark and creates or updates their applicants:
 * a new address becomes an applicant; a known one gets a name or phone it lacked and its
 * latest activity; a confirmed alert or newsletter address gives consent to be mailed homes
 * (unless a later choice was recorded). Rows younger than `settledBefore` wait for the next
 * run, so a transaction still open with a lower id is never skipped. Runs in one transaction
 * that holds the source's mark row (FOR UPDATE on PostgreSQL), so two app servers never read
 * one batch twice. Answers how many rows it read.
 */
export async function takeIntakeBatch(
  db: Kysely<Database>,
  source: IntakeSource,
  options: { settledBefore: Date; limit: number; postgres: boolean },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let markQuery = trx
      .selectFrom("applicant_intake_mark")
      .select(["last_id", "last_at"])
      .where("source", "=", source);
    if (options.postgres) markQuery = markQuery.forUpdate();
    const mark = (await markQuery.executeTakeFirst()) ?? { last_id: 0, last_at: "" };
    const rows = await readIntakeRows(
      trx,
      source,
      { last_id: Number(mark.last_id), last_at: mark.last_at },
      options.settledBefore.toISOString(),
      options.limit,
    );
    for (const row of rows) {
      const email = row.email.trim().toLowerCase();
      if (email === "") continue;
      const applicant = await trx
        .insertInto("applicant")
        .values({
          email,
          name: row.name.trim().slice(0, 120),
          phone: row.phone.trim().slice(0, 40),
          source,
          created_at: row.at,
          updated_at: row.at,
          last_activity_at: row.at,
        })
        .onConflict((conflict) =>
          conflict.column("email").doUpdateSet({
            name: sql`case when applicant.name = '' then excluded.name else applicant.name end`,
            phone: sql`case when applicant.phone = '' then excluded.phone else applicant.phone end`,
            last_activity_at: sql`case when applicant.last_activity_at < excluded.last_activity_at then excluded.last_activity_at else applicant.last_activity_at end`,
          }),
        )
        .returning("id")
        .executeTakeFirstOrThrow();
      if (source === "alert" || source === "newsletter") {
        await setApplicantConsent(trx, applicant.id, {
          consent: true,
          source,
          note: "",
          by: source,
          at: new Date(row.at),
          onlyIfNewer: true,
        });
      }
    }
    const last = rows.at(-1);
    if (last) {
      await trx
        .updateTable("applicant_intake_mark")
        .set({
          last_id: last.id,
          last_at: source === "alert" || source === "newsletter" ? last.at : "",
        })
        .where("source", "=", source)
        .execute();
    }
    return rows.length;
  });
}

export async function findApplicantDataOfEmail(
  db: Db,
  email: string,
): Promise<ApplicantDataFindings | null> {
  const id = await findApplicantIdByEmail(db, email);
  const applicant = id === undefined ? undefined : await findApplicant(db, id);
  if (!applicant) return null;
  const timeline = await listApplicantTimeline(db, applicant);
  return {
    name: applicant.name,
    email: applicant.email,
    phone: applicant.phone,
    consent: applicant.consent,
    consentAt: applicant.consentAt,
    consentSource: applicant.consentSource,
    requirements: applicant.requirements,
    notes: timeline.flatMap((entry) =>
      entry.kind === "note" ? [{ at: entry.at, author: entry.author, body: entry.body }] : [],
    ),
    consentChanges: timeline.flatMap((entry) =>
      entry.kind === "consent"
        ? [{ at: entry.at, consent: entry.consent, source: entry.source, note: entry.note }]
        : [],
    ),
    mails: timeline.flatMap((entry) =>
      entry.kind === "mail" ? [{ at: entry.at, codes: entry.codes }] : [],
    ),
    createdAt: applicant.createdAt,
    lastActivityAt: applicant.lastActivityAt,
  };
}

/** Deletes the address's applicant (and their notes, requirements, mails); answers whether. */
export async function deleteApplicantOfEmail(db: Db, email: string): Promise<boolean> {
  const id = await findApplicantIdByEmail(db, email);
  return id === undefined ? false : deleteApplicant(db, id);
}

/**
 * Deletes up to `limit` applicants whose last activity was before `cutoff`, with everything
 * of theirs; answers how many went.
 */
export async function purgeApplicantsInactiveSince(
  db: Kysely<Database>,
  cutoff: Date,
  limit: number,
): Promise<number> {
  const rows = await db
    .selectFrom("applicant")
    .select("id")
    .where("last_activity_at", "<", cutoff.toISOString())
    .orderBy("last_activity_at")
    .limit(limit)
    .execute();
  let deleted = 0;
  for (const row of rows) {
    if (await db.transaction().execute((trx) => deleteApplicant(trx, row.id))) deleted++;
  }
  return deleted;
}

/** The site's categories and amenities, for the requirements' choices, by title. */
export async function listRequirementChoices(db: Db) {
  const [categories, amenities] = await Promise.all([
    db.selectFrom("category").select(["id", "title"]).orderBy("title").execute(),
    db.selectFrom("amenity").select(["id", "title"]).orderBy("title").execute(),
  ]);
  return { categories, amenities };
}
