import sanitizeHtml from "sanitize-html";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Property } from "../../lib/api-contract.ts";
import { descriptionAllowList } from "../../lib/description-html.ts";
import { parseJsonList } from "../../lib/json-list.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { listAmenities } from "../queries/amenity.ts";
import { insertEnquiry, listEnquiries } from "../queries/enquiry.ts";
import { listPublishedProperties } from "../queries/property.ts";
import { cityBox, getCityCentre } from "./city-centres.ts";
import { buildDemoContent } from "./content.ts";
import { isDatabaseEmpty, resetDatabase, seedDemoContent } from "./seed.ts";

const minute = 60_000;
const day = 24 * 60 * minute;

describe("buildDemoContent", () => {
  it("is deterministic for a given now", () => {
    const now = new Date("2026-11-21T12:00:00.000Z");
    expect(buildDemoContent(now)).toEqual(buildDemoContent(now));
  });

  it("moves created_at, the price histories' and move-in dates with now, and nothing else", () => {
    const a = buildDemoContent(new Date("2026-11-21T12:00:00.000Z"));
    const b = buildDemoContent(new Date("2026-11-22T12:00:00.000Z"));
    const strip = (content: typeof a) =>
      content.properties.map(
        ({ created_at: _c, reference_no: _r, priceHistory, schemaFields, ...rest }) => ({
          ...rest,
          schemaFields: { ...schemaFields, available_from: Boolean(schemaFields.available_from) },
          prices: priceHistory.map((point) => point.price),
        }),
      );
    expect(strip(a)).toEqual(strip(b));
    for (const [index, property] of a.properties.entries()) {
      const moved = b.properties[index]!.priceHistory;
      for (const [step, point] of property.priceHistory.entries()) {
        expect(Date.parse(moved[step]!.at) - Date.parse(point.at)).toBe(day);
      }
      // A history starts on the listed date and ends at today's price, before now.
      if (property.priceHistory.length > 0) {
        expect(property.priceHistory[0]!.at).toBe(property.created_at);
        expect(property.priceHistory.at(-1)!.price).toBe(property.price);
        expect(Date.parse(property.priceHistory.at(-1)!.at)).toBeLessThan(
          Date.parse("2026-11-21T12:00:00.000Z"),
        );
      }
    }
    expect(a.properties.filter((property) => property.priceHistory.length > 0)).toHaveLength(4);
    // A rental's move-in date is weeks after the day it is seeded.
    for (const [index, property] of a.properties.entries()) {
      const from = property.schemaFields.available_from;
      if (!from) continue;
      const moved = b.properties[index]?.schemaFields.available_from ?? "";
      expect(Date.parse(moved) - Date.parse(from)).toBe(day);
      expect(Date.parse(from)).toBeGreaterThan(Date.parse("2026-11-21T12:00:00.000Z"));
    }
    expect(
      Date.parse(b.properties[0]?.created_at ?? "") - Date.parse(a.properties[0]?.created_at ?? ""),
    ).toBe(day);
  });

  it("names every image file once", () => {
    const content = buildDemoContent();
    const files = content.properties.flatMap((p) => p.images.map((image) => image.file));
    expect(new Set(files).size).toBe(files.length);
  });
});

