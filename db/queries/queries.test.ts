import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  amenitySchema,
  categorySchema,
  collectionSchema,
  companyProfileSchema,
  type Property,
  propertySchema,
  sliderSchema,
} from "../../lib/api-contract.ts";
import { collectionNames } from "../../lib/collection-names.ts";
import { parseJsonList } from "../../lib/json-list.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { listAmenities } from "./amenity.ts";
import { listCategoryCounters } from "./category.ts";
import { findCollection } from "./collection.ts";
import { findCompanyProfile } from "./company-profile.ts";
import { insertEnquiry, listEnquiries, type NewEnquiry } from "./enquiry.ts";
import { listFloorPlans } from "./floor-plan.ts";
import { findPublishedProperty, listPublishedProperties } from "./property.ts";
import { listSliders } from "./slider.ts";

const isoUtc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Exactly the contract's keys: nothing missing, nothing extra (no ids, no category_id). */
function expectKeys(value: object, shape: object) {
  expect(Object.keys(value).sort()).toEqual(Object.keys(shape).sort());
}

/** A property of a list: the contract's keys but `floor_plans`, which only the one property has. */
function expectPropertyShape(property: Property) {
  const { floor_plans: _plans, price_history: _history, ...listShape } = propertySchema.shape;
  expectKeys(property, listShape);
  for (const key of [
    "code",
    "slug",
    "headline",
    "cover_image",
    "address",
    "offer_type",
    "created_at",
    "description",
    "reference_no",
    "property_status",
    "city",
    "province",
    "country",
    "features",
    "image_list",
    "related_product",
    "category",
  ] as const) {
    expect(typeof property[key], key).toBe("string");
  }
  for (const key of [
    "price",
    "bedroom",
    "bathroom",
    "room",
    "floor",
    "size",
    "rating",
    "garage",
    "balcony",
  ] as const) {
    expect(typeof property[key], key).toBe("number");
  }
  expect(property.publish).toBe(1);
  expect(property.created_at).toMatch(isoUtc);
  expect(property.youtube === null || typeof property.youtube === "string").toBe(true);
  expect(typeof property.google_map).toBe("string");
  // This project's additions: every demo property is placed on the map.
  expect(property.latitude).toBeGreaterThanOrEqual(-90);
  expect(property.latitude).toBeLessThanOrEqual(90);
  expect(property.longitude).toBeGreaterThanOrEqual(-180);
  expect(property.longitude).toBeLessThanOrEqual(180);
  // JSON text, as the original backend sent it.
  expect(Array.isArray(JSON.parse(property.features as string))).toBe(true);
  expect(Array.isArray(JSON.parse(property.image_list as string))).toBe(true);
  expect(Array.isArray(JSON.parse(property.related_product as string))).toBe(true);
}

