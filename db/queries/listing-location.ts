/**
 * Where a city's listings stand (decision 069): the positions the listing editor compares a new
 * pin with.
 */
import { type Kysely, sql } from "kysely";
import type { Position } from "../../lib/listing-location.ts";
import type { Database } from "../database.ts";

/** Enough positions for a steady middle; a city's first hundreds say where it is. */
const samplePositions = 501;

/**
 * The placed listings of `city` in `country` (both matched without case or surrounding space),
 * other than listing `exceptCode`: at most a few hundred, in id order.
 */
export async function cityPositions(
  db: Kysely<Database>,
  place: { city: string; country: string; exceptCode: string | undefined },
): Promise<Position[]> {
  let query = db
    .selectFrom("property")
    .select(["latitude", "longitude"])
    .where(sql<string>`lower(trim(city))`, "=", place.city.trim().toLowerCase())
    .where(sql<string>`lower(trim(country))`, "=", place.country.trim().toLowerCase())
    .where("latitude", "is not", null)
    .where("longitude", "is not", null);
  if (place.exceptCode !== undefined) query = query.where("code", "!=", place.exceptCode);
  const rows = await query.orderBy("id").limit(samplePositions).execute();
  return rows.map((row) => ({ latitude: Number(row.latitude), longitude: Number(row.longitude) }));
}
