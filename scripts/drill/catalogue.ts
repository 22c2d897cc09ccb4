/**
 * The drill's catalogue: the demo content, then the demo generator's listings up to `listings`
 * in all (`npm run db:generate`'s module), written straight to the database before the servers
 * start; and what the clients ask for in it: every published listing's page, every page of the
 * list, searches by status, city and bedrooms; the filters alerts are saved for; the listings
 * staff may save.
 */
import { openDatabase } from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { generateProperties } from "../../db/seed/generate.ts";
import { isDatabaseEmpty, seedDemoContent } from "../../db/seed/seed.ts";

/** The list pages' size (the site's listing shows 12 to a page). */
const listPageSize = 12;

export interface Catalogue {
  listings: number;
  pagePaths: string[];
  alertQueries: string[];
  /** Published listings' codes in a random order: each staff save takes one. */
  savePool: string[];
}

const shuffled = <T>(items: T[]): T[] => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
};

export async function buildCatalogue(
  databaseUrl: string,
  imageDir: string,
  listings: number,
): Promise<Catalogue> {
  const handle = openDatabase(databaseUrl);
  try {
    await migrateToLatest(handle.db);
    if (await isDatabaseEmpty(handle.db)) await seedDemoContent(handle.db, { imageDir });
    const count = async () =>
      Number(
        (
          await handle.db
            .selectFrom("property")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const missing = listings - (await count());
    if (missing > 0)
      await generateProperties(handle.db, { count: missing, dialect: handle.dialect });
    const rows = await handle.db
      .selectFrom("property")
      .select(["code", "slug", "city", "publish"])
      .execute();
    const published = rows.filter((row) => Boolean(row.publish));
    const cities = [...new Set(published.map((row) => row.city).filter(Boolean))];
    const pages = Math.ceil(published.length / listPageSize);
    const searches = [
      ...["For+Sale", "For+Rent"].flatMap((status) =>
        [1, 2, 3, 4].map((bedrooms) => `status=${status}&bedrooms=${bedrooms}`),
      ),
      ...cities.map((city) => `city=${encodeURIComponent(city)}`),
    ];
    return {
      listings: rows.length,
      pagePaths: [
        "/",
        ...Array.from({ length: pages }, (_, page) => `/property?page=${page + 1}`),
        ...searches.map((query) => `/search?${query}`),
        ...published.flatMap((row) => (row.slug ? [`/property/${row.slug}`] : [])),
      ],
      alertQueries: searches,
      savePool: shuffled(published.map((row) => row.code)),
    };
  } finally {
    await handle.close();
  }
}
