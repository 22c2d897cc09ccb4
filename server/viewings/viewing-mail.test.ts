/**
 * A viewing's mails (decision 101): each carries the invite of the viewing as it stands, parsed
 * here with a real iCalendar parser (ical.js): METHOD, UID, SEQUENCE, STATUS and the times in
 * UTC; nodemailer sends it as a `text/calendar; method=…` alternative and an `invite.ics`
 * attachment; a superseded revision, a reminder of a viewing that ended and an agent's mail
 * without an agent are not sent.
 */
import ICAL from "ical.js";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import type { ViewingMailPayload } from "../../db/queries/viewing-mail.ts";
import { buildViewingDetail } from "../../tests/support/factories.ts";
import { buildViewingMail, type ViewingMailOptions } from "./viewing-mail.ts";

const options: ViewingMailOptions = {
  from: '"Harbor & Pine" <no-reply@homes.example>',
  siteUrl: "https://homes.example",
  companyName: "Harbor & Pine",
  companyEmail: "hello@homes.example",
  timeZone: "Europe/London",
  now: new Date("2026-11-30T08:00:00Z"),
};

const payload = (overrides: Partial<ViewingMailPayload> = {}): ViewingMailPayload => ({
  viewingId: 1,
  sequence: 0,
  method: "REQUEST",
  recipient: "visitor",
  ...overrides,
});

function parseInvite(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
  const vevent = calendar.getFirstSubcomponent("vevent");
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent?.getFirstPropertyValue("status"),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    startIsUtc: event.startDate.zone?.tzid === "UTC",
    location: event.location,
    organizer: String(event.organizer).toLowerCase(),
    attendees: event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase()),
    url: vevent?.getFirstPropertyValue("url"),
    stamp: vevent?.getFirstPropertyValue("dtstamp")?.toString(),
  };
}

describe("a viewing's mails", () => {
  it("tell the visitor it is requested, tentative until confirmed, with the invite", () => {
    const viewing = buildViewingDetail();
    const mail = buildViewingMail(payload(), viewing, 41, options);
    expect(mail?.to).toBe("alex@example.com");
    expect(mail?.subject).toBe("Viewing requested: Garden flat by the park");
    expect(mail?.text).toContain("requested — tentative until we confirm");
    expect(mail?.text).toContain("When: Tuesday 1 December 2026, 10:00 to 10:30 (Europe/London)");
    expect(mail?.icalEvent).toMatchObject({ method: "REQUEST", filename: "invite.ics" });
    expect(parseInvite(mail?.icalEvent?.content ?? "")).toMatchObject({
      method: "REQUEST",
      uid: viewing.uid,
      sequence: 0,
      status: "TENTATIVE",
      start: "2026-12-01T10:00:00.000Z",
      end: "2026-12-01T10:30:00.000Z",
      startIsUtc: true,
      location: "12 Park Road, London",
      organizer: "mailto:agent@example.com",
      attendees: ["mailto:alex@example.com"],
      url: "https://homes.example/property/hp-1001-garden-flat",
    });
  });

  it("tell the agent who booked, and carry a confirmed or cancelled revision's own status", () => {
    const confirmed = buildViewingDetail({ status: "confirmed", sequence: 2 });
    const agentMail = buildViewingMail(
      payload({ sequence: 2, recipient: "agent" }),
      confirmed,
      5,
      options,
    );
    expect(agentMail?.to).toBe("agent@example.com");
    expect(agentMail?.text).toContain("Visitor: Alex Visitor");
    expect(parseInvite(agentMail?.icalEvent?.content ?? "")).toMatchObject({
      method: "REQUEST",
      uid: confirmed.uid,
      sequence: 2,
      status: "CONFIRMED",
    });
    const cancelled = buildViewingDetail({ status: "cancelled", sequence: 3 });
    const cancel = buildViewingMail(
      payload({ sequence: 3, method: "CANCEL" }),
      cancelled,
      6,
      options,
    );
    expect(cancel?.subject).toBe("Viewing cancelled: Garden flat by the park");
    expect(cancel?.icalEvent?.method).toBe("CANCEL");
    expect(parseInvite(cancel?.icalEvent?.content ?? "")).toMatchObject({
      method: "CANCEL",
      sequence: 3,
      status: "CANCELLED",
    });
  });

  it("send the reminder the day before, and nothing superseded or without a reader", () => {
    const viewing = buildViewingDetail({ sequence: 1 });
    const reminder = buildViewingMail(
      payload({ sequence: 1, reminder: true }),
      viewing,
      7,
      options,
    );
    expect(reminder?.subject).toBe("Your viewing tomorrow: Garden flat by the park");
    expect(parseInvite(reminder?.icalEvent?.content ?? "").sequence).toBe(1);
    // A later change queued its own mails: the older revision is not sent.
    expect(buildViewingMail(payload({ sequence: 0 }), viewing, 8, options)).toBeUndefined();
    const declined = buildViewingDetail({ status: "declined" });
    expect(buildViewingMail(payload({ reminder: true }), declined, 9, options)).toBeUndefined();
    const unhosted = buildViewingDetail({ agentEmail: null, staffUserId: null });
    expect(
      buildViewingMail(payload({ recipient: "agent" }), unhosted, 10, options),
    ).toBeUndefined();
    // Without an agent the company organizes it.
    const visitorMail = buildViewingMail(payload(), unhosted, 11, options);
    expect(parseInvite(visitorMail?.icalEvent?.content ?? "").organizer).toBe(
      "mailto:hello@homes.example",
    );
    expect(buildViewingMail(payload(), undefined, 12, options)).toBeUndefined();
  });

  it("go out as a text/calendar alternative with its method and an invite.ics attachment", async () => {
    const mail = buildViewingMail(payload(), buildViewingDetail(), 13, options);
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const sent = (await transport.sendMail(mail ?? {})) as { message: Buffer };
    const raw = sent.message.toString("utf8");
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(raw).toMatch(/Content-Type: application\/ics; name=invite\.ics/i);
    expect(raw).toMatch(/Content-Disposition: attachment; filename=invite\.ics/i);
  });
});
