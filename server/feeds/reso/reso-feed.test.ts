import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateProperties } from "../../../db/seed/generate.ts";
import { countryCode } from "../../../lib/countries.ts";
import { createTestApp, type TestApp } from "../../../tests/support/app.ts";
import { testDialects } from "../../../tests/support/test-database.ts";

type Entity = Record<string, unknown>;
interface Collection {
  "@odata.context": string;
  "@odata.count"?: number;
  "@odata.nextLink"?: string;
  value: Entity[];
}

interface StoredListing {
  code: string;
  price: number;
  bedroom: number;
  city: string;
  offer_type: string;
  availability: string;
  description: string;
  publish: boolean | number;
  size: number;
  province: string;
}

const cliActor = { id: null, email: "cli" };

describe.each(testDialects)("the RESO Web API at /odata/ on %s", (dialect) => {
  let test: TestApp;
  let token = "";
  let published: StoredListing[] = [];
  const headers = () => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    test = await createTestApp(dialect);
    // Past one page of 200: the seed's homes and 250 generated ones.
    await generateProperties(test.app.database.db, { count: 250, dialect });
    const added = await test.app.feedConsumers.add(cliActor, "Test portal");
    if (!added.ok) throw new Error(added.message);
    token = added.token;
    // A listing whose size and province are not given: null in the feed.
    await test.app.database.db
      .updateTable("property")
      .set({ size: 0, province: "" })
      .where("code", "=", "GEN-000001")
      .execute();
    const rows = await test.app.database.db
      .selectFrom("property")
      .select([
        "code",
        "price",
        "bedroom",
        "city",
        "offer_type",
        "availability",
        "description",
        "publish",
        "size",
        "province",
      ])
      .execute();
    published = rows.filter((row) => row.publish === true || row.publish === 1);
    expect(published.length).toBeGreaterThan(250);
    expect(published.length).toBeLessThan(rows.length);
  }, 60_000);
  afterAll(() => test.close());

  async function get(url: string) {
    return test.app.inject({ url, headers: headers() });
  }

  async function collection(query: string): Promise<Collection> {
    const response = await get(`/odata/Property?${query}`);
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    expect(response.headers["odata-version"]).toBe("4.0");
    return response.json();
  }

  /** Every listing of a query, following the next links. */
  async function everything(query: string): Promise<Entity[]> {
    const entities: Entity[] = [];
    let url: string | undefined = `/odata/Property?${query}`;
    while (url) {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as Collection;
      entities.push(...body.value);
      url = body["@odata.nextLink"]?.replace(/^https?:\/\/[^/]+/, "");
    }
    return entities;
  }

  const keysOf = (entities: Entity[]) => entities.map((entity) => entity.ListingKey).sort();
  const codesWhere = (keep: (listing: StoredListing) => boolean) =>
    published
      .filter(keep)
      .map((listing) => listing.code)
      .sort();

  it("refuses a request without a token, or with an unknown or revoked one, with 401", async () => {
    for (const authorization of [
      undefined,
      "Bearer nope",
      "Basic abc",
      `Bearer ${"x".repeat(43)}`,
    ]) {
      const response = await test.app.inject({
        url: "/odata/Property",
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(response.json()).toEqual({ error: { code: "401", message: expect.any(String) } });
    }
    const other = await test.app.feedConsumers.add(cliActor, "Revoked portal");
    if (!other.ok) throw new Error(other.message);
    const use = () =>
      test.app.inject({
        url: "/odata/$metadata",
        headers: { authorization: `Bearer ${other.token}` },
      });
    expect((await use()).statusCode).toBe(200);
    await test.app.feedConsumers.revoke(cliActor, "Revoked portal");
    expect((await use()).statusCode).toBe(401);
  });

  it("answers the service document and the CSDL", async () => {
    const service = await get("/odata/");
    expect(service.statusCode).toBe(200);
    expect(service.json()).toEqual({
      "@odata.context": "http://localhost:3000/odata/$metadata",
      value: [{ name: "Property", kind: "EntitySet", url: "Property" }],
    });
    const metadata = await get("/odata/$metadata");
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers["content-type"]).toMatch(/^application\/xml/);
    expect(metadata.body).toContain('Namespace="org.reso.metadata"');
    expect(metadata.body).toContain('<PropertyRef Name="ListingKey"/>');
  });

  it("gives published listings only, by their RESO names", async () => {
    const all = await everything("");
    expect(keysOf(all)).toEqual(codesWhere(() => true));
    const first = all.find((entity) => entity.ListingKey === published[0]?.code) as Entity;
    for (const name of [
      "ListingKey",
      "ListingId",
      "StandardStatus",
      "PropertyType",
      "ListPrice",
      "BedroomsTotal",
      "BathroomsTotalInteger",
      "LivingArea",
      "LivingAreaUnits",
      "City",
      "StateOrProvince",
      "Country",
      "Latitude",
      "Longitude",
      "PublicRemarks",
      "ModificationTimestamp",
    ]) {
      expect(first).toHaveProperty(name);
    }
    expect(String(first.PublicRemarks)).not.toMatch(/<[a-z]/i);
    expect(Date.parse(String(first.ModificationTimestamp))).not.toBeNaN();
  });

  it("maps each listing's stored values to RESO's, a rental's rent with its period", async () => {
    const rows = await test.app.database.db
      .selectFrom("property")
      .selectAll()
      .where("publish", "=", 1)
      .where("code", "like", "HP-%")
      .execute();
    const byKey = new Map(
      (await everything("$filter=contains(ListingKey,'HP-')")).map((e) => [e.ListingKey, e]),
    );
    const availability: Record<string, string> = {
      available: "Active",
      under_offer: "ActiveUnderContract",
      sold_stc: "Pending",
      let_agreed: "Pending",
    };
    const periods: Record<string, string> = {
      week: "Weekly",
      month: "Monthly",
      quarter: "Quarterly",
      year: "Annually",
    };
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const rental = row.offer_type === "For Rent";
      expect(byKey.get(row.code)).toMatchObject({
        ListingKey: row.code,
        ListingId: row.code,
        ListPrice: row.price,
        PropertyType: rental ? "ResidentialLease" : "Residential",
        StandardStatus: availability[row.availability],
        LeaseAmountFrequency: rental ? periods[row.rent_period] : null,
        BedroomsTotal: row.bedroom,
        BathroomsTotalInteger: row.bathroom,
        LivingArea: row.size > 0 ? row.size : null,
        LivingAreaUnits: row.size > 0 ? "Square Feet" : null,
        City: row.city,
        StateOrProvince: row.province === "" ? null : row.province,
        Country: countryCode(row.country),
        UnparsedAddress: row.address,
        Latitude: row.latitude,
        Longitude: row.longitude,
        OriginalEntryTimestamp: new Date(row.created_at).toISOString(),
        ModificationTimestamp: new Date(row.modified_at).toISOString(),
      });
    }
    expect(rows.some((row) => row.offer_type === "For Rent")).toBe(true);
    expect(rows.some((row) => row.offer_type === "For Sale")).toBe(true);
  });

  it("selects fields with $select, and refuses an unknown one", async () => {
    const body = await collection("$top=2&$select=ListingKey,ListPrice,City");
    expect(body["@odata.context"]).toBe(
      "http://localhost:3000/odata/$metadata#Property(ListingKey,ListPrice,City)",
    );
    expect(body.value).toHaveLength(2);
    for (const entity of body.value) {
      expect(Object.keys(entity)).toEqual(["ListingKey", "ListPrice", "City"]);
    }
    const bad = await get("/odata/Property?$select=ListingKey,Garden");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("Garden");
  });

  it.each([
    ["ListPrice eq 3450", (l: StoredListing) => l.price === 3450],
    ["ListPrice ne 3450", (l: StoredListing) => l.price !== 3450],
    ["ListPrice gt 500000", (l: StoredListing) => l.price > 500000],
    ["ListPrice ge 685000", (l: StoredListing) => l.price >= 685000],
    ["ListPrice lt 2000", (l: StoredListing) => l.price < 2000],
    ["ListPrice le 3450", (l: StoredListing) => l.price <= 3450],
    ["500000 lt ListPrice", (l: StoredListing) => l.price > 500000],
    [
      "BedroomsTotal ge 3 and ListPrice lt 1000000",
      (l: StoredListing) => l.bedroom >= 3 && l.price < 1000000,
    ],
    [
      "BedroomsTotal gt 4 or ListPrice lt 1500",
      (l: StoredListing) => l.bedroom > 4 || l.price < 1500,
    ],
    ["not (BedroomsTotal le 2)", (l: StoredListing) => l.bedroom > 2],
    ["BedroomsTotal gt 2.5", (l: StoredListing) => l.bedroom >= 3],
    ["BedroomsTotal eq 2.5", () => false],
    ["City eq 'London'", (l: StoredListing) => l.city === "London"],
    ["City ne 'London'", (l: StoredListing) => l.city !== "London"],
    ["contains(City,'on')", (l: StoredListing) => l.city.includes("on")],
    // Case-sensitive, as OData's contains() is, and % is no wildcard.
    ["contains(City,'LON')", (l: StoredListing) => l.city.includes("LON")],
    ["contains(City,'%')", (l: StoredListing) => l.city.includes("%")],
    ["contains(PublicRemarks,'balcony')", (l: StoredListing) => l.description.includes("balcony")],
    ["StandardStatus eq 'Active'", (l: StoredListing) => l.availability === "available"],
    [
      "StandardStatus eq 'Pending'",
      (l: StoredListing) => l.availability === "sold_stc" || l.availability === "let_agreed",
    ],
    ["StandardStatus ne 'Active'", (l: StoredListing) => l.availability !== "available"],
    ["PropertyType eq 'ResidentialLease'", (l: StoredListing) => l.offer_type === "For Rent"],
    [
      "PropertyType eq org.reso.metadata.enums.PropertyType'Residential'",
      (l: StoredListing) => l.offer_type === "For Sale",
    ],
    ["LivingArea eq null", (l: StoredListing) => l.size === 0],
    ["LivingArea lt 800", (l: StoredListing) => l.size > 0 && l.size < 800],
    ["StateOrProvince ne null", (l: StoredListing) => l.province !== ""],
  ])("filters by %s", async (filter, keep) => {
    const all = await everything(`$filter=${encodeURIComponent(filter)}&$select=ListingKey`);
    expect(keysOf(all)).toEqual(codesWhere(keep));
  });

  it("has listings on both sides of the filters it tests", () => {
    // The filters above would pass on an empty or full set: the seed must split each.
    for (const keep of [
      (l: StoredListing) => l.price > 500000,
      (l: StoredListing) => l.city === "London",
      (l: StoredListing) => l.description.includes("balcony"),
      (l: StoredListing) => l.availability === "available",
      (l: StoredListing) => l.offer_type === "For Rent",
      (l: StoredListing) => l.size === 0,
      (l: StoredListing) => l.city.includes("on"),
      (l: StoredListing) => l.province === "",
    ]) {
      const kept = codesWhere(keep).length;
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThan(published.length);
    }
  });

  it("orders by $orderby, ascending or descending, then by a stable tie-break", async () => {
    const ascending = await everything("$orderby=ListPrice&$select=ListingKey,ListPrice");
    const prices = ascending.map((entity) => entity.ListPrice as number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(ascending).toHaveLength(published.length);
    const descending = await collection(
      "$orderby=BedroomsTotal desc,ListPrice asc&$select=BedroomsTotal,ListPrice&$top=50",
    );
    const pairs = descending.value.map((e) => [e.BedroomsTotal as number, e.ListPrice as number]);
    expect(pairs).toEqual(
      [...pairs].sort(
        (a, b) => (b[0] as number) - (a[0] as number) || (a[1] as number) - (b[1] as number),
      ),
    );
    const cities = (await everything("$orderby=City desc&$select=City")).map((e) => e.City);
    // Code point order on both dialects.
    expect(cities).toEqual(
      [...cities].sort((a, b) => (String(a) < String(b) ? 1 : String(a) > String(b) ? -1 : 0)),
    );
  });

  it("pages by at most 200 with @odata.nextLink, and counts with $count=true", async () => {
    const first = await collection("$count=true&$select=ListingKey");
    expect(first.value).toHaveLength(200);
    expect(first["@odata.count"]).toBe(published.length);
    expect(first["@odata.nextLink"]).toMatch(/^http:\/\/localhost:3000\/odata\/Property\?/);
    const next = new URL(first["@odata.nextLink"] as string).searchParams;
    // In the default order the next page starts after this one's last row (decision 110).
    expect(next.get("$skiptoken")).toMatch(/^\d+$/);
    expect(next.get("$skip")).toBeNull();
    expect(next.get("$select")).toBe("ListingKey");
    // With $orderby, by $skip.
    const sorted = await collection("$orderby=ListPrice desc&$skip=3&$select=ListingKey");
    const sortedNext = new URL(sorted["@odata.nextLink"] as string).searchParams;
    expect(sortedNext.get("$skip")).toBe("203");
    expect(sortedNext.get("$skiptoken")).toBeNull();
    // $top above the page size: the pages add up to what was asked.
    const capped = await collection("$top=250&$select=ListingKey");
    expect(capped.value).toHaveLength(200);
    const rest = await get(
      (capped["@odata.nextLink"] as string).replace("http://localhost:3000", ""),
    );
    expect((rest.json() as Collection).value).toHaveLength(50);
    expect((rest.json() as Collection)["@odata.nextLink"]).toBeUndefined();
    const small = await collection("$top=5&$select=ListingKey");
    expect(small.value).toHaveLength(5);
    expect(small["@odata.nextLink"]).toBeUndefined();
    expect((await collection("$top=0")).value).toEqual([]);
  });

  it("counts a filter's listings at Property/$count as plain text", async () => {
    const filter = encodeURIComponent("ListPrice gt 500000");
    const counted = await get(`/odata/Property/$count?$filter=${filter}`);
    expect(counted.statusCode).toBe(200);
    expect(counted.headers["content-type"]).toMatch(/^text\/plain/);
    expect(counted.body).toBe(String(codesWhere((l) => l.price > 500000).length));
    expect((await get("/odata/Property/$count")).body).toBe(String(published.length));
    const refused = await get("/odata/Property/$count?$top=1");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe("400");
  });

  it("skips with $skip", async () => {
    const all = await collection("$orderby=ListPrice desc&$top=20&$select=ListingKey");
    const skipped = await collection("$orderby=ListPrice desc&$top=10&$skip=10&$select=ListingKey");
    expect(skipped.value).toEqual(all.value.slice(10, 20));
  });

  it("expands Media: each photo and floor plan with its URL and order", async () => {
    const withPlans = await test.app.database.db
      .selectFrom("floor_plan")
      .innerJoin("property", "property.id", "floor_plan.property_id")
      .select("property.code")
      .where("property.publish", "=", 1)
      .executeTakeFirstOrThrow();
    const key = withPlans.code;
    const body = await collection(
      `$filter=${encodeURIComponent(`ListingKey eq '${key}'`)}&$expand=Media&$select=ListingKey,PhotosCount`,
    );
    const [listing] = body.value as [Entity];
    const media = listing.Media as Entity[];
    expect(media.length).toBeGreaterThan(1);
    expect(media.map((item) => item.Order)).toEqual(media.map((_, index) => index + 1));
    for (const item of media) {
      expect(item).toMatchObject({
        ResourceRecordKey: key,
        ResourceName: "Property",
        MediaURL: expect.stringMatching(/^http:\/\/localhost:3000\/|^https?:\/\//),
        MediaCategory: expect.stringMatching(/^(Photo|FloorPlan)$/),
      });
    }
    expect(media.filter((item) => item.MediaCategory === "Photo")).toHaveLength(
      listing.PhotosCount as number,
    );
    expect(media.some((item) => item.MediaCategory === "FloorPlan")).toBe(true);
    const one = await get(`/odata/Property('${key}')?$select=ListingKey&$expand=Media`);
    expect(one.statusCode).toBe(200);
    expect(one.json().Media).toEqual(media);
  });

  it("answers one listing by key, and 404 for an unpublished or unknown one", async () => {
    const [listing] = published;
    for (const url of [
      `/odata/Property('${listing?.code}')`,
      `/odata/Property(ListingKey='${listing?.code}')`,
      `/odata/Property(%27${listing?.code}%27)`,
    ]) {
      const one = await get(url);
      expect(one.statusCode, url).toBe(200);
      expect(one.json()).toMatchObject({ ListingKey: listing?.code, ListPrice: listing?.price });
    }
    const draft = await test.app.database.db
      .selectFrom("property")
      .select("code")
      .where("publish", "=", 0)
      .executeTakeFirstOrThrow();
    for (const url of [
      `/odata/Property('${draft.code}')`,
      "/odata/Property('NOPE')",
      "/odata/Property('a%00b')",
      "/odata/Media",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe("404");
    }
  });

  it("replicates by ModificationTimestamp: a change moves it, and gt finds the change", async () => {
    const before = await collection(
      "$orderby=ModificationTimestamp desc&$top=1&$select=ModificationTimestamp",
    );
    const mark = before.value[0]?.ModificationTimestamp as string;
    await sleep(5);
    const [listing] = published;
    await test.app.database.db
      .updateTable("property")
      .set({ price: 123456 })
      .where("code", "=", listing?.code as string)
      .execute();
    const changed = await everything(
      `$filter=${encodeURIComponent(`ModificationTimestamp gt ${mark}`)}&$orderby=ModificationTimestamp&$select=ListingKey,ListPrice,ModificationTimestamp`,
    );
    expect(changed.map((entity) => entity.ListingKey)).toEqual([listing?.code]);
    expect(changed[0]?.ListPrice).toBe(123456);
    expect(Date.parse(String(changed[0]?.ModificationTimestamp))).toBeGreaterThan(Date.parse(mark));
  });

  it.each([
    ["$filter=ListPrice gt", "$filter"],
    ["$filter=Garden eq 1", "Garden"],
    ["$filter=ListPrice eq 'cheap'", "number"],
    ["$filter=City gt 'London'", "text"],
    ["$filter=City eq 5", "text"],
    ["$filter=ModificationTimestamp gt 5", "timestamp"],
    ["$filter=StandardStatus eq 'Sold'", "Active"],
    ["$filter=StandardStatus gt 'Active'", "eq and ne"],
    ["$filter=PublicRemarks eq 'x'", "contains"],
    ["$filter=LeaseAmountFrequency eq 'Monthly'", "not filterable"],
    ["$filter=startswith(City,'L')", "startswith"],
    ["$filter=contains(ListPrice,'5')", "text"],
    ["$filter=ListPrice add 5 gt 3", "ListPrice add 5"],
    ["$filter=Media/any(m: m/Order eq 1)", "$filter"],
    ["$filter=ListPrice gt null", "null"],
    ["$filter=ListPrice eq ListPrice", "value"],
    ["$orderby=StandardStatus", "cannot sort"],
    ["$orderby=ListPrice sideways", "$orderby"],
    ["$orderby=Nope", "Nope"],
    ["$top=-1", "$top"],
    ["$top=lots", "$top"],
    ["$skip=1.5", "$skip"],
    ["$skiptoken=abc", "$skiptoken"],
    ["$skiptoken=1&$orderby=ListPrice", "$orderby"],
    ["$count=maybe", "$count"],
    ["$expand=Agent", "Media"],
    ["$expand=Media($select=MediaURL)", "Media"],
    ["$search=garden", "$search"],
    ["$apply=groupby((City))", "$apply"],
    ["$top=1&$top=2", "more than once"],
    ["$format=xml", "JSON"],
    ["$filter=City eq 'a%00b'", "$filter"],
  ])("answers 400 with an OData error for %s", async (query, said) => {
    const response = await get(`/odata/Property?${query.replaceAll(" ", "%20")}`);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body).toEqual({ error: { code: "400", message: expect.any(String) } });
    expect(body.error.message).toContain(said);
  });

  it("answers 200 or an OData 400, never a 500, to queries made of random pieces", async () => {
    const pieces = [
      "ListPrice",
      "City",
      "LivingArea",
      "BedroomsTotal",
      "Latitude",
      "ModificationTimestamp",
      "StandardStatus",
      "PublicRemarks",
      "Nope",
      "eq",
      "ne",
      "gt",
      "le",
      "and",
      "or",
      "not",
      "(",
      ")",
      "'x'",
      "'O''Hare'",
      "1",
      "2.5",
      "-7",
      "1e309",
      "99999999999",
      "null",
      "true",
      "contains(",
      ",",
      "2026-01-01T00:00:00Z",
      "'Active'",
      "$",
      "/",
      "any",
      "add",
    ];
    // A fixed seed: the same queries every run.
    let seed = 20261129;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const phrase = () =>
      Array.from({ length: 1 + next(7) }, () => pieces[next(pieces.length)]).join(" ");
    for (let i = 0; i < 200; i += 1) {
      const option = ["$filter", "$filter", "$orderby", "$select", "$top", "$skip"][next(6)];
      const response = await get(`/odata/Property?${option}=${encodeURIComponent(phrase())}`);
      expect([200, 400], response.body).toContain(response.statusCode);
      if (response.statusCode === 400) {
        expect(response.json()).toEqual({ error: { code: "400", message: expect.any(String) } });
      }
    }
  });

  it("answers 400 for a $filter too long or too deep to read", async () => {
    for (const filter of [
      "(".repeat(3000),
      `${"(".repeat(11)}ListPrice gt 1${")".repeat(11)}`,
      Array(200).fill("ListPrice gt 1").join(" and "),
    ]) {
      const started = performance.now();
      const response = await get(`/odata/Property?$filter=${encodeURIComponent(filter)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("400");
      // Refused before the parser's work grows.
      expect(performance.now() - started).toBeLessThan(500);
    }
    const deepest = `${"(".repeat(10)}ListPrice gt 1${")".repeat(10)}`;
    expect(
      (await get(`/odata/Property?$top=1&$filter=${encodeURIComponent(deepest)}`)).statusCode,
    ).toBe(200);
  });

  it("is read only: 405 with an OData error for a write", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      const response = await test.app.inject({
        method,
        url: "/odata/Property",
        headers: headers(),
        payload: {},
      });
      expect(response.statusCode, method).toBe(405);
      expect(response.json().error.code).toBe("405");
    }
  });

  it("records when a consumer last used its token", async () => {
    const [consumer] = (await test.app.feedConsumers.list()).filter(
      (c) => c.name === "Test portal",
    );
    expect(consumer?.lastUsedAt).not.toBeNull();
  });
});

describe("the RESO Web API's rate limit", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp("sqlite", { FEEDS_RATE_LIMIT: "3/1m" });
  });
  afterAll(() => test.close());

  it("counts each token on its own and answers 429 with an OData error past the limit", async () => {
    const tokens: string[] = [];
    for (const name of ["One", "Two"]) {
      const added = await test.app.feedConsumers.add(cliActor, name);
      if (!added.ok) throw new Error(added.message);
      tokens.push(added.token);
    }
    const use = (token: string | undefined) =>
      test.app.inject({ url: "/odata/", headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < 3; i += 1) expect((await use(tokens[0])).statusCode).toBe(200);
    const refused = await use(tokens[0]);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.json().error.code).toBe("429");
    expect((await use(tokens[1])).statusCode).toBe(200);
  });
});

describe.each(testDialects)("the RESO Web API's portal fields and switch on %s", (dialect) => {
  let test: TestApp;
  let token = "";
  beforeAll(async () => {
    test = await createTestApp(dialect);
    const added = await test.app.feedConsumers.add(cliActor, "Portal fields");
    if (!added.ok) throw new Error(added.message);
    token = added.token;
  });
  afterAll(() => test.close());

  const get = (url: string) =>
    test.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  const keys = async (query: string) => {
    const response = await get(`/odata/Property?$top=200&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Collection).value.map((entity) => entity.ListingKey);
  };
  const publishedRows = () =>
    test.app.database.db.selectFrom("property").selectAll().where("publish", "=", 1).execute();

  it("gives the postcode, the date available from and the HOA fee a month", async () => {
    const rows = await publishedRows();
    const response = await get(
      "/odata/Property?$top=200&$select=ListingKey,PostalCode,AvailabilityDate,AssociationFee,AssociationFeeFrequency",
    );
    expect(response.statusCode, response.body).toBe(200);
    const byKey = new Map(
      (response.json() as Collection).value.map((entity) => [entity.ListingKey, entity]),
    );
    for (const row of rows) {
      expect(byKey.get(row.code)).toEqual({
        ListingKey: row.code,
        PostalCode: row.postcode === "" ? null : row.postcode,
        AvailabilityDate: row.available_from,
        AssociationFee: row.hoa_fee,
        AssociationFeeFrequency: row.hoa_fee === null ? null : "Monthly",
      });
    }
    // The seed has each kind: a postcode, a date, a fee.
    expect(rows.some((row) => row.postcode !== "")).toBe(true);
    expect(rows.some((row) => row.available_from !== null)).toBe(true);
    expect(rows.some((row) => row.hoa_fee !== null)).toBe(true);
    const metadata = await get("/odata/$metadata");
    expect(metadata.body).toContain(
      '<Property Name="PostalCode" Type="Edm.String" MaxLength="10"/>',
    );
    expect(metadata.body).toContain('<Property Name="AvailabilityDate" Type="Edm.Date"/>');
    expect(metadata.body).toContain('<Property Name="AssociationFee" Type="Edm.Decimal"');
  });

  it("filters and orders by the date available from and the postcode", async () => {
    const rows = await publishedRows();
    const dated = rows.filter((row) => row.available_from !== null);
    const middle = [...dated.map((row) => row.available_from as string)].sort()[
      Math.floor(dated.length / 2)
    ] as string;
    expect(await keys(`$filter=AvailabilityDate ge ${middle}&$orderby=ListingKey`)).toEqual(
      dated
        .filter((row) => (row.available_from as string) >= middle)
        .map((row) => row.code)
        .sort(),
    );
    const withPostcode = rows.find((row) => row.postcode !== "");
    expect(await keys(`$filter=PostalCode eq '${withPostcode?.postcode}'`)).toContain(
      withPostcode?.code,
    );
    const bad = await get("/odata/Property?$filter=AvailabilityDate ge 'soon'");
    expect(bad.statusCode).toBe(400);
  });

  it("withdraws a listing switched off for RESO: Withdrawn in pages, counts and by key", async () => {
    const [row] = await publishedRows();
    if (!row) throw new Error("the seed has no published listing");
    const active = "/odata/Property/$count?$filter=StandardStatus ne 'Withdrawn'";
    const before = await get(active.replaceAll(" ", "%20"));
    expect(await keys(`$filter=ListingKey eq '${row.code}'`)).toEqual([row.code]);
    await test.app.database.db
      .updateTable("property")
      .set({ send_to_reso: 0 as never })
      .where("id", "=", row.id)
      .execute();
    expect(
      await keys(`$filter=ListingKey eq '${row.code}' and StandardStatus ne 'Withdrawn'`),
    ).toEqual([]);
    expect(Number((await get(active.replaceAll(" ", "%20"))).body)).toBe(Number(before.body) - 1);
    const byKey = await get(`/odata/Property('${row.code}')`);
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json().StandardStatus).toBe("Withdrawn");
  });
});
