/**
 * The back office's Portals page (decision 100) through the app, on both dialects: owners only;
 * each feed with the listings switched on for it that it leaves out, with their reasons; and a
 * pause each feed honours (the RESO routes answer 503, the push sender keeps queueing and sends
 * on resume, the BLM job writes nothing), audit-logged under the owner's name.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueListingPushById } from "../../db/queries/listing-push.ts";
import { generateProperties } from "../../db/seed/generate.ts";
import { createTestImageDir } from "../../tests/support/app.ts";
import {
  type AdminBrowser,
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
  signInFor,
} from "../../tests/support/staff.ts";
import type { TestDatabase } from "../../tests/support/test-database.ts";
import { testDialects } from "../../tests/support/test-database.ts";
import type { PushClient } from "../feeds/push/client.ts";
import { createBlmFeed } from "../jobs/blm-feed.ts";
import { createListingPush } from "../jobs/listing-push.ts";
import { createFilesystemPhotoStore } from "../photos/photo-store.ts";

const page = "/admin/portals";
const silent = { info() {}, warn() {} };

describe.each(testDialects)("the Portals page on %s", (dialect) => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let owner: AdminBrowser;
  let ownerEmail: string;
  let agent: AdminBrowser;
  let outputDir: string;

  beforeAll(async () => {
    ({ app, database } = await createBackOfficeApp(dialect, { BLM_BRANCH_ID: "12345" }));
    const ownerAccount = await createStaffMember(app, "owner");
    const agentAccount = await createStaffMember(app, "agent");
    ownerEmail = ownerAccount.email;
    owner = adminBrowser(app);
    agent = adminBrowser(app);
    await owner.signIn(ownerAccount.email, ownerAccount.password);
    await agent.signIn(agentAccount.email, agentAccount.password);
    outputDir = mkdtempSync(join(tmpdir(), "portals-blm-"));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    rmSync(outputDir, { recursive: true, force: true });
  });

  const db = () => database.handle.db;
  const setPaused = async (feed: string, paused: boolean) => {
    const csrf = await owner.tokenFrom(page);
    const answer = await owner.post(page, { csrf, feed, intent: paused ? "pause" : "resume" });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer;
  };

  it("is for owners: agents are refused, and only owners' home page links to it", async () => {
    expect((await agent.get(page)).statusCode).toBe(403);
    expect((await agent.get("/admin/")).body).not.toContain(`href="${page}"`);
    const shown = await owner.get(page);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["cache-control"]).toContain("no-store");
    for (const label of ["Rightmove", "Listings push", "RESO Web API"]) {
      expect(shown.body).toContain(label);
    }
    expect(shown.body).toContain('href="/admin/feeds"');
    expect((await owner.get("/admin/")).body).toContain(`href="${page}"`);
    expect((await adminBrowser(app).get(page)).headers.location).toBe(signInFor(page));
    const csrf = await owner.tokenFrom(page);
    const refused = await agent.post(page, { csrf, feed: "reso", intent: "pause" });
    expect(refused.statusCode).toBe(403);
    expect(await db().selectFrom("feed_pause").selectAll().execute()).toEqual([]);
  });

  it("lists each listing a feed leaves out, with its reasons", async () => {
    const listing = await db()
      .selectFrom("property")
      .select(["id", "code"])
      .where("publish", "=", 1)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await db()
      .updateTable("property")
      .set({ postcode: "", display_address: "" })
      .where("id", "=", listing.id)
      .execute();
    const body = (await owner.get(page)).body;
    const section = (id: string) =>
      body.slice(
        body.indexOf(`id="portal-${id}"`),
        body.indexOf("</section>", body.indexOf(`id="portal-${id}"`)),
      );
    expect(section("rightmove")).toContain(listing.code);
    for (const feed of ["rightmove", "push"]) {
      expect(section(feed)).toContain("Postcode is missing");
      expect(section(feed)).toContain("Display address is missing");
    }
    expect(section("reso")).toContain("Postcode is missing");
    // Switched off for Rightmove: not Rightmove's to refuse any more.
    await db()
      .updateTable("property")
      .set({ send_to_rightmove: 0 as never })
      .where("id", "=", listing.id)
      .execute();
    const after = (await owner.get(page)).body;
    const rightmove = after.slice(
      after.indexOf('id="portal-rightmove"'),
      after.indexOf('id="portal-push"'),
    );
    expect(rightmove).not.toContain(`/admin/listings/${listing.code}/edit`);
  });

  it("pauses the RESO feed: 503 with an OData error and Retry-After, then reads again", async () => {
    const added = await app.feedConsumers.add({ id: null, email: "cli" }, "Paused portal");
    if (!added.ok) throw new Error(added.message);
    const read = () =>
      app.inject({
        url: "/odata/Property?$top=1",
        headers: { authorization: `Bearer ${added.token}` },
      });
    expect((await read()).statusCode).toBe(200);
    const paused = await setPaused("reso", true);
    expect(paused.body).toContain("The feed is paused.");
    const answer = await read();
    expect(answer.statusCode).toBe(503);
    expect(answer.headers["retry-after"]).toBe("3600");
    expect(answer.json()).toEqual({
      error: { code: "503", message: expect.stringContaining("paused") },
    });
    expect((await owner.get(page)).body).toMatch(/Paused since [^<]* by /);
    await setPaused("reso", false);
    expect((await read()).statusCode).toBe(200);
    const log = (await owner.get("/admin/audit")).body;
    expect(log).toContain("Portal feed paused");
    expect(log).toContain("Portal feed resumed");
    expect(log).toContain("Feed “RESO Web API”");
    expect(log).toContain(ownerEmail);
  });

  it("pauses the push feed: changes keep queueing, and are sent on resume", async () => {
    const sent: string[] = [];
    const client: PushClient = {
      async post(method) {
        sent.push(method);
        return { status: 200, body: "" };
      },
      close() {},
    };
    const job = createListingPush({
      database: database.handle,
      client,
      context: { branchReference: "BR", siteUrl: "https://homes.example", currencyCode: "GBP" },
      log: silent,
    });
    await setPaused("push", true);
    const { id } = await db()
      .selectFrom("property")
      .select("id")
      .where("publish", "=", 0)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await queueListingPushById(db(), id, new Date());
    expect(await job()).toEqual({ sent: 0, failed: 0 });
    expect(sent).toEqual([]);
    expect((await owner.get(page)).body).toMatch(/Waiting to send<\/dt><dd>1</);
    await setPaused("push", false);
    expect(await job()).toEqual({ sent: 1, failed: 0 });
    // An unpublished listing: withdrawn.
    expect(sent).toEqual(["listing/delete"]);
  });

  it("pauses the Rightmove job: it writes nothing; resumed, its run is shown", async () => {
    const run = createBlmFeed({
      database: database.handle,
      photoStore: createFilesystemPhotoStore(createTestImageDir()),
      branchId: "12345",
      outputDir,
      sftp: undefined,
      log: silent,
    });
    await setPaused("rightmove", true);
    expect(await run(new Date("2026-11-29T06:00:00Z"))).toMatchObject({ sent: [], zipPath: "" });
    expect(await db().selectFrom("feed_run").selectAll().execute()).toEqual([]);
    await setPaused("rightmove", false);
    const report = await run(new Date("2026-11-29T07:00:00Z"));
    const runs = await db().selectFrom("feed_run").selectAll().execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ feed: "rightmove", trigger: "job", error: null });
    expect(JSON.parse(runs[0]?.sent ?? "")).toEqual(report.sent);
    expect(JSON.parse(runs[0]?.refused ?? "")).toEqual(report.refused);
    expect(report.sent.length + report.refused.length).toBeGreaterThan(0);
    const body = (await owner.get(page)).body;
    expect(body).toContain(report.blmFile);
    const listings = (count: number) => `${count} listing${count === 1 ? "" : "s"}`;
    expect(body).toContain(`<dt>Sent</dt><dd>${listings(report.sent.length)}`);
    expect(body).toContain(`<dt>Left out</dt><dd>${listings(report.refused.length)}`);
  });

  it("says only that a feed is not set up, not that it runs, and links Feeds both ways", async () => {
    const body = (await owner.get(page)).body;
    const push = sectionOf(body, "push");
    expect(push).toContain("Not set up.");
    expect(push).not.toContain("Running.");
    const reso = sectionOf(body, "reso");
    expect(reso).toContain("Set up.");
    expect(reso).toContain("Running.");
    expect(reso).toContain(">Pause<");
    // The menu: Portals for owners (its page links to Feeds), neither for agents.
    const menuOf = (html: string) =>
      html.slice(
        html.indexOf('aria-label="Back office"'),
        html.indexOf("</nav>", html.indexOf('aria-label="Back office"')),
      );
    expect(menuOf(body)).toContain('href="/admin/portals"');
    const agentHome = (await agent.get("/admin/listings")).body;
    expect(menuOf(agentHome)).toContain('href="/admin/listings"');
    expect(menuOf(agentHome)).not.toContain('href="/admin/portals"');
    expect(menuOf(agentHome)).not.toContain('href="/admin/feeds"');
    const feeds = (await owner.get("/admin/feeds")).body;
    expect(feeds.slice(feeds.indexOf("<main"))).toContain('href="/admin/portals"');
    expect(body.slice(body.indexOf("<main"))).toContain('href="/admin/feeds"');
  });

  it("counts every refusal and lists the first 50 by code, closed until asked for", async () => {
    await generateProperties(db(), { count: 60, dialect });
    await db().updateTable("property").set({ postcode: "" }).where("publish", "=", 1).execute();
    const switchedOn = (
      await db()
        .selectFrom("property")
        .select("code")
        .where("publish", "=", 1)
        .where("archived_at", "is", null)
        .where("send_to_reso", "=", 1)
        .orderBy("code")
        .execute()
    ).map((row) => row.code);
    expect(switchedOn.length).toBeGreaterThan(50);
    const reso = sectionOf((await owner.get(page)).body, "reso");
    expect(reso).toContain(
      `Listings left out (${switchedOn.length} of ${switchedOn.length} switched on)`,
    );
    expect(reso).toContain('<details class="admin-portal-refusals">');
    expect(reso).toContain(`What the first 50 of ${switchedOn.length} listings lack`);
    const linked = [...reso.matchAll(/\/admin\/listings\/([^/"]+)\/edit/g)].map((match) =>
      decodeURIComponent(match[1] ?? ""),
    );
    expect(linked).toEqual([...switchedOn].sort().slice(0, 50));
  });
});

/** A feed's section of the page. */
function sectionOf(body: string, feed: string): string {
  const start = body.indexOf(`id="portal-${feed}"`);
  return body.slice(start, body.indexOf("</section>", start));
}
