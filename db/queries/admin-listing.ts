/**
 * The back office's listings table (decision 041): every listing, published or not, searched,
 * filtered, ordered and paged by keyset (a page starts after or before a row's sort key and id),
 * so a page costs the same at any depth. Each order walks its own index of migration 0008.
 */

import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import {
  type AdminListingAction,
  type AdminListingCursor,
  type AdminListingFieldValues,
  type AdminListingPage,
  type AdminListingQuery,
  type AdminListingRow,
  type AdminListingSort,
  type AdminListingStatus,
  adminSchemaColumns,
  formatAdminListingCursor,
} from "../../lib/admin-listings.ts";
import { propertyField, type SchemaFieldName } from "../../lib/property-fields.ts";
import { defaultRentPeriod, readRentPeriod } from "../../lib/rent-period.ts";
import type { Database } from "../database.ts";
import { isPostgres, nextRevision, toFlag, toIsoString } from "./columns.ts";
import { keysetPage } from "./keyset-page.ts";

type SortColumn = "created_at" | "price" | "headline";

const sortOrder: Record<AdminListingSort, [column: SortColumn, direction: "asc" | "desc"]> = {
  new: ["created_at", "desc"],
  old: ["created_at", "asc"],
  price_desc: ["price", "desc"],
  price_asc: ["price", "asc"],
  headline: ["headline", "asc"],
  headline_desc: ["headline", "desc"],
};

