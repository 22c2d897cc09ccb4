/**
 * The back office's applicants (decision 103): the list, a new applicant, an applicant's page
 * (details, consent, requirements, matches and timeline), "Send these homes", and a listing's
 * matching applicants with its one-click offer. Any signed-in member of staff may use it (all
 * staff see all applicants, issue 31); every change is recorded in the audit log (decision
 * 050), naming the applicant by id, never by address.
 */
import { createHash } from "node:crypto";
import type { StaffSession } from "#app-context";
import type { DatabaseHandle } from "../../db/database.ts";
import {
  findApplicant,
  findMatchingListing,
  insertApplicant,
  insertApplicantNote,
  listApplicants,
  listApplicantTimeline,
  listMatchingApplicants,
  listMatchingListings,
  listRequirementChoices,
  queueApplicantHomes,
  saveApplicantRequirements,
  setApplicantConsent,
  updateApplicantDetails,
} from "../../db/queries/applicant.ts";
import { recordAuditEvent } from "../../db/queries/audit.ts";
import {
  type AdminApplicantsService,
  applicantPageSize,
  type ListingApplicants,
  matchPageSize,
} from "../../lib/applicant-admin.ts";
import {
  readApplicantDetails,
  readApplicantNote,
  readRequirements,
} from "../../lib/applicant-requirements.ts";
import { utcDay } from "../alerts/service.ts";
import { actorOf } from "../staff/listings.ts";

/** Applicants a listing's page shows by name; the one click mails them all. */
const listingShown = 200;
/** The most homes one mail carries. */
export const maxHomesPerMail = 10;

export interface AdminApplicantsOptions {
  database: DatabaseHandle;
  log: { info(object: unknown, message: string): void };
  /** Tells this server's outbox job that mails are queued. */
  wakeOutbox: () => void;
  now?: () => Date;
}

