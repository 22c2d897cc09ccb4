/**
 * The back office's viewings diary (issue 31, decision 102): a day's or a week's viewings,
 * per member of staff (an agent sees their own diary only; owners everyone's), and the
 * changes staff make — confirm, decline, cancel, move, feedback. Each change is written only at
 * the revision the page was drawn at (a stale page is refused), raises the viewing's SEQUENCE
 * when the invite changes, queues the visitor's and the agent's mails
 * (db/queries/viewing-mail.ts) and records its audit event, all in one transaction.
 */
import type { AdminViewingsService, StaffSession } from "#app-context";
import type { DatabaseHandle } from "../../db/database.ts";
import { recordAuditEvent } from "../../db/queries/audit.ts";
import { isUniqueViolation } from "../../db/queries/viewing-booking.ts";
import {
  findDiaryViewing,
  listDiaryViewings,
  listViewingStaff,
  updateViewingAtSequence,
  viewingHoldKey,
} from "../../db/queries/viewing-diary.ts";
import { queueViewingMails } from "../../db/queries/viewing-mail.ts";
import {
  type AdminViewing,
  type AdminViewingStatus,
  addDays,
  dayBounds,
  defaultOfficeTimeZone,
  instantOf,
  isIsoDate,
  isTimeOfDay,
  localDateTime,
  maxFeedbackLength,
  mondayOf,
  type ViewingChange,
  type ViewingChangeOutcome,
  type ViewingChangeRefusal,
} from "../../lib/admin-viewings.ts";
import { actorOf } from "./listings.ts";

export interface AdminViewingsOptions {
  database: DatabaseHandle;
  /** The office's time zone (IANA): its days are the diary's. Europe/London by default. */
  timeZone?: string;
  /** Called after a change queued mails, to wake the outbox. */
  onQueued?: () => void;
  now?: () => Date;
}

const refusalMessages: Record<ViewingChangeRefusal, string> = {
  missing: "There is no such viewing.",
  stale:
    "Someone changed this viewing since this page was opened, so nothing was saved. Look at it as it is now and try again.",
  status: "This viewing can no longer be changed that way.",
  taken: "That time is already booked for that member of staff. Choose another time.",
  invalid: "Check the date and time.",
  "not-started": "Feedback can be kept once the viewing has started.",
  "owners-only": "Only an owner can give a viewing to another member of staff.",
};

function refuse(reason: ViewingChangeRefusal, message = refusalMessages[reason]) {
  return { ok: false as const, reason, message };
}

/** Which statuses each change starts from, and where it leads. */
const transitions: Record<
  "confirm" | "decline" | "cancel",
  { from: AdminViewingStatus[]; to: AdminViewingStatus }
> = {
  confirm: { from: ["tentative"], to: "confirmed" },
  decline: { from: ["tentative"], to: "declined" },
  cancel: { from: ["confirmed"], to: "cancelled" },
};

const standing: AdminViewingStatus[] = ["tentative", "confirmed"];

