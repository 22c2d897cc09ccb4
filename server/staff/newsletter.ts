/**
 * The back office's newsletter page (decision 078): the addresses, paged, newest first; their
 * CSV export (formula-safe cells, lib/csv.ts); deleting one, recorded in the audit log without
 * the address (decision 050: a log must not keep what was erased), in the delete's transaction.
 */
import type { AdminNewsletterService } from "#app-context";
import type { DatabaseHandle } from "../../db/database.ts";
import { recordAuditEvent } from "../../db/queries/audit.ts";
import {
  deleteSubscriber,
  listAllSubscribers,
  listSubscribers,
  type SubscriberRow,
} from "../../db/queries/newsletter.ts";
import { formatCsv } from "../../lib/csv.ts";
import { actorOf } from "./listings.ts";

/** Addresses per page of the back office's list. */
export const newsletterPageSize = 50;

const csvHeader = ["email", "status", "created_at", "confirmed_at", "unsubscribed_at"];

/** The CSV export of `rows`: one line each, cells a spreadsheet never runs as formulas. */
export function formatSubscribersCsv(rows: readonly SubscriberRow[]): string {
  return formatCsv(
    csvHeader,
    rows.map((row) => [row.email, row.status, row.createdAt, row.confirmedAt, row.unsubscribedAt]),
  );
}

const publicRow = ({ salt: _salt, ...row }: SubscriberRow) => row;

export function createAdminNewsletter(options: {
  database: DatabaseHandle;
  log: { info(object: unknown, message: string): void };
  now?: () => Date;
}): AdminNewsletterService {
  const { database, log } = options;
  const now = options.now ?? (() => new Date());
  const db = database.db;
  return {
    async list(_session, page) {
      const wanted = Number.isSafeInteger(page) && page > 0 ? page : 1;
      const { rows, total } = await listSubscribers(db, {
        page: wanted,
        pageSize: newsletterPageSize,
      });
      return { rows: rows.map(publicRow), total, page: wanted, pageSize: newsletterPageSize };
    },
    async exportCsv(session) {
      const rows = await listAllSubscribers(db);
      log.info({ by: session.user.id, rows: rows.length }, "newsletter addresses exported");
      return formatSubscribersCsv(rows);
    },
    async remove(session, id) {
      const removed = await db.transaction().execute(async (trx) => {
        const email = await deleteSubscriber(trx, id);
        if (email === undefined) return false;
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "newsletter.delete",
          subjectType: "newsletter-subscriber",
          subjectId: id,
          at: now(),
        });
        return true;
      });
      log.info({ by: session.user.id, subscriberId: id, removed }, "newsletter address deleted");
      return removed;
    },
  };
}
