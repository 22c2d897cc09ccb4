/**
 * The addresses `npm run bench` spreads its load over, as crawlers and visitors spread over a
 * catalogue (issue 15): distinct property pages across the whole catalogue, list pages up to the
 * last, and filter combinations of /search with pages inside each one's result. Drawn from the
 * bench database after it is generated, with a seeded random, so two runs ask the same URLs.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";

/** Cards on a /property page and rows on a /search page (app/listing/paging.ts). */
const gridPageSize = 6;
const listPageSize = 10;

/** The search form's sort values (decision 006). */
const sorts = ["new", "old", "price_desc", "price_asc"] as const;
const statuses = ["For Sale", "For Rent"] as const;

/** A small seeded random (mulberry32): the same URL lists on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A copy of `items` in a random order (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

const pick = <T>(items: readonly T[], random: () => number): T =>
  items[Math.floor(random() * items.length)] as T;

/** Distinct whole numbers from 1 to `last`, at most `count` of them, in a random order. */
function distinctPages(last: number, count: number, random: () => number): number[] {
  if (last <= count)
    return shuffled(
      Array.from({ length: last }, (_, i) => i + 1),
      random,
    );
  const pages = new Set<number>();
  while (pages.size < count) pages.add(1 + Math.floor(random() * last));
  return [...pages];
}

export interface Traffic {
  /** `/property/{slug}` of distinct properties drawn from the whole catalogue. */
  propertyPages: string[];
  /** `/property?page=N`, N from 1 to the last page. */
  listPages: string[];
  /** `/search?…`: status, type, location and sort, each possibly "any", and a page inside. */
  searches: string[];
  lastListPage: number;
}

/**
 * Up to `perKind` URLs of each kind. Counts come from the database (published properties, by
 * offer type, category and city) so that every search page asked for exists.
 */
export async function drawTraffic(
  db: Kysely<Database>,
  perKind: number,
  seed = 15,
): Promise<Traffic> {
  const random = seededRandom(seed);
  const published = db.selectFrom("property").where("property.publish", "=", 1);

  const { total } = await published
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .executeTakeFirstOrThrow();
  const lastListPage = Math.max(1, Math.ceil(Number(total) / gridPageSize));

  // Every `step`-th published property by id, then shuffled: spread over the whole catalogue.
  const ids = await published.select("property.slug").orderBy("property.id").execute();
  const step = Math.max(1, Math.floor(ids.length / perKind));
  const propertyPages = shuffled(
    ids.filter((_, index) => index % step === 0).slice(0, perKind),
    random,
  ).map((row) => `/property/${encodeURIComponent(row.slug)}`);

  const listPages = distinctPages(lastListPage, perKind, random).map(
    (page) => `/property?page=${page}`,
  );

  const groups = await published
    .innerJoin("category", "category.id", "property.category_id")
    .select((eb) => [
      "property.offer_type as offer",
      "category.title as type",
      "property.city as city",
      eb.fn.countAll<number | string>().as("count"),
    ])
    .groupBy(["property.offer_type", "category.title", "property.city"])
    .execute();
  const types = [...new Set(groups.map((group) => group.type))];
  const cities = [...new Set(groups.map((group) => group.city))];
  const searches = new Set<string>();
  for (let attempt = 0; searches.size < perKind && attempt < perKind * 20; attempt++) {
    // Each filter is left out ("any") one time in three.
    const status = random() < 1 / 3 ? undefined : pick(statuses, random);
    const type = random() < 1 / 3 ? undefined : pick(types, random);
    const city = random() < 1 / 3 ? undefined : pick(cities, random);
    const matches = groups
      .filter(
        (group) =>
          (status === undefined || group.offer === status) &&
          (type === undefined || group.type === type) &&
          (city === undefined || group.city === city),
      )
      .reduce((sum, group) => sum + Number(group.count), 0);
    if (matches === 0) continue;
    const pages = Math.ceil(matches / listPageSize);
    const query = new URLSearchParams();
    if (status) query.set("property-status", status);
    if (type) query.set("property-types", type);
    if (city) query.set("location", city);
    query.set("sort", pick(sorts, random));
    query.set("page", String(1 + Math.floor(random() * pages)));
    searches.add(`/search?${query}`);
  }
  return { propertyPages, listPages, searches: [...searches], lastListPage };
}
