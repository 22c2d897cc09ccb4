/**
 * The back office's viewing hours (decision 101): each member of staff's weekly hours (for every
 * listing, or a listing's own), days off (theirs, or the whole office's) and private calendar
 * feed. Agents change their own; owners anyone's and the office's. Each change is one
 * transaction with its audit event.
 */
import type { AdminViewingHoursService, StaffSession, ViewingHoursChange } from "#app-context";
import type { DatabaseHandle } from "../../db/database.ts";
import { inTransaction, recordAuditEvent } from "../../db/queries/audit.ts";
import { listStaffUsers } from "../../db/queries/staff.ts";
import {
  deleteDayOff,
  findDayOff,
  insertDayOff,
  listAllSpans,
  listDaysOffBetween,
  listFeeds,
  replaceStaffSpans,
  type SpanRow,
} from "../../db/queries/viewing-booking.ts";
import {
  hoursMessages,
  readDayOff,
  readHoursForm,
  writeDaySpans,
} from "../../lib/viewing-hours.ts";
import { addDays, wallClockOf } from "../../lib/viewing-slots.ts";
import { actorOf } from "../staff/listings.ts";
import type { CalendarFeeds } from "./calendar-feed.ts";

function formOf(spans: readonly SpanRow[]): Record<string, string> {
  const form: Record<string, string> = {};
  for (let weekday = 1; weekday <= 7; weekday++)
    form[`day${weekday}`] = writeDaySpans(spans, weekday);
  form.slot = String(spans[0]?.slotMinutes ?? 30);
  form.buffer = String(spans[0]?.bufferMinutes ?? 15);
  return form;
}

const mayChange = (session: StaffSession, staffId: number | null) =>
  session.user.role === "owner" || staffId === session.user.id;

const refused = (field: string, message: string): ViewingHoursChange => ({
  ok: false,
  errors: { [field]: message },
});