export function createAdminApplicants(
  options: AdminApplicantsOptions,
): AdminApplicantsService<StaffSession> {
  const { database, log, wakeOutbox } = options;
  const now = options.now ?? (() => new Date());
  const db = database.db;

  async function known() {
    const choices = await listRequirementChoices(db);
    return {
      choices,
      ids: {
        categoryIds: new Set(choices.categories.map((category) => category.id)),
        amenityIds: new Set(choices.amenities.map((amenity) => amenity.id)),
      },
    };
  }

  async function listingApplicants(code: string): Promise<ListingApplicants | null> {
    const listing = await findMatchingListing(db, code);
    if (!listing) return null;
    const offerable = listing.published && listing.onMarket;
    const toOffer = offerable
      ? await listMatchingApplicants(db, listing, {
          consentingOnly: true,
          notOffered: true,
          afterId: 0,
          limit: listingShown + 1,
        })
      : [];
    const all = await listMatchingApplicants(db, listing, {
      consentingOnly: false,
      notOffered: false,
      afterId: 0,
      limit: listingShown,
    });
    const offered = new Set(toOffer.map((applicant) => applicant.id));
    return {
      listing: {
        code: listing.code,
        headline: listing.headline,
        price: listing.price,
        offerType: listing.offerType,
        rentPeriod: listing.rentPeriod,
        published: listing.published,
        onMarket: listing.onMarket,
      },
      toOffer: toOffer.slice(0, listingShown),
      moreToOffer: toOffer.length > listingShown,
      others: all.filter((applicant) => !offered.has(applicant.id)),
    };
  }

  return {
    async list(_session, query) {
      const { rows, total } = await listApplicants(db, { ...query, pageSize: applicantPageSize });
      return { rows, total, pageSize: applicantPageSize };
    },

    async create(session, form) {
      const read = readApplicantDetails(form);
      if ("errors" in read) return read;
      const at = now();
      const id = await db.transaction().execute(async (trx) => {
        const id = await insertApplicant(trx, { ...read.details, source: "staff", now: at });
        if (id === undefined) return undefined;
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "applicant.create",
          subjectType: "applicant",
          subjectId: id,
          at,
        });
        return id;
      });
      if (id === undefined) {
        return { errors: { email: "An applicant with this e-mail address exists already." } };
      }
      log.info({ by: session.user.id, applicantId: id }, "applicant added");
      return { id };
    },

    async find(_session, id, matchPage) {
      const applicant = await findApplicant(db, id);
      if (!applicant) return null;
      const [timeline, { choices }, matches] = await Promise.all([
        listApplicantTimeline(db, applicant),
        known(),
        listMatchingListings(db, applicant.requirements, {
          applicantId: applicant.id,
          page: matchPage,
          pageSize: matchPageSize,
        }),
      ]);
      return { applicant, timeline, choices, matches: { ...matches, page: matchPage } };
    },

    async updateDetails(session, id, form) {
      const read = readApplicantDetails(form);
      if ("errors" in read) return read;
      const at = now();
      const result = await db.transaction().execute(async (trx) => {
        const before = await findApplicant(trx, id);
        if (!before) return "missing" as const;
        const changed = await updateApplicantDetails(trx, id, read.details, at);
        if (changed !== "changed") return changed;
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "applicant.update",
          subjectType: "applicant",
          subjectId: id,
          // Which fields changed, never their values (personal data).
          detail: {
            fields: (["name", "email", "phone"] as const).filter(
              (field) => before[field] !== read.details[field],
            ),
          },
          at,
        });
        return "changed" as const;
      });
      if (result === "email-taken") {
        return { errors: { email: "Another applicant has this e-mail address." } };
      }
      return result;
    },

    async saveRequirements(session, id, form) {
      const read = readRequirements(form, (await known()).ids);
      if ("errors" in read) return read;
      const at = now();
      return db.transaction().execute(async (trx) => {
        if (!(await saveApplicantRequirements(trx, id, read.requirements, at))) {
          return "missing" as const;
        }
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "applicant.requirements",
          subjectType: "applicant",
          subjectId: id,
          detail: { requirements: read.requirements },
          at,
        });
        return "changed" as const;
      });
    },

    async setConsent(session, id, change) {
      const note = readApplicantNote(change.note) ?? "";
      if (change.consent && note === "") {
        return { errors: { note: "Say how and when they agreed, such as “by phone today”." } };
      }
      const at = now();
      return db.transaction().execute(async (trx) => {
        if (!(await findApplicant(trx, id))) return "missing" as const;
        await setApplicantConsent(trx, id, {
          consent: change.consent,
          source: "staff",
          note,
          by: session.user.email,
          at,
        });
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "applicant.consent",
          subjectType: "applicant",
          subjectId: id,
          detail: { consent: change.consent },
          at,
        });
        return "changed" as const;
      });
    },

    async addNote(session, id, text) {
      const body = readApplicantNote(text);
      if (body === undefined) return { errors: { note: "Write the note first." } };
      const at = now();
      return db.transaction().execute(async (trx) => {
        if (!(await findApplicant(trx, id))) return "missing" as const;
        await insertApplicantNote(trx, {
          applicantId: id,
          authorEmail: session.user.email,
          body,
          now: at,
        });
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "applicant.note",
          subjectType: "applicant",
          subjectId: id,
          at,
        });
        return "added" as const;
      });
    },

    async sendHomes(session, id, codes) {
      const chosen = [...new Set(codes)].slice(0, maxHomesPerMail);
      if (chosen.length === 0) return { status: "nothing-chosen" };
      const at = now();
      const result = await db.transaction().execute(async (trx) => {
        const applicant = await findApplicant(trx, id);
        if (!applicant) return { status: "missing" } as const;
        if (!applicant.consent) return { status: "no-consent" } as const;
        const listings = [];
        for (const code of chosen) {
          const listing = await findMatchingListing(trx, code);
          if (!listing?.published) return { status: "unknown-homes" } as const;
          listings.push(listing);
        }
        // The same homes at the same prices, asked twice in a day (a double click), go once.
        const digest = createHash("sha256")
          .update(listings.map((listing) => `${listing.id}@${listing.price}`).join(","))
          .digest("hex")
          .slice(0, 16);
        const queued = await queueApplicantHomes(trx, {
          applicantId: id,
          listings,
          dedupeKey: `applicant-homes:${id}:${utcDay(at)}:${digest}`,
          sentBy: session.user.email,
          now: at,
        });
        if (queued) {
          await recordAuditEvent(trx, {
            actor: actorOf(session),
            action: "applicant.send",
            subjectType: "applicant",
            subjectId: id,
            detail: { codes: listings.map((listing) => listing.code) },
            at,
          });
        }
        return { status: "queued", count: listings.length } as const;
      });
      if (result.status === "queued") {
        wakeOutbox();
        log.info({ by: session.user.id, applicantId: id, homes: result.count }, "homes queued");
      }
      return result;
    },

    listingApplicants: (_session, code) => listingApplicants(code),

    async offerListing(session, code) {
      const listing = await findMatchingListing(db, code);
      if (!listing) return null;
      if (!listing.published || !listing.onMarket) return 0;
      const at = now();
      let queued = 0;
      let afterId = 0;
      for (;;) {
        const batch = await listMatchingApplicants(db, listing, {
          consentingOnly: true,
          notOffered: true,
          afterId,
          limit: 200,
        });
        if (batch.length === 0) break;
        await db.transaction().execute(async (trx) => {
          for (const applicant of batch) {
            const added = await queueApplicantHomes(trx, {
              applicantId: applicant.id,
              listings: [listing],
              // One offer per applicant, listing and price (a reduction is offered again).
              dedupeKey: `applicant-offer:${applicant.id}:${listing.id}:${listing.price}`,
              sentBy: session.user.email,
              now: at,
            });
            if (added) queued++;
          }
        });
        afterId = batch.at(-1)?.id ?? afterId;
        if (batch.length < 200) break;
      }
      await recordAuditEvent(db, {
        actor: actorOf(session),
        action: "listing.offer",
        subjectType: "listing",
        subjectId: listing.code,
        detail: { applicants: queued, price: listing.price },
        at,
      });
      if (queued > 0) wakeOutbox();
      log.info({ by: session.user.id, code, queued }, "listing offered to applicants");
      return queued;
    },
  };
}
