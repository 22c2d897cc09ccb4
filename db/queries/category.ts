import type { Kysely } from "kysely";
import type { Category } from "../../lib/api-contract.ts";
import type { Database } from "../database.ts";
import { toCount } from "./columns.ts";

/**
 * Every category with the number of its published properties (0 for none), by title
 * (SPEC §7 `GET /category/display_counter`).
 */
export async function listCategoryCounters(db: Kysely<Database>): Promise<Category[]> {
  const rows = await db
    .selectFrom("category")
    .leftJoin("property", (join) =>
      join.onRef("property.category_id", "=", "category.id").on("property.publish", "=", 1),
    )
    .select((eb) => ["category.title", eb.fn.count<number | string>("property.id").as("total")])
    .groupBy(["category.id", "category.title"])
    .orderBy("category.title")
    .execute();
  return rows.map((row) => ({ title: row.title, total: toCount(row.total) }));
}
