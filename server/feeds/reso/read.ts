/**
 * Reads a page of the feed's Property set (decision 094): the published listings a query's
 * filter keeps, in its order (then by id, so pages never overlap or skip), at most
 * `maxPageSize` at a time, with their count and Media when asked; and one listing by its key.
 * Every value is a bound parameter: the filter's Kysely expressions, never SQL text.
 */
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { absoluteUrl } from "../../../app/seo/meta.ts";
import { imageUrl } from "../../../app/site-settings.ts";
import type { Database } from "../../../db/database.ts";
import { isPostgres, toCount } from "../../../db/queries/columns.ts";
import { listFloorPlansOf } from "../../../db/queries/floor-plan.ts";
import { readyForReso } from "../../../db/queries/portal-readiness.ts";
import { photosOfRow } from "../../../lib/admin-photos.ts";
import { daysBefore } from "../../../lib/days.ts";
import type { FloorPlan } from "../../../lib/floor-plans.ts";
import {
  type FeedContext,
  type FeedDatabase,
  type FeedRow,
  fieldValue,
  mediaNavigation,
  type ResoField,
  resoPropertyFields,
  timestampValue,
} from "./fields.ts";
import type { FeedDialect } from "./filter.ts";
import { type FeedQuery, maxPageSize } from "./query-options.ts";

export type FeedEntity = Record<string, unknown>;

export interface FeedPage {
  entities: FeedEntity[];
  /** With $count=true: how many listings the filter keeps, over every page. */
  count?: number;
  /** Whether more remain after this page (within $top): the answer links the next. */
  more: boolean;
  /** How many this page holds at most: the next page's $skip moves on by it. */
  pageSize: number;
  /** The id of the page's last row: in the default order the next page starts after it. */
  lastId?: number;
}

type PropertyQuery = SelectQueryBuilder<FeedDatabase, "property", FeedRow>;

/**
 * How long the feed keeps serving a listing it stopped serving (as `Withdrawn`) and a key no
 * listing has any more (as `Delete`), with the time of the change as its ModificationTimestamp:
 * a consumer that replicates at least this often learns of every removal (decision 104).
 */
export const resoRemovalDays = 30;

function dialectOf(db: Kysely<Database>): FeedDialect {
  return isPostgres(db) ? "postgres" : "sqlite";
}

/** A `property` column: its name, its type by the database's name for it, whether it may be null. */
interface PropertyColumn {
  name: string;
  dataType: string;
  isNullable: boolean;
}

/** The `property` columns, in order, read once per database (the removals' rows match them). */
const columnsOf = new WeakMap<Kysely<Database>, Promise<PropertyColumn[]>>();

function propertyColumns(db: Kysely<Database>): Promise<PropertyColumn[]> {
  let columns = columnsOf.get(db);
  if (!columns) {
    columns = db.introspection.getTables().then((tables) => {
      const table = tables.find((found) => found.name === "property" && !found.isView);
      if (!table) throw new Error("the property table is missing");
      return table.columns.map(({ name, dataType, isNullable }) => ({
        name,
        dataType,
        isNullable,
      }));
    });
    columnsOf.set(db, columns);
  }
  return columns;
}

/** One part of the feed's source, read as `property` so the filter and orders name its columns. */
type FeedSource = SelectQueryBuilder<FeedDatabase, "property", object>;

/**
 * What the feed serves, in two parts: `listings`, the listings the feed serves (published,
 * switched on for RESO, and ready by lib/portal-readiness.ts's rules, decided in SQL) as their
 * availability, and those it served that changed within `resoRemovalDays` and are no longer
 * served as `withdrawn` (first published at some time, so a draft never seen is not among
 * them); `removals`, the keys no listing has any more (deleted, or a code changed) removed
 * within that time, as `deleted`. The same columns, so `$filter`, `$orderby`, `$top`, `$count`
 * and the next links treat them all alike; two parts, so the listings' query keeps an index's
 * order and stops at its limit rather than sorting every listing with the removals
 * (readFeedPage, decision 106).
 */
