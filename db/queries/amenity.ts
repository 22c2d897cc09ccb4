import { type Kysely, sql } from "kysely";
import type { Amenity } from "../../lib/api-contract.ts";
import type { AmenityRow, Database } from "../database.ts";
import { readWhileUnchanged } from "../read-cache.ts";

export function toAmenity(row: AmenityRow): Amenity {
  return { id: row.id, title: row.title, icon: row.icon };
}

/** Every amenity, by id (properties' `features` refer to these ids). */
export async function listAmenities(db: Kysely<Database>): Promise<Amenity[]> {
  return readWhileUnchanged(db, "amenities", async () => {
    const rows = await db.selectFrom("amenity").selectAll().orderBy("id").execute();
    return rows.map(toAmenity);
  });
}

/**
 * The ids of the amenities with these titles (matched without regard to case), in the same
 * order, inserting the missing ones with an icon name made from the title (an unknown icon
 * shows as a check mark). `created` lists the inserted titles.
 */
export async function findOrInsertAmenities(
  db: Kysely<Database>,
  titles: readonly string[],
): Promise<{ ids: number[]; created: string[] }> {
  if (titles.length === 0) return { ids: [], created: [] };
  const rows = await db
    .selectFrom("amenity")
    .select(["id", "title"])
    .where(
      sql<string>`lower(title)`,
      "in",
      titles.map((title) => title.toLowerCase()),
    )
    .orderBy("id")
    .execute();
  const idOf = new Map<string, number>();
  for (const row of rows) {
    if (!idOf.has(row.title.toLowerCase())) idOf.set(row.title.toLowerCase(), row.id);
  }
  const ids: number[] = [];
  const created: string[] = [];
  for (const title of titles) {
    let id = idOf.get(title.toLowerCase());
    if (id === undefined) {
      const icon = title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "");
      ({ id } = await db
        .insertInto("amenity")
        .values({ title, icon })
        .returning("id")
        .executeTakeFirstOrThrow());
      idOf.set(title.toLowerCase(), id);
      created.push(title);
    }
    ids.push(id);
  }
  return { ids, created };
}
