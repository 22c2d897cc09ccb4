/**
 * Reads a page of the feed's Property set (decision 094): the published listings a query's
 * filter keeps, in its order (then by id, so pages never overlap or skip), at most
 * `maxPageSize` at a time, with their count and Media when asked; and one listing by its key.
 * Every value is a bound parameter: the filter's Kysely expressions, never SQL text.
 */
import type { Kysely, SelectQueryBuilder } from "kysely";
import { absoluteUrl } from "../../../app/seo/meta.ts";
import { imageUrl } from "../../../app/site-settings.ts";
import type { Database } from "../../../db/database.ts";
import { isPostgres, toCount } from "../../../db/queries/columns.ts";
import { listFloorPlansOf } from "../../../db/queries/floor-plan.ts";
import { photosOfRow } from "../../../lib/admin-photos.ts";
import type { FloorPlan } from "../../../lib/floor-plans.ts";
import {
  type FeedContext,
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
}

type PropertyQuery = SelectQueryBuilder<Database, "property", FeedRow>;

function dialectOf(db: Kysely<Database>): FeedDialect {
  return isPostgres(db) ? "postgres" : "sqlite";
}

/**
 * The published listings switched on for RESO (`send_to_reso`, decision 093) a query's filter
 * keeps: the base of the page and the count. 1 reads as true on PostgreSQL's booleans too.
 */
function filtered(db: Kysely<Database>, query: Pick<FeedQuery, "filter">) {
  const dialect = dialectOf(db);
  const base = db
    .selectFrom("property")
    .where("property.publish", "=", 1)
    .where("property.send_to_reso", "=", 1);
  const { filter } = query;
  return filter ? base.where((eb) => filter(eb, dialect)) : base;
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
    let select = filtered(db, query).selectAll() as PropertyQuery;
    for (const { field, descending } of query.orderBy) {
      select = select.orderBy(field.column, (order) => {
        // OData sorts a missing value first; text by its code points on both dialects.
        let item = descending ? order.desc().nullsLast() : order.asc().nullsFirst();
        if (postgres && field.type === "Edm.String") item = item.collate("C");
        return item;
      });
    }
    // One more than the page: whether another page follows, without a count.
    rows = await select
      .orderBy("property.id")
      .limit(pageSize + 1)
      .offset(query.skip)
      .execute();
  }
  const wanted = query.top === undefined ? Number.POSITIVE_INFINITY : query.top;
  const more = rows.length > pageSize && wanted > pageSize;
  const shown = rows.slice(0, pageSize);
  const count = query.count ? await countFeed(db, query) : undefined;
  const media = query.expandMedia ? await mediaOf(db, shown, context) : undefined;
  return {
    entities: shown.map((row) => entityOf(row, query.select, context, media?.get(row.id))),
    ...(count === undefined ? {} : { count }),
    more,
    pageSize,
  };
}

/** How many published listings a query's filter keeps (`$count`, `Property/$count`). */
export async function countFeed(
  db: Kysely<Database>,
  query: Pick<FeedQuery, "filter">,
): Promise<number> {
  const row = await filtered(db, query)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirst();
  return toCount(row?.count);
}

/** One published listing switched on for RESO by its key (its code), or undefined. */
export async function readFeedEntity(
  db: Kysely<Database>,
  key: string,
  query: Pick<FeedQuery, "select" | "expandMedia">,
  context: FeedContext,
): Promise<FeedEntity | undefined> {
  const row = await db
    .selectFrom("property")
    .selectAll()
    .where("code", "=", key)
    .where("publish", "=", 1)
    .where("send_to_reso", "=", 1)
    .executeTakeFirst();
  if (!row) return undefined;
  const media = query.expandMedia ? await mediaOf(db, [row], context) : undefined;
  return entityOf(row, query.select, context, media?.get(row.id));
}

function entityOf(
  row: FeedRow,
  select: readonly ResoField[] | undefined,
  context: FeedContext,
  media: FeedEntity[] | undefined,
): FeedEntity {
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
  rows: readonly FeedRow[],
  context: FeedContext,
): Promise<Map<number, FeedEntity[]>> {
  const plans = await listFloorPlansOf(
    db,
    rows.map((row) => row.id),
  );
  return new Map(rows.map((row) => [row.id, mediaOfRow(row, plans.get(row.id) ?? [], context)]));
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
