import type { Kysely } from "kysely";
import type { Collection } from "../../lib/api-contract.ts";
import type { CollectionRow, Database } from "../database.ts";

export function toCollection(row: CollectionRow): Collection {
  return { title: row.title, item_list: row.item_list };
}

/** A named collection such as 'Product Layout 1'; `item_list` is JSON text of `{ code }`. */
export async function findCollection(
  db: Kysely<Database>,
  title: string,
): Promise<Collection | undefined> {
  const row = await db
    .selectFrom("collection")
    .selectAll()
    .where("title", "=", title)
    .executeTakeFirst();
  return row === undefined ? undefined : toCollection(row);
}
