/**
 * The listings a portal feed may send (decision 097): published, not archived, and switched on
 * for that feed (lib/property-fields.ts's `send_to_*` switches, decision 093), oldest first.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database.ts";
import type { PropertyWithCategoryRow } from "./property.ts";

/** A feed's switch column. */
export type FeedSwitchColumn = "send_to_rightmove" | "send_to_push" | "send_to_reso";

export async function listListingsSwitchedOnFor(
  db: Kysely<Database>,
  column: FeedSwitchColumn,
): Promise<PropertyWithCategoryRow[]> {
  return (
    db
      .selectFrom("property")
      .leftJoin("category", "category.id", "property.category_id")
      .selectAll("property")
      .select("category.title as category")
      // 1 reads as true on PostgreSQL's boolean columns too.
      .where("property.publish", "=", 1)
      .where("property.archived_at", "is", null)
      .where(`property.${column}`, "=", 1)
      .orderBy("property.id")
      .execute()
  );
}
