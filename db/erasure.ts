/**
 * What deleting personal data (a data request's erasure, the retention purge; decision 045)
 * must do beyond the DELETE so that no readable copy stays behind (decision 067).
 *
 * - SQLite opens every file with `secure_delete` on (database.ts): a deleted row's bytes are
 *   overwritten with zeros in the pages the delete writes. In WAL mode those pages go to the
 *   -wal file first, and older frames there still hold the rows as they were written; a
 *   TRUNCATE checkpoint copies the zeroed pages into the database file and empties the -wal.
 * - PostgreSQL has no such setting: a deleted row is a dead tuple, invisible at once but in the
 *   table's pages until VACUUM frees its space (autovacuum does, in its own time), and its bytes
 *   stay until new rows reuse that space, and in WAL segments and backups until those are
 *   recycled (docs/deployment.md). VACUUM here frees the space now, so it is reused first.
 */
import { sql } from "kysely";
import type { DatabaseHandle } from "./database.ts";

/** The tables an erasure or the purge deletes personal data from. */
const personalTables = ["enquiry", "enquiry_note", "outbox", "search_alert"];

/**
 * Run after an erasure has committed. Answers false when SQLite could not empty the -wal at
 * once (another connection was reading): the next erasure's checkpoint, or SQLite's own once
 * the readers are gone, does.
 */
export async function clearErasedData(handle: DatabaseHandle): Promise<boolean> {
  if (handle.dialect === "sqlite") {
    const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(
      handle.db,
    );
    return rows[0]?.busy === 0;
  }
  // Outside a transaction (VACUUM refuses to run in one): each statement on its own.
  await sql.raw(`vacuum ${personalTables.join(", ")}`).execute(handle.db);
  return true;
}
