import { createServer } from "node:net";
import type { KyselyPlugin } from "kysely";
import nodemailer from "nodemailer";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/database.ts";
import {
  beginOutboxAttempt,
  claimDueOutbox,
  enqueueOutbox,
  listEnquiriesWithDelivery,
} from "../../db/queries/outbox.ts";
import type { Property } from "../../lib/api-contract.ts";
import { auth, createTestApp, multipart, type TestApp } from "../../tests/support/app.ts";
import { buildContactEnquiry, buildPropertyEnquiry } from "../../tests/support/factories.ts";
import { startSmtpServer, type TestSmtpServer } from "../../tests/support/smtp.ts";
import { startTcpProxy } from "../../tests/support/tcp-proxy.ts";
import {
  createTestDatabase,
  postgresEnabled,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { createOutboxDelivery, type MailTransport } from "./outbox.ts";

const silentLog = { info() {}, warn() {}, error() {} };

/** A log that keeps its warnings, for a test to read. */
function warningLog() {
  const warnings: { object: Record<string, unknown>; message: string }[] = [];
  return {
    warnings,
    info() {},
    warn(object: object, message: string) {
      warnings.push({ object: object as Record<string, unknown>, message });
    },
  };
}

/**
 * `handle` seen through a connection that can fail: while `away` is true every query fails as
 * a lost connection does (the database blipped, or the worker lost it for good).
 */
function unreliable(handle: DatabaseHandle) {
  const state = { away: false };
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      if (state.away) {
        throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
          code: "ECONNREFUSED",
        });
      }
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { state, database: { ...handle, db: handle.db.withPlugin(plugin) } };
}

const messageIdOf = (raw: string) => /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim();

async function outboxRows(db: DatabaseHandle["db"]) {
  return db
    .selectFrom("outbox")
    .select(["id", "status", "attempts", "resends", "attempt_started_at", "last_error"])
    .where("kind", "=", "enquiry")
    .orderBy("id")
    .execute();
}

function unusedPort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function postEnquiry(test: TestApp, fields: Record<string, string>) {
  const { payload, headers } = await multipart(fields);
  return test.app.inject({
    method: "POST",
    url: "/api/contact/add",
    payload,
    headers: { ...auth, ...headers },
  });
}

function smtpTransport(url: string) {
  return nodemailer.createTransport({ url, connectionTimeout: 2_000, greetingTimeout: 2_000 });
}

describe.each(testDialects)("enquiry delivery by e-mail on %s", (dialect) => {
  let smtp: TestSmtpServer;
  let test: TestApp;
  let properties: Property[];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    test = await createTestApp(dialect, { SMTP_URL: smtp.url, SITE_URL: "https://homes.example" });
    properties = (await test.app.inject({ url: "/api/property/display/all", headers: auth })).json()
      .data;
  });
  afterAll(async () => {
    await test.close();
    await smtp.close();
  });
  afterEach(() => {
    smtp.release();
    smtp.received.length = 0;
  });

  it("e-mails every field, the property's headline and a link to its page to the company", async () => {
    const property = properties[2]!;
    const fields = buildPropertyEnquiry(property.code, { message: "Is the garden south facing?" });
    expect((await postEnquiry(test, fields)).statusCode).toBe(200);
    await test.app.jobs.outbox!.runOnce();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    const profile = (await test.app.inject({ url: "/api/company/profile", headers: auth })).json()
      .data;
    expect(mail!.recipients).toEqual([profile.email_address]);
    for (const value of [
      fields.fullname,
      fields.telephone,
      fields.email,
      fields.message,
      fields.how_you_hear,
      property.headline,
      property.code,
    ]) {
      expect(mail!.decoded).toContain(value);
    }
    expect(mail!.decoded).toContain(`https://homes.example/property/${property.slug}`);
    const [stored] = await listEnquiriesWithDelivery(test.app.database.db);
    expect(stored).toMatchObject({ delivery_status: "sent", delivery_attempts: 1 });
  });

  it("answers the visitor while a slow mail server is still receiving", async () => {
    smtp.hold();
    const response = await postEnquiry(test, buildContactEnquiry());
    expect(response.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(0);
    smtp.release();
    await test.app.jobs.outbox!.runOnce();
    await expect.poll(() => smtp.received.length).toBe(1);
  });

  it("shows stored HTML and script as text in the e-mail, never as markup", async () => {
    const hostile = "<script>alert('x')</script><img src=x onerror=alert(1)>";
    const fields = buildContactEnquiry({
      fullname: `Eve ${hostile}`,
      message: hostile,
      how_you_hear: hostile,
    });
    expect((await postEnquiry(test, fields)).statusCode).toBe(200);
    await test.app.jobs.outbox!.runOnce();
    const mail = smtp.received.at(-1)!;
    const html = mail.decoded.slice(mail.decoded.indexOf("<!doctype html>"));
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
  });
});

