/**
 * The back office's enquiries inbox service (decision 045): the inbox's pages, one enquiry,
 * its changes, the filtered CSV export (the CLI's own, server/enquiries/export-csv.ts) and the
 * owners' data-protection tool. Enquiries are not public content: no change is announced.
 */
import type { AdminEnquiriesService, StaffSession } from "#app-context";
import type { DatabaseHandle } from "../../db/database.ts";
import {
  changeInboxEnquiry,
  deleteEnquiriesOfEmail,
  findDataOfEmail,
  findInboxEnquiry,
  listAssignees,
  listInboxEnquiries,
  listInboxEnquiryIds,
} from "../../db/queries/enquiry-inbox.ts";
import { listEnquiriesWithDeliveryByIds } from "../../db/queries/outbox.ts";
import { adminEnquiryPageSize } from "../../lib/admin-enquiries.ts";
import { formatEnquiriesCsv } from "../enquiries/export-csv.ts";

export interface AdminEnquiriesOptions {
  database: DatabaseHandle;
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
  return {
    list: (_session, query) => listInboxEnquiries(db, query, adminEnquiryPageSize),
    async find(_session, id) {
      return (await findInboxEnquiry(db, id)) ?? null;
    },
    assignees: () => listAssignees(db),
    change: (session, id, change) =>
      changeInboxEnquiry(db, id, change, { id: session.user.id, email: session.user.email }, now()),
    async exportCsv(_session, filters) {
      const ids = await listInboxEnquiryIds(db, filters);
      const rows = [];
      for (let start = 0; start < ids.length; start += exportChunk) {
        rows.push(
          ...(await listEnquiriesWithDeliveryByIds(db, ids.slice(start, start + exportChunk))),
        );
      }
      return formatEnquiriesCsv(rows);
    },
    async findData(session, email) {
      ownerOnly(session);
      return findDataOfEmail(db, email);
    },
    async exportData(session, email) {
      ownerOnly(session);
      const findings = await findDataOfEmail(db, email);
      log.info(
        { by: session.user.id, enquiries: findings.enquiries.length },
        "data request: exported",
      );
      return `${JSON.stringify({ exportedAt: now().toISOString(), ...findings }, null, 2)}\n`;
    },
    async eraseData(session, email) {
      ownerOnly(session);
      const deleted = await deleteEnquiriesOfEmail(db, email);
      // Who and how many, never the address: the log must not keep what was erased.
      log.info({ by: session.user.id, deleted }, "data request: enquiries deleted");
      return deleted;
    },
  };
}
