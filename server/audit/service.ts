/**
 * The back office's audit log service (decision 050): the owners' page of it. The events are
 * written by the other services' writes, each in its own transaction (db/queries/audit.ts).
 */
import type { AdminAuditService } from "#app-context";
import type { DatabaseHandle } from "../../db/database.ts";
import { listAuditEvents } from "../../db/queries/audit.ts";
import { auditPageSize } from "../../lib/admin-audit.ts";

export function createAdminAudit(options: { database: DatabaseHandle }): AdminAuditService {
  const db = options.database.db;
  return {
    async list(session, query) {
      if (session.user.role !== "owner") throw new Error("Only an owner may do this.");
      return listAuditEvents(db, query, auditPageSize);
    },
  };
}