/** A word as a LIKE pattern for "contains" (`\\` is the escape character). */
function likePattern(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const selected = [
  "id",
  "code",
  "slug",
  "headline",
  "city",
  "price",
  "offer_type",
  "rent_period",
  "publish",
  "archived_at",
  "created_at",
  "updated_at",
] as const;

/** The schema's columns the table shows (adminSchemaColumns), by their `property` columns. */
function schemaColumns(): { name: SchemaFieldName; column: string }[] {
  return adminSchemaColumns().flatMap(({ name }) => {
    const column = propertyField(name).column;
    return column === null ? [] : [{ name, column }];
  });
}

function selectedColumns() {
  // Typed as the table's own columns: the schema's are read back by fieldsOf.
  return [
    ...selected,
    ...schemaColumns().map(({ column }) => column),
  ] as unknown as typeof selected;
}

function fieldsOf(row: SelectedRow): AdminListingFieldValues {
  const values = row as unknown as Record<string, string | number | null | undefined>;
  return Object.fromEntries(
    schemaColumns().map(({ name, column }) => [name, values[column] ?? null]),
  ) as AdminListingFieldValues;
}

type SelectedRow = {
  id: number;
  code: string;
  slug: string;
  headline: string;
  city: string;
  price: number;
  offer_type: string;
  rent_period: string;
  publish: boolean | number;
  archived_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string | null;
};

function statusOf(row: SelectedRow): AdminListingStatus {
  if (row.archived_at !== null) return "archived";
  return toFlag(row.publish) === 1 ? "published" : "unpublished";
}

function cursorOf(row: SelectedRow, column: SortColumn): string {
  const key =
    column === "created_at"
      ? // SQLite's stored text as it is, so the seek compares like with like.
        row.created_at instanceof Date
        ? row.created_at.toISOString()
        : row.created_at
      : row[column];
  return formatAdminListingCursor({ key, id: row.id });
}

/** One page of the table, `pageSize` rows at most. */
export async function listAdminListings(
  db: Kysely<Database>,
  query: AdminListingQuery,
  pageSize: number,
): Promise<AdminListingPage> {
  const [column, direction] = sortOrder[query.sort];
  const postgres = isPostgres(db);
  const backwards = query.before !== undefined;
  const cursor: AdminListingCursor | undefined = query.before ?? query.after;
  // Read in the order's direction, or against it for the previous page (then turned round).
  const readDirection = backwards ? (direction === "asc" ? "desc" : "asc") : direction;
  const select = db
    .selectFrom("property")
    .select(selectedColumns())
    .where((eb: ExpressionBuilder<Database, "property">) => {
      const conditions = [];
      if (query.filter === "archived") conditions.push(eb("archived_at", "is not", null));
      else conditions.push(eb("archived_at", "is", null));
      // SQLite: `+publish` keeps the public listing indexes (which lead with publish) out of
      // the published filter, so the page walks this order's own index instead of sorting
      // every published listing; the unpublished, usually few, are found by those indexes.
      const published = postgres ? eb.ref("publish") : sql<number>`+publish`;
      if (query.filter === "published") conditions.push(eb(published, "=", 1));
      if (query.filter === "unpublished") conditions.push(eb("publish", "=", 0));
      for (const word of query.text.split(" ").filter(Boolean).slice(0, 6)) {
        conditions.push(
          eb(
            sql<string>`lower(code || ' ' || headline || ' ' || city)`,
            "like",
            sql<string>`${likePattern(word)} escape '\\'`,
          ),
        );
      }
      for (const { name, column } of schemaColumns()) {
        const value = query.fields?.[name];
        if (value) conditions.push(eb(sql.ref<string>(column), "=", value));
      }
      if (cursor) {
        conditions.push(
          eb(
            eb.refTuple(column, "id"),
            readDirection === "asc" ? ">" : "<",
            eb.tuple(cursor.key, cursor.id),
          ),
        );
      }
      return eb.and(conditions);
    })
    .orderBy(column, readDirection)
    .orderBy("id", readDirection)
    .limit(pageSize + 1);
  const found = (await select.execute()) as SelectedRow[];
  const page = keysetPage(found, {
    pageSize,
    backwards,
    fromCursor: cursor !== undefined,
    cursorOf: (row) => cursorOf(row, column),
  });
  return {
    ...page,
    rows: page.rows.map((row) => ({
      code: row.code,
      slug: row.slug,
      headline: row.headline,
      city: row.city,
      price: row.price,
      offer_type: row.offer_type,
      rent_period: readRentPeriod(row.rent_period) ?? defaultRentPeriod,
      status: statusOf(row),
      createdAt: toIsoString(row.created_at),
      updatedAt: row.updated_at === null ? null : toIsoString(row.updated_at),
      fields: fieldsOf(row),
    })),
  };
}

/** One listing as the table shows it, published or not; undefined when no listing has the code. */
export async function findAdminListing(
  db: Kysely<Database>,
  code: string,
): Promise<AdminListingRow | undefined> {
  const row = (await db
    .selectFrom("property")
    .select(selectedColumns())
    .where("code", "=", code)
    .executeTakeFirst()) as SelectedRow | undefined;
  if (!row) return undefined;
  return {
    code: row.code,
    slug: row.slug,
    headline: row.headline,
    city: row.city,
    price: row.price,
    offer_type: row.offer_type,
    rent_period: readRentPeriod(row.rent_period) ?? defaultRentPeriod,
    status: statusOf(row),
    createdAt: toIsoString(row.created_at),
    updatedAt: row.updated_at === null ? null : toIsoString(row.updated_at),
    fields: fieldsOf(row),
  };
}

/**
 * Applies a row action of the table. Publishing or unpublishing an archived listing changes
 * nothing (restore it first); archiving unpublishes, so the public queries, which read only
 * published listings, leave it out; restoring leaves it unpublished.
 */
export async function changeAdminListing(
  db: Kysely<Database>,
  code: string,
  action: AdminListingAction,
  now: Date,
): Promise<"changed" | "unchanged" | "missing"> {
  const updatedAt = now.toISOString();
  let changedRows: bigint;
  if (action === "delete") {
    const result = await db.deleteFrom("property").where("code", "=", code).executeTakeFirst();
    changedRows = result.numDeletedRows;
  } else {
    let update = db.updateTable("property").where("code", "=", code);
    if (action === "publish" || action === "unpublish") {
      const flag = action === "publish" ? 1 : 0;
      update = update
        .set({ publish: flag, updated_at: updatedAt })
        .where("archived_at", "is", null)
        .where("publish", "<>", flag);
    } else if (action === "archive") {
      update = update
        .set({ publish: 0, archived_at: updatedAt, updated_at: updatedAt })
        .where("archived_at", "is", null);
    } else {
      update = update
        .set({ archived_at: null, updated_at: updatedAt })
        .where("archived_at", "is not", null);
    }
    changedRows = (await update.set({ revision: nextRevision }).executeTakeFirst()).numUpdatedRows;
  }
  if (Number(changedRows) > 0) return "changed";
  const exists = await db
    .selectFrom("property")
    .select("id")
    .where("code", "=", code)
    .executeTakeFirst();
  return exists ? "unchanged" : "missing";
}
