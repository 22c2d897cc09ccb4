/**
 * The viewings diary through the app (decision 102), on both dialects: behind the sign-in and
 * in the menu; the day and week pages; confirm from the diary and move from a viewing's page by
 * form posts with the form token, answered by a redirect; a stale page and a taken slot refused
 * in plain words, keeping what was typed; an agent's own diary only; the data-request tool
 * finding, exporting and deleting a visitor's viewings.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "../../db/database.ts";
import {
  addDays,
  defaultOfficeTimeZone,
  instantOf,
  localDateTime,
} from "../../lib/admin-viewings.ts";
import { insertViewing } from "../../tests/support/factories.ts";
import {
  type AdminBrowser,
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
  formTokenOf,
  signInFor,
} from "../../tests/support/staff.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";

const zone = defaultOfficeTimeZone;

describe.each(testDialects)("the viewings diary through the app on %s", (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let propertyId: number;
  let listingCode: string;
  /** A day well ahead, so every viewing on it is still to come. */
  const day = addDays(localDateTime(new Date(), zone).date, 3);
  const at = (time: string, date = day) => instantOf(date, time, zone);

  async function signedIn(role: StaffRole): Promise<{ id: number; browser: AdminBrowser }> {
    const { email, password } = await createStaffMember(app, role);
    const browser = adminBrowser(app);
    expect((await browser.signIn(email, password)).headers.location).toBe("/admin/");
    const row = await database.handle.db
      .selectFrom("staff_user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    return { id: row.id, browser };
  }

  async function stored(id: number) {
    return database.handle.db
      .selectFrom("viewing")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    ({ app, database } = await createBackOfficeApp(dialect));
    const row = await database.handle.db
      .selectFrom("property")
      .select(["id", "code"])
      .orderBy("id")
      .limit(1)
      .executeTakeFirstOrThrow();
    propertyId = row.id;
    listingCode = row.code;
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("sends a signed-out request to the sign-in page and refuses its posts", async () => {
    const { id } = await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: null,
      startsAt: at("09:00"),
    });
    for (const url of ["/admin/viewings", "/admin/viewings?view=week", `/admin/viewings/${id}`]) {
      const answer = await app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(302);
      expect(answer.headers.location, url).toBe(signInFor(url));
    }
    const stranger = adminBrowser(app);
    const csrf = await stranger.tokenFrom("/admin/sign-in");
    const posted = await stranger.post("/admin/viewings", {
      csrf,
      intent: "confirm",
      id: String(id),
      sequence: "0",
    });
    expect(posted.statusCode).toBe(302);
    expect(posted.headers.location).toBe("/admin/sign-in");
    expect((await stored(id)).status).toBe("tentative");
  });

  it("shows an owner's day and week, and confirms from the diary with the form token", async () => {
    const { id: ownerId, browser } = await signedIn("owner");
    const viewing = await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: ownerId,
      startsAt: at("11:00"),
      visitorName: "Dora Diary",
      visitorEmail: "dora.diary@example.com",
      visitorPhone: "+44 1632 960999",
      message: "Is there parking?",
    });
    const home = await browser.get("/admin/");
    expect(home.body).toContain('href="/admin/viewings"');
    const url = `/admin/viewings?view=day&date=${day}`;
    const page = await browser.get(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toContain("no-store");
    for (const text of [
      "Dora Diary",
      'href="mailto:dora.diary@example.com"',
      'href="tel:+441632960999"',
      "11:00–11:30",
      `${listingCode}:`,
      "Awaiting confirmation",
      "Is there parking?",
      'href="/admin/viewings/availability"',
      `href="/admin/viewings/${viewing.id}"`,
    ]) {
      expect(page.body, text).toContain(text);
    }
    const week = await browser.get(`/admin/viewings?view=week&date=${day}`);
    expect(week.statusCode).toBe(200);
    expect(week.body).toContain("Dora Diary");
    expect(week.body.match(/class="admin-diary__day-title"/g)).toHaveLength(7);

    // Without the form token nothing changes.
    const forged = await browser.post(url, {
      intent: "confirm",
      id: String(viewing.id),
      sequence: "0",
    });
    expect(forged.statusCode).toBe(403);
    expect((await stored(viewing.id)).status).toBe("tentative");

    const csrf = formTokenOf(page.body);
    const confirmed = await browser.post(url, {
      csrf,
      intent: "confirm",
      id: String(viewing.id),
      sequence: "0",
    });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe(`/admin/viewings?view=day&date=${day}&done=confirm`);
    expect((await stored(viewing.id)).status).toBe("confirmed");
    const after = await browser.get(confirmed.headers.location as string);
    expect(after.body).toContain("The viewing is confirmed");

    // The same button on a page drawn before that: refused, said plainly, nothing changed.
    const stale = await browser.post(url, {
      csrf,
      intent: "confirm",
      id: String(viewing.id),
      sequence: "0",
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain("Someone changed this viewing since this page was opened");
    expect((await stored(viewing.id)).sequence).toBe(1);
  });

  it("moves a viewing from its page; a taken slot is refused keeping what was typed", async () => {
    const { id: ownerId, browser } = await signedIn("owner");
    const moving = await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: ownerId,
      startsAt: at("13:00"),
      status: "confirmed",
      visitorName: "Max Mover",
    });
    await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: ownerId,
      startsAt: at("15:00"),
      visitorName: "Tess Taken",
    });
    const path = `/admin/viewings/${moving.id}`;
    const page = await browser.get(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Max Mover");
    expect(page.body).toContain('name="date"');
    const csrf = formTokenOf(page.body);
    const taken = await browser.post(path, {
      csrf,
      intent: "move",
      sequence: "0",
      date: day,
      time: "15:00",
      staff: String(ownerId),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain("That time is already booked for that member of staff");
    expect(taken.body).toContain('value="15:00"');
    expect((await stored(moving.id)).sequence).toBe(0);

    const moved = await browser.post(path, {
      csrf,
      intent: "move",
      sequence: "0",
      date: day,
      time: "16:30",
      staff: String(ownerId),
    });
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe(`${path}?done=move`);
    const row = await stored(moving.id);
    expect(new Date(row.starts_at).toISOString()).toBe(at("16:30").toISOString());
    expect(row.sequence).toBe(1);
    const shown = await browser.get(`/admin/viewings?view=day&date=${day}`);
    expect(shown.body).toContain("16:30–17:00");
  });

  it("shows an agent their own diary only", async () => {
    const { id: agentId, browser } = await signedIn("agent");
    const { id: colleagueId } = await signedIn("agent");
    const own = await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: agentId,
      startsAt: at("10:00"),
      visitorName: "Own Visitor",
    });
    const theirs = await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: colleagueId,
      startsAt: at("10:00"),
      visitorName: "Colleague Visitor",
    });
    const page = await browser.get(`/admin/viewings?view=day&date=${day}&staff=${colleagueId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Own Visitor");
    expect(page.body).not.toContain("Colleague Visitor");
    expect(page.body).not.toContain('id="diary-staff"');
    expect((await browser.get(`/admin/viewings/${own.id}`)).statusCode).toBe(200);
    expect((await browser.get(`/admin/viewings/${theirs.id}`)).statusCode).toBe(404);
    const csrf = formTokenOf(page.body);
    const refused = await browser.post(`/admin/viewings/${theirs.id}`, {
      csrf,
      intent: "confirm",
      sequence: "0",
    });
    expect(refused.statusCode).toBe(404);
    expect((await stored(theirs.id)).status).toBe("tentative");
  });

  it("finds, exports and deletes a visitor's viewings in the data-request tool", async () => {
    const { browser } = await signedIn("owner");
    const email = `Vic.${dialect}@Example.org`;
    const viewing = await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: null,
      startsAt: at("17:00"),
      visitorEmail: email,
      message: "A private note",
    });
    const tool = "/admin/enquiries/data-requests";
    const csrf = formTokenOf((await browser.get(tool)).body);
    const found = await browser.post(tool, { csrf, intent: "find", email: email.toLowerCase() });
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain("1 viewing booked with this address");
    expect(found.body).toContain(`listing ${listingCode}`);
    const exported = await browser.post(`${tool}/export`, { csrf, email });
    const document = JSON.parse(exported.body);
    expect(document.viewings).toHaveLength(1);
    expect(document.viewings[0]).toMatchObject({ message: "A private note", email });
    const erased = await browser.post(tool, { csrf, intent: "erase", email });
    expect(erased.headers.location).toBe(`${tool}?deleted=0&viewings=1`);
    expect((await browser.get(erased.headers.location as string)).body).toContain(
      "1 viewing was deleted too.",
    );
    expect(
      await database.handle.db
        .selectFrom("viewing")
        .select("id")
        .where("id", "=", viewing.id)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
