/**
 * A listing's writes: insert, update over its revision with the price history (decision 076),
 * and publishing.
 */
import type { Kysely } from "kysely";
import type { Database, NewPropertyRow, PropertyUpdate } from "../database.ts";
import { nextRevision } from "./columns.ts";
import {
  inTransaction,
  type PriceSource,
  type PriceWrite,
  recordFirstPrice,
  recordPriceChange,
} from "./price-history.ts";

import { findPropertyRowByCode } from "./property.ts";

/**
 * Inserts a property and records its first price (decision 076), dated its `created_at`, in
 * one transaction (the caller's, if it is in one). Answers its id.
 */
export async function insertProperty(
  db: Kysely<Database>,
  values: NewPropertyRow,
  source: PriceSource,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto("property")
      .values(values)
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordFirstPrice(trx, id, values, values.created_at, source);
    return id;
  });
}

/**
 * Updates the property `code`, raising its revision (decision 044), and records a change of
 * its price (decision 076) in the same transaction.
 */
export async function updatePropertyByCode(
  db: Kysely<Database>,
  code: string,
  values: PropertyUpdate,
  write: PriceWrite,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom("property")
      .select(["id", "price", "offer_type", "rent_period"])
      .where("code", "=", code)
      .executeTakeFirst();
    await trx
      .updateTable("property")
      .set({ ...values, revision: nextRevision })
      .where("code", "=", code)
      .execute();
    if (before !== undefined) {
      const after = {
        price: values.price ?? before.price,
        offer_type: values.offer_type ?? before.offer_type,
        rent_period: values.rent_period ?? before.rent_period,
      };
      await recordPriceChange(trx, before.id, before, after, write);
    }
  });
}

/**
 * Publishes or unpublishes the property `code`. Answers what happened: `missing` when no
 * property has that code, `unchanged` when it already was in that state.
 */
export async function updatePropertyPublish(
  db: Kysely<Database>,
  code: string,
  publish: boolean,
): Promise<"changed" | "unchanged" | "missing"> {
  const flag = publish ? 1 : 0;
  const result = await db
    .updateTable("property")
    .set({ publish: flag, revision: nextRevision })
    .where("code", "=", code)
    .where("publish", "<>", flag)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return "changed";
  return (await findPropertyRowByCode(db, code)) === undefined ? "missing" : "unchanged";
}
