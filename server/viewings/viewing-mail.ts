/**
 * The mails of a viewing (decision 101), built by the outbox job when it sends a row of kind
 * `viewing` (db/queries/viewing-mail.ts queued it): to the visitor or to the hosting member of
 * staff, each with the invite of the viewing as it stands (server/viewings/invite.ts) as a
 * `text/calendar` alternative and an `invite.ics` attachment; or the day-before reminder.
 *
 * Which revision a mail carries: the viewing's current row, with the payload's METHOD. A payload
 * older than the row (a later change was made before this mail went) is not sent at all: that
 * change queued its own mails, which carry the newer state with a higher SEQUENCE, and an older
 * invite sent after it would only say something no longer true (decision 101).
 */
import type { Kysely } from "kysely";
import type { Config } from "../../config/env.ts";
import type { Database } from "../../db/database.ts";
import { findCompanyProfile } from "../../db/queries/company-profile.ts";
import type { QueuedMail } from "../../db/queries/outbox.ts";
import { findViewingDetail, type ViewingDetail } from "../../db/queries/viewing-booking.ts";
import type { ViewingMailPayload } from "../../db/queries/viewing-mail.ts";
import type { EnquiryMail } from "../mail/enquiry-mail.ts";
import { escapeHtml } from "../mail/enquiry-mail.ts";
import { addressOf, namedSender } from "../mail/sender.ts";
import { describeViewingTime } from "./booking.ts";
import {
  buildViewingInvite,
  displayAddressOf,
  type InviteContext,
  listingUrlOf,
} from "./invite.ts";

export interface ViewingMailOptions extends InviteContext {
  /** The sender, named after the company (server/mail/sender.ts). */
  from: string;
  timeZone: string;
}

