/**
 * The newsletter end to end on both databases (decision 078), against a real SMTP server
 * started here: a subscribe queues one confirmation through the outbox, sent under the
 * company's name with the one-click unsubscribe headers; only a confirmed address is on the
 * list; the confirm link is single-use; unsubscribing (RFC 8058's POST) takes the address off
 * and drops a queued mail; the alerts' limits apply (one budget with them); the back office's
 * CSV export is formula-safe and its delete is audit-logged without the address; a data
 * request's erasure removes the subscription.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffSession } from "#app-context";
import { saveCompanyProfile } from "../../db/queries/company-profile.ts";
import { findDataOfEmail } from "../../db/queries/enquiry-inbox.ts";
import { newsletterMessages } from "../../lib/newsletter.ts";
import { auth } from "../../tests/support/app.ts";
import { buildCompanyProfile } from "../../tests/support/factories.ts";
import {
  type MailingApp,
  type MailingAppServer,
  mailHeader,
  startMailingApp,
  tokenIn,
} from "../../tests/support/mailing-app.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";
import { createAdminNewsletter, formatSubscribersCsv } from "../staff/newsletter.ts";

type App = MailingAppServer;

describe.each(testDialects)("the newsletter on %s", (dialect) => {
  let database: TestDatabase;
  let app: App;

  function action(name: string, body: Record<string, unknown>, client = "203.0.113.10") {
    return app.inject({
      method: "POST",
      url: `/api/newsletter/${name}`,
      headers: auth,
      payload: body,
      remoteAddress: client,
    });
  }

  const deliver = () => mailing.deliver();

  async function subscriber(email: string) {
    return database.handle.db
      .selectFrom("newsletter_subscriber")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirst();
  }

  let mailing: MailingApp;
  beforeAll(async () => {
    mailing = await startMailingApp(dialect, {
      env: {
        // The short-window limit out of the way: the daily ones are under test.
        CONTACT_RATE_LIMIT: "100/10m",
        MAIL_FROM: "Website enquiries <no-reply@homes.example>",
      },
      prepare: (test) => saveCompanyProfile(test.handle.db, buildCompanyProfile()).then(() => {}),
    });
    ({ app, database } = mailing);
  });
  afterAll(async () => {
    await mailing?.close();
  });

  it("subscribe → one confirmation mail → confirmed (the link single-use) → unsubscribed in one click", async () => {
    const first = await action("subscribe", { email: " Reader@Example.com " });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(newsletterMessages.subscribed);
    // Pending: not on the list yet.
    expect((await subscriber("reader@example.com"))?.status).toBe("pending");
    // The same again the same day: the same answer, one mail.
    expect((await action("subscribe", { email: "reader@example.com" })).json()).toEqual(
      first.json(),
    );

    const mails = await deliver();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.recipients).toEqual(["reader@example.com"]);
    // Sent under the company's name, not MAIL_FROM's "Website enquiries".
    expect(mailHeader(mail!, "From")).toBe('"Harbor & Pine Realty" <no-reply@homes.example>');
    expect(mail!.decoded).toContain("Harbor & Pine Realty newsletter");
    const unsubscribe = tokenIn(mail!, "/newsletter/unsubscribe");
    expect(mailHeader(mail!, "List-Unsubscribe")).toBe(
      `<https://homes.example/newsletter/unsubscribe?token=${unsubscribe}>`,
    );
    expect(mailHeader(mail!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    // No token is kept: only its hash.
    const row = await subscriber("reader@example.com");
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(mail!.decoded).not.toContain(row!.token_hash!);

    const confirm = tokenIn(mail!, "/newsletter/confirm");
    const confirmed = await action("confirm", { token: confirm });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe(newsletterMessages.confirmed);
    const after = await subscriber("reader@example.com");
    expect(after?.status).toBe("confirmed");
    expect(after?.confirmed_at).not.toBeNull();
    expect(after?.token_hash).toBeNull();
    // Single-use: the same link again is refused.
    expect((await action("confirm", { token: confirm })).statusCode).toBe(404);
    // A confirmed address subscribing again: the same answer, no mail.
    expect((await action("subscribe", { email: "reader@example.com" })).json()).toEqual(
      first.json(),
    );
    expect(await deliver()).toEqual([]);

    // A forged or an alert's token never unsubscribes.
    const [id] = unsubscribe.split(".");
    expect((await action("unsubscribe", { token: `${id}.${"x".repeat(43)}` })).statusCode).toBe(
      404,
    );
    const gone = await action("unsubscribe", { token: unsubscribe });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe(newsletterMessages.unsubscribed);
    const off = await subscriber("reader@example.com");
    expect(off?.status).toBe("unsubscribed");
    expect(off?.unsubscribed_at).not.toBeNull();
  });

  it("an address unsubscribed before confirming gets no mail already queued", async () => {
    await action("subscribe", { email: "quick@example.com" }, "203.0.113.11");
    const row = await subscriber("quick@example.com");
    // Its unsubscribe link (as the mail would carry it) used before the mail went out.
    const { newsletterLinks } = await import("./service.ts");
    const links = newsletterLinks(app.formSecrets.alert, "https://homes.example", {
      id: row!.id,
      salt: row!.salt,
    });
    const token = new URL(links.unsubscribe).searchParams.get("token")!;
    expect((await action("unsubscribe", { token })).statusCode).toBe(200);
    expect(await deliver()).toEqual([]);
    // Subscribing again starts over: pending, a new confirmation, the old link dead.
    await action("subscribe", { email: "quick@example.com" }, "203.0.113.11");
    expect((await subscriber("quick@example.com"))?.status).toBe("pending");
    const [again] = await deliver();
    expect(again?.recipients).toEqual(["quick@example.com"]);
    expect(tokenIn(again!, "/newsletter/unsubscribe")).not.toBe(token);
  });

  it("refuses a bad address, and is held to the alerts' daily limits (one budget with them)", async () => {
    const bad = await action("subscribe", { email: "not an address" }, "203.0.113.12");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: newsletterMessages.email });
    expect(await subscriber("not an address")).toBeUndefined();

    // One client: 5 saves a day, alerts and newsletter together.
    const client = "203.0.113.13";
    await app.inject({
      method: "POST",
      url: "/api/alert/subscribe",
      headers: auth,
      payload: { email: "mixed@example.com", query: "location=Springfield" },
      remoteAddress: client,
    });
    for (let index = 0; index < 4; index += 1) {
      const answer = await action("subscribe", { email: `many${index}@example.com` }, client);
      expect(answer.statusCode).toBe(200);
    }
    const sixth = await action("subscribe", { email: "many9@example.com" }, client);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^Too many requests from your address/);
    expect(await subscriber("many9@example.com")).toBeUndefined();
    await deliver();

    // One address: 3 mails a day whoever asks; the answer stays the same past it.
    const target = "target@example.com";
    await database.handle.db
      .deleteFrom("newsletter_subscriber")
      .where("email", "=", target)
      .execute();
    for (let index = 0; index < 3; index += 1) {
      await app.inject({
        method: "POST",
        url: "/api/alert/subscribe",
        headers: auth,
        payload: { email: target, query: `location=Town${index}` },
        remoteAddress: `198.51.100.${index + 1}`,
      });
    }
    const past = await action("subscribe", { email: target }, "198.51.100.9");
    expect(past.statusCode).toBe(200);
    expect(past.json().message).toBe(newsletterMessages.subscribed);
    const sent = (await deliver()).filter((mail) => mail.recipients.includes(target));
    expect(sent).toHaveLength(3);
    expect(sent.some((mail) => mail.decoded.includes("/newsletter/confirm"))).toBe(false);
  });

  it("the back office lists, exports (formula-safe) and deletes an address, audit-logged without it", async () => {
    await action("subscribe", { email: "=cmd@example.com" }, "203.0.113.20");
    const owner = { user: { id: 1, email: "owner@example.com", role: "owner" } } as StaffSession;
    await database.handle.db
      .insertInto("staff_user")
      .values({
        id: 1,
        email: "owner@example.com",
        role: "owner",
        password_hash: "x",
        created_at: new Date().toISOString(),
      } as never)
      .execute()
      .catch(() => undefined);
    const admin = createAdminNewsletter({ database: database.handle, log: { info() {} } });
    const page = await admin.list(owner, 1);
    expect(page.rows.map((row) => row.email)).toContain("=cmd@example.com");
    expect(page.total).toBe(page.rows.length);
    expect(JSON.stringify(page.rows)).not.toContain("salt");

    const csv = await admin.exportCsv(owner);
    expect(csv.split("\r\n")[0]).toBe("email,status,created_at,confirmed_at,unsubscribed_at");
    expect(csv).toContain("'=cmd@example.com,pending,");
    expect(csv).not.toMatch(/(^|\n)=cmd/);
    expect(formatSubscribersCsv([])).toBe(
      "email,status,created_at,confirmed_at,unsubscribed_at\r\n",
    );

    const id = (await subscriber("=cmd@example.com"))!.id;
    expect(await admin.remove(owner, id)).toBe(true);
    expect(await subscriber("=cmd@example.com")).toBeUndefined();
    // Its queued confirmation went with it.
    const queued = await database.handle.db
      .selectFrom("outbox")
      .select("id")
      .where("subscriber_id", "=", id)
      .execute();
    expect(queued).toEqual([]);
    const events = await database.handle.db
      .selectFrom("audit_event")
      .selectAll()
      .where("action", "=", "newsletter.delete")
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor_email: "owner@example.com",
      subject_type: "newsletter-subscriber",
      subject_id: String(id),
    });
    expect(JSON.stringify(events[0])).not.toContain("cmd@example.com");
    expect(await admin.remove(owner, id)).toBe(false);
  });

  it("a data request finds the subscription, and its erasure deletes it", async () => {
    await action("subscribe", { email: "erase@example.com" }, "203.0.113.30");
    const found = await findDataOfEmail(database.handle.db, "Erase@Example.com");
    expect(found.newsletter).toMatchObject({ status: "pending", confirmedAt: null });
    const { createAdminEnquiries } = await import("../staff/enquiries.ts");
    const enquiries = createAdminEnquiries({
      database: database.handle,
      log: { info() {} },
      mailing: false,
    });
    const owner = { user: { id: 1, email: "owner@example.com", role: "owner" } } as StaffSession;
    await enquiries.eraseData(owner, "erase@example.com");
    expect(await subscriber("erase@example.com")).toBeUndefined();
  });
});
