/**
 * The claim both mail outboxes share (enquiry_outbox for enquiries, mail_outbox for alert mails):
 * a worker takes up to `limit` due, pending rows no other worker holds, for a lease. On
 * PostgreSQL, `FOR UPDATE SKIP LOCKED` lets several app servers claim at once without taking
 * the same row; SQLite has one writer, so its update is claim enough.
 */
import type { Kysely } from "kysely";
import type { Database, Dialect } from "../database.ts";

export interface ClaimOptions {
  dialect: Dialect;
  now: Date;
  /** How long the claim holds; a worker that dies mid-send frees its rows after this. */
  leaseMs: number;
  limit: number;
}

/** Claims due rows of `table` for this worker: their ids, oldest first. */
export async function claimDueRows(
  db: Kysely<Database>,
  table: "enquiry_outbox" | "mail_outbox",
  options: ClaimOptions,
): Promise<number[]> {
  const now = options.now.toISOString();
  const lockedUntil = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const claimed = await db
    .updateTable(table)
    .set({ locked_until: lockedUntil })
    .where("id", "in", (eb) =>
      eb
        .selectFrom(table)
        .select("id")
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", now)
        .where((where) =>
          where.or([where("locked_until", "is", null), where("locked_until", "<=", now)]),
        )
        .orderBy("id")
        .limit(options.limit)
        .$if(options.dialect === "postgres", (query) => query.forUpdate().skipLocked()),
    )
    .returning("id")
    .execute();
  return claimed.map((row) => row.id).sort((a, b) => a - b);
}