describe.each(testDialects)("demo content on %s", (dialect) => {
  let test: TestDatabase;
  let properties: Property[];
  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    properties = await listPublishedProperties(test.handle.db);
  });
  afterAll(async () => {
    await test.drop();
  });

  it("has 24+ published properties and 2 drafts", async () => {
    expect(properties.length).toBeGreaterThanOrEqual(24);
    const drafts = await test.handle.db
      .selectFrom("property")
      .select("code")
      .where("publish", "=", 0)
      .execute();
    expect(drafts).toHaveLength(2);
  });

  it("spreads over both offer types, 3+ cities and countries, prices from hundreds to millions", () => {
    expect(new Set(properties.map((p) => p.offer_type))).toEqual(new Set(["For Rent", "For Sale"]));
    expect(new Set(properties.map((p) => p.city)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(properties.map((p) => p.country)).size).toBeGreaterThanOrEqual(3);
    const prices = properties.map((p) => p.price);
    expect(Math.min(...prices)).toBeLessThan(1000);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...prices)).toBeGreaterThanOrEqual(1_000_000);
    for (const category of ["Apartments", "Houses", "Commercial", "Garages"]) {
      expect(
        properties.some((p) => p.category === category),
        category,
      ).toBe(true);
    }
  });

  it("places every property, drafts too, a few kilometres around its city's centre", async () => {
    const rows = await test.handle.db
      .selectFrom("property")
      .select(["code", "city", "latitude", "longitude"])
      .execute();
    for (const row of rows) {
      const box = cityBox(row.city);
      expect(row.latitude, row.code).toBeGreaterThanOrEqual(box.south);
      expect(row.latitude, row.code).toBeLessThanOrEqual(box.north);
      expect(row.longitude, row.code).toBeGreaterThanOrEqual(box.west);
      expect(row.longitude, row.code).toBeLessThanOrEqual(box.east);
    }
    // Spread, not stacked: no two on one point, and on every side of their centres.
    expect(new Set(rows.map((row) => `${row.latitude},${row.longitude}`)).size).toBe(rows.length);
    const sides = new Set(
      rows.map((row) => {
        const centre = getCityCentre(row.city);
        return `${row.latitude! > centre.latitude ? "N" : "S"}${row.longitude! > centre.longitude ? "E" : "W"}`;
      }),
    );
    expect([...sides].sort()).toEqual(["NE", "NW", "SE", "SW"]);
    // The API's answer carries them.
    for (const p of properties) {
      const row = rows.find((candidate) => candidate.code === p.code);
      expect({ latitude: p.latitude, longitude: p.longitude }).toEqual({
        latitude: row?.latitude,
        longitude: row?.longitude,
      });
    }
  });

  it("gives each property readable identifiers and plausible facts", () => {
    const codes = properties.map((p) => p.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const p of properties) {
      expect(p.code).toMatch(/^HP-\d{4}$/);
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.slug.endsWith(p.code.toLowerCase())).toBe(true);
      expect(p.reference_no).not.toBe("");
      expect(p.property_status).not.toBe("");
      expect(p.rating).toBeGreaterThanOrEqual(1);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(p.size).toBeGreaterThan(0);
      for (const key of ["bedroom", "bathroom", "room", "floor", "garage", "balcony"] as const) {
        expect(p[key], key).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("gives each property 4+ images with the cover among them, 3-6 features, 1-3 related", async () => {
    const amenityIds = new Set((await listAmenities(test.handle.db)).map((a) => a.id));
    for (const p of properties) {
      const images = parseJsonList(p.image_list) as { imageUrl: string }[];
      expect(images.length, p.code).toBeGreaterThanOrEqual(4);
      for (const image of images) expect(image.imageUrl).toMatch(/^[a-z]+-\d{2}-[a-e]\.jpg$/);
      expect(images.map((image) => image.imageUrl)).toContain(p.cover_image);

      const features = parseJsonList(p.features);
      expect(features.length).toBeGreaterThanOrEqual(3);
      expect(features.length).toBeLessThanOrEqual(6);
      for (const id of features) expect(amenityIds.has(id as number)).toBe(true);

      const related = parseJsonList(p.related_product) as { code: string }[];
      expect(related.length).toBeGreaterThanOrEqual(1);
      expect(related.length).toBeLessThanOrEqual(3);
      expect(related.map((r) => r.code)).not.toContain(p.code);
    }
  });

  it("has maps for all, videos for some", () => {
    for (const p of properties) {
      expect(p.google_map).toMatch(/^https:\/\/www\.google\.com\/maps\?q=[^&\s]+&output=embed$/);
      if (p.youtube !== null) {
        expect(p.youtube).toMatch(/^https:\/\/www\.youtube\.com\/embed\/[A-Za-z0-9_-]{11}$/);
      }
    }
    expect(properties.some((p) => p.youtube === null)).toBe(true);
    expect(properties.some((p) => p.youtube !== null)).toBe(true);
  });

  it("spreads created_at from minutes to months ago", () => {
    const now = Date.now();
    const ages = properties.map((p) => now - Date.parse(p.created_at));
    for (const age of ages) expect(age).toBeGreaterThanOrEqual(0);
    expect(ages.some((age) => age < 60 * minute)).toBe(true);
    expect(ages.some((age) => age >= 60 * minute && age < day)).toBe(true);
    expect(ages.some((age) => age > 30 * day)).toBe(true);
    expect(Math.max(...ages)).toBeGreaterThan(120 * day);
  });

  it("has sanitised HTML descriptions of 2-4 paragraphs", () => {
    for (const p of properties) {
      expect(sanitizeHtml(p.description, descriptionAllowList)).toBe(p.description);
      const paragraphs = p.description.match(/<p>/g)?.length ?? 0;
      expect(paragraphs).toBeGreaterThanOrEqual(2);
      expect(paragraphs).toBeLessThanOrEqual(4);
      expect(p.description).toContain("<ul><li>");
      expect(p.description).toContain("<strong>");
    }
  });
});

describe.each(testDialects)("seeding and resetting on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await test.drop();
  });

  it("seeds an empty database, refuses a second seed whole, resets, and seeds again", async () => {
    const db = test.handle.db;
    expect(await isDatabaseEmpty(db)).toBe(true);
    await seedDemoContent(db, {});
    expect(await isDatabaseEmpty(db)).toBe(false);
    const count = async () =>
      Number(
        (
          await db
            .selectFrom("property")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const seeded = await count();

    // One transaction: a failing second seed leaves nothing half-written.
    await expect(seedDemoContent(db, {})).rejects.toThrow();
    expect(await count()).toBe(seeded);
    expect(await db.selectFrom("company_profile").select("id").execute()).toHaveLength(1);

    await insertEnquiry(db, {
      fullname: "A",
      telephone: "1",
      email: "a@example.com",
      property_code: null,
      message: "m",
      how_you_hear: "Friend",
      num1: "1",
      num2: "2",
      answer: "3",
      puzzle: "3",
      ip: "127.0.0.1",
    });
    await resetDatabase(db);
    expect(await isDatabaseEmpty(db)).toBe(true);
    expect(await count()).toBe(0);
    expect(await listEnquiries(db)).toEqual([]);

    // Amenity ids change on a reseed; features follow them.
    await seedDemoContent(db, {});
    const amenityIds = new Set((await listAmenities(db)).map((a) => a.id));
    for (const p of await listPublishedProperties(db)) {
      for (const id of parseJsonList(p.features)) expect(amenityIds.has(id as number)).toBe(true);
    }
  });
});
