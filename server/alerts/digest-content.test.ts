/**
 * What a digest lists (decision 078), on both databases against a real SMTP server: each home
 * with its photo, its price with a rent's period and its status when taken (Sold STC…); a home
 * withdrawn (unpublished or archived) after the run queued it is left out, not mailed as new;
 * the mail is sent under the company's name.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveCompanyProfile } from "../../db/queries/company-profile.ts";
import { auth } from "../../tests/support/app.ts";
import { buildCompanyProfile } from "../../tests/support/factories.ts";
import {
  type MailingApp,
  type MailingAppServer,
  startMailingApp,
} from "../../tests/support/mailing-app.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";

type App = MailingAppServer;

describe.each(testDialects)("a digest's homes on %s", (dialect) => {
  let database: TestDatabase;
  let app: App;

  const deliver = () => mailing.deliver();

  let mailing: MailingApp;
  beforeAll(async () => {
    mailing = await startMailingApp(dialect, {
      seed: true,
      env: { MAIL_FROM: "Website enquiries <no-reply@homes.example>", ALERT_DIGEST_HOUR: "8" },
      prepare: (test) => saveCompanyProfile(test.handle.db, buildCompanyProfile()).then(() => {}),
    });
    ({ app, database } = mailing);
  });
  afterAll(async () => {
    await mailing?.close();
  });

  it("shows photo, price with period and status, skips a withdrawn home, names the company", async () => {
    const db = database.handle.db;
    // Every seeded listing's publication is old: the alert starts after them.
    await db
      .updateTable("property")
      .set({ first_published_at: "2000-01-01T00:00:00.000Z" } as never)
      .execute();
    await app.inject({
      method: "POST",
      url: "/api/alert/subscribe",
      headers: auth,
      payload: { email: "reader@example.com", query: "status=For+Rent" },
    });
    const [confirmation] = await deliver();
    expect(confirmation!.raw).toMatch(/^From: "Harbor & Pine Realty" <no-reply@homes\.example>/m);
    const token = /alerts\/confirm\?token=([A-Za-z0-9_.-]+)/.exec(confirmation!.decoded)![1]!;
    await app.inject({
      method: "POST",
      url: "/api/alert/confirm",
      headers: auth,
      payload: { token },
    });

    // Three rentals published after the confirmation: one let agreed, weekly; one withdrawn later.
    const rentals = await db
      .selectFrom("property")
      .select(["id", "headline", "cover_image"])
      .where("offer_type", "=", "For Rent")
      .where("publish", "=", 1)
      .orderBy("id")
      .limit(3)
      .execute();
    expect(rentals).toHaveLength(3);
    const [taken, plain, withdrawn] = rentals as [
      (typeof rentals)[0],
      (typeof rentals)[0],
      (typeof rentals)[0],
    ];
    await db
      .updateTable("property")
      .set({ availability: "let_agreed", rent_period: "week", price: 450 })
      .where("id", "=", taken.id)
      .execute();
    await db
      .updateTable("property")
      .set({ first_published_at: "2099-03-01T10:00:00.000Z" } as never)
      .where(
        "id",
        "in",
        rentals.map((row) => row.id),
      )
      .execute();

    expect(await app.jobs.alertDigests!.runOnce(new Date("2099-03-02T09:00:00.000Z"))).toBe(1);
    // Withdrawn after the run, before the mail went out: not mailed as new.
    await db.updateTable("property").set({ publish: 0 }).where("id", "=", withdrawn.id).execute();
    const [digest, ...more] = await deliver();
    expect(more).toEqual([]);
    expect(digest!.raw).toMatch(/^From: "Harbor & Pine Realty" <no-reply@homes\.example>/m);
    const text = digest!.decoded;
    expect(text).toContain(taken.headline);
    expect(text).toContain(plain.headline);
    expect(text).not.toContain(withdrawn.headline);
    expect(text).toContain("$450.00 a week, Let agreed");
    expect(text).toContain(
      `https://homes.example/images/property/${encodeURIComponent(taken.cover_image)}`,
    );
    expect(digest!.raw).toMatch(/^Subject: 2 new properties/m);
  });
});
