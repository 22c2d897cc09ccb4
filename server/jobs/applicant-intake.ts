/**
 * The applicants' intake (decision 103), a job of server/jobs/registry.ts: every app server
 * reads each source's new rows since its own mark (enquiries, viewings, confirmed alerts,
 * confirmed newsletter addresses) and creates or updates their applicants. One job beside the
 * write paths, so none of them changes: a source's batch is one transaction holding its mark
 * (FOR UPDATE on PostgreSQL), so two servers never take one batch twice.
 */
import type { DatabaseHandle } from "../../db/database.ts";
import { intakeSources, takeIntakeBatch } from "../../db/queries/applicant.ts";

/** Rows this young wait for the next run: a transaction with a lower id may still commit. */
export const intakeSettleMs = 60_000;
const batchSize = 500;
/** Batches a source takes a run at most; the next run goes on. */
const batchesPerRun = 20;

export interface ApplicantIntakeOptions {
  database: DatabaseHandle;
  log: { info(object: object, message: string): void };
}

/** Takes every source's settled new rows at `at`; answers how many rows were read. */
export function createApplicantIntake(
  options: ApplicantIntakeOptions,
): (at: Date) => Promise<number> {
  const { database, log } = options;
  return async (at) => {
    const settledBefore = new Date(at.getTime() - intakeSettleMs);
    let total = 0;
    for (const source of intakeSources) {
      for (let batch = 0; batch < batchesPerRun; batch++) {
        const read = await takeIntakeBatch(database.db, source, {
          settledBefore,
          limit: batchSize,
          postgres: database.dialect === "postgres",
        });
        total += read;
        if (read < batchSize) break;
      }
    }
    if (total > 0) log.info({ read: total }, "applicants' intake read new rows");
    return total;
  };
}
