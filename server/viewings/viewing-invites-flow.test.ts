/**
 * A viewing's invites from its booking to a move in the diary (issue 31), on both dialects:
 * booked through the site's booking service, mailed by the outbox job through a real SMTP
 * server, moved by staff, mailed again. The visitor's two invites, read with a real iCalendar
 * parser (ical.js), are one event: the same UID, SEQUENCE 0 then 1, the second at the new time.
 */
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffSession } from "#app-context";
import { insertStaffUser } from "../../db/queries/staff.ts";
import { replaceStaffSpans } from "../../db/queries/viewing-booking.ts";
import { addDays, localDateTime } from "../../lib/admin-viewings.ts";
import { buildViewingRequest, buildViewingWeek } from "../../tests/support/factories.ts";
import { type MailingApp, startMailingApp } from "../../tests/support/mailing-app.ts";
import type { ReceivedMail } from "../../tests/support/smtp.ts";
import { testDialects } from "../../tests/support/test-database.ts";
import { createAdminViewings } from "../staff/viewings.ts";
import { createViewingBooking } from "./booking.ts";

const timeZone = "Europe/London";

/** The invite a mail carries (its text/calendar part), as a calendar client reads it. */
function inviteIn(mail: ReceivedMail) {
  const text = /BEGIN:VCALENDAR[\s\S]*?END:VCALENDAR/.exec(mail.decoded)?.[0];
  if (!text) throw new Error(`no invite in:\n${mail.decoded}`);
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
  };
}

describe.each(testDialects)("a viewing's invites on %s", (dialect) => {
  let mailing: MailingApp;

  beforeAll(async () => {
    mailing = await startMailingApp(dialect, { seed: true });
  });

  afterAll(async () => {
    await mailing?.close();
  });

  it("carry one UID from booking to move, with a higher SEQUENCE and the new time", async () => {
    const db = mailing.database.handle.db;
    const now = new Date();
    const listing = await db
      .selectFrom("property")
      .select(["slug"])
      .where("publish", "=", 1)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const agentEmail = "diary-agent@example.com";
    const agent = await insertStaffUser(db, { email: agentEmail, role: "agent", now });
    if (!agent) throw new Error("the agent was not added");
    const everyDay = [1, 2, 3, 4, 5, 6, 7];
    await replaceStaffSpans(db, agent.id, null, buildViewingWeek({}, everyDay), now);

    const booking = createViewingBooking({
      database: mailing.database.handle,
      timeZone,
      uidHost: "homes.example",
    });
    const slot = (await booking.slots(listing.slug))?.days[0]?.slots[0];
    if (!slot) throw new Error("the listing offers no time");
    const request = buildViewingRequest(slot.value);
    const booked = await booking.book(listing.slug, request);
    expect(booked.outcome).toBe("booked");

    const first = (await mailing.deliver()).find((mail) => mail.recipients.includes(request.email));
    if (!first) throw new Error("the visitor was not mailed the booking");
    const requested = inviteIn(first);
    expect(requested).toMatchObject({ method: "REQUEST", sequence: 0, start: slot.value });

    const viewing = await db
      .selectFrom("viewing")
      .select(["id", "sequence"])
      .where("uid", "=", requested.uid)
      .executeTakeFirstOrThrow();
    const session: StaffSession = {
      user: { id: agent.id, email: agentEmail, role: "agent", hasPassword: true, createdAt: "" },
      csrfToken: "token",
    };
    // Two days later, at 11:15 office time.
    const day = addDays(localDateTime(new Date(slot.value), timeZone).date, 2);
    const diary = createAdminViewings({ database: mailing.database.handle, timeZone });
    const moved = await diary.change(session, viewing.id, viewing.sequence, {
      kind: "move",
      date: day,
      time: "11:15",
      staffId: null,
    });
    expect(moved.ok).toBe(true);

    const second = (await mailing.deliver()).find((mail) =>
      mail.recipients.includes(request.email),
    );
    if (!second) throw new Error("the visitor was not mailed the move");
    const updated = inviteIn(second);
    expect(updated).toMatchObject({ method: "REQUEST", uid: requested.uid, sequence: 1 });
    expect(localDateTime(new Date(updated.start), timeZone)).toEqual({ date: day, time: "11:15" });
  });
});
