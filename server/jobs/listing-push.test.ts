/**
 * The push portal (decision 095) on both dialects, against a local HTTPS portal that demands the
 * agency's client certificate: each listing write queues its listing in the write's transaction
 * (through the back office's listings service, as the editor and the table use it), and the
 * listing-push job sends the listing's latest state once: its JSON, or a delete message when it
 * is withdrawn; retried after a refusal; once when two app servers share the database.
 */
import { readFileSync } from "node:fs";
import { request } from "node:https";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { StaffSession } from "#app-context";
import { loadConfig } from "../../config/env.ts";
import { type Database, type DatabaseHandle, openDatabase } from "../../db/database.ts";
import { listingPushKey } from "../../db/queries/listing-push.ts";
import { listAllPropertyRows } from "../../db/queries/property.ts";
import { createTestImageDir } from "../../tests/support/app.ts";
import { buildPropertyImportRow } from "../../tests/support/factories.ts";
import { startPushPortal, type TestPushPortal } from "../../tests/support/push-portal.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { runContentCli } from "../cli/content.ts";
import { jsonRows } from "../content/import-file.ts";
import { importProperties } from "../content/import-properties.ts";
import { createListingChanges } from "../feeds/push/changes.ts";
import { createPushClient, type PushClient } from "../feeds/push/client.ts";
import { listingReference } from "../feeds/push/listing-json.ts";
import { createFilesystemPhotoStore } from "../photos/photo-store.ts";
import { createAdminPhotos } from "../photos/service.ts";
import { createAdminContent } from "../staff/content.ts";
import { createAdminListings } from "../staff/listings.ts";
import { startupSummary } from "../startup.ts";
import { createListingPush } from "./listing-push.ts";

const silent = { info() {}, warn() {} };
const agent: StaffSession = {
  user: {
    id: 901,
    email: "agent@example.com",
    role: "agent",
    hasPassword: true,
    createdAt: "2026-11-29T06:00:00.000Z",
  },
  csrfToken: "x",
};
const context = { branchReference: "BR-1", siteUrl: "https://homes.example", currencyCode: "GBP" };

