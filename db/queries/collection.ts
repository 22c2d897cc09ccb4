import type { Kysely } from "kysely";
import type { Collection } from "../../lib/api-contract.ts";
import type { CollectionRow, Database } from "../database.ts";
import { readWhileUnchanged } from "../read-cache.ts";

export function toCollection(row: CollectionRow): Collection {
  return { title: row.title, item_list: row.item_list };
}

/** A named collection such as 'Product Layout 1'; `item_list` is JSON text of `{ code }`. */
export async function findCollection(
  db: Kysely<Database>,
  title: string,
): Promise<Collection | undefined> {
  return readWhileUnchanged(db, `collection ${title}`, async () => {
    const row = await db
      .selectFrom("collection")
      .selectAll()
      .where("title", "=", title)
      .executeTakeFirst();
    return row === undefined ? undefined : toCollection(row);
  });
}

/**
 * Sets a collection's items to these property codes, in this order, creating the collection
 * when it does not exist. Answers whether anything changed.
 */
export async function saveCollectionItems(
  db: Kysely<Database>,
  title: string,
  codes: readonly string[],
): Promise<"inserted" | "updated" | "unchanged"> {
  const itemList = JSON.stringify(codes.map((code) => ({ code })));
  const current = await findCollection(db, title);
  if (current === undefined) {
    await db.insertInto("collection").values({ title, item_list: itemList }).execute();
    return "inserted";
  }
  if (current.item_list === itemList) return "unchanged";
  await db
    .updateTable("collection")
    .set({ item_list: itemList })
    .where("title", "=", title)
    .execute();
  return "updated";
}
