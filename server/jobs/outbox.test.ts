import { createServer } from "node:net";
import nodemailer from "nodemailer";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { enqueueOutbox, listEnquiriesWithDelivery } from "../../db/queries/outbox.ts";
import type { Property } from "../../lib/api-contract.ts";
import { auth, createTestApp, multipart, type TestApp } from "../../tests/support/app.ts";
import { buildContactEnquiry, buildPropertyEnquiry } from "../../tests/support/factories.ts";
import { startSmtpServer, type TestSmtpServer } from "../../tests/support/smtp.ts";
import { testDialects } from "../../tests/support/test-database.ts";
import { createOutboxDelivery } from "./outbox.ts";

const silentLog = { info() {}, warn() {}, error() {} };

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
