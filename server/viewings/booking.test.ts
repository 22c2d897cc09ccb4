/**
 * The booking of a viewing (decision 101) on both dialects: the free slots of a listing, the
 * hold (many bookings of one slot at once, through two connections as two app servers would
 * have: exactly one wins, the rest are told it was taken), the host chosen, the mails queued
 * in the same transaction, and a removed listing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/database.ts";
import { insertStaffUser } from "../../db/queries/staff.ts";
import {
  insertDayOff,
  insertHeldViewing,
  isUniqueViolation,
  replaceStaffSpans,
} from "../../db/queries/viewing-booking.ts";
import { buildViewingRequest, buildViewingWeek } from "../../tests/support/factories.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { createViewingBooking, type ViewingBooking } from "./booking.ts";

// A Monday, 06:00 in London (GMT): the first slot on offer is 09:00 (two hours' lead).
const monday = new Date("2026-11-30T06:00:00Z");
const timeZone = "Europe/London";

describe.each(testDialects)("booking a viewing on %s", (dialect) => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let listing: { id: number; code: string; slug: string };
  let other: { id: number; code: string; slug: string };
  let agent: number;
  let colleague: number;
  const booking = (handle: DatabaseHandle): ViewingBooking =>
    createViewingBooking({
      database: handle,
      timeZone,
      uidHost: "homes.example",
      now: () => monday,
    });

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { seed: true });
    // PostgreSQL: a second pool on the same database, as another app server has. SQLite serves
    // one app server (several run on PostgreSQL, decision 016), so its bookings share one
    // connection: better-sqlite3 is synchronous, and a second connection in this process
    // would block the thread waiting for the first's lock.
    second = dialect === "postgres" ? openDatabase(database.url) : database.handle;
    const db = database.handle.db;
    const published = await db
      .selectFrom("property")
      .select(["id", "code", "slug"])
      .where("publish", "=", 1)
      .orderBy("id")
      .limit(2)
      .execute();
    [listing, other] = published as [typeof listing, typeof listing];
    agent = (await insertStaffUser(db, { email: "agent@example.com", role: "agent", now: monday }))
      ?.id as number;
    colleague = (
      await insertStaffUser(db, { email: "colleague@example.com", role: "agent", now: monday })
    )?.id as number;
    // The office's hours: the agent's week. The other listing has its own: both of them, at 10:00.
    await replaceStaffSpans(db, agent, null, buildViewingWeek(), monday);
    const ownHours = buildViewingWeek({ startTime: "10:00", endTime: "11:00", slotMinutes: 45 });
    await replaceStaffSpans(db, agent, other.id, ownHours, monday);
    await replaceStaffSpans(db, colleague, other.id, ownHours, monday);
    await insertDayOff(db, { staffUserId: null, day: "2026-12-02", note: "Office party" });
  });

  afterAll(async () => {
    if (second !== database?.handle) await second?.close();
    await database?.drop();
  });

  it("offers the next fourteen days' free slots, grouped by day, without days off", async () => {
    const view = await booking(database.handle).slots(listing.slug);
    expect(view?.bookable).toBe(true);
    expect(view?.listing.code).toBe(listing.code);
    const days = view?.days.map((day) => day.day) ?? [];
    // Weekdays only, the office's day off left out, two weeks from the Monday.
    expect(days).toEqual([
      "2026-11-30",
      "2026-12-01",
      "2026-12-03",
      "2026-12-04",
      "2026-12-07",
      "2026-12-08",
      "2026-12-09",
      "2026-12-10",
      "2026-12-11",
    ]);
    expect(view?.days[0]?.label).toBe("Monday 30 November");
    expect(view?.days[0]?.slots.slice(0, 3)).toEqual([
      { value: "2026-11-30T09:00:00.000Z", time: "09:00" },
      { value: "2026-11-30T09:45:00.000Z", time: "09:45" },
      { value: "2026-11-30T10:30:00.000Z", time: "10:30" },
    ]);
    // The listing's own hours replace the office's.
    const own = await booking(database.handle).slots(other.code);
    expect(own?.days[0]?.slots).toEqual([{ value: "2026-11-30T10:00:00.000Z", time: "10:00" }]);
  });

  it("holds a slot once: of many bookings at once from two servers, exactly one wins", async () => {
    const slot = "2026-12-01T11:15:00.000Z";
    const servers = [booking(database.handle), booking(second)];
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        (servers[index % 2] as ViewingBooking).book(listing.slug, buildViewingRequest(slot)),
      ),
    );
    const won = outcomes.filter((outcome) => outcome.outcome === "booked");
    expect(won).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === "taken")).toHaveLength(15);
    expect(won[0]).toMatchObject({
      viewing: { startsAt: slot, when: "Tuesday 1 December 2026, 11:15 to 11:45" },
    });

    const db = database.handle.db;
    const rows = await db
      .selectFrom("viewing")
      .selectAll()
      .where("property_id", "=", listing.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "tentative",
      sequence: 0,
      staff_user_id: agent,
      hold_key: `${agent}@${slot}`,
    });
    expect(rows[0]?.uid).toMatch(/^[0-9a-f-]{36}@homes\.example$/);
    // Its mails were queued with it: the visitor's and the agent's invite, REQUEST, SEQUENCE 0.
    const mails = await db
      .selectFrom("outbox")
      .select(["kind", "payload", "dedupe_key"])
      .where("kind", "=", "viewing")
      .execute();
    expect(mails.map((mail) => JSON.parse(mail.payload))).toEqual([
      { viewingId: rows[0]?.id, sequence: 0, method: "REQUEST", recipient: "visitor" },
      { viewingId: rows[0]?.id, sequence: 0, method: "REQUEST", recipient: "agent" },
    ]);

    // The slot and those its buffer reaches are no longer offered.
    const view = await booking(second).slots(listing.slug);
    const tuesday = view?.days.find((day) => day.day === "2026-12-01")?.slots.map((s) => s.time);
    expect(tuesday).toContain("10:30");
    expect(tuesday).not.toContain("11:15");
    expect(tuesday).toContain("12:00");
  });

  it("has the unique hold key refuse a second viewing of one member of staff's slot", async () => {
    const row = {
      propertyId: listing.id,
      staffUserId: agent,
      startsAt: new Date("2026-12-04T09:00:00.000Z"),
      endsAt: new Date("2026-12-04T09:30:00.000Z"),
      holdKey: `${agent}@2026-12-04T09:00:00.000Z`,
      visitorName: "A",
      visitorEmail: "a@example.com",
      visitorPhone: "",
      message: "",
      now: monday,
    };
    await insertHeldViewing(database.handle.db, { ...row, uid: "first@homes.example" });
    const refusal = await insertHeldViewing(second.db, {
      ...row,
      uid: "second@homes.example",
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(refusal)).toBe(true);
  });

  it("gives a slot two can host to the one with fewer viewings that day, then the other", async () => {
    const slot = "2026-12-03T10:00:00.000Z";
    const first = await booking(database.handle).book(other.slug, buildViewingRequest(slot));
    const secondBooking = await booking(second).book(other.slug, buildViewingRequest(slot));
    const third = await booking(second).book(other.slug, buildViewingRequest(slot));
    expect([first.outcome, secondBooking.outcome, third.outcome]).toEqual([
      "booked",
      "booked",
      "taken",
    ]);
    const hosts = await database.handle.db
      .selectFrom("viewing")
      .select("staff_user_id")
      .where("property_id", "=", other.id)
      .orderBy("id")
      .execute();
    // Neither had a viewing that day: the lower id first, then the other.
    expect(hosts.map((row) => row.staff_user_id)).toEqual([agent, colleague]);
  });

  it("refuses what it cannot book, saying why", async () => {
    const service = booking(database.handle);
    expect(await service.book(listing.slug, buildViewingRequest("", { email: "no" }))).toEqual({
      outcome: "invalid",
      errors: { slot: "Please choose a time", email: "Please enter valid email address" },
    });
    // Not a slot on offer (within the lead time), or no such listing.
    expect(
      (await service.book(listing.slug, buildViewingRequest("2026-11-30T07:00:00.000Z"))).outcome,
    ).toBe("taken");
    expect(
      (await service.book("no-such-home", buildViewingRequest("2026-12-03T09:00:00.000Z"))).outcome,
    ).toBe("gone");
    expect(await service.slots("no-such-home")).toBeNull();
  });
});