describe.each(testDialects)("the outbox when the mail server is down, on %s", (dialect) => {
  let test: TestApp;
  let smtp: TestSmtpServer | undefined;

  beforeAll(async () => {
    // No SMTP_URL: the app itself does not deliver; the workers below do, on a test clock.
    test = await createTestApp(dialect);
  });
  afterAll(async () => {
    await test.close();
    await smtp?.close();
  });

  it("keeps the enquiry pending, delivers it once the server is back, and never twice", async () => {
    const port = await unusedPort();
    let clock = new Date(Date.now() + 1_000);
    const deliver = createOutboxDelivery({
      database: test.app.database,
      transport: smtpTransport(`smtp://127.0.0.1:${port}`),
      from: "Website <no-reply@homes.example>",
      siteUrl: "https://homes.example",
      log: silentLog,
      retryBaseMs: 60_000,
      now: () => clock,
    });

    const response = await postEnquiry(test, buildContactEnquiry());
    expect(response.statusCode).toBe(200);
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    let [row] = await listEnquiriesWithDelivery(test.app.database.db);
    expect(row).toMatchObject({ delivery_status: "pending", delivery_attempts: 1 });
    expect(row!.delivery_last_error).toBeTruthy();

    smtp = await startSmtpServer(port);
    // Not due yet: the retry waits for its backoff.
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    clock = new Date(clock.getTime() + 61_000);
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    [row] = await listEnquiriesWithDelivery(test.app.database.db);
    expect(row).toMatchObject({ delivery_status: "sent", delivery_attempts: 2 });
  });

  it("sends each enquiry exactly once when two workers share the outbox", async () => {
    smtp ??= await startSmtpServer();
    smtp.received.length = 0;
    const workers = [1, 2].map(() =>
      createOutboxDelivery({
        database: test.app.database,
        transport: smtpTransport(smtp!.url),
        from: "Website <no-reply@homes.example>",
        siteUrl: "https://homes.example",
        log: silentLog,
        batchSize: 3,
      }),
    );
    const emails: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const fields = buildContactEnquiry();
      emails.push(fields.email);
      expect((await postEnquiry(test, fields)).statusCode).toBe(200);
    }
    await Promise.all(workers.map((deliver) => deliver()));
    const delivered = smtp.received.map((mail) => /^Reply-To: (.+)$/m.exec(mail.raw)?.[1]?.trim());
    expect(delivered.filter((email) => emails.includes(email!)).sort()).toEqual(emails.sort());
    const messageIds = smtp.received.map((mail) => /^Message-ID: (.+)$/im.exec(mail.raw)?.[1]);
    expect(new Set(messageIds).size).toBe(messageIds.length);
  });

  it("sends enquiries and queued mails from the one outbox, each once, in their order", async () => {
    smtp ??= await startSmtpServer();
    smtp.received.length = 0;
    const { db } = test.app.database;
    const enquiry = buildContactEnquiry();
    expect((await postEnquiry(test, enquiry)).statusCode).toBe(200);
    const queued = { dedupeKey: `alert-link:${Date.now()}`, kind: "alert-link" as const };
    expect(await enqueueOutbox(db, { ...queued, now: new Date() })).toBe(true);
    // Queued once per key.
    expect(await enqueueOutbox(db, { ...queued, now: new Date() })).toBe(false);
    const built: string[] = [];
    const deliver = createOutboxDelivery({
      database: test.app.database,
      transport: smtpTransport(smtp.url),
      from: "Website <no-reply@homes.example>",
      siteUrl: "https://homes.example",
      log: silentLog,
      async buildQueuedMail(mail) {
        built.push(mail.kind);
        return {
          from: "alerts@homes.example",
          to: "visitor@example.com",
          subject: "Your link",
          text: "link",
          html: "<p>link</p>",
          messageId: "<link-1@homes.example>",
        };
      },
    });
    expect(await deliver()).toEqual({ sent: 2, failed: 0 });
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    expect(built).toEqual(["alert-link"]);
    expect(smtp.received.map((mail) => mail.recipients[0])).toEqual([
      expect.any(String),
      "visitor@example.com",
    ]);
    expect(smtp.received[0]!.raw).toContain(enquiry.email);
    const rows = await db
      .selectFrom("outbox")
      .select(["kind", "status", "attempts"])
      .where("status", "=", "pending")
      .execute();
    expect(rows).toEqual([]);
  });
});