async function feedSource(
  db: Kysely<Database>,
  now: Date,
): Promise<{ listings: FeedSource; removals: FeedSource }> {
  const dialect = dialectOf(db);
  const columns = await propertyColumns(db);
  const since = daysBefore(now, resoRemovalDays);
  const sinceValue = dialect === "postgres" ? since : since.toISOString();
  const served = (eb: ExpressionBuilder<Database, "property">) =>
    eb.and([
      eb("property.publish", "=", 1),
      eb("property.send_to_reso", "=", 1),
      eb("property.archived_at", "is", null),
      readyForReso(dialect)(eb),
    ]);
  const listings = db
    .selectFrom("property")
    .select(columns.map(({ name }) => sql.ref(`property.${name}`).as(name)))
    .select((eb) =>
      eb
        .case()
        .when(served(eb))
        .then(eb.ref("property.availability"))
        .else("withdrawn")
        .end()
        .as("reso_status"),
    )
    .where((eb) =>
      eb.or([
        served(eb),
        eb.and([
          eb("property.first_published_at", "is not", null),
          eb("property.modified_at", ">", sinceValue as never),
        ]),
      ]),
    );
  const removed = db
    .selectFrom("listing_removal")
    .select(
      columns.map(({ name, dataType }) =>
        name === "id"
          ? sql<number>`-listing_removal.id`.as("id")
          : name === "code"
            ? sql.ref("listing_removal.code").as("code")
            : name === "modified_at"
              ? sql.ref("listing_removal.removed_at").as("modified_at")
              : // PostgreSQL: a null of the column's type, so the page's union of listings
                // and removals matches them (an untyped null in a subquery is text).
                dialect === "postgres"
                ? sql`cast(null as ${sql.raw(dataType)})`.as(name)
                : sql`null`.as(name),
      ),
    )
    .select(sql<string>`'deleted'`.as("reso_status"))
    .where("listing_removal.removed_at", ">", sinceValue as never)
    // The latest removal of a key, and none of a key a listing has again.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("property")
            .select("property.id")
            .whereRef("property.code", "=", "listing_removal.code"),
        ),
      ),
    )
    .where(({ eb, selectFrom }) =>
      eb(
        "listing_removal.id",
        "=",
        selectFrom("listing_removal as later")
          .select((later) => later.fn.max("later.id").as("id"))
          .whereRef("later.code", "=", "listing_removal.code"),
      ),
    );
  const feed = db as unknown as Kysely<FeedDatabase>;
  return {
    listings: feed.selectFrom(listings.as("property") as never) as unknown as FeedSource,
    removals: feed.selectFrom(removed.as("property") as never) as unknown as FeedSource,
  };
}

/** What a query's filter keeps of each part of the feed's source. */
async function filtered(db: Kysely<Database>, query: Pick<FeedQuery, "filter">, now: Date) {
  const dialect = dialectOf(db);
  const { listings, removals } = await feedSource(db, now);
  const { filter } = query;
  if (!filter) return { listings, removals };
  return {
    listings: listings.where((eb) => filter(eb, dialect)),
    removals: removals.where((eb) => filter(eb, dialect)),
  };
}

/** Reads one page of a query's listings. */
export async function readFeedPage(
  db: Kysely<Database>,
  query: FeedQuery,
  context: FeedContext,
): Promise<FeedPage> {
  const postgres = isPostgres(db);
  const pageSize = Math.min(query.top ?? maxPageSize, maxPageSize);
  let rows: FeedRow[] = [];
  if (pageSize > 0) {
    const { listings, removals } = afterToken(
      await filtered(db, query, context.now?.() ?? new Date()),
      query.after,
    );
    const notNull = new Set(
      (await propertyColumns(db)).filter((column) => !column.isNullable).map(({ name }) => name),
    );
    /**
     * The page's order, then by id. A removal's row holds null in most columns: where rows
     * with a null may be among those sorted (`withNulls`), OData's place for it is given;
     * otherwise, for a column that never holds one, it is left out, which sorts the same and
     * lets PostgreSQL follow the column's index (ascending with nulls last).
     */
    const ordered = (select: PropertyQuery, withNulls: boolean) => {
      for (const { field, descending } of query.orderBy) {
        select = select.orderBy(field.column, (order) => {
          let item = descending ? order.desc() : order.asc();
          // OData sorts a missing value first; text by its code points on both dialects.
          if (withNulls || !notNull.has(field.column)) {
            item = descending ? item.nullsLast() : item.nullsFirst();
          }
          if (postgres && field.type === "Edm.String") item = item.collate("C");
          return item;
        });
      }
      return select.orderBy("property.id");
    };
    // One more than the page: whether another page follows, without a count.
    const rowsRead = pageSize + 1;
    const removed = await countOf(removals);
    if (removed === 0) {
      rows = await ordered(listings.selectAll() as PropertyQuery, false)
        .limit(rowsRead)
        .offset(query.skip)
        .execute();
    } else {
      // The listings in the page are among the listings' first skip + rowsRead; at most
      // `removed` of the removals come before the page, so the page starts at or after the
      // listing at skip - removed. Read the listings from one before that (`from`) and every
      // removal kept by the filter, in the page's order: each row from that listing on stands
      // `from` places later in the whole feed than in this read, and the removals before it
      // fall before the page (decision 106). So the database sorts a few hundred rows, not all.
      const from = Math.max(0, query.skip - removed - 1);
      const slice = ordered(listings.selectAll() as PropertyQuery, false)
        .limit(query.skip + rowsRead - from)
        .offset(from);
      const feed = db as unknown as Kysely<FeedDatabase>;
      const merged = feed
        .selectFrom(slice.as("property"))
        .selectAll()
        .unionAll(removals.selectAll() as never);
      rows = await ordered(
        feed.selectFrom(merged.as("property")).selectAll() as PropertyQuery,
        true,
      )
        .limit(rowsRead)
        .offset(query.skip - from)
        .execute();
    }
  }
  const wanted = query.top === undefined ? Number.POSITIVE_INFINITY : query.top;
  const more = rows.length > pageSize && wanted > pageSize;
  const shown = rows.slice(0, pageSize);
  const count = query.count ? await countFeed(db, query, context.now?.()) : undefined;
  const media = query.expandMedia ? await mediaOf(db, shown, context) : undefined;
  const last = shown.at(-1);
  return {
    entities: shown.map((row) => entityOf(row, query.select, context, media?.get(row.id))),
    ...(count === undefined ? {} : { count }),
    more,
    pageSize,
    ...(last === undefined ? {} : { lastId: last.id }),
  };
}

