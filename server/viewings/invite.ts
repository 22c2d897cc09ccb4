/**
 * A viewing's iCalendar (RFC 5545) as its mails and the staff's calendar feeds carry it, built
 * with ical-generator (decision 101). One UID per viewing for its whole life (`viewing.uid`),
 * SEQUENCE its revision, times in UTC; METHOD REQUEST while it stands (STATUS TENTATIVE until
 * staff confirm it, then CONFIRMED), CANCEL (STATUS CANCELLED) once it has ended, and PUBLISH for
 * a feed.
 */
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  type ICalEventData,
  ICalEventStatus,
} from "ical-generator";
import type { ViewingDetail } from "../../db/queries/viewing-booking.ts";
import type { ViewingMailMethod } from "../../db/queries/viewing-mail.ts";

export interface InviteContext {
  siteUrl: string;
  /** The company's name (the profile's business name), the organizer's. */
  companyName: string;
  /** The organizer's address when the viewing has no agent: the company's. */
  companyEmail: string;
  now: Date;
}

const prodId = { company: "homes", product: "viewings", language: "EN" } as const;

/** The listing's page: where the invite's URL points. */
export function listingUrlOf(viewing: ViewingDetail, siteUrl: string): string {
  return `${siteUrl}/property/${encodeURIComponent(viewing.listing.slug)}`;
}

/** The address a visitor goes to: the listing's, with its city when not in it already. */
export function displayAddressOf(viewing: ViewingDetail): string {
  const { address, city } = viewing.listing;
  const trimmed = address.trim();
  if (city.trim() === "" || trimmed.toLowerCase().includes(city.trim().toLowerCase())) {
    return trimmed;
  }
  return trimmed === "" ? city.trim() : `${trimmed}, ${city.trim()}`;
}

function eventOf(
  viewing: ViewingDetail,
  method: ViewingMailMethod | "PUBLISH",
  context: InviteContext,
): ICalEventData {
  const cancelled = method === "CANCEL";
  const organizerEmail = viewing.agentEmail ?? context.companyEmail;
  return {
    id: viewing.uid,
    sequence: viewing.sequence,
    stamp: context.now,
    start: new Date(viewing.startsAt),
    end: new Date(viewing.endsAt),
    summary: `Viewing: ${viewing.listing.headline || viewing.listing.code}`,
    description: [
      `Viewing of ${viewing.listing.headline || viewing.listing.code} (${viewing.listing.code}).`,
      method === "PUBLISH" ? `Visitor: ${viewing.visitorName}, ${viewing.visitorPhone}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
    location: displayAddressOf(viewing),
    url: listingUrlOf(viewing, context.siteUrl),
    status: cancelled
      ? ICalEventStatus.CANCELLED
      : viewing.status === "confirmed"
        ? ICalEventStatus.CONFIRMED
        : ICalEventStatus.TENTATIVE,
    organizer: { name: context.companyName || "Viewings", email: organizerEmail },
    attendees: [
      {
        name: viewing.visitorName,
        email: viewing.visitorEmail,
        role: ICalAttendeeRole.REQ,
        status:
          viewing.status === "confirmed"
            ? ICalAttendeeStatus.ACCEPTED
            : ICalAttendeeStatus.TENTATIVE,
      },
    ],
  };
}

/** The invite of one revision of a viewing: METHOD REQUEST or CANCEL. */
export function buildViewingInvite(
  viewing: ViewingDetail,
  method: ViewingMailMethod,
  context: InviteContext,
): string {
  const calendar = ical({
    prodId,
    method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent(eventOf(viewing, method, context));
  return calendar.toString();
}

/** A member of staff's calendar feed: their viewings, METHOD PUBLISH, the invites' UIDs. */
export function buildViewingFeed(
  name: string,
  viewings: readonly ViewingDetail[],
  context: InviteContext,
): string {
  const calendar = ical({ prodId, name, method: ICalCalendarMethod.PUBLISH, ttl: 15 * 60 });
  for (const viewing of viewings) calendar.createEvent(eventOf(viewing, "PUBLISH", context));
  return calendar.toString();
}
