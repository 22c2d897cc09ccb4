/**
 * A listing's photos (decision 056): the two columns that hold them, written only over the
 * revision that was read (the listing's optimistic concurrency, decision 044), whether any
 * listing still uses a file, and the lock that keeps a photo file's clean-up and an upload
 * that wants the same file apart on every app server.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../database.ts";
import { isPostgres, nextRevision } from "./columns.ts";

export interface ListingPhotoRow {
  id: number;
  code: string;
  headline: string;
  slug: string;
  publish: boolean | number;
  revision: number;
  cover_image: string;
  image_list: string;
}

export async function findListingPhotoRow(
  db: Kysely<Database>,
  code: string,
): Promise<ListingPhotoRow | undefined> {
  return db
    .selectFrom("property")
    .select(["id", "code", "headline", "slug", "publish", "revision", "cover_image", "image_list"])
    .where("code", "=", code)
    .executeTakeFirst();
}

/** Writes the photo columns over `revision` only, raising it; false when it moved on. */
export async function writeListingPhotos(
  db: Kysely<Database>,
  code: string,
  revision: number,
  columns: { cover_image: string; image_list: string },
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable("property")
    .set({ ...columns, revision: nextRevision, updated_at: updatedAt })
    .where("code", "=", code)
    .where("revision", "=", revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Whether any listing (archived and unpublished ones too) uses `file` as its cover, in its
 * photo list or as a floor plan (an upload may store the same bytes as both). Names are
 * content-hashed (hex digits and an extension), so a substring of the JSON text is exact enough
 * and needs no JSON functions of either dialect.
 */
export async function isPhotoFileUsed(db: Kysely<Database>, file: string): Promise<boolean> {
  const row = await db
    .selectFrom("property")
    .select("id")
    .where((eb) => eb.or([eb("cover_image", "=", file), eb("image_list", "like", `%"${file}"%`)]))
    .limit(1)
    .executeTakeFirst();
  if (row !== undefined) return true;
  const plan = await db
    .selectFrom("floor_plan")
    .select("id")
    .where("file", "=", file)
    .limit(1)
    .executeTakeFirst();
  return plan !== undefined;
}

/**
 * The text of every place listing `code` may name a stored file: its cover, its photo list
 * (JSON) and its floor plans' files; empty when there is no such listing.
 */
export async function listListingFileTexts(db: Kysely<Database>, code: string): Promise<string[]> {
  const row = await findListingPhotoRow(db, code);
  if (!row) return [];
  const plans = await db
    .selectFrom("floor_plan")
    .select("file")
    .where("property_id", "=", row.id)
    .execute();
  return [row.cover_image, row.image_list, ...plans.map((plan) => plan.file)];
}

/** Rows a sweep reads at once. */
const referencePageSize = 1000;

/**
 * Hands `visit` the text of every place any listing (archived and unpublished ones too) may
 * name a stored file, page by page, so a sweep over a large catalogue holds one page at a time.
 */
export async function visitFileReferences(
  db: Kysely<Database>,
  visit: (text: string) => void,
): Promise<void> {
  await visitPages(
    (after) =>
      db
        .selectFrom("property")
        .select(["id", "cover_image", "image_list"])
        .where("id", ">", after)
        .orderBy("id")
        .limit(referencePageSize)
        .execute(),
    (row) => {
      visit(row.cover_image);
      visit(row.image_list);
    },
  );
  await visitPages(
    (after) =>
      db
        .selectFrom("floor_plan")
        .select(["id", "file"])
        .where("id", ">", after)
        .orderBy("id")
        .limit(referencePageSize)
        .execute(),
    (row) => visit(row.file),
  );
}

/** Reads a table in pages of {@link referencePageSize} rows after the last id read. */
async function visitPages<Row extends { id: number }>(
  read: (after: number) => Promise<Row[]>,
  visit: (row: Row) => void,
): Promise<void> {
  for (let after = 0; ; ) {
    const rows = await read(after);
    rows.forEach(visit);
    const last = rows.at(-1);
    if (last === undefined || rows.length < referencePageSize) return;
    after = last.id;
  }
}

/** Raises the listing's revision over `revision` only (a write to its floor plans); false when it moved on. */
export async function raiseListingRevision(
  db: Kysely<Database>,
  code: string,
  revision: number,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable("property")
    .set({ revision: nextRevision, updated_at: updatedAt })
    .where("code", "=", code)
    .where("revision", "=", revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The advisory lock key of photo files (any constant no other lock uses). */
const photoFilesLockKey = 560_056;

/**
 * Holds the photo files' lock until `trx` ends. On PostgreSQL a transaction-level advisory
 * lock, so the servers of one database take turns; SQLite's one connection per process
 * already runs transactions one at a time (and several servers need PostgreSQL, decision 016).
 */
export async function lockPhotoFiles(trx: Kysely<Database>): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(${photoFilesLockKey})`.execute(trx);
}
