/**
 * Search alerts end to end on both databases (decision 055), against a real SMTP server
 * started here: a save sends exactly one confirmation; a listing published through the content
 * command yields exactly one digest to a confirmed address and none to an unconfirmed one;
 * unsubscribing (RFC 8058's one-click POST) stops every further mail.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/database.ts";
import { deleteSearchAlertsOfEmail, findDataOfEmail } from "../../db/queries/enquiry-inbox.ts";
import { auth, createTestImageDir } from "../../tests/support/app.ts";
import { buildPropertyImportRow } from "../../tests/support/factories.ts";
import {
  type MailingApp,
  type MailingAppServer,
  mailHeader,
  startMailingApp,
  tokenIn,
} from "../../tests/support/mailing-app.ts";
import type { TestSmtpServer } from "../../tests/support/smtp.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";
import { buildApp } from "../app.ts";
import { runContentCli } from "../cli/content.ts";
import { createAlertDigests } from "../jobs/alert-digests.ts";
import { createOutboxDelivery } from "../jobs/outbox.ts";

type App = MailingAppServer;

const day1 = new Date("2099-03-01T09:00:00.000Z");
const day2 = new Date("2099-03-02T09:00:00.000Z");
const day3 = new Date("2099-03-03T09:00:00.000Z");
const day4 = new Date("2099-03-04T09:00:00.000Z");

/** The alert's filters as the site sends them: the §7 search parameters. */
const springfieldForSale = "location=Springfield&status=For+Sale";

