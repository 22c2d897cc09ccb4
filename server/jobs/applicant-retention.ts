/**
 * The applicants' retention purge (decision 103), a job of server/jobs/registry.ts: with
 * APPLICANT_RETENTION_DAYS set (730 by default), every app server deletes the applicants with
 * no activity for that long (no enquiry, viewing, confirmation, mail, note or change), with
 * their notes, requirements and mails, at start and then hourly. Each applicant goes in its
 * own transaction; one deleted by two servers at once is simply not there the second time.
 */
import type { DatabaseHandle } from "../../db/database.ts";
import { clearErasedData } from "../../db/erasure.ts";
import { purgeApplicantsInactiveSince } from "../../db/queries/applicant.ts";
import { daysBefore } from "../../lib/days.ts";

const batch = 500;

export function createApplicantPurge(options: {
  database: DatabaseHandle;
  retentionDays: number;
  log: { info(object: object, message: string): void };
}): (at: Date) => Promise<number> {
  const { database, retentionDays, log } = options;
  return async (at) => {
    const cutoff = daysBefore(at, retentionDays);
    let deleted = 0;
    for (;;) {
      const gone = await purgeApplicantsInactiveSince(database.db, cutoff, batch);
      deleted += gone;
      if (gone < batch) break;
    }
    if (deleted > 0) {
      // No readable copy left in the database's files either (decision 067).
      const cleared = await clearErasedData(database);
      log.info(
        { deleted, cleared, cutoff: cutoff.toISOString(), retentionDays },
        "applicants past retention deleted",
      );
    }
    return deleted;
  };
}
