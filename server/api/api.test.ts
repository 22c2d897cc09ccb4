import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../db/database.ts";
import { listEnquiries } from "../../db/queries/enquiry.ts";
import type { Category, Collection, Property } from "../../lib/api-contract.ts";
import { enquiryMessages } from "../../lib/enquiry-rules.ts";
import { parseJsonList } from "../../lib/json-list.ts";
import { auth, createTestApp, multipart, type TestApp } from "../../tests/support/app.ts";
import { buildContactEnquiry, buildPropertyEnquiry } from "../../tests/support/factories.ts";
import { testDialects } from "../../tests/support/test-database.ts";
import { contactMessages } from "./contact.ts";

const readEndpoints = [
  "/api/sliders/display/all",
  "/api/company/profile",
  "/api/amenity/view",
  "/api/property/display/all",
  "/api/category/display_counter",
  `/api/collection/show_one/${encodeURIComponent("Product Layout 1")}`,
];

describe.each(testDialects)("the §7 API on %s", (dialect) => {
  let test: TestApp;
  let properties: Property[];

  beforeAll(async () => {
    test = await createTestApp(dialect);
    const response = await test.app.inject({ url: "/api/property/display/all", headers: auth });
    properties = response.json().data;
  });
  afterAll(() => test.close());

  const get = (url: string, headers: Record<string, string> = auth) =>
    test.app.inject({ method: "GET", url, headers });

  describe("the bearer token", () => {
    it.each(readEndpoints)("is required by GET %s", async (url) => {
      const missing = await get(url, {});
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ status: 401, message: expect.any(String) });
      const wrong = await get(url, { authorization: "Bearer not-the-token" });
      expect(wrong.statusCode).toBe(401);
      const right = await get(url);
      expect(right.statusCode).toBe(200);
      expect(right.json()).toHaveProperty("data");
      // Never kept by a browser or a proxy, refusals included.
      for (const answer of [missing, wrong, right]) {
        expect(answer.headers["cache-control"]).toBe("no-store");
      }
    });

    it("is required by POST /contact/add, which stores nothing without it", async () => {
      const { payload, headers } = await multipart(buildContactEnquiry());
      const response = await test.app.inject({
        method: "POST",
        url: "/api/contact/add",
        payload,
        headers,
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe("the reads", () => {
    it("accept the multipart content type the SPEC's client sends on every request", async () => {
      const response = await get("/api/amenity/view", {
        ...auth,
        "content-type": "multipart/form-data",
      });
      expect(response.statusCode).toBe(200);
    });

    it("list the sliders with title, image and link", async () => {
      const sliders = (await get("/api/sliders/display/all")).json().data;
      expect(sliders.length).toBeGreaterThanOrEqual(3);
      for (const slider of sliders) {
        expect(slider).toEqual(
          expect.objectContaining({
            title: expect.any(String),
            image_url: expect.any(String),
            link: expect.any(String),
          }),
        );
      }
    });

    it("answer the company profile with every field", async () => {
      const profile = (await get("/api/company/profile")).json().data;
      for (const field of [
        "business_name",
        "page_description",
        "image_url",
        "website",
        "telephone",
        "email_address",
        "address",
      ]) {
        expect(profile[field], field).toEqual(expect.any(String));
        expect(profile[field].length, field).toBeGreaterThan(0);
      }
    });

    it("list the amenities", async () => {
      const amenities = (await get("/api/amenity/view")).json().data;
      expect(amenities.length).toBeGreaterThanOrEqual(8);
      expect(amenities[0]).toEqual({
        id: expect.any(Number),
        title: expect.any(String),
        icon: expect.any(String),
      });
    });

    it("keep the property's fields in their order, the property schema's added fields after them", async () => {
      expect(Object.keys(properties[0]!)).toEqual([
        // SPEC §3 and §7, and this project's additions before lib/property-fields.ts: as they were.
        ...["code", "slug", "headline", "cover_image", "price", "address", "bedroom", "bathroom"],
        ...["room", "floor", "size", "rating", "garage", "offer_type", "publish", "created_at"],
        ...["description", "reference_no", "property_status", "city", "province", "country"],
        ...["youtube", "google_map", "features", "image_list", "related_product", "category"],
        ...["balcony", "latitude", "longitude", "availability", "availability_changed_at"],
        "rent_period",
        // Added through the property schema (decisions 082, 093), in its order.
        "postcode",
        "display_address",
        "tenure",
        "furnished",
        "energy_rating",
        "energy_score",
        "council_tax_band",
        "hoa_fee",
        "deposit",
        "available_from",
        "send_to_rightmove",
        "send_to_push",
        "send_to_reso",
      ]);
    });

    it("list only published properties, each with every §3 field", async () => {
      const published = await test.app.database.db
        .selectFrom("property")
        .select(({ fn }) => fn.countAll<string | number>().as("count"))
        .where("publish", "=", 1)
        .executeTakeFirstOrThrow();
      expect(properties.length).toBe(Number(published.count));
      expect(properties.length).toBeGreaterThanOrEqual(24);
      for (const property of properties) {
        expect(property.publish).toBe(1);
        expect(Object.keys(property)).toEqual(
          expect.arrayContaining([
            "code",
            "slug",
            "headline",
            "cover_image",
            "price",
            "address",
            "bedroom",
            "bathroom",
            "room",
            "floor",
            "size",
            "rating",
            "garage",
            "offer_type",
            "publish",
            "created_at",
            "description",
            "reference_no",
            "property_status",
            "city",
            "province",
            "country",
            "youtube",
            "google_map",
            "features",
            "image_list",
            "related_product",
          ]),
        );
        expect(parseJsonList(property.image_list).length).toBeGreaterThanOrEqual(4);
      }
    });

    it("count the published properties per category", async () => {
      const categories: Category[] = (await get("/api/category/display_counter")).json().data;
      expect(categories.length).toBeGreaterThanOrEqual(4);
      for (const category of categories) {
        const expected = properties.filter(
          (property) => property.category === category.title,
        ).length;
        expect(category.total, category.title).toBe(expected);
      }
    });

    it.each(["Product Layout 1", "Product Layout 2", "Product Layout 3"])(
      "answer the collection '%s' with codes of published properties",
      async (name) => {
        const response = await get(`/api/collection/show_one/${encodeURIComponent(name)}`);
        const collection: Collection = response.json().data;
        expect(collection.title).toBe(name);
        const codes = parseJsonList(collection.item_list).map(
          (item) => (item as { code: string }).code,
        );
        expect(codes.length).toBeGreaterThanOrEqual(4);
        for (const code of codes)
          expect(properties.map((property) => property.code)).toContain(code);
      },
    );

    it("answer 404 with { data: null } for a missing collection", async () => {
      const response = await get(
        `/api/collection/show_one/${encodeURIComponent("Product Layout 9")}`,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ data: null });
    });

    it("answer one property by slug and by code", async () => {
      const wanted = properties[3]!;
      const bySlug = (await get(`/api/property/show/one/${wanted.slug}`)).json().data;
      const byCode = (await get(`/api/property/show/one/${encodeURIComponent(wanted.code)}`)).json()
        .data;
      // The list's fields, and the property's floor plans (decision 052) and price history
      // (decision 076), which the lists leave out.
      const { floor_plans: plans, price_history: history, ...fields } = bySlug;
      expect(fields).toEqual(wanted);
      expect(wanted).not.toHaveProperty("floor_plans");
      expect(wanted).not.toHaveProperty("price_history");
      expect(history[0]).toEqual({
        changed_at: wanted.created_at,
        old_price: null,
        new_price: wanted.price,
        rent_period: wanted.offer_type === "For Rent" ? "month" : null,
      });
      expect(byCode).toEqual(bySlug);
      expect(Array.isArray(plans)).toBe(true);
      for (const plan of plans) {
        expect(Object.keys(plan).sort()).toEqual(["file", "kind", "label"]);
        expect(["image", "pdf"]).toContain(plan.kind);
      }
    });

    it("answer each property's coordinates as numbers, or null for a property without", async () => {
      const rows = await test.app.database.db
        .selectFrom("property")
        .select(["code", "latitude", "longitude"])
        .where("publish", "=", 1)
        .execute();
      for (const property of properties) {
        const row = rows.find((candidate) => candidate.code === property.code);
        expect(typeof property.latitude, property.code).toBe("number");
        expect(typeof property.longitude, property.code).toBe("number");
        expect([property.latitude, property.longitude]).toEqual([row?.latitude, row?.longitude]);
      }

      const unplaced = properties.at(-1)!;
      await test.app.database.db
        .updateTable("property")
        .set({ latitude: null, longitude: null })
        .where("code", "=", unplaced.code)
        .execute();
      try {
        const {
          floor_plans: _plans,
          price_history: _history,
          ...answer
        } = (await get(`/api/property/show/one/${unplaced.code}`)).json().data;
        expect(answer).toEqual({ ...unplaced, latitude: null, longitude: null });
      } finally {
        await test.app.database.db
          .updateTable("property")
          .set({ latitude: unplaced.latitude, longitude: unplaced.longitude })
          .where("code", "=", unplaced.code)
          .execute();
      }
    });

    it("answer 404 with { data: null } for a missing or unpublished property", async () => {
      const missing = await get("/api/property/show/one/no-such-home");
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ data: null });
      const hidden = await test.app.database.db
        .selectFrom("property")
        .select("slug")
        .where("publish", "=", 0)
        .executeTakeFirstOrThrow();
      expect((await get(`/api/property/show/one/${hidden.slug}`)).statusCode).toBe(404);
    });

    it.each([
      "/api/property/show/one/a%00b",
      "/api/collection/show_one/Product%20Layout%201%00",
      "/api/property/show/one/%01",
    ])("answer 404 with { data: null } for a key with a control character: %s", async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ data: null });
    });

    it("answer a JSON 404 for an unknown API path", async () => {
      const response = await get("/api/no/such/endpoint");
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        status: 404,
        message: expect.stringContaining("/api/no/such/endpoint"),
      });
    });
  });

  describe("POST /contact/add", () => {
    const post = async (fields: Record<string, string>, extra: Record<string, string> = {}) => {
      const { payload, headers } = await multipart(fields);
      return test.app.inject({
        method: "POST",
        url: "/api/contact/add",
        payload,
        headers: { ...auth, ...headers, ...extra },
      });
    };
    const storedCount = async () => (await listEnquiries(test.app.database.db)).length;

    it("stores a valid multipart enquiry with every field and answers status 200", async () => {
      const property = properties[0]!;
      const fields = buildPropertyEnquiry(property.code);
      const response = await post(fields);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 200, message: contactMessages.thanks });
      const [stored] = await listEnquiries(test.app.database.db);
      expect(stored).toMatchObject({ ...fields, ip: "127.0.0.1" });
      expect(Date.now() - new Date(stored!.created_at).getTime()).toBeLessThan(60_000);
    });

    it("accepts JSON and urlencoded bodies too", async () => {
      const before = await storedCount();
      const json = await test.app.inject({
        method: "POST",
        url: "/api/contact/add",
        headers: auth,
        payload: buildContactEnquiry(),
      });
      expect(json.statusCode).toBe(200);
      const urlencoded = await test.app.inject({
        method: "POST",
        url: "/api/contact/add",
        headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(buildContactEnquiry()).toString(),
      });
      expect(urlencoded.statusCode).toBe(200);
      expect(await storedCount()).toBe(before + 2);
    });

    it("answers 422 with every §5 message for an empty contact form, storing nothing", async () => {
      const before = await storedCount();
      const response = await post({});
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: 422,
        message: contactMessages.invalid,
        errors: {
          fullname: enquiryMessages.required,
          telephone: enquiryMessages.required,
          message: enquiryMessages.required,
          email: enquiryMessages.email,
          how_you_hear: enquiryMessages.required,
          puzzle: enquiryMessages.required,
        },
      });
      expect(await storedCount()).toBe(before);
    });

    it.each([
      ["a malformed e-mail", { email: "someone@" }, "email", enquiryMessages.email],
      [
        "a wrong puzzle answer",
        { num1: "3", num2: "4", puzzle: "8" },
        "puzzle",
        enquiryMessages.puzzle,
      ],
      [
        "a puzzle digit above 8",
        { num1: "9", num2: "0", puzzle: "9" },
        "puzzle",
        enquiryMessages.puzzle,
      ],
      ["a blank full name", { fullname: "   " }, "fullname", enquiryMessages.required],
    ])("refuses %s with its message", async (_name, override, field, message) => {
      const before = await storedCount();
      const response = await post(buildContactEnquiry(override));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ [field]: message });
      expect(await storedCount()).toBe(before);
    });

    it("lets a property enquiry leave how_you_hear empty but not pick an unknown option", async () => {
      const code = properties[1]!.code;
      expect((await post(buildPropertyEnquiry(code, { how_you_hear: "" }))).statusCode).toBe(200);
      const response = await post(buildPropertyEnquiry(code, { how_you_hear: "Billboard" }));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ how_you_hear: enquiryMessages.howYouHear });
    });

    it("drops control characters such as NUL instead of failing", async () => {
      const fields = buildContactEnquiry({
        fullname: "Null\u0000 Byte\u0007",
        message: "Line one\r\nLine\ttwo",
      });
      expect((await post(fields)).statusCode).toBe(200);
      const [stored] = await listEnquiries(test.app.database.db);
      expect(stored).toMatchObject({ fullname: "Null Byte", message: "Line one\r\nLine\ttwo" });
    });

    it("refuses an enquiry about a property that is not listed", async () => {
      const response = await post(buildPropertyEnquiry("NO-SUCH-CODE"));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ property_code: contactMessages.unknownProperty });
    });

    it("answers 413 for an oversized body and stores nothing", async () => {
      const before = await storedCount();
      const response = await post(buildContactEnquiry({ message: "x".repeat(70 * 1024) }));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ status: 413, message: expect.any(String) });
      const json = await test.app.inject({
        method: "POST",
        url: "/api/contact/add",
        headers: auth,
        payload: buildContactEnquiry({ message: "y".repeat(70 * 1024) }),
      });
      expect(json.statusCode).toBe(413);
      expect(await storedCount()).toBe(before);
    });

    it("refuses a file upload", async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(buildContactEnquiry())) form.append(name, value);
      form.append("attachment", new Blob(["%PDF-1.4"]), "cv.pdf");
      const request = new Request("http://localhost/", { method: "POST", body: form });
      const response = await test.app.inject({
        method: "POST",
        url: "/api/contact/add",
        headers: { ...auth, "content-type": request.headers.get("content-type")! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(response.statusCode).toBe(413);
    });
  });
});

