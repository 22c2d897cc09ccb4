import { type Kysely, sql } from "kysely";
import type { Amenity } from "../../lib/api-contract.ts";
import type { AmenityRow, Database } from "../database.ts";
import { readWhileUnchanged } from "../read-cache.ts";
import { isPostgres, nextRevision, toCount } from "./columns.ts";

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

/** An amenity with the number of listings (published or not) whose features name it. */
export interface AmenityUse extends Amenity {
  listings: number;
}

/** The ids of listings' features, counted per amenity id (one pass over the table). */
async function countAmenityUses(db: Kysely<Database>): Promise<Map<number, number>> {
  const rows = isPostgres(db)
    ? await sql<{ id: string; count: string | number }>`
        select value as id, count(*) as count
        from property, jsonb_array_elements_text(
          case when features like '[%' then features::jsonb else '[]'::jsonb end) as value
        group by value`.execute(db)
    : await sql<{ id: string | number; count: number }>`
        select value as id, count(*) as count
        from property, json_each(case when json_valid(features) then features else '[]' end)
        group by value`.execute(db);
  return new Map(rows.rows.map((row) => [Number(row.id), toCount(row.count)]));
}

/** Every amenity by title, with how many listings use it (the back office's list). */
export async function listAmenityUses(db: Kysely<Database>): Promise<AmenityUse[]> {
  const [rows, uses] = await Promise.all([
    db.selectFrom("amenity").selectAll().orderBy("title").orderBy("id").execute(),
    countAmenityUses(db),
  ]);
  return rows.map((row) => ({ ...toAmenity(row), listings: uses.get(row.id) ?? 0 }));
}

export async function findAmenity(
  db: Kysely<Database>,
  id: number,
): Promise<AmenityRow | undefined> {
  return db.selectFrom("amenity").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The amenity with this title (without regard to case), other than `exceptId`. */
export async function findAmenityByTitle(
  db: Kysely<Database>,
  title: string,
  exceptId?: number,
): Promise<AmenityRow | undefined> {
  let query = db
    .selectFrom("amenity")
    .selectAll()
    .where(sql<string>`lower(title)`, "=", title.toLowerCase());
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return query.executeTakeFirst();
}

export async function insertAmenity(
  db: Kysely<Database>,
  values: { title: string; icon: string },
): Promise<number> {
  const { id } = await db
    .insertInto("amenity")
    .values(values)
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateAmenity(
  db: Kysely<Database>,
  id: number,
  values: { title: string; icon: string },
): Promise<void> {
  await db.updateTable("amenity").set(values).where("id", "=", id).execute();
}

/**
 * Deletes amenity `id` and takes it out of every listing's features (each such listing's
 * revision raised, so an editor open on it is told). Answers the codes of those listings.
 */
export async function deleteAmenity(db: Kysely<Database>, id: number, at: Date): Promise<string[]> {
  // A cheap first cut by text; the JSON decides.
  const candidates = await db
    .selectFrom("property")
    .select(["id", "code", "features"])
    .where("features", "like", `%${id}%`)
    .execute();
  const changed: string[] = [];
  for (const row of candidates) {
    let ids: unknown;
    try {
      ids = JSON.parse(row.features);
    } catch {
      continue;
    }
    if (!Array.isArray(ids) || !ids.some((value) => Number(value) === id)) continue;
    await db
      .updateTable("property")
      .set({
        features: JSON.stringify(ids.filter((value) => Number(value) !== id)),
        revision: nextRevision,
        updated_at: at.toISOString(),
      })
      .where("id", "=", row.id)
      .execute();
    changed.push(row.code);
  }
  await db.deleteFrom("amenity").where("id", "=", id).execute();
  return changed;
}