/**
 * Both parts from after the row with id `after` ($skiptoken, default order only): an index's
 * range, so the page reads from there rather than counting past every row before it. A
 * removal's id is the negative of its row's, so removals come before every listing here too.
 */
function afterToken(
  parts: { listings: FeedSource; removals: FeedSource },
  after: number | undefined,
) {
  if (after === undefined) return parts;
  return {
    listings: parts.listings.where("property.id" as never, ">", after as never),
    removals: parts.removals.where("property.id" as never, ">", after as never),
  };
}

/** How many published listings a query's filter keeps (`$count`, `Property/$count`). */
export async function countFeed(
  db: Kysely<Database>,
  query: Pick<FeedQuery, "filter">,
  now: Date = new Date(),
): Promise<number> {
  const { listings, removals } = await filtered(db, query, now);
  return (await countOf(listings)) + (await countOf(removals));
}

async function countOf(source: FeedSource): Promise<number> {
  const row = await source.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst();
  return toCount(row?.count);
}

/**
 * One listing by its key (its code), as the pages show it: served, or withdrawn or deleted
 * within `resoRemovalDays`; undefined otherwise.
 */
export async function readFeedEntity(
  db: Kysely<Database>,
  key: string,
  query: Pick<FeedQuery, "select" | "expandMedia">,
  context: FeedContext,
): Promise<FeedEntity | undefined> {
  const { listings, removals } = await feedSource(db, context.now?.() ?? new Date());
  // A listing that has the key, else its latest removal.
  const byKey = (source: FeedSource) =>
    source.selectAll().where("property.code", "=", key).executeTakeFirst();
  const row = ((await byKey(listings)) ?? (await byKey(removals))) as FeedRow | undefined;
  if (!row) return undefined;
  const media = query.expandMedia ? await mediaOf(db, [row], context) : undefined;
  return entityOf(row, query.select, context, media?.get(row.id));
}

/** A removed key's record: its key, `Delete` and when; every other field null. */
function removedEntity(row: FeedRow, select: readonly ResoField[] | undefined): FeedEntity {
  const entity: FeedEntity = {};
  for (const field of select ?? resoPropertyFields) {
    entity[field.name] =
      field.name === "ListingKey" || field.name === "ListingId"
        ? row.code
        : field.name === "StandardStatus"
          ? "Delete"
          : field.name === "ModificationTimestamp"
            ? timestampValue(row.modified_at)
            : null;
  }
  return entity;
}

function entityOf(
  row: FeedRow,
  select: readonly ResoField[] | undefined,
  context: FeedContext,
  media: FeedEntity[] | undefined,
): FeedEntity {
  if (row.reso_status === "deleted") {
    const entity = removedEntity(row, select);
    if (media) entity[mediaNavigation] = [];
    return entity;
  }
  const entity: FeedEntity = {};
  for (const field of select ?? resoPropertyFields) {
    entity[field.name] = fieldValue(field, row, context);
  }
  if (media) entity[mediaNavigation] = media;
  return entity;
}

/** The Media records of these listings: their photos (the cover first), then floor plans. */
async function mediaOf(
  db: Kysely<Database>,
  given: readonly FeedRow[],
  context: FeedContext,
): Promise<Map<number, FeedEntity[]>> {
  // A removed key's row has no media.
  const rows = given.filter((row) => row.reso_status !== "deleted");
  const plans = await listFloorPlansOf(
    db,
    rows.map((row) => row.id),
  );
  return new Map(
    given.map((row) => [
      row.id,
      row.reso_status === "deleted" ? [] : mediaOfRow(row, plans.get(row.id) ?? [], context),
    ]),
  );
}

function mediaOfRow(row: FeedRow, plans: readonly FloorPlan[], context: FeedContext): FeedEntity[] {
  const url = (file: string) =>
    absoluteUrl(context.siteUrl, imageUrl(context.imageBaseUrl, "property", file));
  const modified = timestampValue(row.modified_at);
  const record = (
    kind: "photo" | "plan",
    index: number,
    order: number,
    file: string,
    description: string,
  ): FeedEntity => ({
    MediaKey: `${row.code}-${kind}-${index + 1}`,
    ResourceRecordKey: row.code,
    ResourceName: "Property",
    MediaURL: url(file),
    Order: order,
    MediaCategory: kind === "photo" ? "Photo" : "FloorPlan",
    ShortDescription: description === "" ? null : description,
    ModificationTimestamp: modified,
  });
  const { photos } = photosOfRow(row);
  return [
    ...photos.map((photo, index) => record("photo", index, index + 1, photo.file, photo.alt)),
    ...plans.map((plan, index) =>
      record("plan", index, photos.length + index + 1, plan.file, plan.label),
    ),
  ];
}
