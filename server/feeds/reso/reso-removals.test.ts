/**
 * What the RESO feed serves (decision 104): only listings ready for it by lib/portal-
 * readiness.ts, decided in SQL so pages, counts and next links agree; and each removal (a
 * listing unpublished, switched off, made incomplete, deleted, or given another code) told
 * to a replicating consumer as Withdrawn or Delete, with the time of the change, for 30 days.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateProperties } from "../../../db/seed/generate.ts";
import { createTestApp, type TestApp } from "../../../tests/support/app.ts";
import { testDialects } from "../../../tests/support/test-database.ts";
import { createResoRemovalPurge } from "../../jobs/reso-removal-retention.ts";
import { resoRemovalDays } from "./read.ts";

type Entity = Record<string, unknown>;
interface Collection {
  "@odata.count"?: number;
  "@odata.nextLink"?: string;
  value: Entity[];
}

describe.each(testDialects)("the RESO feed's readiness and removals on %s", (dialect) => {
  let test: TestApp;
  let token = "";
  beforeAll(async () => {
    test = await createTestApp(dialect);
    // More than a page of 200.
    await generateProperties(test.app.database.db, { count: 220, dialect });
    const added = await test.app.feedConsumers.add({ id: null, email: "cli" }, "Replica");
    if (!added.ok) throw new Error(added.message);
    token = added.token;
  });
  afterAll(() => test.close());

  const db = () => test.app.database.db;
  const get = (url: string) =>
    test.app.inject({
      url: url.replaceAll(" ", "%20"),
      headers: { authorization: `Bearer ${token}` },
    });
  async function collection(query: string): Promise<Collection> {
    const response = await get(`/odata/Property?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  /** Every page of a query, following the next links. */
  async function allPages(query: string): Promise<Entity[]> {
    const entities: Entity[] = [];
    let next: string | undefined = `/odata/Property?${query}`;
    while (next) {
      const response = await get(next.replace("http://localhost:3000", ""));
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as Collection;
      entities.push(...body.value);
      next = body["@odata.nextLink"];
    }
    return entities;
  }
  const published = () =>
    db()
      .selectFrom("property")
      .select(["id", "code"])
      .where("publish", "=", 1)
      .where("send_to_reso", "=", 1)
      .orderBy("id")
      .execute();
  const live = "StandardStatus ne 'Withdrawn' and StandardStatus ne 'Delete'";

  it("serves an incomplete listing as Withdrawn, never as on the market, in pages and counts", async () => {
    const rows = await published();
    const [noPostcode, noCountry, unknownCountry] = rows;
    if (!noPostcode || !noCountry || !unknownCountry) throw new Error("too few listings");
    await db()
      .updateTable("property")
      .set({ postcode: "" })
      .where("id", "=", noPostcode.id)
      .execute();
    await db()
      .updateTable("property")
      .set({ country: " " })
      .where("id", "=", noCountry.id)
      .execute();
    await db()
      .updateTable("property")
      .set({ country: "Atlantis" })
      .where("id", "=", unknownCountry.id)
      .execute();
    const incomplete = [noPostcode.code, noCountry.code, unknownCountry.code];
    const ready = rows.map((row) => row.code).filter((code) => !incomplete.includes(code));

    const counted = await collection(`$filter=${live}&$count=true&$top=2&$select=ListingKey`);
    expect(counted["@odata.count"]).toBe(ready.length);
    expect(Number((await get(`/odata/Property/$count?$filter=${live}`)).body)).toBe(ready.length);
    // Page after page by the next links: exactly the ready listings, none twice.
    expect(ready.length).toBeGreaterThan(200);
    const first = await collection(`$filter=${live}&$select=ListingKey`);
    expect(first.value).toHaveLength(200);
    expect(first["@odata.nextLink"]).toBeDefined();
    const top = await allPages(`$filter=${live}&$top=150&$orderby=ListingKey&$select=ListingKey`);
    expect(top.map((entity) => entity.ListingKey)).toEqual([...ready].sort().slice(0, 150));
    const everything = await allPages(`$filter=${live}&$select=ListingKey,StandardStatus`);
    expect(everything.map((entity) => entity.ListingKey).sort()).toEqual([...ready].sort());
    for (const code of incomplete) {
      const entity = (await get(`/odata/Property('${code}')`)).json() as Entity;
      expect(entity.StandardStatus, code).toBe("Withdrawn");
    }
    // Complete again: on the market again.
    await db()
      .updateTable("property")
      .set({ postcode: "NW1 7LU", country: "United Kingdom" })
      .where("id", "in", [noPostcode.id, noCountry.id, unknownCountry.id])
      .execute();
    for (const code of incomplete) {
      const entity = (await get(`/odata/Property('${code}')`)).json() as Entity;
      expect(entity.StandardStatus, code).not.toBe("Withdrawn");
      expect(entity.Country).toBe("GB");
    }
  });

  it("reports an unpublished, a deleted and a renamed listing with the time of the change", async () => {
    const [unpublished, deleted, renamed] = await published();
    if (!unpublished || !deleted || !renamed) throw new Error("too few listings");
    const since = new Date(Date.now() - 1).toISOString();
    await db()
      .updateTable("property")
      .set({ publish: 0 })
      .where("id", "=", unpublished.id)
      .execute();
    await db().deleteFrom("property").where("id", "=", deleted.id).execute();
    await db()
      .updateTable("property")
      .set({ code: `${renamed.code}-B` })
      .where("id", "=", renamed.id)
      .execute();
    const changed = await allPages(
      `$filter=ModificationTimestamp gt ${since}&$orderby=ModificationTimestamp&$select=ListingKey,StandardStatus,City,ModificationTimestamp`,
    );
    const status = new Map(changed.map((entity) => [entity.ListingKey, entity.StandardStatus]));
    expect(status.get(unpublished.code)).toBe("Withdrawn");
    expect(status.get(deleted.code)).toBe("Delete");
    expect(status.get(renamed.code)).toBe("Delete");
    expect(status.get(`${renamed.code}-B`)).not.toBe("Delete");
    const tombstone = changed.find((entity) => entity.ListingKey === deleted.code);
    expect(tombstone?.City).toBeNull();
    expect(String(tombstone?.ModificationTimestamp) > since).toBe(true);
    // By key, with Media: the deleted one has none.
    const byKey = await get(`/odata/Property('${deleted.code}')?$expand=Media`);
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json()).toMatchObject({ StandardStatus: "Delete", Media: [] });
    // A filter on a field a removed key has no value for leaves it out, as null does.
    const expensive = await allPages("$filter=ListPrice gt 0&$select=ListingKey");
    expect(expensive.map((entity) => entity.ListingKey)).not.toContain(deleted.code);
  });

  it(`forgets removals after ${resoRemovalDays} days, and never shows a draft never published`, async () => {
    const [withdrawn] = await published();
    if (!withdrawn) throw new Error("too few listings");
    await db().updateTable("property").set({ publish: 0 }).where("id", "=", withdrawn.id).execute();
    expect((await get(`/odata/Property('${withdrawn.code}')`)).statusCode).toBe(200);
    const old = new Date(Date.now() - (resoRemovalDays + 1) * 86_400_000);
    // Make the change look a month old: the trigger that dates changes stands aside.
    if (dialect === "postgres") {
      await sql`alter table property disable trigger property_modified`.execute(db());
      await sql`update property set modified_at = ${old} where id = ${withdrawn.id}`.execute(db());
      await sql`alter table property enable trigger property_modified`.execute(db());
    } else {
      await sql`update property set modified_at = ${old.toISOString()} where id = ${withdrawn.id}`.execute(
        db(),
      );
    }
    await sql`update listing_removal set removed_at = ${
      dialect === "postgres" ? old : old.toISOString()
    }`.execute(db());
    expect((await get(`/odata/Property('${withdrawn.code}')`)).statusCode).toBe(404);
    const statuses = (await allPages("$select=StandardStatus")).map(
      (entity) => entity.StandardStatus,
    );
    expect(statuses).not.toContain("Delete");

    // A draft never published, changed today, is nothing to a consumer.
    const draft = await db()
      .selectFrom("property")
      .select(["id", "code"])
      .where("publish", "=", 0)
      .where("first_published_at", "is", null)
      .executeTakeFirst();
    if (draft) {
      await db()
        .updateTable("property")
        .set({ headline: "Draft" })
        .where("id", "=", draft.id)
        .execute();
      expect((await get(`/odata/Property('${draft.code}')`)).statusCode).toBe(404);
    }
  });

  it("pages removals and listings by $skip exactly as one read of them all, in any order", async () => {
    const rows = await published();
    const since = new Date(Date.now() - 1).toISOString();
    // Removals between changes to other listings, so they interleave by time and by key.
    for (let i = 0; i < 6; i += 1) {
      const gone = rows[10 + i * 30];
      const touched = rows[11 + i * 30];
      if (!gone || !touched) throw new Error("too few listings");
      await db().deleteFrom("property").where("id", "=", gone.id).execute();
      await db()
        .updateTable("property")
        .set({ headline: `Changed ${i}` })
        .where("id", "=", touched.id)
        .execute();
    }
    const keys = (entities: Entity[]) =>
      entities.map((entity) => `${entity.ListingKey} ${entity.StandardStatus}`);
    const select = "$select=ListingKey,StandardStatus";
    const changes = `$filter=ModificationTimestamp gt ${since}`;
    for (const order of ["ModificationTimestamp", "ModificationTimestamp desc", "ListingKey"]) {
      // Fewer than a page: one read sorts them all together.
      const whole = keys((await collection(`${changes}&$orderby=${order}&${select}`)).value);
      expect(whole.filter((key) => key.endsWith(" Delete"))).toHaveLength(6);
      expect(whole.length).toBeGreaterThanOrEqual(12);
      for (let skip = 0; skip <= whole.length; skip += 1) {
        const page = await collection(
          `${changes}&$orderby=${order}&$top=2&$skip=${skip}&${select}`,
        );
        expect(keys(page.value), `${order} from ${skip}`).toEqual(whole.slice(skip, skip + 2));
      }
    }
    // Every listing and removal, more than a page: the first 200 of each direction, together.
    const total = (await collection(`$count=true&$top=0`))["@odata.count"] ?? 0;
    expect(total).toBeGreaterThan(200);
    const ascending = keys((await collection(`$orderby=ListingKey&${select}`)).value);
    const descending = keys((await collection(`$orderby=ListingKey desc&${select}`)).value);
    const all = [...ascending, ...descending.reverse().slice(400 - total)];
    expect(new Set(all).size).toBe(total);
    for (const skip of [0, 5, 40, 150, 197, 200, 203, total - 4, total - 1, total]) {
      const page = await collection(`$orderby=ListingKey&$top=4&$skip=${skip}&${select}`);
      expect(keys(page.value), `from ${skip}`).toEqual(all.slice(skip, skip + 4));
    }
    expect(keys(await allPages(`$orderby=ListingKey&${select}`))).toEqual(all);
    expect(keys(await allPages(`$orderby=ListingKey&$top=${total}&${select}`))).toEqual(all);
  });

  it("pages the default order by $skiptoken: what changes between pages shifts no page", async () => {
    const select = "$select=ListingKey,StandardStatus";
    const keys = (entities: Entity[]) =>
      entities.map((entity) => `${entity.ListingKey} ${entity.StandardStatus}`);
    const first = await collection(select);
    expect(first.value).toHaveLength(200);
    const next = first["@odata.nextLink"] as string;
    expect(new URL(next).searchParams.get("$skiptoken")).toMatch(/^\d+$/);
    // Between the pages: a listing after the first page deleted (its removal is read first in
    // this order, so by $skip the second page would start one row early and repeat the first
    // page's last), one of the first page withdrawn, one added. By its token the second page
    // starts after the first page's last row whatever changed before it.
    const firstKeys = first.value.map((entity) => entity.ListingKey as string);
    const onMarket = (await published()).map((row) => row.code);
    // Not the last generated one: the one added next would take its code again.
    const deleted = onMarket.filter((code) => !firstKeys.includes(code)).at(-2) as string;
    const withdrawn = onMarket.find((code) => firstKeys.includes(code)) as string;
    await db().deleteFrom("property").where("code", "=", deleted).execute();
    await db()
      .updateTable("property")
      .set({ send_to_reso: 0 })
      .where("code", "=", withdrawn)
      .execute();
    const { lastCode: added } = await generateProperties(db(), { count: 1, dialect });
    const rest = keys(await allPages(next.replace("http://localhost:3000", "")));
    const whole = keys(await allPages(select));
    const lastOfFirst = `${firstKeys.at(-1)} ${first.value.at(-1)?.StandardStatus}`;
    expect(rest).toEqual(whole.slice(whole.indexOf(lastOfFirst) + 1));
    expect(rest.filter((key) => firstKeys.includes(key.split(" ")[0] as string))).toEqual([]);
    expect(rest.at(-1)).toMatch(new RegExp(`^${added} `));
    // The removals, read first in this order, are in the whole read, and a page's count is
    // the whole feed's.
    expect(whole).toContain(`${deleted} Delete`);
    expect(whole).toContain(`${withdrawn} Withdrawn`);
    const counted = await get(`${next.replace("http://localhost:3000", "")}&$count=true`);
    expect((counted.json() as Collection)["@odata.count"]).toBe(whole.length);
  });

  it(`deletes the removals older than ${resoRemovalDays} days, as a job, and keeps the newer`, async () => {
    const [gone] = await published();
    if (!gone) throw new Error("too few listings");
    await db().deleteFrom("property").where("id", "=", gone.id).execute();
    const old = new Date(Date.now() - (resoRemovalDays + 1) * 86_400_000);
    await sql`update listing_removal set removed_at = ${
      dialect === "postgres" ? old : old.toISOString()
    } where code <> ${gone.code}`.execute(db());
    const removals = () =>
      db().selectFrom("listing_removal").select("code").orderBy("id").execute();
    const before = await removals();
    expect(before.length).toBeGreaterThan(1);
    const logged: object[] = [];
    const purge = createResoRemovalPurge({
      database: test.app.database,
      log: { info: (object) => logged.push(object) },
    });
    expect(await purge(new Date())).toBe(before.length - 1);
    expect(await removals()).toEqual([{ code: gone.code }]);
    expect(logged).toEqual([expect.objectContaining({ deleted: before.length - 1 })]);
    // Still served as Delete until its own time comes.
    const served = (await get(`/odata/Property('${gone.code}')`)).json() as Entity;
    expect(served.StandardStatus).toBe("Delete");
    expect(await purge(new Date())).toBe(0);
    expect(await purge(new Date(Date.now() + (resoRemovalDays + 1) * 86_400_000))).toBe(1);
    expect(await removals()).toEqual([]);
  });
});
