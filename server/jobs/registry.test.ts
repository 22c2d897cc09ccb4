/**
 * The registry: each job is there only when its configuration turns it on, with what it does,
 * how often, and what keeps several app servers right; nothing runs before `start`.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config/env.ts";
import type { DatabaseHandle } from "../../db/database.ts";
import { createAppJobs } from "./registry.ts";

// Never touched: no job runs in these tests.
const database = {} as DatabaseHandle;
const log = { info() {}, warn() {}, error() {} };
const base = { NODE_ENV: "test", API_TOKEN: "x".repeat(32), DATABASE_URL: "file:./unused.db" };

function jobsFor(env: Record<string, string>, mailing: boolean) {
  return createAppJobs({
    config: loadConfig({ ...base, ...env }),
    database,
    transport: mailing ? { sendMail: async () => undefined } : undefined,
    photoStore: {} as never,
    log,
    buildQueuedMail: async () => undefined,
  });
}

describe("the job registry", () => {
  it("has only the applicants' intake and the RESO removals' retention when nothing turns another on", () => {
    const jobs = jobsFor({ APPLICANT_RETENTION_DAYS: "off" }, false);
    expect(jobs.status().map((job) => job.name)).toEqual([
      "applicant-intake",
      "reso-removal-retention",
    ]);
    expect(jobs.resoRemovalRetention.name).toBe("reso-removal-retention");
    expect([
      jobs.outbox,
      jobs.alertDigests,
      jobs.viewingReminders,
      jobs.enquiryRetention,
      jobs.applicantRetention,
      jobs.photoSweep,
      jobs.blmFeed,
    ]).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
    // Applicants are kept 730 days after their last activity unless told otherwise.
    expect(jobsFor({}, false).applicantRetention?.name).toBe("applicant-retention");
    // A branch alone sends nowhere: the feed needs a folder or an SFTP address too.
    expect(jobsFor({ BLM_BRANCH_ID: "12345" }, false).blmFeed).toBeUndefined();
  });

  it("lists every configured job with its interval, what it does and its lock, none run yet", () => {
    const jobs = jobsFor(
      {
        ENQUIRY_RETENTION_DAYS: "30",
        PHOTO_SWEEP_HOURS: "6",
        BLM_BRANCH_ID: "12345",
        BLM_OUTPUT_DIR: "/tmp/blm",
      },
      true,
    );
    const status = jobs.status();
    expect(status.map((job) => [job.name, job.everyMs])).toEqual([
      ["outbox", 5_000],
      ["alert-digests", 300_000],
      ["viewing-reminders", 600_000],
      ["enquiry-retention", 3_600_000],
      ["applicant-intake", 30_000],
      ["applicant-retention", 3_600_000],
      ["reso-removal-retention", 3_600_000],
      ["photo-sweep", 6 * 3_600_000],
      ["blm-feed", 24 * 3_600_000],
    ]);
    for (const job of status) {
      expect(job.does.length, job.name).toBeGreaterThan(10);
      expect(job.lock.length, job.name).toBeGreaterThan(10);
      expect(job).toMatchObject({ runs: 0, failures: 0, lastRun: undefined });
    }
    expect(jobs.outbox?.name).toBe("outbox");
    expect(jobs.photoSweep?.name).toBe("photo-sweep");
    expect(jobs.viewingReminders?.name).toBe("viewing-reminders");
    expect(jobs.blmFeed?.name).toBe("blm-feed");
  });
});
