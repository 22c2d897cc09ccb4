/**
 * The enquiries inbox through the app (decision 045), on both dialects: an enquiry sent to the
 * API shows in the inbox; filters in the URL; status, assignee and notes by form posts that
 * need the form token and answer with a redirect; the CSV export's formula-safe cells; the
 * owners' data-request tool; and the retention purge job.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "../../db/database.ts";
import { findInboxEnquiry } from "../../db/queries/enquiry-inbox.ts";
import { listAllPropertyRows } from "../../db/queries/property.ts";
import { maxNoteLength } from "../../lib/admin-enquiries.ts";
import { parseCsv } from "../../lib/csv.ts";
import { auth, multipart } from "../../tests/support/app.ts";
import { buildContactEnquiry, buildPropertyEnquiry } from "../../tests/support/factories.ts";
import {
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
  formTokenOf,
  signInFor,
} from "../../tests/support/staff.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";
import { enquiryCsvHeader } from "../enquiries/export-csv.ts";
import { createEnquiryPurge } from "../jobs/enquiry-retention.ts";

const hostileMessage = '=HYPERLINK("http://evil.example","x")\n<script>alert(1)</script>';

describe.each(testDialects)("the enquiries inbox through the app on %s", (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let listing: { code: string; slug: string; headline: string };

  async function signedIn(role: StaffRole) {
    const { email, password } = await createStaffMember(app, role);
    const browser = adminBrowser(app);
    expect((await browser.signIn(email, password)).headers.location).toBe("/admin/");
    return { email, browser };
  }

  /** Sends an enquiry as the SPEC's client does; answers its id. */
  async function send(fields: Record<string, string>): Promise<number> {
    const { payload, headers } = await multipart(fields);
    const answer = await app.inject({
      method: "POST",
      url: "/api/contact/add",
      payload,
      headers: { ...auth, ...headers },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const row = await database.handle.db
      .selectFrom("enquiry")
      .select("id")
      .where("email", "=", fields.email!)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    ({ app, database } = await createBackOfficeApp(dialect, { CONTACT_RATE_LIMIT: "off" }));
    const row = (await listAllPropertyRows(database.handle.db)).find(
      (item) => item.publish === 1 || item.publish === true,
    )!;
    listing = { code: row.code, slug: row.slug, headline: row.headline };
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("sends a signed-out request to the sign-in page and refuses its posts", async () => {
    const id = await send(buildContactEnquiry());
    for (const url of [
      "/admin/enquiries",
      "/admin/enquiries?status=new",
      `/admin/enquiries/${id}`,
      "/admin/enquiries/export",
      "/admin/enquiries/data-requests",
    ]) {
      const answer = await app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(302);
      expect(answer.headers.location, url).toBe(signInFor(url));
    }
    const stranger = adminBrowser(app);
    const csrf = await stranger.tokenFrom("/admin/sign-in");
    for (const [url, fields] of [
      [`/admin/enquiries/${id}`, { csrf, status: "closed", assignee: "", note: "" }],
      ["/admin/enquiries/data-requests", { csrf, intent: "erase", email: "a@example.com" }],
      ["/admin/enquiries/data-requests/export", { csrf, email: "a@example.com" }],
    ] as const) {
      const answer = await stranger.post(url, fields);
      expect(answer.statusCode, url).toBe(302);
      expect(answer.headers.location, url).toBe("/admin/sign-in");
    }
    expect((await findInboxEnquiry(database.handle.db, id))?.status).toBe("new");
  });

  it("shows an enquiry sent to the API in the inbox, newest first, linked from home and the menu", async () => {
    const { browser } = await signedIn("agent");
    const home = await browser.get("/admin/");
    expect(home.body).toContain('href="/admin/enquiries"');
    const fields = buildPropertyEnquiry(listing.code, { fullname: "Ada Inbox" });
    const id = await send(fields);
    const page = await browser.get("/admin/enquiries");
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toContain("no-store");
    expect(page.body).toContain(`href="/admin/enquiries/${id}"`);
    expect(page.body).toContain(fields.email);
    expect(page.body).toContain(`Listing ${listing.code}`);
    // The newest is the first row.
    const ids = [...page.body.matchAll(/href="\/admin\/enquiries\/(\d+)"/g)].map((m) =>
      Number(m[1]),
    );
    expect(ids[0]).toBe(id);

    const one = await browser.get(`/admin/enquiries/${id}`);
    expect(one.statusCode).toBe(200);
    for (const text of [
      fields.fullname,
      fields.email,
      fields.telephone,
      // This app has no mail server: the enquiry is not waiting for anything.
      "Not e-mailed: the site has no mail server set up, so it is kept here only",
    ]) {
      expect(one.body).toContain(text);
    }
    expect(one.body).toContain(`href="/property/${listing.slug}"`);
    expect(one.body).toContain(`href="/admin/listings/${listing.code}/edit"`);
    expect((await browser.get("/admin/enquiries/999999")).statusCode).toBe(404);
    expect((await browser.get("/admin/enquiries/nope")).statusCode).toBe(404);
  });

  it("filters by status, listing, date and text through the URL", async () => {
    const { browser } = await signedIn("agent");
    const general = await send(buildContactEnquiry({ message: "Looking for a quiet flat" }));
    const about = await send(buildPropertyEnquiry(listing.code, { message: "Parking?" }));
    const byListing = await browser.get(`/admin/enquiries?listing=${listing.code}`);
    expect(byListing.body).toContain(`/admin/enquiries/${about}"`);
    expect(byListing.body).not.toContain(`/admin/enquiries/${general}"`);
    expect(byListing.body).toContain(`value="${listing.code}"`);
    const byText = await browser.get("/admin/enquiries?q=QUIET+flat");
    expect(byText.body).toContain(`/admin/enquiries/${general}"`);
    expect(byText.body).not.toContain(`/admin/enquiries/${about}"`);
    const today = new Date().toISOString().slice(0, 10);
    const byDate = await browser.get(`/admin/enquiries?from=${today}&to=${today}`);
    expect(byDate.body).toContain(`/admin/enquiries/${general}"`);
    const before = await browser.get("/admin/enquiries?to=2020-01-01");
    expect(before.body).toContain("No enquiry matches.");
    const closed = await browser.get("/admin/enquiries?status=closed");
    expect(closed.body).not.toContain(`/admin/enquiries/${general}"`);
    // A bad date is named beside its field and not used.
    const bad = await browser.get("/admin/enquiries?from=2026-02-31");
    expect(bad.body).toContain('aria-describedby="enquiries-from-error"');
    expect(bad.body).toContain("Enter a date such as 2026-11-25.");
    expect(bad.body).toContain(`/admin/enquiries/${general}"`);
  });

  it("saves status, assignee and a note in one post, answered with a redirect saying what changed", async () => {
    const { browser, email } = await signedIn("agent");
    const id = await send(buildContactEnquiry());
    const url = `/admin/enquiries/${id}`;
    const csrf = formTokenOf((await browser.get(url)).body);
    const me = await database.handle.db
      .selectFrom("staff_user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const saved = await browser.post(url, {
      csrf,
      status: "in_progress",
      assignee: String(me.id),
      note: "Rang back <b>twice</b>",
    });
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe(`${url}?done=status,assign,note`);
    const page = await browser.get(`${url}?done=status,assign,note`);
    expect(page.body).toContain(
      "The status is changed. The assignment is changed. Your note is added.",
    );
    expect(page.body).toContain("Rang back &lt;b&gt;twice&lt;/b&gt;");
    expect(page.body).toContain(`${email}, `);
    expect(await findInboxEnquiry(database.handle.db, id)).toMatchObject({
      status: "in_progress",
      assignee: email,
      notes: [{ author: email, body: "Rang back <b>twice</b>" }],
    });
    const list = await browser.get("/admin/enquiries?status=in_progress");
    expect(list.body).toContain(`${url}"`);

    // The same values again, without a note: nothing to change.
    const again = await browser.post(url, {
      csrf,
      status: "in_progress",
      assignee: String(me.id),
      note: "  ",
    });
    expect(again.headers.location).toBe(`${url}?done=unchanged`);

    // A refusal saves nothing and shows every posted value again beside its error.
    const nobody = await browser.post(url, {
      csrf,
      status: "closed",
      assignee: "999999",
      note: "Not to be kept",
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.body).toContain("That member of staff no longer exists.");
    expect(nobody.body).toContain('aria-describedby="enquiry-assignee-error"');
    expect(nobody.body).toMatch(/<option value="closed" selected="">/);
    expect(nobody.body).toContain("Not to be kept</textarea>");
    const unknown = await browser.post(url, { csrf, status: "lost", assignee: "", note: "x" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain("Choose a status.");
    const long = await browser.post(url, {
      csrf,
      status: "closed",
      assignee: "",
      note: "x".repeat(maxNoteLength + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(`A note holds at most ${maxNoteLength} characters.`);
    expect(await findInboxEnquiry(database.handle.db, id)).toMatchObject({
      status: "in_progress",
      assignee: email,
      notes: [{ body: "Rang back <b>twice</b>" }],
    });
  });

  it("refuses every change without the session's form token, and changes nothing", async () => {
    const id = await send(buildContactEnquiry());
    const owner = await signedIn("owner");
    const other = await signedIn("agent");
    const otherToken = formTokenOf((await other.browser.get(`/admin/enquiries/${id}`)).body);
    const posts: [string, Record<string, string>][] = [
      [`/admin/enquiries/${id}`, { status: "closed", assignee: "", note: "x" }],
      ["/admin/enquiries/data-requests", { intent: "erase", email: "x@example.com" }],
      ["/admin/enquiries/data-requests/export", { email: "x@example.com" }],
    ];
    for (const [url, fields] of posts) {
      for (const csrf of [undefined, "", otherToken]) {
        const answer = await owner.browser.post(
          url,
          csrf === undefined ? fields : { ...fields, csrf },
        );
        expect(answer.statusCode, `${url} ${fields.intent} ${csrf}`).toBe(403);
      }
    }
    const enquiry = await findInboxEnquiry(database.handle.db, id);
    expect(enquiry).toMatchObject({ status: "new", notes: [] });
  });

  it("exports the filtered set as CSV with formula-safe cells", async () => {
    const { browser } = await signedIn("agent");
    const hostile = buildContactEnquiry({ message: hostileMessage, fullname: "@SUM(1+1)" });
    const id = await send(hostile);
    const other = await send(buildContactEnquiry({ message: "Not in the export" }));
    const answer = await browser.get("/admin/enquiries/export?q=evil.example");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(answer.headers["content-disposition"]).toMatch(
      /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.headers["cache-control"]).toContain("no-store");
    const [header, ...rows] = parseCsv(answer.body).map((record) => record.fields);
    expect(header).toEqual(enquiryCsvHeader);
    expect(rows.map((row) => row[0])).toEqual([String(id)]);
    const row = Object.fromEntries(header!.map((name, index) => [name, rows[0]![index]]));
    expect(row.fullname).toBe("'@SUM(1+1)");
    expect(row.message!.startsWith("'=HYPERLINK(")).toBe(true);
    expect(row.status).toBe("new");
    // The telephone number as typed (`+1 555 010 …`), not `'+1 555 010 …`: not a formula.
    expect(row.telephone).toBe(hostile.telephone);
    expect(
      rows.flat().filter((cell) => /^[=+\-@]/.test(cell) && cell !== hostile.telephone),
    ).toEqual([]);
    const all = await browser.get("/admin/enquiries/export");
    expect(all.body).toContain(`\r\n${other},`);
  });

  it("lets only owners use the data-request tool", async () => {
    const { browser } = await signedIn("agent");
    expect((await browser.get("/admin/enquiries/data-requests")).statusCode).toBe(403);
    const csrf = formTokenOf((await browser.get("/admin/enquiries")).body);
    const find = await browser.post("/admin/enquiries/data-requests", {
      csrf,
      intent: "find",
      email: "a@example.com",
    });
    expect(find.statusCode).toBe(403);
    const exported = await browser.post("/admin/enquiries/data-requests/export", {
      csrf,
      email: "a@example.com",
    });
    expect(exported.statusCode).toBe(403);
    expect((await browser.get("/admin/enquiries")).body).not.toContain(
      'href="/admin/enquiries/data-requests"',
    );
  });

  it("finds, exports and deletes everything held for one address after a confirmation", async () => {
    const { browser } = await signedIn("owner");
    const subject = `Subject.${dialect}@Example.org`;
    const first = await send(buildContactEnquiry({ email: subject }));
    const second = await send(buildPropertyEnquiry(listing.code, { email: subject.toLowerCase() }));
    const kept = await send(buildContactEnquiry());
    const tool = "/admin/enquiries/data-requests";
    const csrf = formTokenOf((await browser.get(tool)).body);

    const bad = await browser.post(tool, { csrf, intent: "find", email: "not an address" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('aria-describedby="data-request-email-error"');

    const found = await browser.post(tool, { csrf, intent: "find", email: subject.toUpperCase() });
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain("2 enquiries");
    expect(found.body).toContain(`href="/admin/enquiries/${first}"`);
    expect(found.body).toContain(`href="/admin/enquiries/${second}"`);
    expect(found.body).not.toContain(`href="/admin/enquiries/${kept}"`);

    // A GET of the export (a typed address, a bookmark) goes back to the tool.
    const typed = await browser.get(`${tool}/export`);
    expect(typed.statusCode).toBe(302);
    expect(typed.headers.location).toBe(tool);
    const exported = await browser.post(`${tool}/export`, { csrf, email: subject });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(exported.headers["content-disposition"]).toMatch(/^attachment; filename="data-request-/);
    const document = JSON.parse(exported.body);
    expect(document.email).toBe(subject.toLowerCase());
    expect(document.enquiries.map((item: { id: number }) => item.id).sort()).toEqual(
      [first, second].sort(),
    );
    expect(document.enquiries[0]).toHaveProperty("message");
    expect(document.enquiries[0]).toHaveProperty("ip");

    const confirm = await browser.post(tool, { csrf, intent: "confirm", email: subject });
    expect(confirm.body).toContain(`Delete everything from ${subject.toLowerCase()}?`);
    expect(await findInboxEnquiry(database.handle.db, first)).toBeDefined();

    const erased = await browser.post(tool, { csrf, intent: "erase", email: subject });
    expect(erased.statusCode).toBe(302);
    // The address never stands in the URL.
    expect(erased.headers.location).toBe(`${tool}?deleted=2`);
    expect((await browser.get(erased.headers.location as string)).body).toContain(
      "2 enquiries were deleted for good",
    );
    expect(await findInboxEnquiry(database.handle.db, first)).toBeUndefined();
    expect(await findInboxEnquiry(database.handle.db, second)).toBeUndefined();
    expect(await findInboxEnquiry(database.handle.db, kept)).toBeDefined();
    const again = await browser.post(tool, { csrf, intent: "find", email: subject });
    expect(again.body).toContain("Nothing is held for this address.");
  });

  it("shows a stored script in an enquiry as text", async () => {
    const { browser } = await signedIn("agent");
    const id = await send(buildContactEnquiry({ fullname: "<script>alert(1)</script>" }));
    for (const url of ["/admin/enquiries", `/admin/enquiries/${id}`]) {
      const page = await browser.get(url);
      expect(page.body, url).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(page.body, url).not.toContain("<script>alert(1)</script>");
    }
  });

  it("purges the enquiries past retention with a job every server may run", async () => {
    const id = await send(buildContactEnquiry());
    const fresh = await send(buildContactEnquiry());
    await database.handle.db
      .updateTable("enquiry")
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000).toISOString() })
      .where("id", "=", id)
      .execute();
    const lines: string[] = [];
    const log = {
      info: (object: object, message: string) => lines.push(`${message} ${JSON.stringify(object)}`),
      error: (_object: object, message: string) => lines.push(`error ${message}`),
    };
    const purges = [1, 2].map(() =>
      createEnquiryPurge({ database: database.handle, retentionDays: 30, log }),
    );
    const [a, b] = await Promise.all(purges.map((purge) => purge(new Date())));
    expect(a! + b!).toBeGreaterThanOrEqual(1);
    expect(await findInboxEnquiry(database.handle.db, id)).toBeUndefined();
    expect(await findInboxEnquiry(database.handle.db, fresh)).toBeDefined();
    expect(lines.some((line) => line.startsWith("enquiries past retention deleted"))).toBe(true);
    expect(lines.filter((line) => line.startsWith("error"))).toEqual([]);
  });
});

describe("the retention purge in the server", () => {
  it("runs at start when ENQUIRY_RETENTION_DAYS is set, and not otherwise", async () => {
    const off = await createBackOfficeApp("sqlite");
    try {
      expect(off.app.jobs.enquiryRetention).toBeUndefined();
    } finally {
      await off.app.close();
      await off.database.drop();
    }
    const on = await createBackOfficeApp("sqlite", { ENQUIRY_RETENTION_DAYS: "7" });
    try {
      expect(on.app.jobs.enquiryRetention).toBeDefined();
      const { db } = on.database.handle;
      const { id } = await db
        .insertInto("enquiry")
        .values({
          ...buildContactEnquiry(),
          property_code: null,
          ip: "192.0.2.9",
          created_at: new Date(Date.now() - 8 * 86_400_000).toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(await on.app.jobs.enquiryRetention!.runOnce()).toBe(1);
      expect(await findInboxEnquiry(db, id)).toBeUndefined();
    } finally {
      await on.app.close();
      await on.database.drop();
    }
  });
});
