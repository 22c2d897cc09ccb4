/**
 * The back office's listing editor (decision 044): a listing with everything the form shows,
 * the choices it offers, and the save that only writes over the revision the form was opened
 * at (optimistic concurrency).
 */
import { type Kysely, sql } from "kysely";
import type { ListingChoice } from "../../lib/admin-listing-form.ts";
import type { Database, NewPropertyRow } from "../database.ts";
import { nextRevision } from "./columns.ts";
import { inTransaction, type PriceWrite, recordPriceChange } from "./price-history.ts";
import type { PropertyWithCategoryRow } from "./property.ts";

/** A listing, published or not, with its category's title; undefined when there is none. */
export async function findEditableListing(
  db: Kysely<Database>,
  code: string,
): Promise<PropertyWithCategoryRow | undefined> {
  return db
    .selectFrom("property")
    .leftJoin("category", "category.id", "property.category_id")
    .selectAll("property")
    .select("category.title as category")
    .where("property.code", "=", code)
    .executeTakeFirst();
}

/** Every category's and amenity's title, in the order the site lists them. */
export async function listListingChoices(
  db: Kysely<Database>,
): Promise<{ categories: string[]; amenities: string[] }> {
  const [categories, amenities] = await Promise.all([
    db.selectFrom("category").select("title").orderBy("title").execute(),
    db.selectFrom("amenity").select("title").orderBy("id").execute(),
  ]);
  return {
    categories: categories.map((row) => row.title),
    amenities: amenities.map((row) => row.title),
  };
}

/** A word as a LIKE pattern for "contains" (`\\` is the escape character). */
function likePattern(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Listings (archived ones excepted) whose code or headline holds every word, for the related
 * properties' picker: at most `limit`, by code.
 */
export async function searchListingChoices(
  db: Kysely<Database>,
  text: string,
  limit: number,
): Promise<ListingChoice[]> {
  const words = text.split(/\s+/).filter(Boolean).slice(0, 6);
  if (words.length === 0) return [];
  let query = db
    .selectFrom("property")
    .select(["code", "headline"])
    .where("archived_at", "is", null);
  for (const word of words) {
    query = query.where(
      sql<string>`lower(code || ' ' || headline)`,
      "like",
      sql<string>`${likePattern(word)} escape '\\'`,
    );
  }
  return query.orderBy("code").limit(limit).execute();
}

/** The listings with these codes, in the codes' order; unknown codes are left out. */
export async function findListingChoices(
  db: Kysely<Database>,
  codes: readonly string[],
): Promise<ListingChoice[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .selectFrom("property")
    .select(["code", "headline"])
    .where("code", "in", [...codes])
    .execute();
  const byCode = new Map(rows.map((row) => [row.code, row]));
  return codes.flatMap((code) => byCode.get(code) ?? []);
}

/**
 * Writes a listing's columns over revision `revision` only, raising it, and records a change
 * of its price (decision 076) in the same transaction; false when the listing is gone or
 * another write raised it first (the form was opened at an older revision).
 */
export async function updateListingAtRevision(
  db: Kysely<Database>,
  code: string,
  revision: number,
  values: Partial<NewPropertyRow>,
  write: PriceWrite,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom("property")
      .select(["id", "price", "offer_type", "rent_period"])
      .where("code", "=", code)
      .where("revision", "=", revision)
      .executeTakeFirst();
    if (before === undefined) return false;
    const result = await trx
      .updateTable("property")
      .set({ ...values, revision: nextRevision })
      .where("code", "=", code)
      .where("revision", "=", revision)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    const after = {
      price: values.price ?? before.price,
      offer_type: values.offer_type ?? before.offer_type,
      rent_period: values.rent_period ?? before.rent_period,
    };
    await recordPriceChange(trx, before.id, before, after, write);
    return true;
  });
}

/** Whether a listing has this code (exactly). */
export async function listingCodeExists(db: Kysely<Database>, code: string): Promise<boolean> {
  const row = await db
    .selectFrom("property")
    .select("id")
    .where("code", "=", code)
    .executeTakeFirst();
  return row !== undefined;
}
