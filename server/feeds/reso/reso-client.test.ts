/**
 * The feed as consumers see it: read over HTTP by a real OData v4 client (@odata/client), and
 * its $metadata validated against OASIS's CSDL XML schemas (edmx.xsd and edm.xsd, shipped by
 * OASIS's odata-csdl package) and read by OASIS's own CSDL reader.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { EdmV4, OData } from "@odata/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { createTestApp, type TestApp } from "../../../tests/support/app.ts";
import { testDialects } from "../../../tests/support/test-database.ts";
import { resoMediaFields, resoPropertyFields } from "./fields.ts";
import { resoMetadataXml } from "./metadata.ts";

const require = createRequire(import.meta.url);
const csdl = require("odata-csdl") as {
  xml2json(xml: string, options: { strict: boolean }): Record<string, unknown>;
};
const schemaFolder = new URL("schemas/", `file://${require.resolve("odata-csdl/package.json")}`);
const readSchema = (name: string) => readFileSync(new URL(name, schemaFolder), "utf8");

async function validateCsdl(xml: string) {
  return validateXML({
    xml: [{ fileName: "metadata.xml", contents: xml }],
    schema: [{ fileName: "edmx.xsd", contents: readSchema("edmx.xsd") }],
    preload: [{ fileName: "edm.xsd", contents: readSchema("edm.xsd") }],
  });
}

describe("the feed's $metadata", () => {
  it("is valid CSDL XML by OASIS's schemas", async () => {
    const result = await validateCsdl(resoMetadataXml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    // The check can fail: a property without its type is refused.
    const broken = await validateCsdl(resoMetadataXml.replace('Type="Edm.Decimal"', ""));
    expect(broken.valid).toBe(false);
  });

  it("reads as RESO's Property and Media in org.reso.metadata, keyed and typed", () => {
    const model = csdl.xml2json(resoMetadataXml, { strict: true });
    expect(model.$Version).toBe("4.0");
    const schema = model["org.reso.metadata"] as Record<string, Record<string, unknown>>;
    const property = schema.Property as Record<string, unknown>;
    expect(property.$Kind).toBe("EntityType");
    expect(property.$Key).toEqual(["ListingKey"]);
    for (const field of resoPropertyFields) expect(property).toHaveProperty(field.name);
    expect(property.ListPrice).toMatchObject({ $Type: "Edm.Decimal" });
    expect(property.ModificationTimestamp).toMatchObject({ $Type: "Edm.DateTimeOffset" });
    expect(property.Media).toMatchObject({
      $Kind: "NavigationProperty",
      $Collection: true,
      $Type: "org.reso.metadata.Media",
    });
    const media = schema.Media as Record<string, unknown>;
    expect(media.$Key).toEqual(["MediaKey"]);
    for (const field of resoMediaFields) expect(media).toHaveProperty(field.name);
    expect(schema.Default).toMatchObject({
      $Kind: "EntityContainer",
      Property: { $Collection: true, $Type: "org.reso.metadata.Property" },
    });
  });
});

describe.each(testDialects)("an OData v4 client reading the feed on %s", (dialect) => {
  let test: TestApp;
  let client: ReturnType<typeof OData.New4>;

  beforeAll(async () => {
    test = await createTestApp(dialect);
    const added = await test.app.feedConsumers.add({ id: null, email: "cli" }, "Client");
    if (!added.ok) throw new Error(added.message);
    await test.app.listen({ host: "127.0.0.1", port: 0 });
    const address = test.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    client = OData.New4({
      serviceEndpoint: `http://127.0.0.1:${port}/odata/`,
      commonHeaders: { Authorization: `Bearer ${added.token}` },
    });
  });
  afterAll(() => test.close());

  it("queries Property with a filter, order, selection, paging and a count", async () => {
    const properties = client.getEntitySet<Record<string, unknown>>("Property");
    const filter = client.newFilter().property("ListPrice").gt(500000);
    const options = client
      .newOptions()
      .filter(filter)
      .orderby("ListPrice", "desc")
      .select(["ListingKey", "ListPrice", "City"])
      .top(3)
      .skip(1);
    const rows = await properties.query(options);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(["City", "ListPrice", "ListingKey"]);
      expect(row.ListPrice as number).toBeGreaterThan(500000);
    }
    const prices = rows.map((row) => row.ListPrice as number);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const all = await properties.query(
      client.newOptions().filter(filter).orderby("ListPrice", "desc").select(["ListingKey"]),
    );
    expect(rows.map((row) => row.ListingKey)).toEqual(all.slice(1, 4).map((row) => row.ListingKey));
    expect(await properties.count(filter)).toBe(all.length);
  });

  it("reads one listing by key with its Media expanded", async () => {
    const properties = client.getEntitySet<Record<string, unknown>>("Property");
    const [first] = await properties.query(client.newOptions().top(1).select(["ListingKey"]));
    const key = first?.ListingKey as string;
    const listing = await properties.retrieve(
      key,
      client.newOptions().select(["ListingKey", "PhotosCount"]).expand("Media"),
    );
    expect(listing.ListingKey).toBe(key);
    expect((listing.Media as unknown[]).length).toBeGreaterThanOrEqual(
      listing.PhotosCount as number,
    );
  });

  it("learns by replication that a listing was withdrawn and another deleted", async () => {
    const properties = client.getEntitySet<Record<string, unknown>>("Property");
    const db = test.app.database.db;
    const [withdrawn, deleted] = await db
      .selectFrom("property")
      .select(["id", "code"])
      .where("publish", "=", 1)
      .orderBy("id")
      .limit(2)
      .execute();
    if (!withdrawn || !deleted) throw new Error("the seed has too few published listings");
    const since = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await db.updateTable("property").set({ publish: 0 }).where("id", "=", withdrawn.id).execute();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await db.deleteFrom("property").where("id", "=", deleted.id).execute();
    const changed = await properties.query(
      client
        .newOptions()
        .filter(
          client.newFilter().property("ModificationTimestamp").gt(EdmV4.DateTimeOffset.from(since)),
        )
        .orderby("ModificationTimestamp", "asc")
        .select(["ListingKey", "StandardStatus", "ListPrice", "ModificationTimestamp"]),
    );
    expect(changed.map((row) => [row.ListingKey, row.StandardStatus])).toEqual([
      [withdrawn.code, "Withdrawn"],
      [deleted.code, "Delete"],
    ]);
    expect(changed[1]?.ListPrice).toBeNull();
    for (const row of changed) {
      expect(String(row.ModificationTimestamp) > since.toISOString()).toBe(true);
    }
  });

  it("gets OData's error for a bad query", async () => {
    const properties = client.getEntitySet("Property");
    await expect(
      properties.query(client.newOptions().filter("ListPrice gt 'cheap'")),
    ).rejects.toThrow(/number/);
  });
});
