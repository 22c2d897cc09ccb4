/**
 * Applicants (decision 103) on both dialects: the SQL matching agrees with the rule of
 * lib/applicant-requirements.ts both ways (an applicant's listings, a listing's applicants);
 * the intake makes applicants from each source, and only confirmations give consent; offers
 * are deduplicated per applicant, listing and price; the data request and the retention purge
 * delete an applicant with everything of theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApplicantRequirements,
  listingMatches,
  noRequirements,
} from "../../lib/applicant-requirements.ts";
import { buildListingRowFrom, buildPropertyEnquiry } from "../../tests/support/factories.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import {
  deleteApplicantOfEmail,
  findApplicant,
  findApplicantDataOfEmail,
  findApplicantIdByEmail,
  findMatchingListing,
  insertApplicant,
  listApplicantTimeline,
  listMatchingApplicants,
  listMatchingListings,
  type MatchingListing,
  purgeApplicantsInactiveSince,
  queueApplicantHomes,
  saveApplicantRequirements,
  setApplicantConsent,
  takeIntakeBatch,
} from "./applicant.ts";
import { insertEnquiry } from "./enquiry.ts";
import { findPropertyRowByCode } from "./property.ts";
import { insertProperty, updatePropertyByCode } from "./property-writes.ts";

const now = new Date("2026-11-29T09:00:00.000Z");

describe.each(testDialects)("applicants on %s", (dialect) => {
  let test: TestDatabase;
  const db = () => test.handle.db;
  let categoryIds: number[] = [];
  let amenityIds: number[] = [];
  const listings: MatchingListing[] = [];
  const applicants: { id: number; requirements: ApplicantRequirements }[] = [];

  /** A pseudo-random sequence: the same cases on every run. */
  let seed = 7;
  const random = () => {
    seed = (seed * 16_807) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    categoryIds = (await db().selectFrom("category").select("id").orderBy("id").execute()).map(
      (row) => row.id,
    );
    amenityIds = (await db().selectFrom("amenity").select("id").orderBy("id").execute()).map(
      (row) => row.id,
    );
    const source = (await findPropertyRowByCode(db(), "HP-1003"))!;
    // Listings in two towns of their own, so the seed's listings match nothing asked here.
    for (let number = 0; number < 30; number++) {
      const code = `AM-${100 + number}`;
      const sale = random() < 0.6;
      await insertProperty(
        db(),
        buildListingRowFrom(source, {
          code,
          offer_type: sale ? "For Sale" : "For Rent",
          price: sale
            ? 200_000 + Math.floor(random() * 40) * 10_000
            : 800 + Math.floor(random() * 20) * 100,
          bedroom: 1 + Math.floor(random() * 5),
          city: pick(["Zedbury", "Quillford"]),
          province: pick(["Wessex", "Mercia"]),
          category_id: pick(categoryIds),
          features: JSON.stringify(amenityIds.filter(() => random() < 0.5)),
          publish: number % 10 === 9 ? 0 : 1,
          availability: number % 10 === 8 ? "sold_stc" : "available",
          created_at: new Date(Date.UTC(2026, 10, 1, number)).toISOString(),
        }),
        "import",
      );
      listings.push((await findMatchingListing(db(), code))!);
    }
    for (let number = 0; number < 25; number++) {
      const id = (await insertApplicant(db(), {
        email: `applicant-${number}@example.com`,
        name: `Applicant ${number}`,
        phone: "",
        source: "staff",
        now,
      }))!;
      const wants = number === 0 ? null : pick(["buy", "rent"] as const);
      const requirements: ApplicantRequirements =
        wants === null
          ? noRequirements
          : {
              wants,
              budgetMin: random() < 0.5 ? null : wants === "buy" ? 250_000 : 1000,
              budgetMax: random() < 0.3 ? null : wants === "buy" ? 450_000 : 2000,
              minBeds: random() < 0.5 ? null : 1 + Math.floor(random() * 4),
              areas: random() < 0.4 ? [] : [pick(["zedbury", "quillford", "wessex", "mercia"])],
              categoryIds: random() < 0.5 ? [] : [pick(categoryIds)],
              amenityIds: random() < 0.5 ? [] : [pick(amenityIds)],
            };
      await saveApplicantRequirements(db(), id, requirements, now);
      applicants.push({ id, requirements });
    }
  });
  afterAll(() => test?.drop());

  const onOffer = (listing: MatchingListing) => listing.published && listing.onMarket;

  it("finds each applicant's published listings on the market that the rule matches, newest first", async () => {
    let matched = 0;
    for (const applicant of applicants) {
      const expected = listings
        .filter((listing) => onOffer(listing) && listingMatches(applicant.requirements, listing))
        .map((listing) => listing.code)
        .reverse();
      const { rows, hasNext } = await listMatchingListings(db(), applicant.requirements, {
        applicantId: applicant.id,
        page: 1,
        pageSize: 100,
      });
      // Only this test's towns are asked for when an area is: the seed may match the rest.
      const own = rows.map((row) => row.code).filter((code) => code.startsWith("AM-"));
      if (applicant.requirements.areas.length > 0) expect(rows.length).toBe(own.length);
      expect(own, JSON.stringify(applicant.requirements)).toEqual(expected);
      expect(hasNext).toBe(false);
      matched += expected.length;
    }
    expect(matched).toBeGreaterThan(10);
  });

  it("finds each listing's applicants by the same rule", async () => {
    let matched = 0;
    for (const listing of listings) {
      const expected = applicants
        .filter((applicant) => listingMatches(applicant.requirements, listing))
        .map((applicant) => applicant.id);
      const rows = await listMatchingApplicants(db(), listing, {
        consentingOnly: false,
        notOffered: false,
        afterId: 0,
        limit: 1000,
      });
      // The seed's demo applicants may match too: only this test's are compared.
      const own = new Set(applicants.map((applicant) => applicant.id));
      expect(
        rows.map((row) => row.id).filter((id) => own.has(id)),
        listing.code,
      ).toEqual(expected);
      matched += expected.length;
    }
    expect(matched).toBeGreaterThan(10);
  });

  it("pages an applicant's matches", async () => {
    const wide: ApplicantRequirements = {
      ...noRequirements,
      wants: "buy",
      areas: ["zedbury", "quillford"],
    };
    const all = await listMatchingListings(db(), wide, {
      applicantId: null,
      page: 1,
      pageSize: 100,
    });
    const first = await listMatchingListings(db(), wide, {
      applicantId: null,
      page: 1,
      pageSize: 3,
    });
    const second = await listMatchingListings(db(), wide, {
      applicantId: null,
      page: 2,
      pageSize: 3,
    });
    expect(first.hasNext).toBe(true);
    expect([...first.rows, ...second.rows].map((row) => row.code)).toEqual(
      all.rows.slice(0, 6).map((row) => row.code),
    );
  });

  it("offers a listing once per applicant and price, and again once its price is reduced", async () => {
    const id = (await insertApplicant(db(), {
      email: "offer@example.com",
      name: "Offer",
      phone: "",
      source: "staff",
      now,
    }))!;
    await saveApplicantRequirements(
      db(),
      id,
      { ...noRequirements, wants: "buy", areas: ["zedbury", "quillford"] },
      now,
    );
    const listing = listings.find((row) => row.offerType === "For Sale" && onOffer(row))!;
    const options = { consentingOnly: true, notOffered: true, afterId: 0, limit: 1000 };
    const ids = async () =>
      (await listMatchingApplicants(db(), listing, options)).map((row) => row.id);
    // No consent: not among those to offer to.
    expect(await ids()).not.toContain(id);
    await setApplicantConsent(db(), id, {
      consent: true,
      source: "staff",
      note: "by phone",
      by: "s@x",
      at: now,
    });
    expect(await ids()).toContain(id);
    const offer = (price: number) =>
      queueApplicantHomes(db(), {
        applicantId: id,
        listings: [{ ...listing, price }],
        dedupeKey: `applicant-offer:${id}:${listing.id}:${price}`,
        sentBy: "s@x",
        now,
      });
    expect(await offer(listing.price)).toBe(true);
    expect(await offer(listing.price)).toBe(false);
    expect(await ids()).not.toContain(id);
    const matches = await listMatchingListings(
      db(),
      (await findApplicant(db(), id))!.requirements,
      { applicantId: id, page: 1, pageSize: 100 },
    );
    expect(matches.rows.find((row) => row.code === listing.code)?.offered).toBe(true);
    const outbox = await db()
      .selectFrom("outbox")
      .select(["kind", "payload"])
      .where("dedupe_key", "like", `applicant-offer:${id}:%`)
      .execute();
    expect(outbox).toEqual([
      {
        kind: "applicant-homes",
        payload: JSON.stringify({ applicantId: id, codes: [listing.code] }),
      },
    ]);
    // Reduced: offered again.
    await updatePropertyByCode(
      db(),
      listing.code,
      { price: listing.price - 5000 },
      {
        source: "staff",
        at: now.toISOString(),
      },
    );
    const reduced = (await findMatchingListing(db(), listing.code))!;
    expect((await listMatchingApplicants(db(), reduced, options)).map((row) => row.id)).toContain(
      id,
    );
    const timeline = await listApplicantTimeline(db(), { id, email: "offer@example.com" });
    expect(timeline.map((entry) => entry.kind)).toEqual(["mail", "consent"]);
  });

  it("makes applicants from each source, and takes consent only from confirmations", async () => {
    const { id: enquiryId } = await insertEnquiry(db(), {
      ...buildPropertyEnquiry("HP-1001", { email: "Enquirer@Example.com", fullname: "Ena Quirer" }),
      ip: "192.0.2.1",
    });
    expect(enquiryId).toBeGreaterThan(0);
    const property = (await findPropertyRowByCode(db(), "HP-1001"))!;
    const at = "2026-11-29T08:00:00.000Z";
    await db()
      .insertInto("viewing")
      .values({
        uid: "intake-test@homes",
        property_id: property.id,
        staff_user_id: null,
        starts_at: "2026-12-01T10:00:00.000Z",
        ends_at: "2026-12-01T10:30:00.000Z",
        hold_key: null,
        visitor_name: "Vi Ewer",
        visitor_email: "viewer@example.com",
        visitor_phone: "+44 20 7946 0000",
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db()
      .insertInto("search_alert")
      .values({
        email: "alerted@example.com",
        query: "{}",
        salt: "s",
        confirm_token_hash: "c",
        unsubscribe_token_hash: "u",
        manage_token_hash: "m",
        created_at: at,
        confirmed_at: at,
      })
      .execute();
    await db()
      .insertInto("newsletter_subscriber")
      .values([
        {
          email: "reader@example.com",
          status: "confirmed",
          salt: "s",
          created_at: at,
          confirmed_at: at,
        },
        { email: "pending@example.com", status: "pending", salt: "s", created_at: at },
        // Also an enquirer: one applicant, now with consent.
        {
          email: "enquirer@example.com",
          status: "confirmed",
          salt: "s",
          created_at: at,
          confirmed_at: "2026-11-29T08:30:00.000Z",
        },
      ])
      .execute();
    const take = async (settledBefore: Date) => {
      let read = 0;
      for (const source of ["enquiry", "viewing", "alert", "newsletter"] as const) {
        read += await takeIntakeBatch(db(), source, {
          settledBefore,
          limit: 500,
          postgres: dialect === "postgres",
        });
      }
      return read;
    };
    // Not settled yet: the rows wait. (The enquiry was stored just now.)
    await take(new Date("2026-11-29T07:00:00.000Z"));
    expect(await findApplicantIdByEmail(db(), "viewer@example.com")).toBeUndefined();
    expect(await take(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(5);
    expect(await take(new Date(Date.now() + 60_000))).toBe(0);

    const consentOf = async (email: string) => {
      const id = await findApplicantIdByEmail(db(), email);
      const applicant = id === undefined ? undefined : await findApplicant(db(), id);
      return (
        applicant && {
          name: applicant.name,
          phone: applicant.phone,
          consent: applicant.consent,
          source: applicant.source,
        }
      );
    };
    expect(await consentOf("viewer@example.com")).toEqual({
      name: "Vi Ewer",
      phone: "+44 20 7946 0000",
      consent: false,
      source: "viewing",
    });
    expect(await consentOf("alerted@example.com")).toMatchObject({
      consent: true,
      source: "alert",
    });
    expect(await consentOf("reader@example.com")).toMatchObject({
      consent: true,
      source: "newsletter",
    });
    expect(await consentOf("pending@example.com")).toBeUndefined();
    expect(await consentOf("enquirer@example.com")).toMatchObject({
      name: "Ena Quirer",
      consent: true,
      source: "enquiry",
    });
    // A later withdrawal stands against an older confirmation read again.
    const readerId = (await findApplicantIdByEmail(db(), "reader@example.com"))!;
    await setApplicantConsent(db(), readerId, {
      consent: false,
      source: "stop-link",
      note: "",
      by: "stop link",
      at: new Date("2026-11-29T08:45:00.000Z"),
    });
    expect(
      await setApplicantConsent(db(), readerId, {
        consent: true,
        source: "newsletter",
        note: "",
        by: "newsletter",
        at: new Date(at),
        onlyIfNewer: true,
      }),
    ).toBe(false);
    expect((await findApplicant(db(), readerId))?.consent).toBe(false);
    const timeline = await listApplicantTimeline(db(), {
      id: (await findApplicantIdByEmail(db(), "enquirer@example.com"))!,
      email: "enquirer@example.com",
    });
    expect(timeline.map((entry) => entry.kind)).toEqual(["enquiry", "consent"]);
  });

  it("finds and erases an applicant by address, with their mails not yet sent", async () => {
    const id = (await findApplicantIdByEmail(db(), "offer@example.com"))!;
    const found = await findApplicantDataOfEmail(db(), " OFFER@example.com ");
    expect(found).toMatchObject({ name: "Offer", consent: true });
    expect(found?.mails.length).toBe(1);
    expect(await deleteApplicantOfEmail(db(), "offer@example.com")).toBe(true);
    expect(await findApplicant(db(), id)).toBeUndefined();
    expect(
      await db()
        .selectFrom("outbox")
        .select("id")
        .where("dedupe_key", "like", `applicant-offer:${id}:%`)
        .execute(),
    ).toEqual([]);
    expect(
      await db()
        .selectFrom("applicant_area")
        .select("area")
        .where("applicant_id", "=", id)
        .execute(),
    ).toEqual([]);
    expect(await findApplicantDataOfEmail(db(), "offer@example.com")).toBeNull();
  });

  it("deletes the applicants with no activity since the cutoff, and no others", async () => {
    const before = await db().selectFrom("applicant").select("id").execute();
    const old = (await insertApplicant(db(), {
      email: "long-gone@example.com",
      name: "Long Gone",
      phone: "",
      source: "staff",
      now: new Date("2023-01-01T00:00:00.000Z"),
    }))!;
    expect(
      await purgeApplicantsInactiveSince(db(), new Date("2024-11-29T00:00:00.000Z"), 100),
    ).toBe(1);
    expect(await findApplicant(db(), old)).toBeUndefined();
    expect((await db().selectFrom("applicant").select("id").execute()).length).toBe(before.length);
  });
});