describe.each(testDialects)(
  "each mail attempt recorded before it is sent (decision 092), on %s",
  (dialect) => {
    let test: TestApp;
    let smtp: TestSmtpServer;
    const from = "Website <no-reply@homes.example>";
    const siteUrl = "https://homes.example";

    beforeAll(async () => {
      // No SMTP_URL: the app's own job does not run; the workers below do.
      test = await createTestApp(dialect);
      smtp = await startSmtpServer();
    });
    afterAll(async () => {
      await test.close();
      await smtp.close();
    });
    afterEach(async () => {
      smtp.received.length = 0;
      // Each test starts with its own enquiry alone pending.
      await test.app.database.db.deleteFrom("outbox").execute();
    });

    async function postOne() {
      expect((await postEnquiry(test, buildContactEnquiry())).statusCode).toBe(200);
    }

    it("leaves a trace when the worker is lost after the SMTP server accepted: sent once more after the lease, counted as a resend, same Message-ID", async () => {
      await postOne();
      const real = smtpTransport(smtp.url);
      let clock = new Date(Date.now() + 1_000);
      const now = () => clock;
      // The first worker loses the database for good the moment the SMTP server accepts (as a
      // kill -9 there would): its attempt's outcome is never recorded.
      const lost = unreliable(test.app.database);
      const dying: MailTransport = {
        async sendMail(mail) {
          await real.sendMail(mail);
          lost.state.away = true;
        },
      };
      const first = createOutboxDelivery({
        database: lost.database,
        transport: dying,
        from,
        siteUrl,
        log: silentLog,
        leaseMs: 30_000,
        recordBudgetMs: 300,
        now,
      });
      await expect(first()).rejects.toThrow(/ECONNREFUSED/);
      expect(smtp.received).toHaveLength(1);
      // The attempt is on the row although its outcome is not.
      let [row] = await outboxRows(test.app.database.db);
      expect(row).toMatchObject({ status: "pending", attempts: 1, resends: 0 });
      expect(row!.attempt_started_at).not.toBeNull();

      const log = warningLog();
      const second = createOutboxDelivery({
        database: test.app.database,
        transport: real,
        from,
        siteUrl,
        log,
        leaseMs: 30_000,
        now,
      });
      // Within the lost worker's lease nobody sends it again.
      clock = new Date(clock.getTime() + 29_000);
      expect(await second()).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      // After it, once, recorded as a resend.
      clock = new Date(clock.getTime() + 2_000);
      expect(await second()).toEqual({ sent: 1, failed: 0 });
      expect(await second()).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received).toHaveLength(2);
      const [firstId, secondId] = smtp.received.map((mail) => messageIdOf(mail.raw));
      expect(firstId).toMatch(/^<enquiry-\d+@homes\.example>$/);
      expect(secondId).toBe(firstId);
      [row] = await outboxRows(test.app.database.db);
      expect(row).toMatchObject({
        status: "sent",
        attempts: 2,
        resends: 1,
        attempt_started_at: null,
      });
      const resent = log.warnings.filter((warning) => /sent again/.test(warning.message));
      expect(resent).toHaveLength(1);
      expect(resent[0]!.object).toMatchObject({ kind: "enquiry", messageId: firstId, attempts: 2 });
    });

    it("retries marking a mail sent through a database blip after the SMTP server accepted: not sent again, no resend", async () => {
      await postOne();
      const real = smtpTransport(smtp.url);
      let clock = new Date(Date.now() + 1_000);
      const blipping = unreliable(test.app.database);
      const transport: MailTransport = {
        async sendMail(mail) {
          await real.sendMail(mail);
          blipping.state.away = true;
          setTimeout(() => {
            blipping.state.away = false;
          }, 1_200);
        },
      };
      const deliver = createOutboxDelivery({
        database: blipping.database,
        transport,
        from,
        siteUrl,
        log: silentLog,
        now: () => clock,
      });
      expect(await deliver()).toEqual({ sent: 1, failed: 0 });
      let [row] = await outboxRows(test.app.database.db);
      expect(row).toMatchObject({
        status: "sent",
        attempts: 1,
        resends: 0,
        attempt_started_at: null,
      });
      // Long after any lease: nothing is due again.
      clock = new Date(clock.getTime() + 600_000);
      expect(await deliver()).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      [row] = await outboxRows(test.app.database.db);
      expect(row).toMatchObject({ status: "sent", attempts: 1, resends: 0 });
    });

    it("renews the lease while a slow send runs, so another worker does not send the mail too", async () => {
      await postOne();
      smtp.hold();
      const workers = [1, 2].map(() =>
        createOutboxDelivery({
          database: test.app.database,
          transport: smtpTransport(smtp.url),
          from,
          siteUrl,
          log: silentLog,
          leaseMs: 600,
        }),
      );
      const slow = workers[0]!();
      await expect.poll(() => smtp.heldCount()).toBe(1);
      // Well past the first lease: renewed meanwhile, so the row is still the first worker's.
      await new Promise((done) => setTimeout(done, 1_500));
      expect(await workers[1]!()).toEqual({ sent: 0, failed: 0 });
      smtp.release();
      expect(await slow).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      const [row] = await outboxRows(test.app.database.db);
      expect(row).toMatchObject({ status: "sent", attempts: 1, resends: 0 });
    });

    it("begins no attempt on a row whose claim ran out and another worker took", async () => {
      await postOne();
      const { db } = test.app.database;
      const at = new Date(Date.now() + 1_000);
      const claim = (now: Date) =>
        claimDueOutbox(db, { dialect, now, leaseMs: 1_000, limit: 5, kinds: ["enquiry"] });
      const [stale] = await claim(at);
      const later = new Date(at.getTime() + 1_500);
      const [taken] = await claim(later);
      expect(taken?.id).toBe(stale!.id);
      const leaseEnd = new Date(later.getTime() + 30_000);
      expect(await beginOutboxAttempt(db, stale!, later, leaseEnd)).toBe(false);
      expect(await beginOutboxAttempt(db, taken!, later, leaseEnd)).toBe(true);
      const [row] = await outboxRows(db);
      expect(row).toMatchObject({ attempts: 1, resends: 0 });
    });
  },
);

