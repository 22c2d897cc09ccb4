/**
 * The categories: the §7 counters, the content import's find-or-insert, and the back office's
 * list, add, rename and removal (decision 057).
 */
import { type Kysely, sql } from "kysely";
import type { Category } from "../../lib/api-contract.ts";
import type { Database } from "../database.ts";
import { readWhileUnchanged } from "../read-cache.ts";
import { nextRevision, toCount } from "./columns.ts";

/**
 * Every category with the number of its published properties (0 for none), by title
 * (SPEC §7 `GET /category/display_counter`), as of the database's current state.
 */
export async function listCategoryCounters(db: Kysely<Database>): Promise<Category[]> {
  // Counted once per database state (see db/read-cache.ts); a copy, so no caller can change it.
  const counters = await readWhileUnchanged(db, "category counters", () => countByCategory(db));
  return counters.map((category) => ({ ...category }));
}

/**
 * One count per category, each answered inside an index without reading property rows
 * (PostgreSQL: `(category_id, publish)`; SQLite: a `(publish, category_id, …)` listing index,
 * migration 0020); a join and GROUP BY made PostgreSQL scan the whole table.
 */
async function countByCategory(db: Kysely<Database>): Promise<Category[]> {
  const rows = await db
    .selectFrom("category")
    .select((eb) => [
      "category.title",
      eb
        .selectFrom("property")
        .select(eb.fn.countAll<number | string>().as("count"))
        .whereRef("property.category_id", "=", "category.id")
        .where("property.publish", "=", 1)
        .as("total"),
    ])
    .orderBy("category.title")
    .execute();
  return rows.map((row) => ({ title: row.title, total: toCount(row.total) }));
}

/**
 * The id of the category with this title (matched without regard to case), inserting it when
 * there is none. `created` says which.
 */
export async function findOrInsertCategory(
  db: Kysely<Database>,
  title: string,
): Promise<{ id: number; title: string; created: boolean }> {
  const found = await db
    .selectFrom("category")
    .select(["id", "title"])
    .where(sql<string>`lower(title)`, "=", title.toLowerCase())
    .orderBy("id")
    .executeTakeFirst();
  if (found !== undefined) return { ...found, created: false };
  const inserted = await db
    .insertInto("category")
    .values({ title })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: inserted.id, title, created: true };
}

/** A category with the number of listings (published or not) in it: the back office's list. */
export interface CategoryUse {
  id: number;
  title: string;
  listings: number;
}

export async function listCategoryUses(db: Kysely<Database>): Promise<CategoryUse[]> {
  const rows = await db
    .selectFrom("category")
    .select((eb) => [
      "category.id",
      "category.title",
      eb
        .selectFrom("property")
        .select(eb.fn.countAll<number | string>().as("count"))
        .whereRef("property.category_id", "=", "category.id")
        .as("listings"),
    ])
    .orderBy("category.title")
    .orderBy("category.id")
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, listings: toCount(row.listings) }));
}

export async function findCategory(
  db: Kysely<Database>,
  id: number,
): Promise<{ id: number; title: string } | undefined> {
  return db.selectFrom("category").select(["id", "title"]).where("id", "=", id).executeTakeFirst();
}

/** The category with this title (without regard to case), other than `exceptId`. */
export async function findCategoryByTitle(
  db: Kysely<Database>,
  title: string,
  exceptId?: number,
): Promise<{ id: number; title: string } | undefined> {
  let query = db
    .selectFrom("category")
    .select(["id", "title"])
    .where(sql<string>`lower(title)`, "=", title.toLowerCase());
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return query.executeTakeFirst();
}

export async function insertCategory(db: Kysely<Database>, title: string): Promise<number> {
  const { id } = await db
    .insertInto("category")
    .values({ title })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function renameCategory(db: Kysely<Database>, id: number, title: string) {
  await db.updateTable("category").set({ title }).where("id", "=", id).execute();
}

/** How many listings (published or not) are in category `id`. */
export async function countCategoryListings(db: Kysely<Database>, id: number): Promise<number> {
  const row = await db
    .selectFrom("property")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("category_id", "=", id)
    .executeTakeFirst();
  return toCount(row?.count);
}

export async function deleteCategory(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom("category").where("id", "=", id).execute();
}

/**
 * Moves every listing in category `id` to category `to` (null: no category), raising each one's
 * revision and setting its `updated_at` as the listing editor's save does, then deletes category
 * `id`. Answers how many listings moved. Give it the write's transaction: the move and the
 * removal are one change.
 */
export async function deleteCategoryMovingListings(
  db: Kysely<Database>,
  id: number,
  to: number | null,
  at: Date,
): Promise<number> {
  const moved = await db
    .updateTable("property")
    .set({ category_id: to, revision: nextRevision, updated_at: at.toISOString() })
    .where("category_id", "=", id)
    .executeTakeFirst();
  await deleteCategory(db, id);
  return Number(moved.numUpdatedRows);
}
