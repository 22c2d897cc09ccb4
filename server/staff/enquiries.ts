/**
 * The back office's enquiries inbox service (decision 045): the inbox's pages, one enquiry,
 * its changes, the filtered CSV export (the CLI's own, server/enquiries/export-csv.ts) and the
 * owners' data-protection tool. Enquiries are not public content: no change is announced.
 */

import type { AdminEnquiriesService, StaffSession } from "#app-context";
import type { DatabaseHandle } from "../../db/database.ts";
import { clearErasedData } from "../../db/erasure.ts";
import { deleteApplicantOfEmail } from "../../db/queries/applicant.ts";
import { recordAuditEvent } from "../../db/queries/audit.ts";
import {
  changeInboxEnquiry,
  deleteEnquiriesOfEmail,
  deleteSearchAlertsOfEmail,
  findDataOfEmail,
  findInboxEnquiry,
  listAssignees,
  listEnquiryNotes,
  listInboxEnquiries,
  listInboxEnquiryIds,
} from "../../db/queries/enquiry-inbox.ts";
import { deleteSubscriberOfEmail } from "../../db/queries/newsletter.ts";
import { listEnquiriesWithDeliveryByIds } from "../../db/queries/outbox.ts";
import { deleteViewingsOfEmail, findViewingsOfEmail } from "../../db/queries/viewing-diary.ts";
import { adminEnquiryPageSize } from "../../lib/admin-enquiries.ts";
import { type ExportedEnquiry, formatEnquiriesCsv } from "../enquiries/export-csv.ts";
import { actorOf } from "./listings.ts";

export interface AdminEnquiriesOptions {
  database: DatabaseHandle;
  /** Whether enquiries are e-mailed (the outbox runs: a mail server is set up). */
  mailing: boolean;
  log: { info(object: unknown, message: string): void };
  now?: () => Date;
}

function ownerOnly(session: StaffSession) {
  if (session.user.role !== "owner") throw new Error("Only an owner may do this.");
}

/** Ids read at once for the export's rows (an `in` list both dialects take easily). */
const exportChunk = 500;

export function createAdminEnquiries(options: AdminEnquiriesOptions): AdminEnquiriesService {
  const { database, log } = options;
  const db = database.db;
  const now = options.now ?? (() => new Date());
  /** Everything held for the address: its enquiries and the rest, and its viewings. */
  const findData = async (email: string) => ({
    ...(await findDataOfEmail(db, email)),
    viewings: await findViewingsOfEmail(db, email),
  });
  return {
    mailing: options.mailing,
    list: (_session, query) => listInboxEnquiries(db, query, adminEnquiryPageSize),
    async find(_session, id) {
      return (await findInboxEnquiry(db, id)) ?? null;
    },
    assignees: () => listAssignees(db),
    change: (session, id, change) => {
      const at = now();
      const actor = actorOf(session);
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom("enquiry")
          .leftJoin("staff_user", "staff_user.id", "enquiry.assignee_id")
          .select(["enquiry.status", "staff_user.email as assignee"])
          .where("enquiry.id", "=", id)
          .executeTakeFirst();
        const outcome = await changeInboxEnquiry(trx, id, change, actor, at);
        if (outcome === "changed" && before) {
          let detail: Record<string, unknown>;
          if (change.kind === "status") {
            detail = { changes: { status: { before: before.status, after: change.status } } };
          } else if (change.kind === "assign") {
            const assignee =
              change.assigneeId === null
                ? null
                : ((
                    await trx
                      .selectFrom("staff_user")
                      .select("email")
                      .where("id", "=", change.assigneeId)
                      .executeTakeFirst()
                  )?.email ?? null);
            detail = { changes: { assignee: { before: before.assignee, after: assignee } } };
          } else {
            // The note stays on the enquiry (and goes with it): the log says only that one was added.
            detail = { noteLength: change.body.length };
          }
          await recordAuditEvent(trx, {
            actor,
            action: `enquiry.${change.kind}`,
            subjectType: "enquiry",
            subjectId: id,
            detail,
            at,
          });
        }
        return outcome;
      });
    },
    async exportCsv(_session, filters) {
      const ids = await listInboxEnquiryIds(db, filters);
      const rows: ExportedEnquiry[] = [];
      for (let start = 0; start < ids.length; start += exportChunk) {
        const chunk = ids.slice(start, start + exportChunk);
        const [enquiries, notes] = await Promise.all([
          listEnquiriesWithDeliveryByIds(db, chunk),
          listEnquiryNotes(db, chunk),
        ]);
        rows.push(...enquiries.map((row) => ({ ...row, notes: notes.get(row.id) ?? [] })));
      }
      return formatEnquiriesCsv(rows);
    },
    async findData(session, email) {
      ownerOnly(session);
      return findData(email);
    },
    async exportData(session, email) {
      ownerOnly(session);
      const findings = await findData(email);
      // A disclosure, recorded without the address (decision 050).
      await recordAuditEvent(db, {
        actor: actorOf(session),
        action: "data-request.export",
        subjectType: "data-request",
        detail: { enquiries: findings.enquiries.length, viewings: findings.viewings.length },
        at: now(),
      });
      log.info(
        {
          by: session.user.id,
          enquiries: findings.enquiries.length,
          viewings: findings.viewings.length,
        },
        "data request: exported",
      );
      return `${JSON.stringify({ exportedAt: now().toISOString(), ...findings }, null, 2)}\n`;
    },
    async eraseData(session, email) {
      ownerOnly(session);
      const { count: deleted, viewings } = await db.transaction().execute(async (trx) => {
        const count = await deleteEnquiriesOfEmail(trx, email);
        // The address's search alerts go too (decision 055); their count is not reported.
        await deleteSearchAlertsOfEmail(trx, email);
        // And its newsletter subscription (decision 078).
        await deleteSubscriberOfEmail(trx, email);
        // And the viewings booked with it, with their queued mails (decision 102).
        const viewings = await deleteViewingsOfEmail(trx, email);
        // And its applicant record, with their notes, requirements and mails (decision 103).
        await deleteApplicantOfEmail(trx, email);
        // How many, never the address nor a hash of it: a hash of an address is found again
        // by hashing a guess, so it would keep what was erased (decision 050).
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "data-request.erase",
          subjectType: "data-request",
          detail: { deleted: count, viewings },
          at: now(),
        });
        return { count, viewings };
      });
      // No readable copy left in the database's files either (decision 067).
      const cleared = await clearErasedData(database);
      // Who and how many, never the address: the log must not keep what was erased.
      log.info(
        { by: session.user.id, deleted, viewings, cleared },
        "data request: enquiries and viewings deleted",
      );
      return deleted;
    },
  };
}