describe.each(testDialects)("queries on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
  });
  afterAll(async () => {
    await test.drop();
  });
  const db = () => test.handle.db;

  it("findCompanyProfile answers the profile", async () => {
    const profile = await findCompanyProfile(db());
    expect(profile).toBeDefined();
    expectKeys(profile ?? {}, companyProfileSchema.shape);
    expect(profile?.business_name).toBe("Harbor & Pine Realty");
    expect(profile?.image_url).toBe("logo.png");
  });

  it("listSliders answers the sliders in order", async () => {
    const sliders = await listSliders(db());
    expect(sliders.length).toBeGreaterThanOrEqual(3);
    for (const slider of sliders) {
      expectKeys(slider, sliderSchema.shape);
      expect(slider.image_url).toMatch(/^slider-\d+\.jpg$/);
      expect(slider.link).toMatch(/^\/property(\/[a-z0-9-]+)?$/);
    }
    expect(sliders.map((slider) => slider.image_url)).toEqual(
      sliders.map((_, i) => `slider-${i + 1}.jpg`),
    );
    // Links to a property name a published one by slug.
    for (const slider of sliders.filter((s) => s.link.startsWith("/property/"))) {
      expect(
        await findPublishedProperty(db(), slider.link.slice("/property/".length)),
      ).toBeDefined();
    }
  });

  it("listAmenities answers amenities with ids and icons", async () => {
    const amenities = await listAmenities(db());
    expect(amenities.length).toBeGreaterThanOrEqual(8);
    for (const amenity of amenities) {
      expectKeys(amenity, amenitySchema.shape);
      expect(typeof amenity.id).toBe("number");
      expect(amenity.icon).toMatch(/^[a-z-]+$/);
    }
  });

  it("listPublishedProperties answers only published properties, newest first", async () => {
    const properties = await listPublishedProperties(db());
    const all = await db().selectFrom("property").select(["code", "publish"]).execute();
    const published = all.filter((row) => row.publish === true || row.publish === 1);
    expect(all.length).toBeGreaterThan(published.length);
    expect(properties.map((p) => p.code).sort()).toEqual(published.map((p) => p.code).sort());
    for (const property of properties) expectPropertyShape(property);
    const times = properties.map((p) => p.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("findPublishedProperty finds by slug and by code, and nothing else", async () => {
    const [first] = await listPublishedProperties(db());
    if (first === undefined) throw new Error("no properties");
    const plans = await listFloorPlans(
      db(),
      (
        await db()
          .selectFrom("property")
          .select("id")
          .where("code", "=", first.code)
          .executeTakeFirstOrThrow()
      ).id,
    );
    const whole = {
      ...first,
      floor_plans: plans,
      price_history: [
        {
          changed_at: first.created_at,
          old_price: null,
          new_price: first.price,
          rent_period: first.offer_type === "For Rent" ? "month" : null,
        },
      ],
    };
    expect(await findPublishedProperty(db(), first.slug)).toEqual(whole);
    expect(await findPublishedProperty(db(), first.code)).toEqual(whole);
    expect(await findPublishedProperty(db(), "no-such-property")).toBeUndefined();
    expect(await findPublishedProperty(db(), "")).toBeUndefined();
    const draft = await db()
      .selectFrom("property")
      .select(["code", "slug"])
      .where("publish", "=", 0)
      .executeTakeFirstOrThrow();
    expect(await findPublishedProperty(db(), draft.code)).toBeUndefined();
    expect(await findPublishedProperty(db(), draft.slug)).toBeUndefined();
  });

  it("findPublishedProperty carries the floor plans in order; the lists leave them out", async () => {
    const properties = await listPublishedProperties(db());
    const found = await Promise.all(properties.map((p) => findPublishedProperty(db(), p.code)));
    const withPlans = found.filter((p) => (p?.floor_plans?.length ?? 0) > 0);
    const without = found.filter((p) => p?.floor_plans?.length === 0);
    // The demo has both, and two properties' plans are different files.
    expect(withPlans.length).toBeGreaterThan(1);
    expect(without.length).toBeGreaterThan(0);
    const [a, b] = withPlans;
    expect(a?.floor_plans?.map((plan) => plan.file)).not.toEqual(
      b?.floor_plans?.map((plan) => plan.file),
    );
    for (const property of withPlans) {
      for (const plan of property?.floor_plans ?? []) {
        expect(plan).toEqual({
          label: expect.any(String),
          file: expect.any(String),
          kind: plan.file.endsWith(".pdf") ? "pdf" : "image",
        });
      }
    }
    // In position order: a house's levels from the ground up.
    const house = withPlans.find((p) => (p?.floor_plans?.length ?? 0) > 1);
    expect(house?.floor_plans?.slice(0, 2).map((plan) => plan.label)).toEqual([
      "Ground floor",
      "First floor",
    ]);
    for (const property of properties) expect(property).not.toHaveProperty("floor_plans");
  });

  it("related properties and features refer to existing records", async () => {
    const properties = await listPublishedProperties(db());
    const codes = new Set(properties.map((p) => p.code));
    const amenityIds = new Set((await listAmenities(db())).map((a) => a.id));
    for (const property of properties) {
      for (const item of parseJsonList(property.related_product)) {
        expect(codes.has((item as { code: string }).code)).toBe(true);
      }
      for (const id of parseJsonList(property.features)) {
        expect(amenityIds.has(id as number)).toBe(true);
      }
    }
  });

  it("listCategoryCounters counts published properties per category", async () => {
    const categories = await listCategoryCounters(db());
    for (const category of categories) expectKeys(category, categorySchema.shape);
    expect(categories.map((c) => c.title)).toEqual(
      expect.arrayContaining(["Apartments", "Houses", "Commercial", "Garages"]),
    );
    expect(categories.map((c) => c.title)).toEqual([...categories.map((c) => c.title)].sort());
    const properties = await listPublishedProperties(db());
    for (const category of categories) {
      expect(category.total, category.title).toBe(
        properties.filter((p) => p.category === category.title).length,
      );
    }
  });

  it("listCategoryCounters lists a category without properties with 0", async () => {
    await db().insertInto("category").values({ title: "Land" }).execute();
    try {
      const land = (await listCategoryCounters(db())).find((c) => c.title === "Land");
      expect(land).toEqual({ title: "Land", total: 0 });
    } finally {
      await db().deleteFrom("category").where("title", "=", "Land").execute();
    }
  });

  it("findCollection answers the three layouts, of published codes", async () => {
    const codes = new Set((await listPublishedProperties(db())).map((p) => p.code));
    for (const name of collectionNames) {
      const collection = await findCollection(db(), name);
      expect(collection, name).toBeDefined();
      expectKeys(collection ?? {}, collectionSchema.shape);
      expect(typeof collection?.item_list).toBe("string");
      const items = parseJsonList(collection?.item_list);
      expect(items.length).toBeGreaterThanOrEqual(4);
      expect(items.length).toBeLessThanOrEqual(8);
      for (const item of items) expect(codes.has((item as { code: string }).code)).toBe(true);
    }
    expect(await findCollection(db(), "Product Layout 9")).toBeUndefined();
  });

  it("insertEnquiry stores every field and listEnquiries reads them back, newest first", async () => {
    const first: NewEnquiry = {
      fullname: "Ada Lovelace",
      telephone: "+44 20 7946 0018",
      email: "ada@example.com",
      property_code: "HP-1001",
      message: "Hello, I am interested in ... <b>this</b> 'one' \"too\" ünïcødé",
      how_you_hear: "Google",
      num1: "3",
      num2: "5",
      answer: "8",
      puzzle: "8",
      ip: "203.0.113.7",
    };
    const second: NewEnquiry = {
      ...first,
      fullname: "Grace Hopper",
      property_code: null,
      how_you_hear: "Just browsing",
      ip: "2001:db8::1",
    };
    const before = Date.now();
    const a = await insertEnquiry(db(), first);
    const b = await insertEnquiry(db(), second);
    expect(typeof a.id).toBe("number");
    expect(b.id).toBeGreaterThan(a.id);

    const enquiries = await listEnquiries(db());
    expect(enquiries.slice(0, 2).map((e) => e.id)).toEqual([b.id, a.id]);
    const [latest, earlier] = enquiries;
    expect(latest).toEqual({ ...second, id: b.id, created_at: expect.stringMatching(isoUtc) });
    expect(earlier).toEqual({ ...first, id: a.id, created_at: expect.stringMatching(isoUtc) });
    const stamped = Date.parse(earlier?.created_at ?? "");
    expect(stamped).toBeGreaterThanOrEqual(before - 1000);
    expect(stamped).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("insertEnquiry ignores keys that are not columns", async () => {
    const enquiry = {
      fullname: "Extra",
      telephone: "1",
      email: "x@example.com",
      property_code: null,
      message: "m",
      how_you_hear: "Friend",
      num1: "1",
      num2: "1",
      answer: "2",
      puzzle: "2",
      ip: "127.0.0.1",
      unexpected: "drop me",
    };
    const { id } = await insertEnquiry(db(), enquiry);
    expect((await listEnquiries(db())).find((e) => e.id === id)?.fullname).toBe("Extra");
  });
});