export function createAdminViewings(options: AdminViewingsOptions): AdminViewingsService {
  const db = options.database.db;
  const timeZone = options.timeZone ?? defaultOfficeTimeZone;
  const now = options.now ?? (() => new Date());

  /** An agent reaches their own viewings only; owners every one. */
  const mayReach = (session: StaffSession, viewing: AdminViewing) =>
    session.user.role === "owner" || viewing.staff?.id === session.user.id;

  async function change(
    session: StaffSession,
    id: number,
    sequence: number,
    requested: ViewingChange,
  ): Promise<ViewingChangeOutcome> {
    const at = now();
    const actor = actorOf(session);
    try {
      return await db.transaction().execute(async (trx): Promise<ViewingChangeOutcome> => {
        const viewing = await findDiaryViewing(trx, id);
        if (!viewing || !mayReach(session, viewing)) return refuse("missing");
        if (viewing.sequence !== sequence) return refuse("stale");
        const updatedAt = at.toISOString();
        const audit = (action: string, detail: Record<string, unknown>) =>
          recordAuditEvent(trx, {
            actor,
            action: `viewing.${action}`,
            subjectType: "viewing",
            subjectId: id,
            detail,
            at,
          });

        if (requested.kind === "feedback") {
          if (viewing.status !== "confirmed" && viewing.status !== "tentative") {
            return refuse("status");
          }
          if (new Date(viewing.startsAt).getTime() > at.getTime()) return refuse("not-started");
          const text = requested.text.trim();
          if (text === "" || text.length > maxFeedbackLength) {
            return refuse(
              "invalid",
              `Write the feedback, at most ${maxFeedbackLength} characters.`,
            );
          }
          // Feedback changes no invite: no new SEQUENCE, no mails. The sequence still guards it.
          const written = await updateViewingAtSequence(trx, id, sequence, {
            feedback: text,
            feedback_at: updatedAt,
            updated_at: updatedAt,
          });
          // Changed meanwhile by another server's transaction: nothing written, nothing queued.
          if (!written) return refuse("stale");
          // The text stays on the viewing: the log says only that it changed.
          await audit("feedback", {
            feedbackLength: text.length,
            replaced: viewing.feedback !== "",
          });
        } else if (requested.kind === "move") {
          if (!standing.includes(viewing.status)) return refuse("status");
          if (!isIsoDate(requested.date) || !isTimeOfDay(requested.time)) return refuse("invalid");
          const startsAt = instantOf(requested.date, requested.time, timeZone);
          if (startsAt.getTime() <= at.getTime()) {
            return refuse("invalid", "Choose a time that has not passed.");
          }
          const staffId = requested.staffId ?? viewing.staff?.id ?? null;
          if (staffId !== (viewing.staff?.id ?? null)) {
            if (session.user.role !== "owner") return refuse("owners-only");
            const exists = await trx
              .selectFrom("staff_user")
              .select("id")
              .where("id", "=", staffId as number)
              .executeTakeFirst();
            if (!exists) return refuse("invalid", "Choose a member of staff.");
          }
          const length = new Date(viewing.endsAt).getTime() - new Date(viewing.startsAt).getTime();
          const endsAt = new Date(startsAt.getTime() + length);
          const timeChanged = startsAt.toISOString() !== viewing.startsAt;
          if (!timeChanged && staffId === (viewing.staff?.id ?? null)) {
            return refuse("invalid", "That is the time it already has. Choose another time.");
          }
          const holdKey = viewingHoldKey(staffId, startsAt);
          const taken = await trx
            .selectFrom("viewing")
            .select("id")
            .where("hold_key", "=", holdKey)
            .where("id", "<>", id)
            .executeTakeFirst();
          if (taken) return refuse("taken");
          const next = sequence + 1;
          // The unique index on hold_key refuses a slot another server took a moment ago.
          const written = await updateViewingAtSequence(trx, id, sequence, {
            sequence: next,
            starts_at: startsAt.toISOString(),
            ends_at: endsAt.toISOString(),
            staff_user_id: staffId,
            hold_key: holdKey,
            // A new time is reminded of again, the day before it (decision 102's addendum).
            ...(timeChanged ? { reminder_sent_at: null } : {}),
            updated_at: updatedAt,
          });
          // Changed meanwhile by another server's transaction: nothing written, nothing queued.
          if (!written) return refuse("stale");
          await queueViewingMails(trx, {
            viewingId: id,
            sequence: next,
            method: "REQUEST",
            hasAgent: staffId !== null,
            now: at,
          });
          const changes: Record<string, { before: unknown; after: unknown }> = {
            startsAt: { before: viewing.startsAt, after: startsAt.toISOString() },
            sequence: { before: sequence, after: next },
          };
          if (staffId !== (viewing.staff?.id ?? null)) {
            const after = await trx
              .selectFrom("staff_user")
              .select("email")
              .where("id", "=", staffId as number)
              .executeTakeFirst();
            changes.staff = { before: viewing.staff?.email ?? null, after: after?.email ?? null };
          }
          await audit("move", { changes });
        } else {
          const rule = transitions[requested.kind];
          if (!rule.from.includes(viewing.status)) return refuse("status");
          const next = sequence + 1;
          const ends = rule.to === "declined" || rule.to === "cancelled";
          const written = await updateViewingAtSequence(trx, id, sequence, {
            status: rule.to,
            sequence: next,
            // An ended viewing frees its slot.
            ...(ends ? { hold_key: null } : {}),
            updated_at: updatedAt,
          });
          // Changed meanwhile by another server's transaction: nothing written, nothing queued.
          if (!written) return refuse("stale");
          await queueViewingMails(trx, {
            viewingId: id,
            sequence: next,
            method: ends ? "CANCEL" : "REQUEST",
            hasAgent: viewing.staff !== null,
            now: at,
          });
          await audit(requested.kind, {
            changes: {
              status: { before: viewing.status, after: rule.to },
              sequence: { before: sequence, after: next },
            },
          });
        }
        const saved = await findDiaryViewing(trx, id);
        if (!saved) return refuse("missing");
        return { ok: true, viewing: saved };
      });
    } catch (error) {
      if (requested.kind === "move" && isUniqueViolation(error)) return refuse("taken");
      throw error;
    }
  }

  return {
    timeZone,
    async diary(session, query) {
      const today = localDateTime(now(), timeZone).date;
      const owner = session.user.role === "owner";
      const staffId = owner ? query.staffId : session.user.id;
      const first = query.view === "week" ? mondayOf(query.date) : query.date;
      const days =
        query.view === "week"
          ? Array.from({ length: 7 }, (_, index) => addDays(first, index))
          : [first];
      const from = dayBounds(first, timeZone).start;
      const to = dayBounds(days[days.length - 1] as string, timeZone).end;
      return {
        timeZone,
        query: { ...query, staffId },
        days,
        today,
        canChooseStaff: owner,
        staff: owner ? await listViewingStaff(db) : [],
        viewings: await listDiaryViewings(db, { from, to, staffId }),
      };
    },
    async find(session, id) {
      const viewing = await findDiaryViewing(db, id);
      return viewing && mayReach(session, viewing) ? viewing : null;
    },
    async staff(session) {
      return session.user.role === "owner" ? listViewingStaff(db) : [];
    },
    async change(session, id, sequence, requested) {
      const outcome = await change(session, id, sequence, requested);
      if (outcome.ok && requested.kind !== "feedback") options.onQueued?.();
      return outcome;
    },
  };
}
