/**
 * Viewings booked online (issue 31, decision 101): the free slots of a listing and the booking
 * of one. A booking holds its slot at once: in one transaction it re-reads the diary of the
 * member of staff who would host it (on PostgreSQL after taking that diary's advisory lock),
 * checks the slot is still free (buffers and overlaps included), inserts the tentative viewing
 * with its `hold_key` and queues its invite mails (REQUEST, SEQUENCE 0). The unique index on
 * `hold_key` refuses the second of two bookings of one slot on any app server; the loser is told
 * the time has just been taken.
 */
import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "../../db/database.ts";
import {
  type BookableListing,
  countHeldViewings,
  findBookableListing,
  insertHeldViewing,
  isUniqueViolation,
  listDaysOffBetween,
  listHeldViewings,
  listListingSpans,
  lockStaffDiary,
} from "../../db/queries/viewing-booking.ts";
import { queueViewingMails } from "../../db/queries/viewing-mail.ts";
import { daysBefore } from "../../lib/days.ts";
import {
  type BookedViewing,
  formatViewingDay,
  type ViewingBookingOutcome,
  type ViewingRequestValues,
  type ViewingSlotsView,
  validateViewingRequest,
} from "../../lib/viewing-booking.ts";
import {
  addDays,
  type FreeSlot,
  holdKeyOf,
  hostsInTurn,
  instantOfWallClock,
  listFreeSlots,
  slotsByDay,
  timeOfMinutes,
  wallClockOf,
} from "../../lib/viewing-slots.ts";

type Db = DatabaseHandle["db"];

export interface ViewingBookingOptions {
  database: DatabaseHandle;
  /** OFFICE_TIME_ZONE. */
  timeZone: string;
  /** The host part of every viewing's UID (`<uuid>@<host>`): the site's. */
  uidHost: string;
  /** Wakes the outbox job after a booking committed its mails. */
  wake?: () => void;
  now?: () => Date;
  log?: { info(object: object, message: string): void };
}

/** The booking as the site's page calls it (app/context.ts's ViewingBookingService). */
export interface ViewingBooking {
  /** A published listing's free slots; null when it is not on the site. */
  slots(codeOrSlug: string): Promise<ViewingSlotsView | null>;
  /** Books one slot for a visitor (the puzzle and the rate limit are checked before). */
  book(codeOrSlug: string, values: ViewingRequestValues): Promise<ViewingBookingOutcome>;
}

/** `Tuesday 1 December 2026, 14:30 to 15:00`, in the office's time. */
export function describeViewingTime(startsAt: Date, endsAt: Date, timeZone: string): string {
  const start = wallClockOf(startsAt, timeZone);
  const end = wallClockOf(endsAt, timeZone);
  return `${formatViewingDay(start.day, true)}, ${timeOfMinutes(start.minutes)} to ${timeOfMinutes(end.minutes)}`;
}

export function createViewingBooking(options: ViewingBookingOptions): ViewingBooking {
  const { database, timeZone } = options;
  const now = options.now ?? (() => new Date());

  /** The free slots of `listing` seen from `db` (a transaction, for the re-check). */
  async function freeSlotsOf(db: Db, listing: BookableListing, at: Date) {
    const spans = await listListingSpans(db, listing.id);
    const today = wallClockOf(at, timeZone).day;
    const lastDay = addDays(today, 13);
    const daysOff = await listDaysOffBetween(db, today, lastDay);
    const staff = [...new Set(spans.map((span) => span.staffUserId))];
    // A day either side: a viewing just outside the window may still reach a slot by its buffer.
    const held = await listHeldViewings(
      db,
      staff,
      daysBefore(at, 1),
      instantOfWallClock(addDays(lastDay, 2), 0, timeZone),
    );
    return {
      bookable: spans.length > 0,
      slots: listFreeSlots({ now: at, timeZone, spans, daysOff, held }),
    };
  }

  async function tryHost(
    listing: BookableListing,
    staffUserId: number,
    slot: FreeSlot,
    values: ViewingRequestValues,
    at: Date,
  ): Promise<number | undefined> {
    try {
      return await database.db.transaction().execute(async (trx) => {
        await lockStaffDiary(trx, staffUserId);
        const again = await freeSlotsOf(trx as unknown as Db, listing, at);
        const stillFree = again.slots.some(
          (free) => free.staffUserId === staffUserId && free.startsAt === slot.startsAt,
        );
        if (!stillFree) return undefined;
        const startsAt = new Date(slot.startsAt);
        const id = await insertHeldViewing(trx, {
          uid: `${randomUUID()}@${options.uidHost}`,
          propertyId: listing.id,
          staffUserId,
          startsAt,
          endsAt: new Date(slot.endsAt),
          holdKey: holdKeyOf(staffUserId, startsAt),
          visitorName: values.fullname.trim(),
          visitorEmail: values.email.trim(),
          visitorPhone: values.telephone.trim(),
          message: values.message.trim(),
          now: at,
        });
        await queueViewingMails(trx, {
          viewingId: id,
          sequence: 0,
          method: "REQUEST",
          hasAgent: true,
          now: at,
        });
        return id;
      });
    } catch (error) {
      // Another app server's booking of this slot committed first.
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  return {
    async slots(codeOrSlug) {
      const listing = await findBookableListing(database.db, codeOrSlug);
      if (!listing) return null;
      const { bookable, slots } = await freeSlotsOf(database.db, listing, now());
      return {
        listing: {
          code: listing.code,
          slug: listing.slug,
          headline: listing.headline,
          address: listing.address,
        },
        bookable,
        timeZone,
        days: slotsByDay(slots).map(({ day, slots: times }) => ({
          day,
          label: formatViewingDay(day),
          slots: times.map((slot) => ({ value: slot.startsAt, time: slot.time })),
        })),
      };
    },

    async book(codeOrSlug, values) {
      const errors = validateViewingRequest(values);
      if (Object.keys(errors).length > 0) return { outcome: "invalid", errors };
      const listing = await findBookableListing(database.db, codeOrSlug);
      if (!listing) return { outcome: "gone" };
      const at = now();
      const slot = values.slot.trim();
      const { slots } = await freeSlotsOf(database.db, listing, at);
      const candidates = slots.filter((free) => free.startsAt === slot);
      const first = candidates[0];
      if (!first) return { outcome: "taken" };
      const dayStart = instantOfWallClock(first.day, 0, timeZone);
      const dayEnd = instantOfWallClock(addDays(first.day, 1), 0, timeZone);
      const booked = await countHeldViewings(
        database.db,
        candidates.map((candidate) => candidate.staffUserId),
        dayStart,
        dayEnd,
      );
      for (const staffUserId of hostsInTurn(candidates, booked)) {
        const candidate = candidates.find((free) => free.staffUserId === staffUserId) ?? first;
        const id = await tryHost(listing, staffUserId, candidate, values, at);
        if (id === undefined) continue;
        options.log?.info({ viewingId: id, listing: listing.code }, "viewing booked");
        options.wake?.();
        const viewing: BookedViewing = {
          startsAt: candidate.startsAt,
          endsAt: candidate.endsAt,
          when: describeViewingTime(
            new Date(candidate.startsAt),
            new Date(candidate.endsAt),
            timeZone,
          ),
        };
        return { outcome: "booked", viewing };
      }
      return { outcome: "taken" };
    },
  };
}
