import type { Kysely } from "kysely";
import type { Database, EnquiryRow } from "../database.ts";
import { toIsoString } from "./columns.ts";

/** An enquiry as the API stores it: the SPEC §7 fields plus the sender's IP. */
export interface NewEnquiry {
  fullname: string;
  telephone: string;
  email: string;
  /** Null (or empty) for a general contact message. */
  property_code: string | null;
  message: string;
  how_you_hear: string;
  num1: string;
  num2: string;
  answer: string;
  puzzle: string;
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
    fullname: row.fullname,
    telephone: row.telephone,
    email: row.email,
    property_code: row.property_code,
    message: row.message,
    how_you_hear: row.how_you_hear,
    num1: row.num1,
    num2: row.num2,
    answer: row.answer,
    puzzle: row.puzzle,
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
    // Named field by field so that a caller's extra keys never reach the SQL.
    const { id } = await trx
      .insertInto("enquiry")
      .values({
        fullname: enquiry.fullname,
        telephone: enquiry.telephone,
        email: enquiry.email,
        property_code: enquiry.property_code,
        message: enquiry.message,
        how_you_hear: enquiry.how_you_hear,
        num1: enquiry.num1,
        num2: enquiry.num2,
        answer: enquiry.answer,
        puzzle: enquiry.puzzle,
        ip: enquiry.ip,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("enquiry_outbox")
      .values({ enquiry_id: id, next_attempt_at: now, created_at: now })
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