describe.each(testDialects)("the enquiry rate limit on %s", (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect, { CONTACT_RATE_LIMIT: "2/1m" });
  });
  afterAll(() => test.close());

  const post = async (headers: Record<string, string>, remoteAddress = "127.0.0.1") => {
    const { payload, headers: type } = await multipart(buildContactEnquiry());
    return test.app.inject({
      method: "POST",
      url: "/api/contact/add",
      payload,
      remoteAddress,
      headers: { ...auth, ...type, ...headers },
    });
  };

  it("answers 429 with a clear message past the limit, per visitor relayed by a trusted proxy", async () => {
    const visitor = { "x-forwarded-for": "203.0.113.7" };
    expect((await post(visitor)).statusCode).toBe(200);
    expect((await post(visitor)).statusCode).toBe(200);
    const refused = await post(visitor);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 429,
      message: expect.stringMatching(/^Too many enquiries/),
    });
    // Another visitor behind the same proxy (the site's server) has a limit of their own.
    expect((await post({ "x-forwarded-for": "198.51.100.23" })).statusCode).toBe(200);
    const stored = await listEnquiries(test.app.database.db);
    expect(stored.filter((enquiry) => enquiry.ip === "203.0.113.7")).toHaveLength(2);
  });

  it("ignores X-Forwarded-For from an untrusted client", async () => {
    const spoofer = "192.0.2.50";
    expect((await post({ "x-forwarded-for": "10.1.1.1" }, spoofer)).statusCode).toBe(200);
    expect((await post({ "x-forwarded-for": "10.1.1.2" }, spoofer)).statusCode).toBe(200);
    expect((await post({ "x-forwarded-for": "10.1.1.3" }, spoofer)).statusCode).toBe(429);
  });
});

