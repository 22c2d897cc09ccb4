/**
 * The push portal wired into the app (decision 095), on both dialects: with PUSH_URL and its
 * files set, the back office's row actions reach the portal through the listing-push job
 * within moments, over mutual TLS; two app servers on one database send each listing once; a
 * certificate file the server cannot read stops its start, naming the setting; without PUSH_URL
 * nothing is queued. Needs the built site (`npm run build`).
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../db/database.ts";
import { queueListingPush } from "../../../db/queries/listing-push.ts";
import { testConfig } from "../../../tests/support/app.ts";
import { startPushPortal, type TestPushPortal } from "../../../tests/support/push-portal.ts";
import {
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
  formTokenOf,
  publishedListings,
} from "../../../tests/support/staff.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../../tests/support/test-database.ts";
import { buildApp } from "../../app.ts";

/** Waits until `check` holds, up to `ms`. */
async function eventually(check: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out waiting for the portal");
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe.each(testDialects)("the push portal in the app on %s", (dialect) => {
  let portal: TestPushPortal;
  let app: FastifyInstance;
  let database: TestDatabase;
  let nextListing: ReturnType<typeof publishedListings>;

  beforeAll(async () => {
    portal = await startPushPortal();
    ({ app, database } = await createBackOfficeApp(dialect, {
      ...portal.env("BR-42"),
      CONTACT_RATE_LIMIT: "off",
    }));
    nextListing = publishedListings(() => database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await portal?.close();
  });

  it("sends the delete of a listing unpublished in the back office, then its JSON once republished", async () => {
    const { code, id } = await nextListing();
    const { email, password } = await createStaffMember(app, "agent");
    const browser = adminBrowser(app);
    await browser.signIn(email, password);
    const csrf = formTokenOf((await browser.get("/admin/listings")).body);

    await browser.post("/admin/listings", { csrf, code, intent: "unpublish" });
    await eventually(() => portal.received.length === 1);
    expect(portal.received[0]).toMatchObject({
      path: "/live/v1/listing/delete",
      client: "Test agency",
      body: { listing_reference: String(id), deletion_reason: "withdrawn" },
    });

    await browser.post("/admin/listings", { csrf, code, intent: "publish" });
    await eventually(() => portal.received.length === 2);
    expect(portal.received[1]).toMatchObject({
      path: "/live/v1/listing/update",
      body: { listing_reference: String(id), branch_reference: "BR-42", code },
    });
    expect(app.jobs.status().find((job) => job.name === "listing-push")).toBeDefined();
  });

  it("sends each listing once when two app servers share the database", async () => {
    const config = testConfig(database.url, portal.env("BR-42"));
    const otherHandle = openDatabase(database.url);
    const other = await buildApp({ config, database: otherHandle, site: false });
    try {
      await other.ready();
      const codes = (
        await database.handle.db.selectFrom("property").select("code").orderBy("id").execute()
      ).map((row) => row.code);
      portal.received.length = 0;
      // Queued as a write queues them; both servers' jobs run at once, and on their timers.
      await database.handle.db
        .transaction()
        .execute((trx) => queueListingPush(trx, codes, new Date()));
      await Promise.all([app.jobs.listingPush?.runOnce(), other.jobs.listingPush?.runOnce()]);
      await eventually(() => portal.received.length >= codes.length);
      await new Promise((done) => setTimeout(done, 500));
      const references = portal.received.map((got) => got.body.listing_reference);
      expect(references).toHaveLength(codes.length);
      expect(new Set(references).size).toBe(codes.length);
    } finally {
      await other.close();
      await otherHandle.close();
    }
  });

  it("stops the start, naming the setting, when the client certificate cannot be read", async () => {
    const own = await createTestDatabase(dialect);
    try {
      const config = testConfig(own.url, {
        ...portal.env(),
        PUSH_CLIENT_CERT: "/nonexistent/agency.pem",
      });
      await expect(buildApp({ config, database: own.handle, site: false })).rejects.toThrow(
        /PUSH_CLIENT_CERT \(\/nonexistent\/agency\.pem\) cannot be read/,
      );
    } finally {
      await own.drop();
    }
  });

  it("queues nothing and has no push job without PUSH_URL", async () => {
    const plain = await createBackOfficeApp(dialect, { CONTACT_RATE_LIMIT: "off" });
    try {
      expect(plain.app.jobs.listingPush).toBeUndefined();
      const { code } = await publishedListings(() => plain.database)();
      const { email, password } = await createStaffMember(plain.app, "agent");
      const browser = adminBrowser(plain.app);
      await browser.signIn(email, password);
      const csrf = formTokenOf((await browser.get("/admin/listings")).body);
      const done = await browser.post("/admin/listings", { csrf, code, intent: "unpublish" });
      expect(done.headers.location).toContain("done=unpublish");
      const rows = await plain.database.handle.db
        .selectFrom("outbox")
        .select("id")
        .where("kind", "=", "listing-push")
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await plain.app.close();
      await plain.database.drop();
    }
  });
});
