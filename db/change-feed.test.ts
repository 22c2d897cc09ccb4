import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildPropertyEnquiry } from "../tests/support/factories.ts";
import {
  createTestDatabase,
  postgresEnabled,
  type TestDatabase,
} from "../tests/support/test-database.ts";
import { startChangeFeed } from "./change-feed.ts";
import { type DatabaseHandle, openDatabase } from "./database.ts";
import { insertEnquiry } from "./queries/enquiry.ts";
import { findPublishedProperty, listPublishedProperties } from "./queries/property.ts";

const quietLog = { warn: () => {} };

/** Ends the feed's own connection from the database's side, as a server restart would. */
async function terminateListeners(handle: DatabaseHandle) {
  await sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query like 'listen %'`.execute(handle.db);
}

describe.runIf(postgresEnabled)("the PostgreSQL change feed", () => {
  let test: TestDatabase;
  let other: DatabaseHandle;
  let code: string;

  beforeEach(async () => {
    test = await createTestDatabase("postgres", { seed: true });
    other = openDatabase(test.url);
    const [first] = await listPublishedProperties(test.handle.db);
    if (!first) throw new Error("the seed has published properties");
    code = first.code;
  });

  afterEach(async () => {
    await other.close();
    await test.drop();
  });

  it("hears a commit of any connection, once listening, and nothing of a rollback", async () => {
    const changes = vi.fn();
    const feed = test.handle.followChanges?.({ onChange: changes, log: quietLog });
    if (!feed) throw new Error("PostgreSQL follows changes");
    try {
      // Wait: the feed's own start announces a change (anything before it may have been missed).
      await vi.waitFor(() => expect(changes).toHaveBeenCalledTimes(1));
      await other.db
        .updateTable("property")
        .set({ headline: "Changed elsewhere" })
        .where("code", "=", code)
        .execute();
      await vi.waitFor(() => expect(changes).toHaveBeenCalledTimes(2));
      await expect(
        other.db.transaction().execute(async (trx) => {
          await trx.updateTable("slider").set({ title: "Rolled back" }).execute();
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      // An enquiry is not content: no word either.
      await insertEnquiry(other.db, { ...buildPropertyEnquiry(code), ip: "127.0.0.1" });
      await other.db.updateTable("amenity").set({ icon: "star" }).where("id", "=", 1).execute();
      await vi.waitFor(() => expect(changes).toHaveBeenCalledTimes(3));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(changes).toHaveBeenCalledTimes(3);
    } finally {
      await feed.close();
    }
  });

  it("answers cached reads from the feed's word, not the database's snapshot", async () => {
    const db = test.handle.db;
    const feed = test.handle.followChanges?.({ onChange: () => {}, log: quietLog });
    if (!feed) throw new Error("PostgreSQL follows changes");
    try {
      const first = await findPublishedProperty(db, code);
      await vi.waitFor(async () => {
        // Listening: the answer is kept even though another transaction (an enquiry, which
        // moves the snapshot) committed in between.
        const before = await findPublishedProperty(db, code);
        await insertEnquiry(other.db, { ...buildPropertyEnquiry(code), ip: "127.0.0.1" });
        expect(await findPublishedProperty(db, code)).toBe(before);
      });
      expect(first?.code).toBe(code);

      // This process's own write shows at once.
      await db.updateTable("property").set({ headline: "Mine" }).where("code", "=", code).execute();
      expect((await findPublishedProperty(db, code))?.headline).toBe("Mine");

      // Another process's write shows once its notification has arrived.
      await other.db
        .updateTable("property")
        .set({ headline: "Theirs" })
        .where("code", "=", code)
        .execute();
      await feed.caughtUp();
      expect((await findPublishedProperty(db, code))?.headline).toBe("Theirs");
    } finally {
      await feed.close();
    }
  });

  it("stops trusting the feed when its connection is lost, and comes back", async () => {
    const db = test.handle.db;
    const changes = vi.fn();
    const feed = test.handle.followChanges?.({ onChange: changes, log: quietLog });
    if (!feed) throw new Error("PostgreSQL follows changes");
    try {
      await vi.waitFor(() => expect(changes).toHaveBeenCalledTimes(1));
      const kept = await findPublishedProperty(db, code);
      expect(await findPublishedProperty(db, code)).toBe(kept);

      await terminateListeners(test.handle);
      // Not listening: reads are checked against the snapshot, so a write of another
      // connection shows at once, notification or not.
      await vi.waitFor(async () => {
        await other.db
          .updateTable("property")
          .set({ headline: `While away ${Date.now()}` })
          .where("code", "=", code)
          .execute();
        const headline = (await findPublishedProperty(db, code))?.headline;
        const stored = await other.db
          .selectFrom("property")
          .select("headline")
          .where("code", "=", code)
          .executeTakeFirstOrThrow();
        expect(headline).toBe(stored.headline);
      });

      // Back: listening again, with a change announced for what may have been missed.
      await vi.waitFor(() => expect(changes.mock.calls.length).toBeGreaterThanOrEqual(2), {
        timeout: 10_000,
      });
      const listeners = await sql<{ count: string }>`select count(*) as count
        from pg_stat_activity where datname = current_database() and query like 'listen %'`.execute(
        db,
      );
      expect(Number(listeners.rows[0]?.count)).toBe(1);
    } finally {
      await feed.close();
    }
  });

  it("does not listen while its probes do not come back", async () => {
    const listening = vi.fn();
    const warn = vi.fn();
    const feed = startChangeFeed({
      url: test.url,
      // A pooler that loses notifications, say: the probe is sent nowhere.
      notify: async () => {},
      onChange: () => {},
      onListening: listening,
      log: { warn },
      probeTimeoutMs: 200,
      maxRetryMs: 200,
    });
    try {
      await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce());
      expect(warn.mock.calls[0]?.[0]).toContain("did not come back");
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(listening).not.toHaveBeenCalled();
      // One warning per outage, not one per attempt.
      expect(warn).toHaveBeenCalledOnce();
    } finally {
      await feed.close();
    }
  });
});
