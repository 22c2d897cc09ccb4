/**
 * After the load: every acknowledged write followed, straight in the database (not through the
 * servers) and in the mail the SMTP server took: enquiries stored and mailed once, alert
 * sign-ups stored and their confirmation mailed once, staff saves stored and audited once.
 */
import type pg from "pg";
import type { MailSink } from "./mail-sink.ts";
import type { SaveLedger } from "./staff-saves.ts";
import type { Followed } from "./tally.ts";

/** How many of the duplicated, lost or unacknowledged writes of a kind the drill names. */
const notesKept = 5;

/** Rows per address (or listing) from `sql`, which selects `key` and `n`. */
async function countsBy(database: pg.Client, sql: string): Promise<Map<string, number>> {
  const { rows } = await database.query<{ key: string; n: string }>(sql);
  return new Map(rows.map((row) => [row.key, Number(row.n)]));
}

/** A write followed by its address: stored rows by address, mails by address. */
export function followByAddress(
  posted: number,
  acknowledged: ReadonlySet<string>,
  stored: ReadonlyMap<string, number>,
  mailed: ReadonlyMap<string, number>,
  check: string,
  messageIds: ReadonlyMap<string, readonly string[]> = new Map(),
): Followed {
  const ack = [...acknowledged];
  const describe = (address: string) => {
    const ids = messageIds.get(address) ?? [];
    const same = ids.length > 1 && new Set(ids).size === 1 ? ", the same Message-ID" : "";
    const told = acknowledged.has(address) ? "acknowledged" : "not acknowledged";
    return `${address}: ${told}, stored ×${stored.get(address) ?? 0}, mailed ×${mailed.get(address) ?? 0}${same}`;
  };
  const notable = [
    ...ack.filter((address) => stored.get(address) !== 1 || mailed.get(address) !== 1),
    ...[...stored.keys()].filter((address) => !acknowledged.has(address)),
  ];
  return {
    notes: notable.slice(0, notesKept).map(describe),
    sent: posted,
    acknowledged: ack.length,
    stored: ack.filter((address) => stored.has(address)).length,
    delivered: {
      check,
      count: ack.filter((address) => stored.get(address) === 1 && mailed.get(address) === 1).length,
    },
    duplicated: ack.filter(
      (address) => (stored.get(address) ?? 0) > 1 || (mailed.get(address) ?? 0) > 1,
    ).length,
    lost: ack.filter((address) => !stored.has(address) || !mailed.has(address)).length,
    storedNotAcknowledged: [...stored.keys()].filter((address) => !acknowledged.has(address))
      .length,
  };
}

export async function followEnquiries(
  database: pg.Client,
  ledger: { posted: number; acknowledged: ReadonlySet<string> },
  mail: Pick<MailSink, "mailed" | "messageIds">,
): Promise<Followed> {
  const stored = await countsBy(
    database,
    "select email as key, count(*) as n from enquiry where email like 'drill-%' group by email",
  );
  return followByAddress(
    ledger.posted,
    ledger.acknowledged,
    stored,
    mail.mailed,
    "mailed once",
    mail.messageIds,
  );
}

export async function followAlerts(
  database: pg.Client,
  ledger: { posted: number; acknowledged: ReadonlySet<string> },
  mail: Pick<MailSink, "mailed" | "messageIds">,
): Promise<Followed> {
  const stored = await countsBy(
    database,
    "select email as key, count(*) as n from search_alert where email like 'drill-alert-%' group by email",
  );
  return followByAddress(
    ledger.posted,
    ledger.acknowledged,
    stored,
    mail.mailed,
    "confirmation mailed once",
    mail.messageIds,
  );
}

export async function followSaves(database: pg.Client, ledger: SaveLedger): Promise<Followed> {
  const { rows: listings } = await database.query<{ code: string; headline: string }>(
    "select code, headline from property where headline like 'Drill save [%'",
  );
  const { rows: events } = await database.query<{ code: string; detail: string }>(
    "select subject_id as code, detail from audit_event where action = 'listing.save' and detail like '%Drill save [%'",
  );
  return followSaveRows(ledger, listings, events);
}

/**
 * Saves followed to the listings' rows (each save wrote its own headline to a listing of its
 * own) and to the audit log's `listing.save` events (their details quote the headline).
 */
export function followSaveRows(
  ledger: SaveLedger,
  listings: readonly { code: string; headline: string }[],
  events: readonly { code: string; detail: string }[],
): Followed {
  const headlineOf = new Map(listings.map((row) => [row.code, row.headline]));
  const audited = (code: string, headline: string) =>
    events.filter((event) => event.code === code && event.detail.includes(JSON.stringify(headline)))
      .length;
  const ack = [...ledger.acknowledged];
  const notable = [
    ...ack.filter(
      ([code, headline]) => headlineOf.get(code) !== headline || audited(code, headline) !== 1,
    ),
    ...[...headlineOf].filter(([code]) => !ledger.acknowledged.has(code)),
  ];
  return {
    notes: notable.slice(0, notesKept).map(([code, headline]) => {
      const told = ledger.acknowledged.has(code) ? "acknowledged" : "not acknowledged";
      const kept = headlineOf.get(code) === headline ? "stored" : "not stored";
      return `${code} "${headline}": ${told}, ${kept}, audited ×${audited(code, headline)}`;
    }),
    sent: ledger.posted.size,
    acknowledged: ack.length,
    stored: ack.filter(([code, headline]) => headlineOf.get(code) === headline).length,
    delivered: {
      check: "audited once",
      count: ack.filter(
        ([code, headline]) => headlineOf.get(code) === headline && audited(code, headline) === 1,
      ).length,
    },
    duplicated: ack.filter(([code, headline]) => audited(code, headline) > 1).length,
    lost: ack.filter(
      ([code, headline]) => headlineOf.get(code) !== headline || audited(code, headline) === 0,
    ).length,
    storedNotAcknowledged: [...headlineOf.keys()].filter((code) => !ledger.acknowledged.has(code))
      .length,
  };
}

/** Whether the drill failed: anything acknowledged lost or duplicated. */
export function lostOrDuplicated(rows: Record<string, Followed>): boolean {
  return Object.values(rows).some((row) => row.lost > 0 || row.duplicated > 0);
}

/** Mails of every kind still waiting in the outbox. */
export async function pendingMails(database: pg.Client): Promise<number> {
  const { rows } = await database.query<{ n: string }>(
    "select count(*) as n from outbox where status = 'pending'",
  );
  return Number(rows[0]?.n);
}
