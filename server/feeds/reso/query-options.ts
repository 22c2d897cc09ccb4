/**
 * The system query options of `GET /odata/Property` (decision 094), read and checked before
 * any SQL: $filter (filter.ts), $select, $orderby, $top, $skip, $count, $expand=Media and the
 * $skiptoken of the feed's own next links.
 * Another `$` option, a repeated one or a bad value is a 400 that says what is wrong; other
 * parameters are left alone, as OData says custom options may be.
 */
import { badQuery } from "./errors.ts";
import {
  type FeedColumn,
  mediaNavigation,
  type ResoField,
  resoPropertyFieldsByName,
} from "./fields.ts";
import { type FeedCondition, parseFilter } from "./filter.ts";

/** The most listings one answer holds; more are paged by `@odata.nextLink`. */
export const maxPageSize = 200;

export interface FeedOrder {
  field: ResoField & { column: FeedColumn };
  descending: boolean;
}

export interface FeedQuery {
  filter?: FeedCondition;
  orderBy: FeedOrder[];
  /** The fields asked for; undefined: every field. */
  select?: ResoField[];
  /** $top: how many the consumer wants in all, over every page; undefined: all. */
  top?: number;
  skip: number;
  /**
   * $skiptoken, which only the feed's next links carry: in the default order (no $orderby) a
   * page starts after the row with this id, so a page deep in the feed costs what the first
   * does, and a listing added or removed meanwhile shifts no later page (decision 110).
   */
  after?: number;
  count: boolean;
  expandMedia: boolean;
}

const supported = new Set([
  "$filter",
  "$select",
  "$orderby",
  "$top",
  "$skip",
  "$count",
  "$expand",
  "$format",
  "$skiptoken",
]);

/** OData's identifier: a field's name. */
const identifier = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** A whole number option, from 0 up. */
function wholeNumber(name: string, text: string): number {
  if (!/^\d{1,9}$/.test(text.trim())) throw badQuery(`${name} must be a whole number from 0.`);
  return Number(text.trim());
}

function fieldNamed(option: string, name: string): ResoField {
  if (!identifier.test(name))
    throw badQuery(`${option} names '${name}', which is not a field name.`);
  const field = resoPropertyFieldsByName.get(name);
  if (!field) throw badQuery(`${option}: Property has no field '${name}'.`);
  return field;
}

function parseSelect(text: string, expandMedia: boolean): ResoField[] | undefined {
  const names = text.split(",").map((name) => name.trim());
  if (names.includes("*")) return undefined;
  const fields: ResoField[] = [];
  for (const name of names) {
    if (name === "") throw badQuery("$select lists field names separated by commas.");
    // $select=ListingKey,Media with $expand=Media is how some clients ask for both.
    if (name === mediaNavigation && expandMedia) continue;
    const field = fieldNamed("$select", name);
    if (!fields.includes(field)) fields.push(field);
  }
  return fields;
}

function parseOrderBy(text: string): FeedOrder[] {
  const orders: FeedOrder[] = [];
  for (const item of text.split(",")) {
    const match = /^\s*(\S+?)(?:\s+(asc|desc))?\s*$/i.exec(item);
    if (!match?.[1]) throw badQuery("$orderby lists fields, each with asc or desc, by commas.");
    const field = fieldNamed("$orderby", match[1]);
    if (!field.column || field.lookup || field.containsOnly) {
      throw badQuery(`$orderby cannot sort by ${field.name}.`);
    }
    if (orders.some((order) => order.field === field)) continue;
    orders.push({
      field: field as FeedOrder["field"],
      descending: match[2]?.toLowerCase() === "desc",
    });
  }
  return orders;
}

function parseExpand(text: string): boolean {
  const items = text.split(",").map((item) => item.trim());
  for (const item of items) {
    if (item !== mediaNavigation) {
      throw badQuery(
        `$expand can expand ${mediaNavigation} only (without options), not '${item}'.`,
      );
    }
  }
  return true;
}

/** Reads the query options of a Property request (Fastify's parsed query string). */
export function parseFeedQuery(query: Readonly<Record<string, unknown>>): FeedQuery {
  const options = new Map<string, string>();
  for (const [name, value] of Object.entries(query)) {
    if (!name.startsWith("$")) continue;
    if (!supported.has(name)) {
      throw badQuery(
        `The feed does not support ${name}; it supports ${[...supported].join(", ")}.`,
      );
    }
    if (typeof value !== "string") throw badQuery(`${name} is given more than once.`);
    options.set(name, value);
  }
  const format = options.get("$format");
  if (format !== undefined && !/^(json|application\/json)(;.*)?$/i.test(format.trim())) {
    throw badQuery("$format: the feed answers JSON only.");
  }
  const expandText = options.get("$expand");
  const expandMedia = expandText === undefined ? false : parseExpand(expandText);
  const selectText = options.get("$select");
  const filterText = options.get("$filter");
  const orderText = options.get("$orderby");
  const topText = options.get("$top");
  const countText = options.get("$count");
  const tokenText = options.get("$skiptoken");
  if (tokenText !== undefined && !/^-?\d{1,10}$/.test(tokenText)) {
    throw badQuery("$skiptoken is not one the feed gave: follow @odata.nextLink as it is.");
  }
  if (tokenText !== undefined && orderText !== undefined) {
    throw badQuery("$skiptoken continues the feed's default order; with $orderby, use $skip.");
  }
  if (countText !== undefined && !/^(true|false)$/.test(countText.trim())) {
    throw badQuery("$count must be true or false.");
  }
  return {
    ...(filterText === undefined ? {} : { filter: parseFilter(filterText) }),
    orderBy: orderText === undefined ? [] : parseOrderBy(orderText),
    ...(selectText === undefined ? {} : { select: parseSelect(selectText, expandMedia) }),
    ...(topText === undefined ? {} : { top: wholeNumber("$top", topText) }),
    skip: wholeNumber("$skip", options.get("$skip") ?? "0"),
    ...(tokenText === undefined ? {} : { after: Number(tokenText) }),
    count: countText?.trim() === "true",
    expandMedia,
  };
}
