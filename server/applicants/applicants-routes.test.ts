/**
 * The back office's applicants (decision 103) through the built site (`npm run build` first),
 * on SQLite and PostgreSQL: an agent adds an applicant (a refused form keeps what was typed),
 * sets requirements and sees the matching homes, records consent, sends two homes (one outbox
 * row, recorded in the audit log, the page says so), notes; a listing's page offers it to its
 * consenting applicants once per price; the data-request tool finds and erases the record.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicantPath, listingApplicantsPath } from "../../lib/applicant-admin.ts";
import {
  type AdminBrowser,
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
} from "../../tests/support/staff.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe.each(testDialects)("the applicants' pages on %s", (dialect) => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let agent: AdminBrowser;
  let owner: AdminBrowser;
  let id = 0;
  let city = "";
  let forSale: { code: string; city: string; price: number }[] = [];

  const csrf = (url: string) => agent.tokenFrom(url);
  /** Ada's mails (the seed's demo applicants may be offered homes too). */
  const outboxRows = async () =>
    (
      await database.handle.db
        .selectFrom("outbox")
        .select(["dedupe_key", "payload"])
        .where("kind", "=", "applicant-homes")
        .orderBy("id")
        .execute()
    ).filter((row) => (JSON.parse(row.payload) as { applicantId: number }).applicantId === id);

  beforeAll(async () => {
    ({ app, database } = await createBackOfficeApp(dialect, { CONTACT_RATE_LIMIT: "off" }));
    for (const role of ["agent", "owner"] as const) {
      const { email, password } = await createStaffMember(app, role);
      const browser = adminBrowser(app);
      await browser.signIn(email, password);
      if (role === "agent") agent = browser;
      else owner = browser;
    }
    const rows = await database.handle.db
      .selectFrom("property")
      .select(["code", "city", "price"])
      .where("publish", "=", 1)
      .where("offer_type", "=", "For Sale")
      .where("availability", "not in", ["sold_stc", "let_agreed"])
      .orderBy("id")
      .execute();
    forSale = rows.map((row) => ({ ...row, price: Number(row.price) }));
    // The town with the most homes for sale.
    const counts = new Map<string, number>();
    for (const row of forSale) counts.set(row.city, (counts.get(row.city) ?? 0) + 1);
    city = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("links the applicants from the menu and lists them", async () => {
    const home = await agent.get("/admin/");
    expect(home.body).toContain('href="/admin/applicants"');
    const list = await agent.get("/admin/applicants");
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store, private");
    expect(textOf(list.body)).toContain("Applicants");
  });

  it("adds an applicant, keeping what was typed when the form is refused", async () => {
    const token = await csrf("/admin/applicants/new");
    const refused = await agent.post("/admin/applicants/new", {
      csrf: token,
      name: "Ada Buyer",
      email: "not an address",
      phone: "+44 1865 000000",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('value="Ada Buyer"');
    expect(refused.body).toContain('value="+44 1865 000000"');
    expect(textOf(refused.body)).toContain("Write an e-mail address");
    const added = await agent.post("/admin/applicants/new", {
      csrf: token,
      name: "Ada Buyer",
      email: "Ada.Buyer@Example.com",
      phone: "+44 1865 000000",
    });
    expect(added.statusCode).toBe(302);
    const location = String(added.headers.location);
    expect(location).toMatch(/^\/admin\/applicants\/\d+\?done=added$/);
    id = Number(location.split("/").pop()?.split("?")[0]);
    const again = await agent.post("/admin/applicants/new", {
      csrf: token,
      name: "Ada Again",
      email: "ada.buyer@example.com",
      phone: "",
    });
    expect(again.statusCode).toBe(400);
    expect(textOf(again.body)).toContain("exists already");
    const found = await agent.get("/admin/applicants?q=ada.buyer");
    expect(found.body).toContain(`href="${applicantPath(id)}"`);
  });

  it("saves requirements and shows the matching homes; refused ones keep what was typed", async () => {
    const url = applicantPath(id);
    const token = await csrf(url);
    const refused = await agent.post(url, {
      csrf: token,
      intent: "requirements",
      wants: "buy",
      budgetMin: "900000",
      budgetMax: "100000",
      minBeds: "",
      areas: city,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('value="900000"');
    expect(textOf(refused.body)).toContain("must not be below the least");
    const saved = await agent.post(url, {
      csrf: token,
      intent: "requirements",
      wants: "buy",
      budgetMin: "",
      budgetMax: "",
      minBeds: "",
      areas: city,
    });
    expect(saved.headers.location).toBe(`${url}?done=requirements`);
    const page = await agent.get(url);
    const inTown = forSale.filter((row) => row.city === city);
    expect(inTown.length).toBeGreaterThanOrEqual(2);
    for (const row of inTown.slice(0, 3)) expect(page.body).toContain(`value="${row.code}"`);
    // A home elsewhere is not among them.
    const elsewhere = forSale.find((row) => row.city !== city);
    if (elsewhere) expect(page.body).not.toContain(`value="${elsewhere.code}"`);
  });

  it("sends homes only once consent is recorded, as one queued mail, and says so", async () => {
    const url = applicantPath(id);
    const token = await csrf(url);
    const [first, second] = forSale.filter((row) => row.city === city);
    const send = () =>
      app.inject({
        method: "POST",
        url,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          cookie: [...agent.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        },
        payload: `csrf=${encodeURIComponent(token)}&intent=send&code=${first!.code}&code=${second!.code}`,
      });
    const refused = await send();
    expect(refused.statusCode).toBe(400);
    expect(textOf(refused.body)).toContain("has not agreed to be mailed homes");
    expect(await outboxRows()).toEqual([]);

    const noNote = await agent.post(url, {
      csrf: token,
      intent: "consent",
      consent: "yes",
      note: "",
    });
    expect(noNote.statusCode).toBe(400);
    const consented = await agent.post(url, {
      csrf: token,
      intent: "consent",
      consent: "yes",
      note: "Agreed by phone on Friday",
    });
    expect(consented.headers.location).toBe(`${url}?done=consent`);

    const sent = await send();
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe(`${url}?done=sent&count=2`);
    // A double click sends nothing more.
    expect((await send()).statusCode).toBe(302);
    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.payload)).toEqual({
      applicantId: id,
      codes: [first!.code, second!.code],
    });
    const page = textOf((await agent.get(String(sent.headers.location))).body);
    expect(page).toContain("2 homes are queued to be e-mailed to ada.buyer@example.com");
    expect(page).toContain("Homes mailed");
    expect(page).toContain("Agreed to homes by e-mail");
    expect(page).toContain("Agreed by phone on Friday");
    const audit = await database.handle.db
      .selectFrom("audit_event")
      .select(["action", "subject_id"])
      .where("subject_type", "=", "applicant")
      .orderBy("id")
      .execute();
    expect(audit.map((event) => event.action)).toEqual([
      "applicant.create",
      "applicant.requirements",
      "applicant.consent",
      "applicant.send",
    ]);
  });

  it("adds a note to the timeline, newest first", async () => {
    const url = applicantPath(id);
    const token = await csrf(url);
    expect((await agent.post(url, { csrf: token, intent: "note", note: "  " })).statusCode).toBe(
      400,
    );
    await agent.post(url, { csrf: token, intent: "note", note: "Wants a garden" });
    const page = textOf((await agent.get(url)).body);
    const timeline = page.slice(page.indexOf("Add the note"));
    expect(timeline.indexOf("Wants a garden")).toBeLessThan(timeline.indexOf("Homes mailed"));
  });

  it("offers a listing to its consenting applicants not yet sent it, once per price", async () => {
    const third =
      forSale.filter((row) => row.city === city)[2] ?? forSale.find((row) => row.city === city)!;
    const url = listingApplicantsPath(third.code);
    const page = await agent.get(url);
    expect(page.statusCode).toBe(200);
    const alreadySent = forSale.filter((row) => row.city === city).indexOf(third) < 2;
    const token = await csrf(url);
    const offered = await agent.post(url, { csrf: token, intent: "offer" });
    expect(offered.statusCode).toBe(302);
    expect(String(offered.headers.location)).toMatch(
      new RegExp(`^${url}\\?done=offered&count=\\d+$`),
    );
    const offers = (await outboxRows()).filter((row) =>
      row.dedupe_key.startsWith("applicant-offer:"),
    );
    expect(offers.map((row) => JSON.parse(row.payload).codes)).toEqual(
      alreadySent ? [] : [[third.code]],
    );
    const twice = await agent.post(url, { csrf: token, intent: "offer" });
    expect(twice.headers.location).toBe(`${url}?done=offered&count=0`);
    expect(textOf((await agent.get(String(twice.headers.location))).body)).toContain(
      "Nobody new to offer it to",
    );
    const editor = await agent.get(`/admin/listings/${encodeURIComponent(third.code)}/edit`);
    expect(editor.body).toContain(`href="${url}"`);
    expect((await agent.get(listingApplicantsPath("NO-SUCH-CODE"))).statusCode).toBe(404);
  });

  it("finds and erases the applicant through the data-request tool", async () => {
    const url = "/admin/enquiries/data-requests";
    const token = await owner.tokenFrom(url);
    const found = await owner.post(url, {
      csrf: token,
      intent: "find",
      email: "ADA.BUYER@example.com",
    });
    expect(textOf(found.body)).toContain("An applicant record (may be mailed homes");
    await owner.post(url, { csrf: token, intent: "erase", email: "ada.buyer@example.com" });
    expect((await agent.get(applicantPath(id))).statusCode).toBe(404);
    expect(await outboxRows()).toEqual([]);
  });
});
