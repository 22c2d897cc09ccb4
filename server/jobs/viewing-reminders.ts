/**
 * The viewings' day-before reminders (issue 31, decision 102), a job of server/jobs/registry.ts:
 * every run finds the confirmed viewings starting tomorrow (the office's day) without a
 * reminder, and for each sets `reminder_sent_at` and queues the visitor's reminder
 * (queueViewingReminder) in one transaction. The update's condition (`reminder_sent_at` still
 * empty) is the claim: of several app servers running it at once, one wins each viewing, and
 * the outbox's key (`viewing:<id>:<sequence>:reminder`) would refuse a second row anyway. A
 * move to a new time empties `reminder_sent_at`, so the new time is reminded of too.
 *
 * Tentative viewings get no reminder: their invite still says tentative, and a reminder would
 * read as the confirmation staff have not given.
 */
import type { DatabaseHandle } from "../../db/database.ts";
import { claimViewingReminders } from "../../db/queries/viewing-diary.ts";
import { queueViewingReminder } from "../../db/queries/viewing-mail.ts";
import {
  addDays,
  dayBounds,
  defaultOfficeTimeZone,
  localDateTime,
} from "../../lib/admin-viewings.ts";

interface Log {
  info(object: object, message: string): void;
}

export interface ViewingRemindersOptions {
  database: DatabaseHandle;
  /** The office's time zone (IANA), whose tomorrow is meant; Europe/London by default. */
  timeZone?: string;
  log: Log;
  /** Called when a run queued reminders, to wake the outbox. */
  onQueued?: () => void;
}

/** Queues tomorrow's reminders at `at` (a run of the job); answers how many it queued. */
export function createViewingReminders(
  options: ViewingRemindersOptions,
): (at: Date) => Promise<number> {
  const { database, log } = options;
  const timeZone = options.timeZone ?? defaultOfficeTimeZone;
  return async (at) => {
    const tomorrow = addDays(localDateTime(at, timeZone).date, 1);
    const { start, end } = dayBounds(tomorrow, timeZone);
    const queued = await claimViewingReminders(
      database.db,
      { from: start, to: end, now: at },
      async (trx, viewing) => {
        await queueViewingReminder(trx, {
          viewingId: viewing.id,
          sequence: viewing.sequence,
          now: at,
        });
      },
    );
    if (queued > 0) {
      log.info({ queued, day: tomorrow }, "viewing reminders queued");
      options.onQueued?.();
    }
    return queued;
  };
}
