/**
 * `node scripts/applicant-matching-bench.ts [--dialect sqlite|postgres|both] [--listings N]
 * [--applicants N]`: how long applicant matching (decision 103) takes at N generated listings
 * (100,000 by default) and N applicants (10,000), on a fresh database of each dialect (made by
 * scripts/bench-database.ts, filled by db/seed's generator). Each applicant's requirements are
 * drawn around a generated listing (its offer, a budget about its price, its town or county,
 * sometimes its type or one of its amenities, half of them consenting), so matches are as
 * common as an agency's. It times, through the queries the back office calls:
 * - per new listing: its consenting applicants not yet offered it (the one-click offer's
 *   list), for 100 listings;
 * - per applicant page: the first and the fifth page of 20 matching listings, for 100
 *   applicants.
 * Median and 95th percentile of the wall-clock time.
 * PostgreSQL is the server of BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { type Dialect, openDatabase } from "../db/database.ts";
import {
  amenityIdsOf,
  findMatchingListing,
  listMatchingApplicants,
  listMatchingListings,
} from "../db/queries/applicant.ts";
import { fillWithGeneratedProperties } from "../db/seed/generate.ts";
import type { ApplicantRequirements } from "../lib/applicant-requirements.ts";
import { createBenchDatabase } from "./bench-database.ts";

const { values } = parseArgs({
  options: {
    dialect: { type: "string", default: "both" },
    listings: { type: "string", default: "100000" },
    applicants: { type: "string", default: "10000" },
  },
});
const listingCount = Number(values.listings);
const applicantCount = Number(values.applicants);
for (const [name, value] of [
  ["--listings", listingCount],
  ["--applicants", applicantCount],
] as const) {
  if (!Number.isSafeInteger(value) || value < 1 || value > 1_000_000) {
    throw new Error(`${name} must be a whole number from 1 to 1,000,000`);
  }
}
const dialects: Dialect[] =
  values.dialect === "both" ? ["sqlite", "postgres"] : [values.dialect as Dialect];
if (!dialects.every((dialect) => dialect === "sqlite" || dialect === "postgres")) {
  throw new Error("--dialect must be sqlite, postgres or both");
}
const adminPostgresUrl =
  process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const samples = 100;

/** A pseudo-random sequence: the same applicants every run. */
let seed = 42;
const random = () => {
  seed = (seed * 16_807) % 2_147_483_647;
  return seed / 2_147_483_647;
};

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`;
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

async function benchDialect(dialect: Dialect) {
  const database = await createBenchDatabase(dialect, adminPostgresUrl);
  const handle = openDatabase(database.url);
  const db = handle.db;
  try {
    console.error(`${dialect}: generating ${listingCount.toLocaleString("en-US")} listings…`);
    // No images: matching reads none.
    await fillWithGeneratedProperties(handle, { count: listingCount });
    // The demo's own applicants go: the bench's are the only ones.
    await db.deleteFrom("applicant").execute();

    const listings = await db
      .selectFrom("property")
      .select([
        "id",
        "code",
        "offer_type",
        "price",
        "bedroom",
        "city",
        "province",
        "category_id",
        "features",
      ])
      .where("publish", "=", 1)
      .execute();
    console.error(`${dialect}: adding ${applicantCount.toLocaleString("en-US")} applicants…`);
    const now = new Date().toISOString();
    const requirementsById = new Map<number, ApplicantRequirements>();
    const batch = 500;
    for (let start = 0; start < applicantCount; start += batch) {
      await db.transaction().execute(async (trx) => {
        for (let number = start; number < Math.min(applicantCount, start + batch); number++) {
          const listing = listings[Math.floor(random() * listings.length)]!;
          const price = Number(listing.price);
          const amenities = amenityIdsOf(listing.features);
          const requirements: ApplicantRequirements = {
            wants: listing.offer_type === "For Rent" ? "rent" : "buy",
            budgetMin: random() < 0.5 ? Math.round(price * 0.7) : null,
            budgetMax: random() < 0.9 ? Math.round(price * 1.3) : null,
            minBeds: random() < 0.6 ? Math.max(0, Number(listing.bedroom) - 1) : null,
            areas:
              random() < 0.85
                ? [(random() < 0.8 ? listing.city : listing.province).toLowerCase()]
                : [],
            categoryIds:
              random() < 0.3 && listing.category_id !== null ? [listing.category_id] : [],
            amenityIds: random() < 0.2 && amenities.length > 0 ? [amenities[0]!] : [],
          };
          const { id } = await trx
            .insertInto("applicant")
            .values({
              email: `bench-${number}@example.com`,
              name: `Bench ${number}`,
              consent: random() < 0.5 ? 1 : 0,
              wants: requirements.wants,
              budget_min: requirements.budgetMin,
              budget_max: requirements.budgetMax,
              min_beds: requirements.minBeds,
              source: "staff",
              created_at: now,
              updated_at: now,
              last_activity_at: now,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          for (const area of requirements.areas) {
            await trx.insertInto("applicant_area").values({ applicant_id: id, area }).execute();
          }
          for (const category_id of requirements.categoryIds) {
            await trx
              .insertInto("applicant_category")
              .values({ applicant_id: id, category_id })
              .execute();
          }
          for (const amenity_id of requirements.amenityIds) {
            await trx
              .insertInto("applicant_amenity")
              .values({ applicant_id: id, amenity_id })
              .execute();
          }
          requirementsById.set(id, requirements);
        }
      });
    }
    await sql`analyze`.execute(db);

    const newListing: number[] = [];
    let offered = 0;
    for (let number = 0; number < samples; number++) {
      const code = listings[Math.floor(random() * listings.length)]!.code;
      const [ms, found] = await timed(async () => {
        const listing = await findMatchingListing(db, code);
        return listing
          ? listMatchingApplicants(db, listing, {
              consentingOnly: true,
              notOffered: true,
              afterId: 0,
              limit: 201,
            })
          : [];
      });
      newListing.push(ms);
      offered += found.length;
    }
    const ids = [...requirementsById.keys()];
    const firstPage: number[] = [];
    const fifthPage: number[] = [];
    let matched = 0;
    for (let number = 0; number < samples; number++) {
      const id = ids[Math.floor(random() * ids.length)]!;
      const requirements = requirementsById.get(id)!;
      const [ms, page] = await timed(() =>
        listMatchingListings(db, requirements, { applicantId: id, page: 1, pageSize: 20 }),
      );
      firstPage.push(ms);
      matched += page.rows.length;
      const [later] = await timed(() =>
        listMatchingListings(db, requirements, { applicantId: id, page: 5, pageSize: 20 }),
      );
      fifthPage.push(later);
    }
    console.log(
      `\n${dialect}: ${listingCount.toLocaleString("en-US")} listings, ${applicantCount.toLocaleString("en-US")} applicants`,
    );
    console.log(
      `  per new listing (its consenting applicants not yet offered it): ${summary(newListing)}; ${(offered / samples).toFixed(1)} applicants on average`,
    );
    console.log(
      `  per applicant page (20 matching listings), first page: ${summary(firstPage)}; ${(matched / samples).toFixed(1)} listings on average`,
    );
    console.log(`  per applicant page, fifth page: ${summary(fifthPage)}`);
  } finally {
    await handle.close();
    await database.drop();
  }
}

for (const dialect of dialects) await benchDialect(dialect);