export function createAdminViewingHours(options: {
  database: DatabaseHandle;
  timeZone: string;
  feeds: CalendarFeeds;
  now?: () => Date;
}): AdminViewingHoursService {
  const { database, timeZone, feeds } = options;
  const now = options.now ?? (() => new Date());
  const db = () => database.db;

  return {
    async overview(session) {
      const [staff, spans, feedsMade, listings] = await Promise.all([
        listStaffUsers(db()),
        listAllSpans(db()),
        listFeeds(db()),
        db()
          .selectFrom("property")
          .select(["id", "code", "headline"])
          .where(
            "id",
            "in",
            db()
              .selectFrom("viewing_availability")
              .select("property_id")
              .where("property_id", "is not", null)
              .$narrowType<{ property_id: number }>(),
          )
          .execute(),
      ]);
      const today = wallClockOf(now(), timeZone).day;
      const daysOff = await listDaysOffBetween(db(), today, addDays(today, 366));
      const emailOf = new Map(staff.map((member) => [member.id, member.email]));
      const owner = session.user.role === "owner";
      return {
        owner,
        timeZone,
        staff: staff.map((member) => {
          const own = spans.filter((span) => span.staffUserId === member.id);
          const office = own.filter((span) => span.propertyId === null);
          return {
            id: member.id,
            email: member.email,
            editable: mayChange(session, member.id),
            feedSince: feedsMade.get(member.id) ?? null,
            office: office.length > 0 ? { form: formOf(office) } : null,
            listings: listings
              .map((listing) => ({
                code: listing.code,
                headline: listing.headline,
                rows: own.filter((span) => span.propertyId === listing.id),
              }))
              .filter((listing) => listing.rows.length > 0)
              .map(({ rows, ...listing }) => ({ ...listing, form: formOf(rows) })),
          };
        }),
        daysOff: daysOff.map((off) => ({
          id: off.id,
          staffEmail: off.staffUserId === null ? null : (emailOf.get(off.staffUserId) ?? "?"),
          day: off.day,
          note: off.note,
          removable: mayChange(session, off.staffUserId),
        })),
      };
    },

    async saveHours(session, staffId, listingCode, form) {
      if (!mayChange(session, staffId)) return refused("staff", hoursMessages.notYours);
      const read = readHoursForm(form);
      if (!read.ok) return read;
      const code = listingCode.trim();
      let propertyId: number | null = null;
      if (code !== "") {
        const listing = await db()
          .selectFrom("property")
          .select("id")
          .where("code", "=", code)
          .executeTakeFirst();
        if (!listing) return refused("listing", hoursMessages.listing);
        propertyId = listing.id;
      }
      const at = now();
      const spans = read.hours.spans.map((span) => ({
        ...span,
        slotMinutes: read.hours.slotMinutes,
        bufferMinutes: read.hours.bufferMinutes,
      }));
      await inTransaction(db(), async (trx) => {
        const before = await replaceStaffSpans(trx, staffId, propertyId, spans, at);
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "viewing-hours.save",
          subjectType: "viewing-hours",
          subjectId: staffId,
          detail: {
            listing: code || "every listing",
            before: before.map((span) => `${span.weekday} ${span.startTime}-${span.endTime}`),
            after: spans.map((span) => `${span.weekday} ${span.startTime}-${span.endTime}`),
            slotMinutes: read.hours.slotMinutes,
            bufferMinutes: read.hours.bufferMinutes,
          },
          at,
        });
      });
      return {
        ok: true,
        message: spans.length > 0 ? "The hours are saved." : "The hours are cleared.",
      };
    },

    async addDayOff(session, staffId, dayText, note) {
      if (!mayChange(session, staffId)) return refused("staff", hoursMessages.notYours);
      const day = readDayOff(dayText);
      if (typeof day !== "string") return refused("day", day.error);
      const at = now();
      await inTransaction(db(), async (trx) => {
        const id = await insertDayOff(trx, {
          staffUserId: staffId,
          day,
          note: note.trim().slice(0, 200),
        });
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "viewing-hours.day-off-add",
          subjectType: "viewing-hours",
          subjectId: staffId ?? "office",
          detail: { id, day, note: note.trim().slice(0, 200) },
          at,
        });
      });
      return { ok: true, message: `${day} is a day off.` };
    },

    async removeDayOff(session, id) {
      const off = await findDayOff(db(), id);
      if (!off) return { ok: true, message: "That day off was removed already." };
      if (!mayChange(session, off.staffUserId)) return refused("staff", hoursMessages.notYours);
      const at = now();
      await inTransaction(db(), async (trx) => {
        await deleteDayOff(trx, id);
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "viewing-hours.day-off-remove",
          subjectType: "viewing-hours",
          subjectId: off.staffUserId ?? "office",
          detail: { day: off.day },
          at,
        });
      });
      return { ok: true, message: `${off.day} is no longer a day off.` };
    },

    async issueFeed(session, staffId) {
      if (!mayChange(session, staffId)) return { ok: false, message: hoursMessages.notYours };
      const at = now();
      const url = await inTransaction(db(), async (trx) => {
        const made = await feeds.issue(trx, staffId, at);
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "viewing-hours.feed-issue",
          subjectType: "viewing-hours",
          subjectId: staffId,
          at,
        });
        return made;
      });
      return { ok: true, url };
    },

    async revokeFeed(session, staffId) {
      if (!mayChange(session, staffId)) return refused("staff", hoursMessages.notYours);
      const at = now();
      const had = await inTransaction(db(), async (trx) => {
        const revoked = await feeds.revoke(trx, staffId);
        if (revoked) {
          await recordAuditEvent(trx, {
            actor: actorOf(session),
            action: "viewing-hours.feed-revoke",
            subjectType: "viewing-hours",
            subjectId: staffId,
            at,
          });
        }
        return revoked;
      });
      return {
        ok: true,
        message: had
          ? "The calendar feed is revoked: its address no longer works."
          : "There was no feed.",
      };
    },
  };
}
