/**
 * Listing files uploaded in the back office (decision 096): each kept, by the SHA-256 of its
 * token, from its dry run until it is applied and for a short while after, for the member of
 * staff who uploaded it only. The table stays small: a member keeps one upload at a time, and
 * uploads past their time are deleted whenever a new one is kept.
 */
import type { Kysely } from "kysely";
import type { Database, ListingImportState } from "../database.ts";
import { toIsoString } from "./columns.ts";

export interface ListingImportRow {
  fileName: string;
  state: ListingImportState;
  /** JSON text of the parsed rows; "" once applied. */
  rows: string;
  /** JSON text of the latest report. */
  report: string;
  createdAt: string;
  appliedAt: string | null;
  expiresAt: string;
}

/**
 * Keeps a checked upload as `userId`'s only one, and deletes every upload past its time.
 */
export async function keepListingImport(
  db: Kysely<Database>,
  upload: {
    id: string;
    userId: number;
    fileName: string;
    rows: string;
    report: string;
    at: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("listing_import")
      .where((eb) =>
        eb.or([eb("user_id", "=", upload.userId), eb("expires_at", "<", upload.at.toISOString())]),
      )
      // One being applied finishes first: its rows are still being written.
      .where("state", "!=", "applying")
      .execute();
    await trx
      .insertInto("listing_import")
      .values({
        id: upload.id,
        user_id: upload.userId,
        file_name: upload.fileName,
        state: "checked",
        rows: upload.rows,
        report: upload.report,
        created_at: upload.at.toISOString(),
        expires_at: upload.expiresAt.toISOString(),
      })
      .execute();
  });
}

/** `userId`'s upload `id`, unless it is past its time. */
export async function findListingImport(
  db: Kysely<Database>,
  id: string,
  userId: number,
  now: Date,
): Promise<ListingImportRow | undefined> {
  const row = await db
    .selectFrom("listing_import")
    .select(["file_name", "state", "rows", "report", "created_at", "applied_at", "expires_at"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    fileName: row.file_name,
    state: row.state,
    rows: row.rows,
    report: row.report,
    createdAt: toIsoString(row.created_at),
    appliedAt: row.applied_at === null ? null : toIsoString(row.applied_at),
    expiresAt: toIsoString(row.expires_at),
  };
}

/**
 * Takes a checked upload to apply it: true for the one request (on any app server) that moved
 * it from 'checked' to 'applying'; false when it is gone, past its time, or taken already.
 */
export async function claimListingImport(
  db: Kysely<Database>,
  id: string,
  userId: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("listing_import")
    .set({ state: "applying" })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("state", "=", "checked")
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records how applying the upload ended; its rows are no longer needed. */
export async function finishListingImport(
  db: Kysely<Database>,
  id: string,
  outcome: { state: "applied" | "failed"; report: string; at: Date },
): Promise<void> {
  await db
    .updateTable("listing_import")
    .set({
      state: outcome.state,
      report: outcome.report,
      rows: "",
      applied_at: outcome.at.toISOString(),
    })
    .where("id", "=", id)
    .execute();
}
