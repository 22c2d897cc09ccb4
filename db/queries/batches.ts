import type { Kysely, Transaction } from "kysely";
import type { Database } from "../database.ts";

/**
 * Deletes in batches, each in a transaction of its own, so no transaction holds a table long:
 * `deleteBatch` claims up to `batchSize` rows (on PostgreSQL `FOR UPDATE SKIP LOCKED`, so
 * several app servers may purge at once), deletes them with whatever goes with them, and answers
 * how many it deleted; a short batch is the last. Answers the total.
 */
export async function deleteInBatches(
  db: Kysely<Database>,
  batchSize: number,
  deleteBatch: (trx: Transaction<Database>) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.transaction().execute(deleteBatch);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