describe.each(testDialects)("search alerts on %s", (dialect) => {
  let smtp: TestSmtpServer;
  let database: TestDatabase;
  let app: App;
  const imageDir = createTestImageDir();
  const work = mkdtempSync(join(tmpdir(), "homes-alerts-"));

  /** Runs `npm run content -- …` in process against the test database. */
  async function content(...args: string[]) {
    let stderr = "";
    const code = await runContentCli(args, {
      stdout: () => {},
      stderr: (text) => {
        stderr += text;
      },
      env: {
        DATABASE_URL: database.url,
        IMAGE_DIR: imageDir,
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
      },
      cwd: work,
      contentChanged: async () => {},
    });
    expect(stderr.includes("refused") ? stderr : "", stderr).toBe("");
    expect(code).toBe(0);
  }

  /** Imports one property with the content command (published or not); answers its code. */
  async function importProperty(overrides: Record<string, string>): Promise<string> {
    const row = buildPropertyImportRow(overrides);
    const file = join(work, `${row.code}.json`);
    writeFileSync(file, JSON.stringify([row]));
    await content("import", file);
    return row.code;
  }

  async function alertAction(action: string, body: Record<string, unknown>) {
    return app.inject({
      method: "POST",
      url: `/api/alert/${action}`,
      headers: auth,
      payload: body,
    });
  }

  const deliver = () => mailing.deliver();

  let mailing: MailingApp;
  beforeAll(async () => {
    mailing = await startMailingApp(dialect, {
      seed: true,
      env: { IMAGE_DIR: imageDir, ALERT_DIGEST_HOUR: "8" },
    });
    ({ app, database, smtp } = mailing);
  });
  afterAll(async () => {
    await mailing?.close();
  });

  let confirmedUnsubscribeToken = "";

  it("sends exactly one confirmation per save, and the same answer for a known address", async () => {
    const first = await alertAction("subscribe", {
      email: " Reader@Example.com ",
      query: springfieldForSale,
    });
    expect(first.statusCode).toBe(200);
    const second = await alertAction("subscribe", {
      email: "other@example.com",
      query: springfieldForSale,
    });
    expect(second.json()).toEqual(first.json());

    const mails = await deliver();
    expect(mails.map((mail) => mail.recipients)).toEqual([
      ["reader@example.com"],
      ["other@example.com"],
    ]);
    expect(mails[0]!.decoded).toContain("Confirm the alert");
    // Typed filters are named, not quoted, in a mail (server/alerts/alert-limits.test.ts).
    expect(mails[0]!.decoded).toContain("your chosen status, your chosen location");

    // The same search again the same day: the same answer, and no second confirmation.
    const again = await alertAction("subscribe", {
      email: "reader@example.com",
      query: "status=For+Sale&location=Springfield",
    });
    expect(again.json()).toEqual(first.json());
    expect(await deliver()).toEqual([]);

    // Only reader@ confirms; other@ never does.
    const confirmed = await alertAction("confirm", {
      token: tokenIn(mails[0]!, "/alerts/confirm"),
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toMatch(/confirmed/);
    // A confirmed alert's save says the same, and sends only a fresh manage link (how an
    // expired one is renewed, decision 066), at most once a day.
    const known = await alertAction("subscribe", {
      email: "reader@example.com",
      query: springfieldForSale,
    });
    expect(known.json()).toEqual(first.json());
    const [renewal, ...more] = await deliver();
    expect(more).toEqual([]);
    expect(renewal?.recipients).toEqual(["reader@example.com"]);
    expect(renewal?.decoded).not.toContain("/alerts/confirm");
    tokenIn(renewal!, "/alerts/manage");
    await alertAction("subscribe", { email: "reader@example.com", query: springfieldForSale });
    expect(await deliver()).toEqual([]);
  });

  it("tokens are stored only as hashes", async () => {
    const rows = await database.handle.db.selectFrom("search_alert").selectAll().execute();
    const mails = smtp.received.map((mail) => mail.decoded).join("\n");
    for (const row of rows) {
      for (const hash of [
        row.confirm_token_hash,
        row.unsubscribe_token_hash,
        row.manage_token_hash,
      ]) {
        expect(hash).toMatch(/^[0-9a-f]{64}$/);
        expect(mails).not.toContain(hash);
      }
    }
  });

  it("a listing published with the content command makes exactly one digest, to the confirmed address only", async () => {
    // Unpublished at first: nothing yet.
    const code = await importProperty({
      city: "Springfield",
      offer_type: "For Sale",
      publish: "no",
    });
    // Published elsewhere, or another offer: never in this alert.
    await importProperty({ city: "Shelbyville", offer_type: "For Sale" });
    await importProperty({ city: "Springfield", offer_type: "For Rent" });
    expect(await app.jobs.alertDigests!.runOnce(day1)).toBe(0);
    expect(await deliver()).toEqual([]);

    await content("publish", code);
    // Before the digest hour: nothing; the same day again after it: nothing.
    expect(await app.jobs.alertDigests!.runOnce(new Date("2099-03-02T07:59:00.000Z"))).toBe(0);
    expect(await app.jobs.alertDigests!.runOnce(day1)).toBe(0);

    expect(await app.jobs.alertDigests!.runOnce(day2)).toBe(1);
    // A second run (another app server) the same day queues nothing more.
    expect(await app.jobs.alertDigests!.runOnce(day2)).toBe(0);
    const mails = await deliver();
    expect(mails).toHaveLength(1);
    const [digest] = mails;
    expect(digest!.recipients).toEqual(["reader@example.com"]);
    expect(digest!.decoded).toContain(code.replace("IMP-", "Imported Home "));
    expect(digest!.decoded).not.toContain("Shelbyville");
    const unsubscribe = tokenIn(digest!, "/alerts/unsubscribe");
    expect(mailHeader(digest!, "List-Unsubscribe")).toBe(
      `<https://homes.example/alerts/unsubscribe?token=${unsubscribe}>`,
    );
    expect(mailHeader(digest!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(digest!.decoded).toContain("https://homes.example/alerts/manage?token=");
    confirmedUnsubscribeToken = unsubscribe;
    // The listing's figures count the match once, on the digest's day (decision 099).
    const matches = await app.database.db
      .selectFrom("listing_day_figures")
      .innerJoin("property", "property.id", "listing_day_figures.property_id")
      .select(["listing_day_figures.day", "listing_day_figures.alert_matches"])
      .where("property.code", "=", code)
      .execute();
    expect(matches).toEqual([{ day: day2.toISOString().slice(0, 10), alert_matches: 1 }]);

    // Nothing new the next day: no digest.
    expect(await app.jobs.alertDigests!.runOnce(day3)).toBe(0);
    expect(await deliver()).toEqual([]);
  });

  it("the manage link lists the address's alerts and nobody else's", async () => {
    const manageToken = tokenIn(
      smtp.received.find((mail) => mail.recipients[0] === "reader@example.com")!,
      "/alerts/manage",
    );
    const answer = (await alertAction("manage", { token: manageToken })).json();
    expect(answer.email).toBe("reader@example.com");
    expect(answer.alerts).toEqual([
      expect.objectContaining({ confirmed: true, description: "For Sale, in Springfield" }),
    ]);
    expect(JSON.stringify(answer)).not.toContain("other@example.com");
    const forged = `${"x".repeat(43)}.${"zzzzzz"}.${"y".repeat(43)}`;
    expect((await alertAction("manage", { token: forged })).statusCode).toBe(404);
  });

  it("unsubscribing stops every further mail, a digest already queued included", async () => {
    await importProperty({ city: "Springfield", offer_type: "For Sale" });
    expect(await app.jobs.alertDigests!.runOnce(day4)).toBe(1);
    // One-click unsubscribe before the queued digest goes out.
    const unsubscribed = await alertAction("unsubscribe", { token: confirmedUnsubscribeToken });
    expect(unsubscribed.statusCode).toBe(200);
    expect((await deliver()).map((mail) => mail.decoded)).toEqual([]);

    await importProperty({ city: "Springfield", offer_type: "For Sale" });
    expect(await app.jobs.alertDigests!.runOnce(new Date("2099-03-05T09:00:00.000Z"))).toBe(0);
    expect(await deliver()).toEqual([]);
    // The link is spent.
    expect(
      (await alertAction("unsubscribe", { token: confirmedUnsubscribeToken })).statusCode,
    ).toBe(404);
  });

  it("retries a mail the SMTP server refused, and sends it once", async () => {
    const nodemailer = (await import("nodemailer")).default;
    const real = nodemailer.createTransport({ url: smtp.url });
    let refuse = true;
    let clock = 0;
    const deliver = createOutboxDelivery({
      database: database.handle,
      transport: {
        async sendMail(mail) {
          if (refuse) throw new Error("421 try again later");
          return real.sendMail(mail);
        },
      },
      from: "alerts@homes.example",
      siteUrl: "https://homes.example",
      log: { info() {}, warn() {} },
      retryBaseMs: 60_000,
      now: () => new Date(clock),
      buildQueuedMail: (mail) => app.searchAlerts.buildQueuedMail(mail),
    });
    await alertAction("subscribe", { email: "retry@example.com", query: "status=For+Rent" });
    clock = Date.now() + 1_000;
    const before = smtp.received.length;
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    refuse = false;
    // Not before its retry time.
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    clock += 61_000;
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    clock += 3_600_000;
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    const mails = smtp.received.slice(before);
    expect(mails.map((mail) => mail.recipients)).toEqual([["retry@example.com"]]);
    const [row] = await database.handle.db
      .selectFrom("outbox")
      .innerJoin("search_alert", "search_alert.id", "outbox.alert_id")
      .select(["outbox.status", "outbox.attempts"])
      .where("search_alert.email", "=", "retry@example.com")
      .execute();
    expect(row).toEqual({ status: "sent", attempts: 2 });
    real.close();
  });

  it("two app servers running the day's digests and the outbox at once send one digest", async () => {
    // A second app server on the same database (its own connection, its own worker).
    const second = await buildApp({
      config: app.config,
      database: openDatabase(database.url),
      site: false,
    });
    await second.ready();
    await second.jobs.stop();
    try {
      const sent = await alertAction("subscribe", { email: "both@example.com", query: "" });
      expect(sent.statusCode).toBe(200);
      const [confirmation] = await deliver();
      expect(confirmation!.recipients).toEqual(["both@example.com"]);
      await alertAction("confirm", { token: tokenIn(confirmation!, "/alerts/confirm") });
      await importProperty({ city: "Ogdenville" });
      const day = new Date("2099-04-01T09:00:00.000Z");
      const queued = await Promise.all([
        app.jobs.alertDigests!.runOnce(day),
        second.jobs.alertDigests!.runOnce(day),
      ]);
      expect(queued.reduce((sum, count) => sum + count, 0)).toBe(1);
      const before = smtp.received.length;
      await Promise.all([app.jobs.outbox!.runOnce(), second.jobs.outbox!.runOnce()]);
      const mails = smtp.received.slice(before);
      expect(mails.map((mail) => mail.recipients)).toEqual([["both@example.com"]]);
      expect(mails[0]!.decoded).toContain("Ogdenville");
    } finally {
      await second.close();
      await second.database.close();
    }
  });

  it("forgets an address that never confirmed after 14 days", async () => {
    const rows = () =>
      database.handle.db
        .selectFrom("search_alert")
        .select("email")
        .where("email", "=", "other@example.com")
        .execute();
    expect(await rows()).toHaveLength(1);
    const later = createAlertDigests({
      database: database.handle,
      digestHour: 8,
      log: { info() {} },
      now: () => new Date(Date.now() + 15 * 86_400_000),
    });
    await later(new Date());
    expect(await rows()).toHaveLength(0);
  });

  it("the owners' data-request tool finds an address's alerts and deletes them", async () => {
    const findings = await findDataOfEmail(database.handle.db, "Both@Example.com");
    expect(findings.searchAlerts).toEqual([
      expect.objectContaining({ description: "All properties", confirmed: true }),
    ]);
    expect(await deleteSearchAlertsOfEmail(database.handle.db, "both@example.com")).toBe(1);
    expect((await findDataOfEmail(database.handle.db, "both@example.com")).searchAlerts).toEqual(
      [],
    );
  });

  it("refuses a bad address without saying anything about known ones", async () => {
    const bad = await alertAction("subscribe", { email: "not-an-address", query: "" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: "Please enter valid email address" });
    const unknown = await alertAction("frobnicate", {});
    expect(unknown.statusCode).toBe(404);
    const noToken = await app.inject({ method: "POST", url: "/api/alert/subscribe", payload: {} });
    expect(noToken.statusCode).toBe(401);
  });
});
