/**
 * The mails of a viewing (issue 31): every revision of a viewing (booked, confirmed, moved,
 * declined, cancelled) is mailed to its visitor and to its agent, each with the iCalendar invite
 * of that revision (same UID, its SEQUENCE; METHOD REQUEST while it stands, CANCEL when it
 * ends). Queued in the outbox (kind `viewing`) in the transaction that changes the viewing, so
 * a change acknowledged is always mailed; the outbox job builds each mail from the viewing when
 * it sends it.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../database.ts";
import { enqueueOutbox } from "./outbox.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** RFC 5545's METHOD of the invite: a viewing that stands, or one that has ended. */
export type ViewingMailMethod = "REQUEST" | "CANCEL";

/** Who a viewing's mail goes to: the visitor who booked it, or the staff member hosting it. */
export type ViewingMailRecipient = "visitor" | "agent";

/** What a `viewing` outbox row carries: which revision of which viewing, and to whom. */
export interface ViewingMailPayload {
  viewingId: number;
  sequence: number;
  method: ViewingMailMethod;
  recipient: ViewingMailRecipient;
  /** The day-before reminder (visitor only), with the invite as it stands. */
  reminder?: true;
}

/**
 * Queues one revision's mails, once each (`viewing:<id>:<sequence>:<recipient>`): to the visitor,
 * and to the agent when the viewing has one. Answers the payloads it added.
 */
export async function queueViewingMails(
  db: Db,
  revision: {
    viewingId: number;
    sequence: number;
    method: ViewingMailMethod;
    hasAgent: boolean;
    now: Date;
  },
): Promise<ViewingMailPayload[]> {
  const recipients: ViewingMailRecipient[] = revision.hasAgent ? ["visitor", "agent"] : ["visitor"];
  const queued: ViewingMailPayload[] = [];
  for (const recipient of recipients) {
    const payload: ViewingMailPayload = {
      viewingId: revision.viewingId,
      sequence: revision.sequence,
      method: revision.method,
      recipient,
    };
    const added = await enqueueOutbox(db, {
      dedupeKey: `viewing:${revision.viewingId}:${revision.sequence}:${recipient}`,
      kind: "viewing",
      payload,
      now: revision.now,
    });
    if (added) queued.push(payload);
  }
  return queued;
}

/**
 * Queues the day-before reminder to the visitor, once per revision of a viewing
 * (`viewing:<id>:<sequence>:reminder`): a viewing moved after its reminder went is reminded of
 * its new time. Answers whether it was added.
 */
export async function queueViewingReminder(
  db: Db,
  reminder: { viewingId: number; sequence: number; now: Date },
): Promise<boolean> {
  const payload: ViewingMailPayload = {
    viewingId: reminder.viewingId,
    sequence: reminder.sequence,
    method: "REQUEST",
    recipient: "visitor",
    reminder: true,
  };
  return enqueueOutbox(db, {
    dedupeKey: `viewing:${reminder.viewingId}:${reminder.sequence}:reminder`,
    kind: "viewing",
    payload,
    now: reminder.now,
  });
}
