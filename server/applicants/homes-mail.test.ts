/**
 * The mail of homes to an applicant (decision 103) on both dialects, through a real SMTP
 * server: sent only while the applicant consents, with the homes' links and a stop link
 * (body and RFC 8058 headers) that sets the consent off, by its page's button or one click.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findApplicant,
  findMatchingListing,
  insertApplicant,
  queueApplicantHomes,
  setApplicantConsent,
} from "../../db/queries/applicant.ts";
import {
  type MailingApp,
  mailHeader,
  mailingSiteUrl,
  startMailingApp,
  tokenIn,
} from "../../tests/support/mailing-app.ts";
import { testDialects } from "../../tests/support/test-database.ts";

describe.each(testDialects)("homes mailed to an applicant on %s", (dialect) => {
  let mailing: MailingApp;
  let id = 0;
  const db = () => mailing.database.handle.db;
  let sequence = 0;

  const queue = async (codes: string[]) => {
    const listings = [];
    for (const code of codes) listings.push((await findMatchingListing(db(), code))!);
    sequence += 1;
    return queueApplicantHomes(db(), {
      applicantId: id,
      listings,
      dedupeKey: `applicant-homes:${id}:test-${sequence}`,
      sentBy: "agent@example.com",
      now: new Date(),
    });
  };

  beforeAll(async () => {
    mailing = await startMailingApp(dialect, { seed: true });
    id = (await insertApplicant(db(), {
      email: "mira@example.com",
      name: "Mira Homes",
      phone: "",
      source: "staff",
      now: new Date(),
    }))!;
  });
  afterAll(() => mailing?.close());

  it("sends nothing to an applicant who has not consented", async () => {
    expect(await queue(["HP-1001"])).toBe(true);
    expect(await mailing.deliver()).toEqual([]);
  });

  it("mails the homes with a stop link that works by its button and by one click", async () => {
    await setApplicantConsent(db(), id, {
      consent: true,
      source: "staff",
      note: "by phone",
      by: "agent@example.com",
      at: new Date(),
    });
    await queue(["HP-1001", "HP-1002"]);
    const [mail, ...rest] = await mailing.deliver();
    expect(rest).toEqual([]);
    expect(mail!.recipients).toEqual(["mira@example.com"]);
    expect(mail!.decoded).toContain("Dear Mira Homes,");
    const slugs = await db()
      .selectFrom("property")
      .select("slug")
      .where("code", "in", ["HP-1001", "HP-1002"])
      .execute();
    for (const { slug } of slugs)
      expect(mail!.decoded).toContain(`${mailingSiteUrl}/property/${slug}`);
    const token = tokenIn(mail!, "/applicants/stop");
    expect(mailHeader(mail!, "List-Unsubscribe")).toBe(
      `<${mailingSiteUrl}/applicants/stop?token=${token}>`,
    );
    expect(mailHeader(mail!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    const url = `/applicants/stop?token=${encodeURIComponent(token)}`;
    const page = await mailing.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Stop these e-mails");
    expect((await mailing.app.inject({ url: `${url}x` })).statusCode).toBe(404);
    const stopped = await mailing.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(stopped.statusCode).toBe(200);
    const applicant = await findApplicant(db(), id);
    expect(applicant).toMatchObject({ consent: false, consentSource: "stop-link" });
    // Queued before or after: not sent any more.
    await queue(["HP-1003"]);
    expect(await mailing.deliver()).toEqual([]);
  });
});
