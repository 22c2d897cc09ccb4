/** Secrets the servers generate for themselves (decision 066), table `app_secret`. */
import type { Kysely } from "kysely";
import type { Database } from "../database.ts";

/**
 * The secret stored under `name`, storing `fresh` first when there is none. Servers starting
 * at once may both offer one: the first insert wins (`ON CONFLICT DO NOTHING`), and every
 * server reads back the one kept.
 */
export async function findOrStoreSecret(
  db: Kysely<Database>,
  name: string,
  fresh: string,
  now: Date = new Date(),
): Promise<string> {
  await db
    .insertInto("app_secret")
    .values({ name, value: fresh, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("app_secret")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.value;
}