/** Answers whether a request with these TLS options reached the portal's handler. */
function reachesPortal(
  url: string,
  tls: { cert?: Buffer; key?: Buffer; ca: Buffer },
): Promise<number | string> {
  return new Promise((resolve) => {
    const outgoing = request(`${url}/listing/update`, { method: "POST", ...tls }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    outgoing.end("{}");
  });
}

describe.each(testDialects)("pushing listings to a portal on %s", (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;
  let portal: TestPushPortal;
  let client: PushClient;
  /** Seeded published listings, one or a few for each test. */
  let codes: string[];
  let clock = new Date("2026-11-29T06:00:00.000Z");

  const listings = () =>
    createAdminListings({
      database: test.handle,
      store: createFilesystemPhotoStore(createTestImageDir()),
      log: silent,
      now: () => clock,
      listingChanges: createListingChanges(),
    });
  const pushJob = (database: DatabaseHandle = test.handle, pushClient = client) =>
    createListingPush({
      database,
      client: pushClient,
      context,
      log: silent,
      now: () => clock,
      retryBaseMs: 30_000,
    });
  /** Opens `code` in the editor and saves it with `changes`. */
  async function save(code: string, changes: Record<string, string>) {
    const service = listings();
    const opened = await service.open(agent, code);
    if (!opened) throw new Error(`no listing ${code}`);
    const saved = await service.save(agent, code, opened.revision, {
      ...opened.values,
      ...changes,
    });
    expect(saved).toMatchObject({ ok: true });
  }
  const idOf = async (code: string) =>
    (
      await db
        .selectFrom("property")
        .select("id")
        .where("code", "=", code)
        .executeTakeFirstOrThrow()
    ).id;
  const pushRow = async (code: string) =>
    db
      .selectFrom("outbox")
      .select(["status", "attempts", "last_error", "next_attempt_at"])
      .where("dedupe_key", "=", listingPushKey(await idOf(code)))
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    portal = await startPushPortal();
    client = createPushClient({
      url: portal.url,
      certFile: portal.files.cert,
      keyFile: portal.files.key,
      caFile: portal.files.ca,
    });
    test = await createTestDatabase(dialect, { seed: true });
    db = test.handle.db;
    // Saves check a plan's file is in the image folder: the seed's are not in the test's.
    await db.deleteFrom("floor_plan").execute();
    codes = (await listAllPropertyRows(db))
      .filter((row) => row.publish === 1 || row.publish === true)
      .map((row) => row.code);
    expect(codes.length).toBeGreaterThanOrEqual(15);
  });
  afterAll(async () => {
    client?.close();
    await portal?.close();
    await test?.drop();
  });
  afterEach(() => {
    portal.received.length = 0;
    portal.onRequest(undefined);
  });

  it("is a portal that refuses a client without the agency's certificate", async () => {
    const ca = { ca: readFileSync(portal.files.ca) };
    const stranger = {
      cert: readFileSync(portal.files.strangerCert),
      key: readFileSync(portal.files.strangerKey),
    };
    const agency = { cert: readFileSync(portal.files.cert), key: readFileSync(portal.files.key) };
    // Refused in the TLS handshake: an error, never an answer.
    expect(typeof (await reachesPortal(portal.url, ca))).toBe("string");
    expect(typeof (await reachesPortal(portal.url, { ...ca, ...stranger }))).toBe("string");
    expect(portal.received).toEqual([]);
    expect(await reachesPortal(portal.url, { ...ca, ...agency })).toBe(200);
    expect(portal.received.map((got) => got.client)).toEqual(["Test agency"]);
  });

  it("pushes a save once, with the client certificate, as the listing now is", async () => {
    const code = codes[0] as string;
    await save(code, { headline: "Pushed headline" });
    expect(await pushJob()()).toEqual({ sent: 1, failed: 0 });
    expect(await pushJob()()).toEqual({ sent: 0, failed: 0 });

    expect(portal.received).toHaveLength(1);
    const [got] = portal.received;
    expect(got).toMatchObject({ path: "/live/v1/listing/update", client: "Test agency" });
    expect(got?.body).toMatchObject({
      listing_reference: listingReference(await idOf(code)),
      branch_reference: "BR-1",
      summary_description: "Pushed headline",
      code,
      pricing: { currency_code: "GBP" },
    });
    const photos = (got?.body.content ?? []) as Array<{ url: string }>;
    expect(photos[0]?.url).toMatch(/^https:\/\/homes\.example\/images\/property\//);
    expect(await pushRow(code)).toMatchObject({ status: "sent", attempts: 1, last_error: null });
  });

  it("sends one update of the latest state for several saves before the send", async () => {
    const code = codes[1] as string;
    await save(code, { headline: "First" });
    await save(code, { headline: "Second" });
    await save(code, { headline: "Third" });
    await pushJob()();
    expect(portal.received.map((got) => got.body.summary_description)).toEqual(["Third"]);
  });

  it("pushes the delete after an edit then a delete, and the delete after an unpublish", async () => {
    const [edited, pushedFirst] = [codes[2] as string, codes[3] as string];
    const editedId = await idOf(edited);
    await save(edited, { headline: "About to go" });
    expect(await listings().change(agent, edited, "delete")).toBe("changed");
    await pushJob()();
    expect(portal.received).toEqual([
      expect.objectContaining({
        path: "/live/v1/listing/delete",
        body: { listing_reference: listingReference(editedId), deletion_reason: "withdrawn" },
      }),
    ]);

    portal.received.length = 0;
    await save(pushedFirst, { headline: "Listed" });
    await pushJob()();
    expect(await listings().change(agent, pushedFirst, "unpublish")).toBe("changed");
    await pushJob()();
    expect(portal.received.map((got) => got.path)).toEqual([
      "/live/v1/listing/update",
      "/live/v1/listing/delete",
    ]);
  });

  it("sends a delete when a listing is switched off for the push portal, and never an update after", async () => {
    const code = codes[16] as string;
    await save(code, { headline: "Switched on" });
    await pushJob()();
    await save(code, { send_to_push: "no" });
    await pushJob()();
    await save(code, { headline: "Edited while switched off" });
    await pushJob()();
    expect(portal.received.map((got) => got.path)).toEqual([
      "/live/v1/listing/update",
      "/live/v1/listing/delete",
      "/live/v1/listing/delete",
    ]);
    expect(portal.received[1]?.body).toEqual({
      listing_reference: listingReference(await idOf(code)),
      deletion_reason: "withdrawn",
    });
  });

  it("retries a listing the portal refused with 503 later, and it arrives once", async () => {
    const code = codes[4] as string;
    await save(code, { headline: "Busy portal" });
    portal.answerNext(503);
    expect(await pushJob()()).toEqual({ sent: 0, failed: 1 });
    expect(await pushRow(code)).toMatchObject({ status: "pending", attempts: 1 });
    expect((await pushRow(code)).last_error).toMatch(/503/);
    // Not due before its backoff.
    expect(await pushJob()()).toEqual({ sent: 0, failed: 0 });

    clock = new Date(clock.getTime() + 31_000);
    expect(await pushJob()()).toEqual({ sent: 1, failed: 0 });
    expect(portal.received.map((got) => got.status)).toEqual([503, 200]);
    expect(portal.accepted()).toHaveLength(1);
    expect(await pushRow(code)).toMatchObject({ status: "sent", attempts: 2, last_error: null });
  });

  it("sends a change made during a send after it, so the portal ends with the newest state", async () => {
    const code = codes[5] as string;
    await save(code, { headline: "Before" });
    let changedDuringSend = false;
    portal.onRequest(async () => {
      if (changedDuringSend) return;
      changedDuringSend = true;
      await save(code, { headline: "During" });
    });
    await pushJob()();
    expect(portal.received.map((got) => got.body.summary_description)).toEqual([
      "Before",
      "During",
    ]);
    expect(await pushRow(code)).toMatchObject({ status: "sent" });
  });

  it("withdraws a listing that stops being complete, with its reasons, and sends it again once complete", async () => {
    const code = codes[6] as string;
    const photos = await db
      .selectFrom("property")
      .select(["image_list", "cover_image"])
      .where("code", "=", code)
      .executeTakeFirstOrThrow();
    await save(code, { headline: "Complete" });
    await pushJob()();
    await db
      .updateTable("property")
      .set({ image_list: "[]", cover_image: "" })
      .where("code", "=", code)
      .execute();
    await save(code, { headline: "No photos" });
    expect(await pushJob()()).toEqual({ sent: 1, failed: 0 });
    expect(await pushRow(code)).toMatchObject({
      status: "sent",
      last_error: "refused: Needs at least one photo",
    });
    await db.updateTable("property").set(photos).where("code", "=", code).execute();
    await save(code, { headline: "Photos again" });
    await pushJob()();
    expect(portal.received.map((got) => [got.path, got.body.summary_description ?? null])).toEqual([
      ["/live/v1/listing/update", "Complete"],
      ["/live/v1/listing/delete", null],
      ["/live/v1/listing/update", "Photos again"],
    ]);
    expect(portal.received[1]?.body).toEqual({
      listing_reference: listingReference(await idOf(code)),
      deletion_reason: "withdrawn",
    });
    expect(await pushRow(code)).toMatchObject({ status: "sent", last_error: null });
  });

  it("sends each listing once when two app servers share the database", async () => {
    const several = codes.slice(7, 12);
    for (const code of several) await save(code, { headline: `Shared ${code}` });
    const other = openDatabase(test.url);
    const otherClient = createPushClient({
      url: portal.url,
      certFile: portal.files.cert,
      keyFile: portal.files.key,
      caFile: portal.files.ca,
    });
    try {
      // Small batches, so both servers claim while the other is sending.
      const first = createListingPush({
        database: test.handle,
        client,
        context,
        log: silent,
        batchSize: 1,
        now: () => clock,
      });
      const second = createListingPush({
        database: other,
        client: otherClient,
        context,
        log: silent,
        batchSize: 1,
        now: () => clock,
      });
      const runs = await Promise.all([first(), second(), first(), second()]);
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(several.length);
    } finally {
      otherClient.close();
      await other.close();
    }
    const sent = portal.received.map((got) => got.body.code);
    expect([...sent].sort()).toEqual([...several].sort());
  });

  it("pushes a photo save of the photo manager and a listing the import changed", async () => {
    const code = codes[12] as string;
    const photos = createAdminPhotos({
      database: test.handle,
      store: createFilesystemPhotoStore(createTestImageDir()),
      log: silent,
      now: () => clock,
      listingChanges: createListingChanges(),
    });
    const opened = await photos.open(agent, code);
    if (!opened) throw new Error(`no listing ${code}`);
    const [first, ...rest] = opened.photos;
    if (!first) throw new Error(`listing ${code} has no photo`);
    const saved = await photos.save(agent, code, opened.revision, {
      photos: [{ ...first, alt: "The front door" }, ...rest],
      cover: opened.cover,
    });
    expect(saved).toMatchObject({ ok: true });
    await pushJob()();
    const content = (portal.received[0]?.body.content ?? []) as Array<{ caption?: string }>;
    expect(content.map((photo) => photo.caption)).toContain("The front door");

    portal.received.length = 0;
    const imported = buildPropertyImportRow();
    const report = await importProperties(db, jsonRows(JSON.stringify([imported])), {
      imageDir: createTestImageDir(),
      now: clock,
      listingChanges: createListingChanges(),
    });
    expect(report.inserted).toEqual([imported.code]);
    await pushJob()();
    // Queued with its write, and held back: an import without photos is not sent half-filled,
    // only withdrawn in case the portal had it.
    expect(portal.received.map((got) => got.path)).toEqual(["/live/v1/listing/delete"]);
    expect(await pushRow(imported.code)).toMatchObject({
      status: "sent",
      last_error:
        "refused: Postcode is missing; Display address is missing; Needs at least one photo",
    });
  });

  it("pushes a renamed category's listings with their new property type", async () => {
    const code = codes[14] as string;
    const { category_id: categoryId } = await db
      .selectFrom("property")
      .select("category_id")
      .where("code", "=", code)
      .executeTakeFirstOrThrow();
    if (categoryId === null) throw new Error(`listing ${code} has no category`);
    const inCategory = await db
      .selectFrom("property")
      .select("id")
      .where("category_id", "=", categoryId)
      .execute();
    const content = createAdminContent({
      database: test.handle,
      imageDir: createTestImageDir(),
      log: silent,
      now: () => clock,
      listingChanges: createListingChanges(),
    });
    expect(await content.renameCategory(agent, categoryId, { title: "Canal Boat" })).toMatchObject({
      ok: true,
    });
    await pushJob()();
    expect(new Set(portal.received.map((got) => got.body.listing_reference))).toEqual(
      new Set(inCategory.map((row) => listingReference(row.id))),
    );
    const update = portal.received.find((got) => got.body.code === code);
    expect(update?.body.property_type).toBe("canal_boat");
  });

  it("queues what npm run content publishes, and every listing with push, for a first load", async () => {
    const output: string[] = [];
    const cli = (...args: string[]) =>
      runContentCli(args, {
        stdout: (text) => output.push(text),
        stderr: (text) => output.push(text),
        env: {
          NODE_ENV: "test",
          DATABASE_URL: test.url,
          IMAGE_DIR: createTestImageDir(),
          ...portal.env(),
        },
        cwd: process.cwd(),
        contentChanged: async () => {},
      });
    const code = codes[13] as string;
    expect(await cli("unpublish", code)).toBe(0);
    // The command queues at the wall clock's time.
    clock = new Date();
    await pushJob()();
    expect(portal.received.map((got) => got.path)).toEqual(["/live/v1/listing/delete"]);

    portal.received.length = 0;
    expect(await cli("push")).toBe(0);
    expect(output.at(-1)).toMatch(/^Queued \d+ listings for the push portal/);
    clock = new Date();
    await pushJob()();
    const total = (await db.selectFrom("property").select("id").execute()).length;
    const refused = await db
      .selectFrom("outbox")
      .select("id")
      .where("kind", "=", "listing-push")
      .where("last_error", "like", "refused:%")
      .execute();
    // An earlier test left a published listing incomplete: it is withdrawn, not sent.
    expect(refused).toHaveLength(1);
    // Every listing once: an update each complete published one, a delete each other one.
    expect(portal.received).toHaveLength(total);
    expect(new Set(portal.received.map((got) => got.body.listing_reference)).size).toBe(total);
    expect(portal.received.filter((got) => got.path.endsWith("/update"))).toHaveLength(
      portal.received.length - portal.received.filter((got) => got.path.endsWith("/delete")).length,
    );
    expect(portal.received.filter((got) => got.path.endsWith("/delete")).length).toBeGreaterThan(0);
    expect(await cli("push", "NO-SUCH-1")).toBe(1);
    expect(output.at(-1)).toMatch(/No property has the code NO-SUCH-1/);
  });

  it("asks for the certificate, its key and the branch with PUSH_URL, and an https address", () => {
    const base = { NODE_ENV: "test", DATABASE_URL: "file::memory:" };
    expect(() => loadConfig({ ...base, PUSH_URL: portal.url })).toThrow(
      /PUSH_CLIENT_CERT: must be set with PUSH_URL[\s\S]*PUSH_CLIENT_KEY[\s\S]*PUSH_BRANCH_REFERENCE/,
    );
    expect(() =>
      loadConfig({ ...base, ...portal.env(), PUSH_URL: "http://portal.example" }),
    ).toThrow(/PUSH_URL: must be an https:\/\/ address/);
    const config = loadConfig({ ...base, ...portal.env() });
    expect(config.PUSH_BRANCH_REFERENCE).toBe("BR-1");
    // The start-up line names the portal only when there is one.
    expect(startupSummary(config, "here").push).toBe(`${portal.url} as BR-1`);
    expect(startupSummary(loadConfig(base), "here")).not.toHaveProperty("push");
  });
});
