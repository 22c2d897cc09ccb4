/**
 * The search alerts' reads of listings (decision 055): what was published since a digest, among
 * an alert's matches.
 */
import type { Kysely } from "kysely";
import type { Property } from "../../lib/api-contract.ts";
import type { PropertyFilters } from "../../lib/property-search.ts";
import type { Database } from "../database.ts";
import { toIsoString } from "./columns.ts";

import { selectPublishedFew, toProperty } from "./property.ts";
import { selectMatching } from "./property-search.ts";

/** The newest `first_published_at` of any listing (decision 055): a digest's upper mark. */
export async function latestFirstPublishedAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom("property")
    .select((eb) => eb.fn.max("first_published_at").as("latest"))
    .executeTakeFirst();
  const latest = row?.latest as Date | string | null | undefined;
  return latest === null || latest === undefined ? null : toIsoString(latest);
}

/**
 * The published listings that match a search's filters (the very conditions of /search) and
 * were first published after `after` (null: any time) and at or before `upTo`: their ids,
 * newest first, at most `limit` (decision 055).
 */
export async function listNewlyPublishedMatchIds(
  db: Kysely<Database>,
  filters: PropertyFilters,
  range: { after: string | null; upTo: string; limit: number },
): Promise<number[]> {
  const matches = await selectMatching(db, filters, { trigrams: false })
    .select("property.id")
    .where("property.first_published_at", "<=", range.upTo)
    .$if(range.after !== null, (query) =>
      query.where("property.first_published_at", ">", range.after as string),
    )
    .orderBy("property.first_published_at", "desc")
    .orderBy("property.id", "desc")
    .limit(range.limit)
    .execute();
  return matches.map((row) => row.id);
}

/** The published listings of `ids`, in that order (a row unpublished meanwhile is dropped). */
export async function findPublishedByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Property[]> {
  if (ids.length === 0) return [];
  const rows = await selectPublishedFew(db)
    .where("property.id", "in", [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProperty(row)] : [];
  });
}