describe.runIf(postgresEnabled)("marking a mail sent while PostgreSQL blips (decision 092)", () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await database.drop();
    await smtp.close();
  });

  it("waits out a lost connection after the SMTP server accepted and sends the mail once", async () => {
    const { db } = database.handle;
    const real = new URL(database.url);
    const proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const throughProxy = new URL(database.url);
    throughProxy.port = String(proxy.port);
    const handle = openDatabase(throughProxy.toString());
    try {
      expect(
        await enqueueOutbox(db, {
          dedupeKey: "alert-link:blip",
          kind: "alert-link",
          now: new Date(),
        }),
      ).toBe(true);
      const transport = smtpTransport(smtp.url);
      const deliver = createOutboxDelivery({
        database: handle,
        transport: {
          async sendMail(mail) {
            await transport.sendMail(mail);
            // Accepted; now the database goes away for a while, every connection with it.
            await proxy.cut();
            setTimeout(() => void proxy.restore(), 2_000);
          },
        },
        from: "Website <no-reply@homes.example>",
        siteUrl: "https://homes.example",
        log: silentLog,
        async buildQueuedMail(mail) {
          return {
            from: "alerts@homes.example",
            to: "visitor@example.com",
            subject: "Your link",
            text: "link",
            html: "<p>link</p>",
            messageId: `<alert-link-${mail.id}@homes.example>`,
          };
        },
      });
      expect(await deliver()).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      const row = await db
        .selectFrom("outbox")
        .select(["status", "attempts", "resends", "attempt_started_at"])
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: "sent", attempts: 1, resends: 0, attempt_started_at: null });
    } finally {
      await handle.close();
      await proxy.close();
    }
  });
});
