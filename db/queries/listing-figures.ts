/**
 * A listing's figures (decision 099): the day's visitor-hash salt, counting an event once per
 * visitor per day, alert matches, and the reads of the back office's figures page.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../database.ts";

type Db = Kysely<Database>;

/** The columns of `listing_day_figures` an event adds to. */
export type DayFigureColumn = "views" | "shortlist_adds" | "alert_matches";

/**
 * The salt of `day`: the stored one, or `fresh` stored first (the first app server to ask wins,
 * so every server hashes alike). Salts and visitor hashes of earlier days are deleted on the
 * way: a day's salt is never kept past its day, which makes its hashes unlinkable.
 */
export async function daySalt(db: Db, day: string, fresh: string): Promise<string> {
  const stored = await db
    .selectFrom("figure_salt")
    .select("salt")
    .where("day", "=", day)
    .executeTakeFirst();
  if (stored) return stored.salt;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("figure_salt").where("day", "<", day).execute();
    await trx.deleteFrom("figure_visitor").where("day", "<", day).execute();
    await trx
      .insertInto("figure_salt")
      .values({ day, salt: fresh })
      .onConflict((conflict) => conflict.column("day").doNothing())
      .execute();
  });
  const row = await db
    .selectFrom("figure_salt")
    .select("salt")
    .where("day", "=", day)
    .executeTakeFirstOrThrow();
  return row.salt;
}

/** Adds `by` to one of a listing's counts of `day` (inserting the day's row when it has none). */
export async function addDayFigure(
  db: Db,
  propertyId: number,
  day: string,
  column: DayFigureColumn,
  by = 1,
): Promise<void> {
  await db
    .insertInto("listing_day_figures")
    .values({ property_id: propertyId, day, [column]: by })
    .onConflict((conflict) =>
      conflict
        .columns(["property_id", "day"])
        .doUpdateSet({ [column]: sql<number>`listing_day_figures.${sql.ref(column)} + ${by}` }),
    )
    .execute();
}

/**
 * Counts an event of a visitor once on its day: the visitor's hash is kept for the day, and a
 * second event with the same hash counts nothing. Answers whether it counted.
 */
export async function countOncePerDay(
  db: Db,
  event: { propertyId: number; day: string; hash: string; column: DayFigureColumn },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("figure_visitor")
      .values({ hash: event.hash, day: event.day })
      .onConflict((conflict) => conflict.column("hash").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await addDayFigure(trx, event.propertyId, event.day, event.column);
    return true;
  });
}

/** The id of a listing the public site shows (published, not archived), by its code. */
export async function findPublicListingId(db: Db, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("property")
    .select("id")
    .where("code", "=", code)
    .where("publish", "=", 1)
    .where("archived_at", "is", null)
    .executeTakeFirst();
  return row?.id;
}

/** What the figures page shows of the listing itself. */
export interface FiguresListingRow {
  id: number;
  code: string;
  headline: string;
  address: string;
  published: boolean;
  archived: boolean;
  createdAt: Date;
  firstPublishedAt: Date | null;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export async function findFiguresListing(
  db: Db,
  code: string,
): Promise<FiguresListingRow | undefined> {
  const row = await db
    .selectFrom("property")
    .select([
      "id",
      "code",
      "headline",
      "address",
      "publish",
      "archived_at",
      "created_at",
      "first_published_at",
    ])
    .where("code", "=", code)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    code: row.code,
    headline: row.headline,
    address: row.address,
    published: Boolean(row.publish),
    archived: row.archived_at !== null,
    createdAt: asDate(row.created_at),
    firstPublishedAt: row.first_published_at === null ? null : asDate(row.first_published_at),
  };
}

/** A listing's counts of each day from `fromDay` on (enquiries by the day they were made). */
export async function listDayFigures(
  db: Db,
  listing: { id: number; code: string },
  fromDay: string,
): Promise<
  { day: string; views: number; shortlistAdds: number; alertMatches: number; enquiries: number }[]
> {
  const counted = await db
    .selectFrom("listing_day_figures")
    .select(["day", "views", "shortlist_adds", "alert_matches"])
    .where("property_id", "=", listing.id)
    .where("day", ">=", fromDay)
    .execute();
  // Stored as ISO text on SQLite and timestamptz on PostgreSQL: read the times, day them here.
  const enquiries = await db
    .selectFrom("enquiry")
    .select("created_at")
    .where("property_code", "=", listing.code)
    .where("created_at", ">=", `${fromDay}T00:00:00.000Z`)
    .execute();
  const byDay = new Map<
    string,
    { day: string; views: number; shortlistAdds: number; alertMatches: number; enquiries: number }
  >();
  const dayRow = (day: string) => {
    let row = byDay.get(day);
    if (!row) {
      row = { day, views: 0, shortlistAdds: 0, alertMatches: 0, enquiries: 0 };
      byDay.set(day, row);
    }
    return row;
  };
  for (const row of counted) {
    const day = dayRow(row.day);
    day.views += Number(row.views);
    day.shortlistAdds += Number(row.shortlist_adds);
    day.alertMatches += Number(row.alert_matches);
  }
  for (const { created_at } of enquiries)
    dayRow(asDate(created_at).toISOString().slice(0, 10)).enquiries += 1;
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** A listing's counts since it was added. */
export async function totalFigures(
  db: Db,
  listing: { id: number; code: string },
): Promise<{ views: number; shortlistAdds: number; alertMatches: number; enquiries: number }> {
  const sums = await db
    .selectFrom("listing_day_figures")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>("views"), sql<number>`0`).as("views"),
      eb.fn.coalesce(eb.fn.sum<number>("shortlist_adds"), sql<number>`0`).as("shortlist_adds"),
      eb.fn.coalesce(eb.fn.sum<number>("alert_matches"), sql<number>`0`).as("alert_matches"),
    ])
    .where("property_id", "=", listing.id)
    .executeTakeFirstOrThrow();
  const enquiries = await db
    .selectFrom("enquiry")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("property_code", "=", listing.code)
    .executeTakeFirstOrThrow();
  return {
    views: Number(sums.views),
    shortlistAdds: Number(sums.shortlist_adds),
    alertMatches: Number(sums.alert_matches),
    enquiries: Number(enquiries.count),
  };
}