/** Reads a `viewing` row's payload; undefined when it is not one. */
export function readViewingPayload(text: string): ViewingMailPayload | undefined {
  try {
    const value = JSON.parse(text) as Partial<ViewingMailPayload> | null;
    if (!value || typeof value.viewingId !== "number" || typeof value.sequence !== "number") {
      return undefined;
    }
    if (value.method !== "REQUEST" && value.method !== "CANCEL") return undefined;
    if (value.recipient !== "visitor" && value.recipient !== "agent") return undefined;
    return value as ViewingMailPayload;
  } catch {
    return undefined;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

/** What the mail says, by who reads it and where the viewing stands. */
function wordingOf(
  payload: ViewingMailPayload,
  viewing: ViewingDetail,
): { subject: string; lead: string } {
  const home = viewing.listing.headline || viewing.listing.code;
  if (payload.reminder) {
    return {
      subject: `Your viewing tomorrow: ${home}`,
      lead: "A reminder of your viewing tomorrow. The invite attached has the time and the address.",
    };
  }
  const ended = payload.method === "CANCEL";
  const confirmed = viewing.status === "confirmed";
  if (payload.recipient === "visitor") {
    if (ended) {
      return viewing.status === "declined"
        ? {
            subject: `Viewing not possible: ${home}`,
            lead: "We are sorry: we cannot show you the home at this time. Please book another time or call us.",
          }
        : {
            subject: `Viewing cancelled: ${home}`,
            lead: "Your viewing has been cancelled. Please book another time or call us.",
          };
    }
    if (confirmed) {
      return {
        subject: `Viewing confirmed: ${home}`,
        lead: "Your viewing is confirmed. We look forward to showing you the home.",
      };
    }
    return viewing.sequence === 0
      ? {
          subject: `Viewing requested: ${home}`,
          lead: "Your viewing is requested — tentative until we confirm. The time is held for you; we will confirm it shortly.",
        }
      : {
          subject: `Viewing changed: ${home}`,
          lead: "Your viewing has changed — tentative until we confirm. The new time is below.",
        };
  }
  if (ended)
    return { subject: `Viewing ended: ${home}`, lead: `This viewing is ${viewing.status}.` };
  if (confirmed)
    return { subject: `Viewing confirmed: ${home}`, lead: "This viewing is confirmed." };
  return viewing.sequence === 0
    ? {
        subject: `New viewing request: ${home}`,
        lead: "A visitor booked this viewing online. It is tentative until you confirm it in the diary.",
      }
    : { subject: `Viewing changed: ${home}`, lead: "This viewing has changed." };
}

/**
 * The mail of one `viewing` outbox row; undefined when there is nothing to send: the viewing is
 * gone, the revision is superseded, the agent's mail of a viewing without one, or a reminder of
 * a viewing that no longer stands.
 */
export function buildViewingMail(
  payload: ViewingMailPayload,
  viewing: ViewingDetail | undefined,
  mailId: number,
  options: ViewingMailOptions,
): EnquiryMail | undefined {
  if (!viewing) return undefined;
  if (payload.sequence < viewing.sequence) return undefined;
  const stands = viewing.status === "tentative" || viewing.status === "confirmed";
  if (payload.reminder && !stands) return undefined;
  const to = payload.recipient === "visitor" ? viewing.visitorEmail : viewing.agentEmail;
  if (!to) return undefined;

  const { subject, lead } = wordingOf(payload, viewing);
  const when = describeViewingTime(
    new Date(viewing.startsAt),
    new Date(viewing.endsAt),
    options.timeZone,
  );
  const address = displayAddressOf(viewing);
  const url = listingUrlOf(viewing, options.siteUrl);
  const facts: [string, string][] = [
    ["Home", `${viewing.listing.headline || viewing.listing.code} (${viewing.listing.code})`],
    ["When", `${when} (${options.timeZone})`],
    ["Where", address],
  ];
  if (payload.recipient === "agent") {
    facts.push(
      ["Visitor", viewing.visitorName],
      ["Email", viewing.visitorEmail],
      ["Telephone", viewing.visitorPhone],
    );
    if (viewing.message) facts.push(["Message", viewing.message]);
  }
  const text = [
    subject,
    "",
    lead,
    "",
    ...facts.map(([label, value]) => `${label}: ${value.replace(/[\r\n]+/g, " ")}`),
    `The home: ${url}`,
    "",
  ].join("\n");
  const html = [
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b2430;line-height:1.5">`,
    `<h1 style="font-size:18px">${escapeHtml(subject)}</h1>`,
    `<p>${escapeHtml(lead)}</p>`,
    "<table>",
    ...facts.map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding-right:12px">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    "</table>",
    `<p><a href="${escapeHtml(url)}">See the home</a></p>`,
    "</body></html>",
  ].join("");
  const method = payload.method;
  const kind = payload.reminder ? "reminder" : `${viewing.sequence}-${payload.recipient}`;
  return {
    from: options.from,
    to,
    subject: subject.replace(/[\r\n]+/g, " "),
    text,
    html,
    messageId: `<viewing-${viewing.id}-${kind}-${mailId}@${hostOf(options.siteUrl)}>`,
    icalEvent: {
      method,
      filename: "invite.ics",
      content: buildViewingInvite(viewing, method, options),
    },
  };
}

/** The outbox job's builder of `viewing` rows (server/app.ts's `buildQueuedMail`). */
export function createViewingMails(options: {
  db: () => Kysely<Database>;
  config: Pick<Config, "siteUrl" | "MAIL_FROM" | "ALERT_MAIL_FROM" | "OFFICE_TIME_ZONE">;
  now?: () => Date;
}): { buildQueuedMail(mail: QueuedMail): Promise<EnquiryMail | undefined> } {
  const now = options.now ?? (() => new Date());
  return {
    async buildQueuedMail(mail) {
      const payload = readViewingPayload(mail.payload);
      if (!payload) return undefined;
      const db = options.db();
      const viewing = await findViewingDetail(db, payload.viewingId);
      const profile = await findCompanyProfile(db);
      const { config } = options;
      return buildViewingMail(payload, viewing, mail.id, {
        from: namedSender(profile?.business_name, config.ALERT_MAIL_FROM ?? config.MAIL_FROM),
        siteUrl: config.siteUrl,
        companyName: profile?.business_name.trim() ?? "",
        companyEmail: profile?.email_address.trim() || addressOf(config.MAIL_FROM),
        timeZone: config.OFFICE_TIME_ZONE,
        now: now(),
      });
    },
  };
}
