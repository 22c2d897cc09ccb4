/**
 * The viewing hours page (decision 101) through the app, on both dialects: an agent sets their
 * own hours (several spans a day) and the booking page then offers them; a bad line comes back
 * as typed with its error and changes nothing; an agent may not change a colleague's hours nor
 * the office's days off, an owner may; a listing's own hours; the calendar feed made there reads,
 * and revoked no longer does; every change is in the audit log.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminBrowser,
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
} from "../../tests/support/staff.ts";
import type { TestDatabase } from "../../tests/support/test-database.ts";
import { testDialects } from "../../tests/support/test-database.ts";

const page = "/admin/viewings/availability";

describe.each(testDialects)("the viewing hours page on %s", (dialect) => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let owner: AdminBrowser;
  let agent: AdminBrowser;
  let agentId: number;
  let ownerId: number;

  const idOf = async (email: string) =>
    (
      await app.database.db
        .selectFrom("staff_user")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    ({ app, database } = await createBackOfficeApp(dialect, { CONTACT_RATE_LIMIT: "off" }));
    await app.database.db.deleteFrom("viewing_availability").execute();
    const ownerAccount = await createStaffMember(app, "owner");
    const agentAccount = await createStaffMember(app, "agent");
    owner = adminBrowser(app);
    agent = adminBrowser(app);
    await owner.signIn(ownerAccount.email, ownerAccount.password);
    await agent.signIn(agentAccount.email, agentAccount.password);
    agentId = await idOf(agentAccount.email);
    ownerId = await idOf(ownerAccount.email);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const week = (overrides: Record<string, string> = {}) => ({
    day1: "",
    day2: "",
    day3: "",
    day4: "",
    day5: "",
    day6: "",
    day7: "",
    slot: "30",
    buffer: "15",
    ...overrides,
  });

  const spansOf = (staffId: number) =>
    app.database.db
      .selectFrom("viewing_availability")
      .select(["weekday", "start_time", "end_time", "property_id", "slot_minutes"])
      .where("staff_user_id", "=", staffId)
      .orderBy("weekday")
      .orderBy("start_time")
      .execute();

  it("lets an agent set their own hours, several spans a day", async () => {
    const shown = await agent.get(page);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["cache-control"]).toContain("no-store");
    const csrf = await agent.tokenFrom(page);
    const saved = await agent.post(page, {
      csrf,
      intent: "hours",
      staff: String(agentId),
      listing: "",
      ...week({ day1: "14:00-17:00, 09:00-12:00", day3: "10:00-16:00", slot: "45" }),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain("The hours are saved.");
    expect(await spansOf(agentId)).toEqual([
      { weekday: 1, start_time: "09:00", end_time: "12:00", property_id: null, slot_minutes: 45 },
      { weekday: 1, start_time: "14:00", end_time: "17:00", property_id: null, slot_minutes: 45 },
      { weekday: 3, start_time: "10:00", end_time: "16:00", property_id: null, slot_minutes: 45 },
    ]);
    // The page shows them back for editing.
    expect((await agent.get(page)).body).toContain('value="09:00-12:00, 14:00-17:00"');
  });

  it("gives a bad line back as typed, with its error, and changes nothing", async () => {
    const csrf = await agent.tokenFrom(page);
    const refused = await agent.post(page, {
      csrf,
      intent: "hours",
      staff: String(agentId),
      listing: "",
      ...week({ day1: "9 till 5", day2: "10:00-11:00", slot: "500" }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('value="9 till 5"');
    expect(refused.body).toContain('value="10:00-11:00"');
    expect(refused.body).toContain("Write times like 09:00-12:30");
    expect(refused.body).toContain("A slot is a whole number of minutes from 10 to 240");
    expect(await spansOf(agentId)).toHaveLength(3);
  });

  it("keeps an agent to their own hours and days off; an owner sets anyone's and the office's", async () => {
    const csrf = await agent.tokenFrom(page);
    const notTheirs = await agent.post(page, {
      csrf,
      intent: "hours",
      staff: String(ownerId),
      listing: "",
      ...week({ day1: "09:00-10:00" }),
    });
    expect(notTheirs.statusCode).toBe(400);
    expect(await spansOf(ownerId)).toEqual([]);
    const officeDay = await agent.post(page, {
      csrf,
      intent: "day-off-add",
      staff: "office",
      day: "2026-12-24",
      note: "",
    });
    expect(officeDay.statusCode).toBe(400);

    const ownerCsrf = await owner.tokenFrom(page);
    const listing = await app.database.db
      .selectFrom("property")
      .select(["id", "code"])
      .where("publish", "=", 1)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const forListing = await owner.post(page, {
      csrf: ownerCsrf,
      intent: "hours",
      staff: String(agentId),
      listing: listing.code,
      ...week({ day6: "10:00-12:00" }),
    });
    expect(forListing.statusCode).toBe(200);
    expect((await spansOf(agentId)).filter((span) => span.property_id === listing.id)).toEqual([
      {
        weekday: 6,
        start_time: "10:00",
        end_time: "12:00",
        property_id: listing.id,
        slot_minutes: 30,
      },
    ]);
    const added = await owner.post(page, {
      csrf: ownerCsrf,
      intent: "day-off-add",
      staff: "office",
      day: "2026-12-24",
      note: "Christmas Eve",
    });
    expect(added.statusCode).toBe(200);
    expect(added.body).toContain("2026-12-24 is a day off.");
    const days = await app.database.db.selectFrom("viewing_day_off").selectAll().execute();
    expect(days.map((day) => [day.staff_user_id, day.day, day.note])).toEqual([
      [null, "2026-12-24", "Christmas Eve"],
    ]);
    const events = await app.database.db
      .selectFrom("audit_event")
      .select(["action", "actor_email"])
      .where("subject_type", "=", "viewing-hours")
      .orderBy("id")
      .execute();
    expect(events.map((event) => event.action)).toEqual([
      "viewing-hours.save",
      "viewing-hours.save",
      "viewing-hours.day-off-add",
    ]);
  });

  it("makes a member's calendar feed, shown once, and revokes it", async () => {
    const csrf = await agent.tokenFrom(page);
    const made = await agent.post(page, { csrf, intent: "feed-issue", staff: String(agentId) });
    expect(made.statusCode).toBe(200);
    const url = /value="(https?:\/\/[^"]+\/calendar\/viewings\/[^"]+\.ics)"/.exec(made.body)?.[1];
    expect(url).toBeDefined();
    const path = new URL(url as string).pathname;
    const feed = await app.inject({ url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain("METHOD:PUBLISH");
    await agent.post(page, { csrf, intent: "feed-revoke", staff: String(agentId) });
    expect((await app.inject({ url: path })).statusCode).toBe(404);
  });
});
