/**
 * After the load: every acknowledged write followed, straight in the database (not through the
 * servers) and in the mail the SMTP server took: enquiries stored and mailed once, alert
 * sign-ups stored and their confirmation mailed once, staff saves stored and audited once.
 */
import type pg from "pg";
import type { Followed } from "./tally.ts";

/** Rows per address (or listing) from `sql`, which selects `key` and `n`. */
async function countsBy(database: pg.Client, sql: string): Promise<Map<string, number>> {
  const { rows } = await database.query<{ key: string; n: string }>(sql);
  return new Map(rows.map((row) => [row.key, Number(row.n)]));
}

/** A write followed by its address: stored rows by address, mails by address. */
function followByAddress(
  posted: number,
  acknowledged: ReadonlySet<string>,
  stored: ReadonlyMap<string, number>,
  mailed: ReadonlyMap<string, number>,
  check: string,
): Followed {
  const ack = [...acknowledged];
  return {
    sent: posted,
    acknowledged: ack.length,
    stored: ack.filter((address) => stored.has(address)).length,
    delivered: { check, count: ack.filter((address) => mailed.get(address) === 1).length },
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
  mailed: ReadonlyMap<string, number>,
): Promise<Followed> {
  const stored = await countsBy(
    database,
    "select email as key, count(*) as n from enquiry where email like 'drill-%' group by email",
  );
  return followByAddress(ledger.posted, ledger.acknowledged, stored, mailed, "mailed once");
}

export async function followAlerts(
  database: pg.Client,
  ledger: { posted: number; acknowledged: ReadonlySet<string> },
  mailed: ReadonlyMap<string, number>,
): Promise<Followed> {
  const stored = await countsBy(
    database,
    "select email as key, count(*) as n from search_alert where email like 'drill-alert-%' group by email",
  );
  return followByAddress(
    ledger.posted,
    ledger.acknowledged,
    stored,
    mailed,
    "confirmation mailed once",
  );
}

export async function followSaves(
  database: pg.Client,
  ledger: { posted: ReadonlyMap<string, string>; acknowledged: ReadonlyMap<string, string> },
): Promise<Followed> {
  const { rows: listings } = await database.query<{ code: string; headline: string }>(
    "select code, headline from property where headline like 'Drill save [%'",
  );
  const headlineOf = new Map(listings.map((row) => [row.code, row.headline]));
  const { rows: events } = await database.query<{ code: string; detail: string }>(
    "select subject_id as code, detail from audit_event where action = 'listing.save' and detail like '%Drill save [%'",
  );
  /** How many save events of `code` name `headline` (the headline's change, quoted). */
  const audited = (code: string, headline: string) =>
    events.filter((event) => event.code === code && event.detail.includes(JSON.stringify(headline)))
      .length;
  const ack = [...ledger.acknowledged];
  return {
    sent: ledger.posted.size,
    acknowledged: ack.length,
    stored: ack.filter(([code, headline]) => headlineOf.get(code) === headline).length,
    delivered: {
      check: "audited once",
      count: ack.filter(([code, headline]) => audited(code, headline) === 1).length,
    },
    duplicated: ack.filter(([code, headline]) => audited(code, headline) > 1).length,
    lost: ack.filter(
      ([code, headline]) => headlineOf.get(code) !== headline || audited(code, headline) === 0,
    ).length,
    storedNotAcknowledged: [...headlineOf.keys()].filter((code) => !ledger.acknowledged.has(code))
      .length,
  };
}

/** Mails of every kind still waiting in the outbox. */
export async function pendingMails(database: pg.Client): Promise<number> {
  const { rows } = await database.query<{ n: string }>(
    "select count(*) as n from outbox where status = 'pending'",
  );
  return Number(rows[0]?.n);
}
