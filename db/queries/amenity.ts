import type { Kysely } from "kysely";
import type { Amenity } from "../../lib/api-contract.ts";
import type { AmenityRow, Database } from "../database.ts";

export function toAmenity(row: AmenityRow): Amenity {
  return { id: row.id, title: row.title, icon: row.icon };
}

/** Every amenity, by id (properties' `features` refer to these ids). */
export async function listAmenities(db: Kysely<Database>): Promise<Amenity[]> {
  const rows = await db.selectFrom("amenity").selectAll().orderBy("id").execute();
  return rows.map(toAmenity);
}
