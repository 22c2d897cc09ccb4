/**
 * A listing's price history (decision 076): the one home that writes `price_change`. The
 * property writers of db/queries (insertProperty, updatePropertyByCode and the editor's
 * updateListingAtRevision) call it themselves, inside the transaction that writes the price,
 * so no writer (the back office, the content import, the seed, a future API) can change a
 * price without its row. The seed and the synthetic generator, which insert listings in bulk,
 * call `recordFirstPrices` after.
 */
import type { Kysely, Transaction } from "kysely";
import type { PriceEvent } from "../../lib/price-history.ts";
import { isRental, type RentPeriod, readRentPeriod } from "../../lib/rent-period.ts";
import type { Database } from "../database.ts";
import { toIsoString } from "./columns.ts";

/** Who wrote a price (migration 0032's check lists the same values). */
export type PriceSource = "staff" | "import" | "api" | "seed" | "generator";

/** Who writes and when (ISO 8601): every property write that may change a price names both. */
export interface PriceWrite {
  source: PriceSource;
  at: string;
}

/** What a listing's price is: the amount, sale or rent, and a rent's period. */
export interface PricePoint {
  price: number;
  offer_type: string;
  rent_period?: string | null | undefined;
}

/** The period a recorded price is for: a rental's own (a month when unreadable); null for a sale. */
function recordedPeriod(point: PricePoint): RentPeriod | null {
  if (!isRental(point.offer_type)) return null;
  return readRentPeriod(point.rent_period) ?? "month";
}

/** Runs `work` in the caller's transaction, or in one of its own. */
export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute((trx: Transaction<Database>) => work(trx));
}

/** Records a listing's first price, dated when it was listed (its `created_at`). */
export async function recordFirstPrice(
  db: Kysely<Database>,
  propertyId: number,
  point: PricePoint,
  listedAt: string,
  source: PriceSource,
): Promise<void> {
  await db
    .insertInto("price_change")
    .values({
      property_id: propertyId,
      old_price: null,
      new_price: Number(point.price),
      rent_period: recordedPeriod(point),
      changed_at: listedAt,
      source,
    })
    .execute();
}

/**
 * Records a change from `before` to `after` when the price, or a rent's period, differs (a
 * sale's period is never read, so changing it records nothing). Answers whether it recorded.
 */
export async function recordPriceChange(
  db: Kysely<Database>,
  propertyId: number,
  before: PricePoint,
  after: PricePoint,
  write: PriceWrite,
): Promise<boolean> {
  const period = recordedPeriod(after);
  if (Number(before.price) === Number(after.price) && recordedPeriod(before) === period) {
    return false;
  }
  await db
    .insertInto("price_change")
    .values({
      property_id: propertyId,
      old_price: Number(before.price),
      new_price: Number(after.price),
      rent_period: period,
      changed_at: write.at,
      source: write.source,
    })
    .execute();
  return true;
}

/**
 * Gives every listing without any recorded price its first one, dated its `created_at`: for
 * writers that insert listings in bulk (the seed, the synthetic generator). One statement.
 */
export async function recordFirstPrices(db: Kysely<Database>, source: PriceSource): Promise<void> {
  await db
    .insertInto("price_change")
    .columns(["property_id", "old_price", "new_price", "rent_period", "changed_at", "source"])
    .expression((eb) =>
      eb
        .selectFrom("property")
        .select((inner) => [
          "property.id",
          inner.val<number | null>(null).as("old_price"),
          "property.price",
          inner
            .case()
            .when(inner.fn("lower", [inner.fn("trim", ["property.offer_type"])]), "=", "for rent")
            .then(inner.ref("property.rent_period"))
            .else(null)
            .end()
            .as("rent_period"),
          "property.created_at",
          inner.val(source).as("source"),
        ])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("price_change")
                .select("price_change.id")
                .whereRef("price_change.property_id", "=", "property.id"),
            ),
          ),
        ),
    )
    .execute();
}

/** A listing's recorded prices, oldest first. */
export async function listPriceHistory(
  db: Kysely<Database>,
  propertyId: number,
): Promise<PriceEvent[]> {
  const rows = await db
    .selectFrom("price_change")
    .select(["changed_at", "old_price", "new_price", "rent_period"])
    .where("property_id", "=", propertyId)
    .orderBy("changed_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    changed_at: toIsoString(row.changed_at),
    old_price: row.old_price === null ? null : Number(row.old_price),
    new_price: Number(row.new_price),
    rent_period: readRentPeriod(row.rent_period) ?? null,
  }));
}

/** Every recorded price with its source, oldest first: for tests and audits. */
export async function listPriceChanges(
  db: Kysely<Database>,
  propertyId: number,
): Promise<(PriceEvent & { source: string })[]> {
  const rows = await db
    .selectFrom("price_change")
    .select(["changed_at", "old_price", "new_price", "rent_period", "source"])
    .where("property_id", "=", propertyId)
    .orderBy("changed_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    changed_at: toIsoString(row.changed_at),
    old_price: row.old_price === null ? null : Number(row.old_price),
    new_price: Number(row.new_price),
    rent_period: readRentPeriod(row.rent_period) ?? null,
    source: row.source,
  }));
}
