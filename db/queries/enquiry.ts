import type { Kysely } from "kysely";
import { type StoredEnquiryFields, storedEnquiryFieldsOf } from "../../lib/enquiry-fields.ts";
import type { Database, EnquiryRow } from "../database.ts";
import { toIsoString } from "./columns.ts";

/** An enquiry as the API stores it: the SPEC §7 fields plus the sender's IP. */
export interface NewEnquiry extends StoredEnquiryFields {
  ip: string;
}

export interface EnquiryRecord extends NewEnquiry {
  id: number;
  /** ISO 8601, UTC. */
  created_at: string;
}

export function toEnquiryRecord(row: EnquiryRow): EnquiryRecord {
  return {
    id: row.id,
    ...storedEnquiryFieldsOf(row),
    ip: row.ip,
    created_at: toIsoString(row.created_at),
  };
}

/**
 * Stores an enquiry, stamped now, together with its outbox row (see outbox.ts), in one
 * transaction: once this resolves the enquiry is durable (see openDatabase) and will be
 * e-mailed to the company however long the mail server is away.
 */
export async function insertEnquiry(
  db: Kysely<Database>,
  enquiry: NewEnquiry,
): Promise<{ id: number }> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    // Only the named fields, so that a caller's extra keys never reach the SQL.
    const { id } = await trx
      .insertInto("enquiry")
      .values({
        ...storedEnquiryFieldsOf(enquiry),
        ip: enquiry.ip,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("outbox")
      .values({
        kind: "enquiry",
        dedupe_key: `enquiry:${id}`,
        enquiry_id: id,
        next_attempt_at: now,
        created_at: now,
      })
      .execute();
    return { id };
  });
}

/** Every enquiry, newest first. */
export async function listEnquiries(db: Kysely<Database>): Promise<EnquiryRecord[]> {
  const rows = await db
    .selectFrom("enquiry")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toEnquiryRecord);
}
