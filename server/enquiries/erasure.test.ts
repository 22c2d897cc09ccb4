/**
 * Erased enquiries leave no readable copy (decision 067): on SQLite, their text is nowhere in
 * the database file's bytes or its -wal after the data-request tool or the retention purge
 * deleted them; on PostgreSQL, the tables are vacuumed right after.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { StaffSession } from "#app-context";
import { insertEnquiry } from "../../db/queries/enquiry.ts";
import { buildContactEnquiry } from "../../tests/support/factories.ts";
import {
  createTestDatabase,
  postgresEnabled,
  type TestDatabase,
} from "../../tests/support/test-database.ts";
import { createEnquiryPurge } from "../jobs/enquiry-retention.ts";
import { createAdminEnquiries } from "../staff/enquiries.ts";

const owner: StaffSession = {
  user: {
    id: 1,
    email: "owner@example.com",
    role: "owner",
    hasPassword: true,
    createdAt: "2026-11-28T09:00:00.000Z",
  },
  csrfToken: "x",
};
const silent = { info() {}, error() {} };

/** A message no other row holds, long enough to spill into an overflow page. */
function distinctiveMessage(): string {
  return `Erase me ${randomBytes(8).toString("hex")} `.repeat(200);
}

describe("erasing enquiries on sqlite", () => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });

  /** Where the text `marker` can be read: the database file, its -wal. */
  function filesHolding(marker: string): string[] {
    const file = fileURLToPath((test as TestDatabase).url);
    return [file, `${file}-wal`].filter(
      (path) => existsSync(path) && readFileSync(path).includes(Buffer.from(marker)),
    );
  }

  async function sendEnquiry(email: string, message: string, createdAt?: Date) {
    const db = (test as TestDatabase).handle.db;
    const { id } = await insertEnquiry(db, {
      ...buildContactEnquiry({ email, message }),
      ip: "203.0.113.9",
    });
    if (createdAt) {
      await db
        .updateTable("enquiry")
        .set({ created_at: createdAt.toISOString() })
        .where("id", "=", id)
        .execute();
    }
  }

  it("leaves no copy of an erased address's enquiries in the file or its -wal", async () => {
    test = await createTestDatabase("sqlite");
    const email = "erase.me@example.com";
    const checkpointed = distinctiveMessage();
    const sinceCheckpoint = distinctiveMessage();
    await sendEnquiry(email, checkpointed);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(test.handle.db);
    await sendEnquiry(email, sinceCheckpoint);
    // The scan finds what is there: one text checkpointed into the file, the other written
    // to the -wal since.
    expect(filesHolding(checkpointed.slice(0, 40))).toContain(fileURLToPath(test.url));
    expect(filesHolding(sinceCheckpoint.slice(0, 40))).toContain(`${fileURLToPath(test.url)}-wal`);

    const enquiries = createAdminEnquiries({ database: test.handle, log: silent, mailing: false });
    expect(await enquiries.eraseData(owner, email)).toBe(2);
    expect(filesHolding(checkpointed.slice(0, 40))).toEqual([]);
    expect(filesHolding(sinceCheckpoint.slice(0, 40))).toEqual([]);
    expect(filesHolding(email)).toEqual([]);
  });

  it("leaves no copy of the enquiries the retention purge deleted", async () => {
    test = await createTestDatabase("sqlite");
    const old = distinctiveMessage();
    const recent = distinctiveMessage();
    await sendEnquiry("old@example.com", old, new Date(Date.now() - 40 * 86_400_000));
    await sendEnquiry("recent@example.com", recent);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(test.handle.db);
    expect(filesHolding(old.slice(0, 40))).not.toEqual([]);

    const purge = createEnquiryPurge({ database: test.handle, retentionDays: 30, log: silent });
    expect(await purge(new Date())).toBe(1);
    expect(filesHolding(old.slice(0, 40))).toEqual([]);
    expect(filesHolding(recent.slice(0, 40))).not.toEqual([]);
  });
});

describe.runIf(postgresEnabled)("erasing enquiries on postgres", () => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });

  it("vacuums the tables right after an erasure, so the dead rows' space is freed now", async () => {
    test = await createTestDatabase("postgres");
    const db = test.handle.db;
    const vacuums = async () =>
      Number(
        (
          await sql<{ count: string }>`select vacuum_count::text as count
            from pg_stat_user_tables where relname = 'enquiry'`.execute(db)
        ).rows[0]?.count ?? 0,
      );
    const before = await vacuums();
    await insertEnquiry(db, {
      ...buildContactEnquiry({ email: "erase.me@example.com", message: distinctiveMessage() }),
      ip: "203.0.113.9",
    });
    const enquiries = createAdminEnquiries({ database: test.handle, log: silent, mailing: false });
    expect(await enquiries.eraseData(owner, "erase.me@example.com")).toBe(1);
    // The statistics reach other sessions within a second or so.
    await expect.poll(vacuums, { timeout: 5_000 }).toBeGreaterThan(before);
  });
});
