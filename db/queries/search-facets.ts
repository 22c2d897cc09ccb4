/**
 * The search facets (lib/search-facets.ts, decision 074): the published listings' cities with
 * their counts and the highest published price per offer type. Two grouped reads, kept once
 * per database state (db/read-cache.ts) like the category counters.
 */
import type { Kysely } from "kysely";
import type { SearchFacets } from "../../lib/search-facets.ts";
import type { Database } from "../database.ts";
import { readWhileUnchanged } from "../read-cache.ts";
import { toCount } from "./columns.ts";

export async function listSearchFacets(db: Kysely<Database>): Promise<SearchFacets> {
  const facets = await readWhileUnchanged(db, "search facets", () => readFacets(db));
  return { cities: facets.cities.map((city) => ({ ...city })), maxPrice: { ...facets.maxPrice } };
}

async function readFacets(db: Kysely<Database>): Promise<SearchFacets> {
  const [cities, prices] = await Promise.all([
    db
      .selectFrom("property")
      .where("property.publish", "=", 1)
      .where("property.city", "<>", "")
      .select((eb) => ["property.city", eb.fn.countAll<number | string>().as("count")])
      .groupBy("property.city")
      .execute(),
    db
      .selectFrom("property")
      .where("property.publish", "=", 1)
      .select((eb) => ["property.offer_type", eb.fn.max("property.price").as("max")])
      .groupBy("property.offer_type")
      .execute(),
  ]);
  const maxPrice: Record<string, number> = {};
  for (const row of prices) {
    const max = Number(row.max);
    if (row.offer_type && Number.isFinite(max)) maxPrice[row.offer_type] = max;
  }
  return {
    // Sorted here, not by the database's collation, so both dialects answer one order.
    cities: cities
      .map((row) => ({ name: String(row.city), count: toCount(row.count) }))
      .sort((a, b) => a.name.localeCompare(b.name, "en")),
    maxPrice,
  };
}
