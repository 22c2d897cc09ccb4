/**
 * The viewings diary's service (decision 102) on both dialects: the diary's days in the
 * office's time zone and its scope per role, each change with its SEQUENCE, queued mails and
 * audit event, a move refused for a taken slot, a stale page refused, the reminder job's claim
 * and the retention purge of ended viewings.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffSession } from "#app-context";
import type { StaffRole } from "../../db/database.ts";
import { purgeViewingsEndedBefore } from "../../db/queries/viewing-diary.ts";
import type { ViewingMailPayload } from "../../db/queries/viewing-mail.ts";
import { retentionActor } from "../../lib/admin-audit.ts";
import { insertViewing } from "../../tests/support/factories.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { createEnquiryPurge } from "../jobs/enquiry-retention.ts";
import { createViewingReminders } from "../jobs/viewing-reminders.ts";
import { createAdminViewings } from "./viewings.ts";

describe.each(testDialects)("the viewings diary on %s", (dialect) => {
  let database: TestDatabase;
  let clock = new Date("2026-12-01T09:00:00.000Z");
  let propertyId: number;
  let owner: StaffSession;
  let agent: StaffSession;
  let otherAgent: StaffSession;
  let woken = 0;

  const service = () =>
    createAdminViewings({
      database: database.handle,
      now: () => clock,
      onQueued: () => {
        woken += 1;
      },
    });

  async function member(role: StaffRole, email: string): Promise<StaffSession> {
    const row = await database.handle.db
      .insertInto("staff_user")
      .values({ email, role, password_hash: null, created_at: clock.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return {
      user: { id: row.id, email, role, hasPassword: true, createdAt: clock.toISOString() },
      csrfToken: "token",
    };
  }

  async function mailsOf(viewingId: number): Promise<ViewingMailPayload[]> {
    const rows = await database.handle.db
      .selectFrom("outbox")
      .select(["payload", "dedupe_key"])
      .where("kind", "=", "viewing")
      .where("dedupe_key", "like", `viewing:${viewingId}:%`)
      .orderBy("id")
      .execute();
    return rows.map((row) => JSON.parse(row.payload) as ViewingMailPayload);
  }

  async function auditOf(viewingId: number) {
    return database.handle.db
      .selectFrom("audit_event")
      .select(["action", "actor_email", "detail"])
      .where("subject_type", "=", "viewing")
      .where("subject_id", "=", String(viewingId))
      .orderBy("id")
      .execute();
  }

  async function row(id: number) {
    return database.handle.db
      .selectFrom("viewing")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { seed: true });
    propertyId = (
      await database.handle.db
        .selectFrom("property")
        .select("id")
        .orderBy("id")
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id;
    owner = await member("owner", "olive.owner@example.com");
    agent = await member("agent", "ann.agent@example.com");
    otherAgent = await member("agent", "bob.agent@example.com");
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(() => {
    clock = new Date("2026-12-01T09:00:00.000Z");
    woken = 0;
  });

  it("shows a day and a week of the office's days, an agent their own only", async () => {
    // 23:30 UTC on 1 June is 00:30 on 2 June in London (summer time): the 2nd's.
    const summer = await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: agent.user.id,
      startsAt: new Date("2027-06-01T23:30:00.000Z"),
      visitorName: "Summer Night",
    });
    const others = await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: otherAgent.user.id,
      startsAt: new Date("2027-06-02T10:00:00.000Z"),
      visitorName: "Bob's Visitor",
    });
    const diary = service();
    const ownersDay = await diary.diary(owner, { view: "day", date: "2027-06-02", staffId: null });
    expect(ownersDay.days).toEqual(["2027-06-02"]);
    expect(ownersDay.viewings.map((v) => v.id)).toEqual([summer.id, others.id]);
    expect(ownersDay.canChooseStaff).toBe(true);
    expect(ownersDay.staff.map((s) => s.email)).toContain(agent.user.email);
    const first = await diary.diary(owner, { view: "day", date: "2027-06-01", staffId: null });
    expect(first.viewings.map((v) => v.id)).not.toContain(summer.id);

    const ownersFilter = await diary.diary(owner, {
      view: "day",
      date: "2027-06-02",
      staffId: otherAgent.user.id,
    });
    expect(ownersFilter.viewings.map((v) => v.id)).toEqual([others.id]);

    // An agent asking for someone else's diary gets their own.
    const agentsWeek = await diary.diary(agent, {
      view: "week",
      date: "2027-06-03",
      staffId: otherAgent.user.id,
    });
    expect(agentsWeek.days).toEqual([
      "2027-05-31",
      "2027-06-01",
      "2027-06-02",
      "2027-06-03",
      "2027-06-04",
      "2027-06-05",
      "2027-06-06",
    ]);
    expect(agentsWeek.query.staffId).toBe(agent.user.id);
    expect(agentsWeek.canChooseStaff).toBe(false);
    expect(agentsWeek.staff).toEqual([]);
    expect(agentsWeek.viewings.map((v) => v.id)).toEqual([summer.id]);
    expect(agentsWeek.viewings[0]?.listing.code).toBeTruthy();

    expect(await diary.find(agent, others.id)).toBeNull();
    const refused = await diary.change(agent, others.id, 0, { kind: "confirm" });
    expect(refused).toMatchObject({ ok: false, reason: "missing" });
    expect((await row(others.id)).status).toBe("tentative");
  });

  it("confirms a tentative viewing: SEQUENCE + 1, REQUEST mails to visitor and agent, audited", async () => {
    const { id } = await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: agent.user.id,
      startsAt: new Date("2026-12-03T10:00:00.000Z"),
    });
    const outcome = await service().change(agent, id, 0, { kind: "confirm" });
    expect(outcome).toMatchObject({ ok: true, viewing: { status: "confirmed", sequence: 1 } });
    const stored = await row(id);
    expect(stored.status).toBe("confirmed");
    expect(stored.sequence).toBe(1);
    expect(stored.hold_key).toBe(`${agent.user.id}@2026-12-03T10:00:00.000Z`);
    expect(await mailsOf(id)).toEqual([
      { viewingId: id, sequence: 1, method: "REQUEST", recipient: "visitor" },
      { viewingId: id, sequence: 1, method: "REQUEST", recipient: "agent" },
    ]);
    expect(woken).toBe(1);
    const events = await auditOf(id);
    expect(events).toHaveLength(1);
    expect(events[0]?.action).toBe("viewing.confirm");
    expect(events[0]?.actor_email).toBe(agent.user.email);
    expect(JSON.parse(events[0]!.detail)).toEqual({
      changes: {
        status: { before: "tentative", after: "confirmed" },
        sequence: { before: 0, after: 1 },
      },
    });
    // Confirmed once: a second confirm is refused, nothing more queued.
    expect(await service().change(agent, id, 1, { kind: "confirm" })).toMatchObject({
      ok: false,
      reason: "status",
    });
    expect(await mailsOf(id)).toHaveLength(2);
  });

  it("declines a tentative and cancels a confirmed one: CANCEL mails, the slot freed", async () => {
    const tentative = await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: agent.user.id,
      startsAt: new Date("2026-12-04T10:00:00.000Z"),
    });
    const confirmed = await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: null,
      startsAt: new Date("2026-12-04T11:00:00.000Z"),
      status: "confirmed",
      sequence: 3,
    });
    // A confirmed one cannot be declined, a tentative one not cancelled.
    expect(await service().change(owner, tentative.id, 0, { kind: "cancel" })).toMatchObject({
      ok: false,
      reason: "status",
    });
    expect(await service().change(owner, confirmed.id, 3, { kind: "decline" })).toMatchObject({
      ok: false,
      reason: "status",
    });

    expect(await service().change(owner, tentative.id, 0, { kind: "decline" })).toMatchObject({
      ok: true,
      viewing: { status: "declined", sequence: 1 },
    });
    expect((await row(tentative.id)).hold_key).toBeNull();
    expect(await mailsOf(tentative.id)).toEqual([
      { viewingId: tentative.id, sequence: 1, method: "CANCEL", recipient: "visitor" },
      { viewingId: tentative.id, sequence: 1, method: "CANCEL", recipient: "agent" },
    ]);

    expect(await service().change(owner, confirmed.id, 3, { kind: "cancel" })).toMatchObject({
      ok: true,
      viewing: { status: "cancelled", sequence: 4 },
    });
    expect((await row(confirmed.id)).hold_key).toBeNull();
    // No member of staff: the visitor's mail only.
    expect(await mailsOf(confirmed.id)).toEqual([
      { viewingId: confirmed.id, sequence: 4, method: "CANCEL", recipient: "visitor" },
    ]);
    expect((await auditOf(confirmed.id)).map((event) => event.action)).toEqual(["viewing.cancel"]);
  });

  it("moves a viewing to a free time in the office's zone, keeping its length; refuses a taken slot", async () => {
    const moving = await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: agent.user.id,
      startsAt: new Date("2026-12-07T10:00:00.000Z"),
      minutes: 45,
      status: "confirmed",
      sequence: 1,
    });
    await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: agent.user.id,
      startsAt: new Date("2026-12-08T14:00:00.000Z"),
    });
    const taken = await service().change(agent, moving.id, 1, {
      kind: "move",
      date: "2026-12-08",
      time: "14:00",
      staffId: null,
    });
    expect(taken).toMatchObject({ ok: false, reason: "taken" });
    expect(taken.ok ? "" : taken.message).toContain("already booked");
    expect((await row(moving.id)).sequence).toBe(1);
    expect(await mailsOf(moving.id)).toEqual([]);

    // Summer time: 14:30 in London on 1 June is 13:30 UTC.
    const moved = await service().change(agent, moving.id, 1, {
      kind: "move",
      date: "2027-06-01",
      time: "14:30",
      staffId: null,
    });
    expect(moved).toMatchObject({
      ok: true,
      viewing: {
        startsAt: "2027-06-01T13:30:00.000Z",
        endsAt: "2027-06-01T14:15:00.000Z",
        status: "confirmed",
        sequence: 2,
      },
    });
    expect((await row(moving.id)).hold_key).toBe(`${agent.user.id}@2027-06-01T13:30:00.000Z`);
    expect(await mailsOf(moving.id)).toEqual([
      { viewingId: moving.id, sequence: 2, method: "REQUEST", recipient: "visitor" },
      { viewingId: moving.id, sequence: 2, method: "REQUEST", recipient: "agent" },
    ]);
    const [event] = await auditOf(moving.id);
    expect(event?.action).toBe("viewing.move");
    expect(JSON.parse(event!.detail).changes.startsAt).toEqual({
      before: "2026-12-07T10:00:00.000Z",
      after: "2027-06-01T13:30:00.000Z",
    });

    // An agent cannot give it to a colleague; an owner can.
    expect(
      await service().change(agent, moving.id, 2, {
        kind: "move",
        date: "2027-06-01",
        time: "15:30",
        staffId: otherAgent.user.id,
      }),
    ).toMatchObject({ ok: false, reason: "owners-only" });
    expect(
      await service().change(owner, moving.id, 2, {
        kind: "move",
        date: "2027-06-01",
        time: "14:30",
        staffId: otherAgent.user.id,
      }),
    ).toMatchObject({ ok: true, viewing: { staff: { id: otherAgent.user.id }, sequence: 3 } });
    const handed = (await auditOf(moving.id)).at(-1);
    expect(JSON.parse(handed!.detail).changes.staff).toEqual({
      before: agent.user.email,
      after: otherAgent.user.email,
    });

    // A time already past, or not a time at all.
    expect(
      await service().change(owner, moving.id, 3, {
        kind: "move",
        date: "2026-11-30",
        time: "10:00",
        staffId: null,
      }),
    ).toMatchObject({ ok: false, reason: "invalid" });
    expect(
      await service().change(owner, moving.id, 3, {
        kind: "move",
        date: "2026-02-30",
        time: "10:00",
        staffId: null,
      }),
    ).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("refuses a change from a page drawn before someone else's change", async () => {
    const { id } = await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: agent.user.id,
      startsAt: new Date("2026-12-09T10:00:00.000Z"),
    });
    // Two pages opened at sequence 0: the owner confirms, then the agent's move arrives.
    expect((await service().change(owner, id, 0, { kind: "confirm" })).ok).toBe(true);
    const stale = await service().change(agent, id, 0, {
      kind: "move",
      date: "2026-12-10",
      time: "11:00",
      staffId: null,
    });
    expect(stale).toMatchObject({ ok: false, reason: "stale" });
    expect(stale.ok ? "" : stale.message).toContain("Someone changed this viewing");
    const stored = await row(id);
    expect(stored.sequence).toBe(1);
    expect(new Date(stored.starts_at).toISOString()).toBe("2026-12-09T10:00:00.000Z");
    expect(await mailsOf(id)).toHaveLength(2);
  });

  it("lets one of two changes made at once win, the other refused as stale", async () => {
    const { id } = await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: agent.user.id,
      startsAt: new Date("2026-12-11T10:00:00.000Z"),
    });
    // Two app servers, two pages drawn at sequence 0: confirm and decline at the same moment.
    const [first, second] = await Promise.all([
      service().change(owner, id, 0, { kind: "confirm" }),
      service().change(agent, id, 0, { kind: "decline" }),
    ]);
    const outcomes = [first, second];
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === "stale")).toHaveLength(1);
    const stored = await row(id);
    expect(stored.sequence).toBe(1);
    // The winner's mails and audit event only.
    const mails = await mailsOf(id);
    expect(mails).toHaveLength(2);
    expect(mails.every((mail) => mail.sequence === 1)).toBe(true);
    expect(mails[0]?.method).toBe(stored.status === "confirmed" ? "REQUEST" : "CANCEL");
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("keeps feedback once the viewing has started, without a new invite", async () => {
    const { id } = await insertViewing(database.handle.db, {
      propertyId,
      staffUserId: agent.user.id,
      startsAt: new Date("2026-12-01T12:00:00.000Z"),
      status: "confirmed",
      sequence: 1,
    });
    const early = await service().change(agent, id, 1, { kind: "feedback", text: "Liked it" });
    expect(early).toMatchObject({ ok: false, reason: "not-started" });
    clock = new Date("2026-12-01T12:40:00.000Z");
    const kept = await service().change(agent, id, 1, {
      kind: "feedback",
      text: "  Liked the garden; worried about the road.  ",
    });
    expect(kept).toMatchObject({
      ok: true,
      viewing: {
        feedback: "Liked the garden; worried about the road.",
        feedbackAt: "2026-12-01T12:40:00.000Z",
        sequence: 1,
      },
    });
    expect(await mailsOf(id)).toEqual([]);
    expect(woken).toBe(0);
    const [event] = await auditOf(id);
    expect(event?.action).toBe("viewing.feedback");
    // The text is on the viewing, not in the log.
    expect(event?.detail).not.toContain("garden");
  });

  it("queues each confirmed viewing of the office's tomorrow one reminder, once", async () => {
    const db = database.handle.db;
    // At 22:30 UTC on 2 June (23:30 in London) tomorrow is 3 June in London.
    const at = new Date("2027-06-02T22:30:00.000Z");
    const tomorrow = await insertViewing(db, {
      propertyId,
      staffUserId: agent.user.id,
      startsAt: new Date("2027-06-03T08:00:00.000Z"),
      status: "confirmed",
      sequence: 2,
    });
    // 23:30 UTC on 3 June is 00:30 on 4 June in London: not tomorrow.
    const dayAfter = await insertViewing(db, {
      propertyId,
      staffUserId: agent.user.id,
      startsAt: new Date("2027-06-03T23:30:00.000Z"),
      status: "confirmed",
    });
    const tentative = await insertViewing(db, {
      propertyId,
      staffUserId: otherAgent.user.id,
      startsAt: new Date("2027-06-03T09:00:00.000Z"),
    });
    let wakes = 0;
    const log = { info() {} };
    const run = createViewingReminders({
      database: database.handle,
      log,
      onQueued: () => {
        wakes += 1;
      },
    });
    const second = createViewingReminders({ database: database.handle, log });
    // Two app servers at once: one reminder between them.
    const counts = await Promise.all([run(at), second(at)]);
    expect(counts[0]! + counts[1]!).toBe(1);
    expect(await mailsOf(tomorrow.id)).toEqual([
      {
        viewingId: tomorrow.id,
        sequence: 2,
        method: "REQUEST",
        recipient: "visitor",
        reminder: true,
      },
    ]);
    expect((await row(tomorrow.id)).reminder_sent_at).not.toBeNull();
    expect(await mailsOf(dayAfter.id)).toEqual([]);
    expect(await mailsOf(tentative.id)).toEqual([]);
    expect(await run(at)).toBe(0);
    expect(wakes).toBeLessThanOrEqual(1);
  });

  it("reminds a viewing moved to a new time after its reminder went, once more", async () => {
    const db = database.handle.db;
    // 22:30 UTC on 9 June is 23:30 in London: tomorrow is 10 June.
    const at = new Date("2027-06-09T22:30:00.000Z");
    clock = at;
    const viewing = await insertViewing(db, {
      propertyId,
      staffUserId: agent.user.id,
      startsAt: new Date("2027-06-10T08:00:00.000Z"),
      status: "confirmed",
      sequence: 1,
    });
    const remind = createViewingReminders({ database: database.handle, log: { info() {} } });
    expect(await remind(at)).toBe(1);

    // Given to a colleague at the same time: the reminder already sent still holds.
    const handedOver = await service().change(owner, viewing.id, 1, {
      kind: "move",
      date: "2027-06-10",
      time: "09:00",
      staffId: otherAgent.user.id,
    });
    expect(handedOver).toMatchObject({ ok: true, viewing: { sequence: 2 } });
    expect(await remind(at)).toBe(0);

    // Moved to the afternoon: its new time is reminded of.
    const moved = await service().change(owner, viewing.id, 2, {
      kind: "move",
      date: "2027-06-10",
      time: "15:00",
      staffId: null,
    });
    expect(moved).toMatchObject({ ok: true, viewing: { startsAt: "2027-06-10T14:00:00.000Z" } });
    expect((await row(viewing.id)).reminder_sent_at).toBeNull();
    expect(await remind(at)).toBe(1);
    expect(await remind(at)).toBe(0);
    const reminders = (await mailsOf(viewing.id)).filter((mail) => mail.reminder);
    expect(reminders.map((mail) => mail.sequence)).toEqual([1, 3]);
  });

  it("purges the viewings that ended before the cutoff, with their queued mails", async () => {
    const db = database.handle.db;
    const old = await insertViewing(db, {
      propertyId,
      staffUserId: agent.user.id,
      startsAt: new Date("2024-01-10T10:00:00.000Z"),
      status: "confirmed",
      visitorEmail: "old.visitor@example.com",
    });
    clock = new Date("2024-01-09T10:00:00.000Z");
    await service().change(agent, old.id, 0, {
      kind: "move",
      date: "2024-01-11",
      time: "10:00",
      staffId: null,
    });
    expect(await mailsOf(old.id)).toHaveLength(2);
    const recent = await insertViewing(db, {
      propertyId,
      staffUserId: agent.user.id,
      startsAt: new Date("2026-11-20T10:00:00.000Z"),
      status: "confirmed",
    });
    const deleted = await purgeViewingsEndedBefore(db, {
      cutoff: new Date("2026-01-01T00:00:00.000Z"),
      dialect,
      actor: retentionActor,
    });
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(
      await db.selectFrom("viewing").select("id").where("id", "=", old.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await mailsOf(old.id)).toEqual([]);
    expect(
      await db.selectFrom("viewing").select("id").where("id", "=", recent.id).executeTakeFirst(),
    ).toBeDefined();
    const purge = await db
      .selectFrom("audit_event")
      .select(["actor_email", "detail"])
      .where("action", "=", "viewing.purge")
      .executeTakeFirstOrThrow();
    expect(purge.actor_email).toBe(retentionActor);
    expect(purge.detail).not.toContain("old.visitor");

    // The retention job (ENQUIRY_RETENTION_DAYS) deletes viewings that ended that long ago.
    const ended = await insertViewing(db, {
      propertyId,
      staffUserId: null,
      startsAt: new Date("2026-09-01T10:00:00.000Z"),
      status: "confirmed",
    });
    const purgeJob = createEnquiryPurge({
      database: database.handle,
      retentionDays: 30,
      log: { info() {} },
    });
    expect(await purgeJob(new Date("2026-10-15T00:00:00.000Z"))).toBeGreaterThanOrEqual(1);
    expect(
      await db.selectFrom("viewing").select("id").where("id", "=", ended.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db.selectFrom("viewing").select("id").where("id", "=", recent.id).executeTakeFirst(),
    ).toBeDefined();
  });
});
