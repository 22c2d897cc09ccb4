import type { Kysely } from "kysely";
import type { Category } from "../../lib/api-contract.ts";
import type { Database } from "../database.ts";
import { toCount } from "./columns.ts";

/**
 * Every category with the number of its published properties (0 for none), by title
 * (SPEC §7 `GET /category/display_counter`). One count per category, each answered from the
 * (category_id, publish) index without reading property rows; a join and GROUP BY made
 * PostgreSQL scan the whole table.
 */
export async function listCategoryCounters(db: Kysely<Database>): Promise<Category[]> {
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
