/**
 * Search alerts cannot be used to mail anyone (decision 055, addenda "Limits per address and
 * per client" and "No typed text in mails"), on both databases against a real SMTP server:
 * one client saves a few alerts a day, one address receives a few confirmations a day whoever
 * asks and the same answer is given past it, no typed text reaches a mail, and every alert mail
 * carries the one-click unsubscribe headers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertMessages } from "../../lib/search-alert.ts";
import { auth } from "../../tests/support/app.ts";
import {
  type MailingApp,
  type MailingAppServer,
  mailHeader,
  startMailingApp,
} from "../../tests/support/mailing-app.ts";
import { testDialects } from "../../tests/support/test-database.ts";
import { defaultAlertMailLimits } from "./mail-limits.ts";

type App = MailingAppServer;

describe.each(testDialects)("search alert limits on %s", (dialect) => {
  let app: App;

  function subscribe(email: string, query: string, client: string) {
    return app.inject({
      method: "POST",
      url: "/api/alert/subscribe",
      headers: auth,
      payload: { email, query },
      remoteAddress: client,
    });
  }

  const deliver = () => mailing.deliver();

  let mailing: MailingApp;
  beforeAll(async () => {
    mailing = await startMailingApp(dialect, {
      env: {
        // The short-window limit out of the way: the daily ones are under test.
        CONTACT_RATE_LIMIT: "100/10m",
      },
    });
    ({ app } = mailing);
  });
  afterAll(async () => {
    await mailing?.close();
  });

  it("lets one client save a few alerts a day, then says to come back later", async () => {
    const client = "203.0.113.10";
    const { perClient } = defaultAlertMailLimits;
    for (let n = 0; n < perClient; n++) {
      const saved = await subscribe(`many-${n}@example.com`, "", client);
      expect(saved.statusCode).toBe(200);
      expect(saved.json().message).toBe(alertMessages.saved);
    }
    const refused = await subscribe("many-extra@example.com", "", client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many requests from your address\. Please try again in \d+ (?:hours?|day)\.$/,
    );
    // Another client is not held back.
    expect((await subscribe("many-extra@example.com", "", "203.0.113.11")).statusCode).toBe(200);
    const recipients = (await deliver()).flatMap((mail) => mail.recipients).sort();
    expect(recipients).toEqual(
      [
        ...Array.from({ length: perClient }, (_, n) => `many-${n}@example.com`),
        "many-extra@example.com",
      ].sort(),
    );
  });

  it("sends one address a few confirmations a day whoever asks, answering every save alike", async () => {
    const { perAddress } = defaultAlertMailLimits;
    const answers = [];
    for (let n = 0; n < perAddress + 3; n++) {
      const saved = await subscribe("target@example.com", `bedrooms=${n + 1}`, `198.51.100.${n}`);
      answers.push({ status: saved.statusCode, body: saved.json() });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual({
      status: 200,
      body: { status: 200, message: alertMessages.saved },
    });
    const mails = await deliver();
    expect(mails.filter((mail) => mail.recipients.includes("target@example.com"))).toHaveLength(
      perAddress,
    );
  });

  it("quotes no typed text in a mail, and gives the confirmation the one-click unsubscribe", async () => {
    const words = "Win big at https://evil.example/prize or www.spam.example now";
    const query = new URLSearchParams({
      keyword: words,
      location: "evil.example",
      type: "http://phish.example",
      status: "For Sale",
      bedrooms: "2",
    }).toString();
    expect((await subscribe("words@example.com", query, "192.0.2.50")).statusCode).toBe(200);
    const [mail] = await deliver();
    expect(mail?.recipients).toEqual(["words@example.com"]);
    const message = mail!.decoded;
    // Neither part quotes the words (a mail client would link anything address-like); the
    // search's own link on the site carries them only as its encoded query.
    for (const typed of ["evil.example/prize", "www.spam.example", "Win big", "phish.example"]) {
      const outsideLinks = message.replace(/https:\/\/homes\.example\/[^\s"<>]*/g, "");
      expect(outsideLinks).not.toContain(typed);
    }
    expect(message).toContain("your search words");
    expect(message).toContain("2+ bedrooms");
    const unsubscribe = mailHeader(mail!, "List-Unsubscribe");
    expect(unsubscribe).toMatch(
      /^<https:\/\/homes\.example\/alerts\/unsubscribe\?token=\d+\.[\w-]{43}>$/,
    );
    expect(mailHeader(mail!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  });
});