describe.each(testDialects)("the §7 reads on %s after a write elsewhere", (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect);
  });
  afterAll(() => test.close());

  const read = async (url: string) =>
    (await test.app.inject({ method: "GET", url, headers: auth })).json().data;

  it("answer what another process committed (the cached single records follow every write)", async () => {
    const [property] = (await read("/api/property/display/all")) as Property[];
    if (!property) throw new Error("the seed has published properties");
    const propertyUrl = `/api/property/show/one/${property.slug}`;
    const collectionUrl = `/api/collection/show_one/${encodeURIComponent("Product Layout 1")}`;
    // Read once each, so that the answers are cached.
    for (const url of [
      propertyUrl,
      collectionUrl,
      "/api/company/profile",
      "/api/sliders/display/all",
      "/api/amenity/view",
    ]) {
      await read(url);
    }

    // Another process: the content command, db:generate or another app server.
    const other = openDatabase(test.app.config.DATABASE_URL);
    try {
      await other.db
        .updateTable("property")
        .set({ headline: `${property.headline} (reduced)` })
        .where("code", "=", property.code)
        .execute();
      await other.db
        .updateTable("collection")
        .set({ item_list: JSON.stringify([{ code: property.code }]) })
        .where("title", "=", "Product Layout 1")
        .execute();
      await other.db.updateTable("company_profile").set({ telephone: "+1 555 0199" }).execute();
      await other.db.updateTable("slider").set({ title: "Open house on Sunday" }).execute();
      await other.db.updateTable("amenity").set({ title: "Sauna" }).execute();
    } finally {
      await other.close();
    }

    // SQLite shows it at once; PostgreSQL once its notification has arrived.
    await vi.waitFor(async () => {
      expect((await read(propertyUrl)).headline).toBe(`${property.headline} (reduced)`);
      expect(parseJsonList((await read(collectionUrl)).item_list)).toEqual([
        { code: property.code },
      ]);
      expect((await read("/api/company/profile")).telephone).toBe("+1 555 0199");
      expect(
        ((await read("/api/sliders/display/all")) as { title: string }[]).map((s) => s.title),
      ).toEqual(expect.arrayContaining(["Open house on Sunday"]));
      expect(
        new Set(((await read("/api/amenity/view")) as { title: string }[]).map((a) => a.title)),
      ).toEqual(new Set(["Sauna"]));
    });
  });
});
