/**
 * The RESO feed's removed keys (`listing_removal`, decision 104): written by triggers on
 * `property`, served as `Delete` for `resoRemovalDays`, then of no use to anyone.
 */
import type { Kysely } from "kysely";
import type { Database, Dialect } from "../database.ts";
import { deleteInBatches } from "./batches.ts";

/**
 * Deletes the removals recorded before `cutoff`, in batches (on PostgreSQL a batch skips the
 * rows another app server is deleting). Answers how many went.
 */
export async function purgeListingRemovalsBefore(
  db: Kysely<Database>,
  options: { cutoff: Date; dialect: Dialect; batchSize?: number },
): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  // As `removed_at` holds it: a timestamptz, or ISO text with milliseconds.
  const cutoff = options.dialect === "postgres" ? options.cutoff : options.cutoff.toISOString();
  return deleteInBatches(db, batchSize, async (trx) => {
    const ids = (
      await trx
        .selectFrom("listing_removal")
        .select("id")
        .where("removed_at", "<", cutoff as never)
        .orderBy("removed_at")
        .orderBy("id")
        .limit(batchSize)
        .$if(options.dialect === "postgres", (query) => query.forUpdate().skipLocked())
        .execute()
    ).map((row) => row.id);
    if (ids.length === 0) return 0;
    const result = await trx
      .deleteFrom("listing_removal")
      .where("id", "in", ids)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
