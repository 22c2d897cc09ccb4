/**
 * The listing editor's service (decision 044) on both dialects: the import's schema checks the
 * form's values (field by field), the description is sanitised with the one allow-list,
 * categories, amenities and related codes come from the database, a save over a moved-on
 * revision is merged or refused (whatever wrote the listing: the editor, the table, the
 * import), and a
 * duplicate is a new unpublished draft.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { changeAdminListing } from "../../db/queries/admin-listing.ts";
import { searchListingChoices } from "../../db/queries/listing-editor.ts";
import {
  findPropertyRowByCode,
  findPublishedProperty,
  listAllPropertyRows,
} from "../../db/queries/property.ts";
import {
  emptyListingValues,
  type ListingFormValues,
  listingValuesOf,
} from "../../lib/admin-listing-form.ts";
import { createTestImageDir } from "../../tests/support/app.ts";
import { buildPropertyEnquiry } from "../../tests/support/factories.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { importProperties } from "../content/import-properties.ts";
import { duplicateListing } from "./listing-editor/copy.ts";
import { openListing } from "./listing-editor/open.ts";
import { saveListing } from "./listing-editor/save.ts";
import { createListing } from "./listing-editor/write.ts";
import { readListingBase } from "./listing-merge.ts";

const now = new Date("2026-11-25T10:00:00.000Z");

function goodValues(code: string): ListingFormValues {
  return {
    ...emptyListingValues(),
    code,
    headline: "Quiet flat by the canal",
    offer_type: "For Rent",
    price: "1450",
    address: "12 Canal Walk",
    city: "Leeds",
    country: "United Kingdom",
    bedroom: "2",
    description: "<p>Bright <strong>two-bed</strong> flat.</p>",
  };
}

describe.each(testDialects)("the listing editor's service on %s", (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    db = test.handle.db;
  });
  afterAll(() => test?.drop());

  it("creates a listing from the form's text, with the import's defaults and a slug", async () => {
    const amenity = (await db.selectFrom("amenity").select("title").executeTakeFirstOrThrow())
      .title;
    const category = (await db.selectFrom("category").select("title").executeTakeFirstOrThrow())
      .title;
    const [related] = await listAllPropertyRows(db);
    const saved = await createListing(
      db,
      {
        ...goodValues("ED-1"),
        amenities: [amenity],
        category,
        related: [related!.code],
        description:
          '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
      },
      now,
    );
    expect(saved).toEqual({ ok: true, code: "ED-1" });
    const row = await findPropertyRowByCode(db, "ED-1");
    expect(row).toMatchObject({
      slug: "quiet-flat-by-the-canal-ed-1",
      price: 1450,
      bedroom: 2,
      bathroom: 0,
      property_status: "Available",
      offer_type: "For Rent",
      related_product: JSON.stringify([{ code: related!.code }]),
      revision: 0,
    });
    expect(row?.publish === 0 || row?.publish === false).toBe(true);
    // Sanitised by sanitize-html with the site's allow-list: no handler, script, image or
    // javascript: link survives.
    expect(row?.description).toBe('<p>Hi <a rel="nofollow noopener noreferrer">x</a></p>');
    const opened = await openListing(db, "ED-1");
    expect(opened?.values).toMatchObject({ amenities: [amenity], category, price: "1450" });
  });

  it("keeps the description's paragraphs: the rich text box's lines and the textarea's", async () => {
    // Chromium's box: the first line loose, each one after an Enter a <div>.
    const typed = await createListing(
      db,
      { ...goodValues("ED-P1"), description: "Big garden.<div>Second paragraph</div>" },
      now,
    );
    expect(typed).toEqual({ ok: true, code: "ED-P1" });
    expect((await findPropertyRowByCode(db, "ED-P1"))?.description).toBe(
      "<p>Big garden.</p><p>Second paragraph</p>",
    );
    // Without JavaScript: plain text in the textarea.
    const plain = await createListing(
      db,
      { ...goodValues("ED-P2"), description: "Big garden.\r\n\r\nSecond paragraph" },
      now,
    );
    expect(plain).toEqual({ ok: true, code: "ED-P2" });
    expect((await findPropertyRowByCode(db, "ED-P2"))?.description).toBe(
      "<p>Big garden.</p><p>Second paragraph</p>",
    );
  });

  it("answers every problem by its field, with the import's wording", async () => {
    const saved = await createListing(
      db,
      {
        ...goodValues("bad code!"),
        headline: "",
        price: "cheap",
        rating: "9",
        youtube: "not a link",
        category: "No such category",
        amenities: ["Helipad"],
        related: ["NOPE-1"],
      },
      now,
    );
    expect(saved.ok).toBe(false);
    if (saved.ok || saved.reason !== "invalid") throw new Error("not refused as invalid");
    const byField = Object.fromEntries(saved.issues.map((issue) => [issue.field, issue.message]));
    expect(byField).toEqual({
      code: "must be 1 to 64 letters, digits, '.', '_' or '-'",
      headline: "is required",
      price: "must be a number",
      rating: "must be a whole number from 0 to 5, without halves ('9' is not)",
      youtube: "must be an http(s) address",
      category: "must be one from the list",
      amenities: "must be from the list (not Helipad)",
      related: "has no listing with the code NOPE-1",
    });
    expect(await findPropertyRowByCode(db, "bad code!")).toBeUndefined();
    // A half star is refused saying why (the field's hint says so beforehand).
    expect(await createListing(db, { ...goodValues("ED-H"), rating: "4.5" }, now)).toEqual({
      ok: false,
      reason: "invalid",
      issues: [
        {
          field: "rating",
          message: "must be a whole number from 0 to 5, without halves ('4.5' is not)",
        },
      ],
    });
    // The record's own rules, once its fields are good.
    expect(await createListing(db, { ...goodValues("ED-3"), latitude: "51.5" }, now)).toEqual({
      ok: false,
      reason: "invalid",
      issues: [{ field: "latitude", message: "and longitude must be given together, or neither" }],
    });
  });

  it("refuses a code or a slug another listing has", async () => {
    const [first, second] = await listAllPropertyRows(db);
    const sameCode = await createListing(db, goodValues(first!.code), now);
    expect(sameCode).toEqual({
      ok: false,
      reason: "invalid",
      issues: [
        {
          field: "code",
          message: `'${first!.code}' is already the code of listing “${first!.headline}”`,
        },
      ],
    });
    const sameSlug = await createListing(db, { ...goodValues("ED-2"), slug: second!.slug }, now);
    expect(sameSlug).toEqual({
      ok: false,
      reason: "invalid",
      issues: [
        {
          field: "slug",
          message: `'${second!.slug}' is already the address of listing ${second!.code}`,
        },
      ],
    });
  });

  it("saves over the revision it opened, keeps status and photos, and refuses a stale one", async () => {
    const [row] = (await listAllPropertyRows(db)).filter((found) => found.image_list !== "[]");
    const code = row!.code;
    const opened = await openListing(db, code);
    if (!opened) throw new Error("not opened");
    const mine = { ...opened.values, headline: "My headline" };
    const theirs = { ...opened.values, headline: "Their headline" };
    expect(await saveListing(db, code, opened.revision, theirs, now)).toEqual({ ok: true, code });
    // The second save, from a form opened at the same revision that changed the same field, is
    // refused, naming it (server/staff/listing-merge.test.ts has the merge's rules).
    expect(
      await saveListing(db, code, opened.revision, mine, now, {
        base: readListingBase(opened.base),
        choices: {},
      }),
    ).toMatchObject({
      ok: false,
      reason: "conflict",
      revision: opened.revision + 1,
      conflicts: [{ field: "headline", mine: "My headline", theirs: "Their headline" }],
    });
    const stored = await findPropertyRowByCode(db, code);
    expect(stored).toMatchObject({
      headline: "Their headline",
      image_list: row!.image_list,
      cover_image: row!.cover_image,
      property_status: row!.property_status,
      revision: opened.revision + 1,
    });
    expect(new Date(stored!.updated_at as string).toISOString()).toBe(now.toISOString());
    // Saving over the revision now seen works.
    expect(await saveListing(db, code, opened.revision + 1, mine, now)).toEqual({ ok: true, code });
    expect((await findPropertyRowByCode(db, code))?.headline).toBe("My headline");
  });

  it("sets the availability the public badge shows, dated when it changes, kept otherwise", async () => {
    const created = await createListing(db, goodValues("ED-AV"), now);
    expect(created).toEqual({ ok: true, code: "ED-AV" });
    expect(await findPropertyRowByCode(db, "ED-AV")).toMatchObject({
      availability: "available",
      availability_changed_at: null,
    });
    const opened = await openListing(db, "ED-AV");
    expect(opened?.values.availability).toBe("Available");

    const later = new Date("2026-11-26T09:00:00.000Z");
    const offered = { ...opened!.values, availability: "Under offer" };
    expect(await saveListing(db, "ED-AV", opened!.revision, offered, later)).toEqual({
      ok: true,
      code: "ED-AV",
    });
    const stored = await findPropertyRowByCode(db, "ED-AV");
    expect(stored?.availability).toBe("under_offer");
    expect(new Date(stored!.availability_changed_at as string).toISOString()).toBe(
      later.toISOString(),
    );
    const reopened = await openListing(db, "ED-AV");
    expect(reopened?.values.availability).toBe("Under offer");

    // A save that leaves it alone keeps the date it changed.
    const edited = { ...reopened!.values, headline: "Still under offer" };
    expect((await saveListing(db, "ED-AV", reopened!.revision, edited, now)).ok).toBe(true);
    const kept = await findPropertyRowByCode(db, "ED-AV");
    expect(new Date(kept!.availability_changed_at as string).toISOString()).toBe(
      later.toISOString(),
    );

    // Only the four states.
    const refused = await saveListing(
      db,
      "ED-AV",
      reopened!.revision + 1,
      { ...edited, availability: "Sold" },
      now,
    );
    expect(refused).toMatchObject({ ok: false, reason: "invalid" });
    expect(refused.ok === false && "issues" in refused ? refused.issues : []).toEqual([
      expect.objectContaining({ field: "availability" }),
    ]);
  });

  it("sets a rent's period from the select, monthly unless told", async () => {
    expect(await createListing(db, goodValues("ED-RP"), now)).toEqual({ ok: true, code: "ED-RP" });
    expect((await findPropertyRowByCode(db, "ED-RP"))?.rent_period).toBe("month");
    const opened = await openListing(db, "ED-RP");
    expect(opened?.values.rent_period).toBe("Monthly");

    const weekly = { ...opened!.values, rent_period: "Weekly" };
    expect((await saveListing(db, "ED-RP", opened!.revision, weekly, now)).ok).toBe(true);
    expect((await findPropertyRowByCode(db, "ED-RP"))?.rent_period).toBe("week");
    const reopened = await openListing(db, "ED-RP");
    expect(reopened?.values.rent_period).toBe("Weekly");

    const refused = await saveListing(
      db,
      "ED-RP",
      reopened!.revision,
      { ...reopened!.values, rent_period: "Fortnightly" },
      now,
    );
    expect(refused.ok === false && "issues" in refused ? refused.issues : []).toEqual([
      expect.objectContaining({ field: "rent_period" }),
    ]);
  });

  it("counts the table's actions and the import as writes a form must not overwrite", async () => {
    const [, , row] = await listAllPropertyRows(db);
    const code = row!.code;
    const opened = await openListing(db, code);
    await changeAdminListing(db, code, "unpublish", now);
    expect((await saveListing(db, code, opened!.revision, opened!.values, now)).ok).toBe(false);

    const reopened = await openListing(db, code);
    await importProperties(
      db,
      [
        {
          label: "row 2",
          fromCsv: false,
          values: {
            ...reopened!.values,
            publish: "no",
            headline: "Imported",
            amenities: [],
            related: [],
            floor_plans: [],
          },
        },
      ],
      { imageDir: createTestImageDir() },
    );
    expect((await findPropertyRowByCode(db, code))?.headline).toBe("Imported");
    expect(await saveListing(db, code, reopened!.revision, reopened!.values, now)).toMatchObject({
      ok: false,
      reason: "conflict",
    });
  });

  it("keeps an archived listing unpublished whatever the form says", async () => {
    const [, , , row] = await listAllPropertyRows(db);
    await changeAdminListing(db, row!.code, "archive", now);
    const opened = await openListing(db, row!.code);
    expect(opened?.status).toBe("archived");
    await saveListing(db, row!.code, opened!.revision, { ...opened!.values, publish: true }, now);
    const stored = await findPropertyRowByCode(db, row!.code);
    expect(stored?.publish === 0 || stored?.publish === false).toBe(true);
    expect(stored?.archived_at).not.toBeNull();
  });

  it("edits the floor plans' labels and files, one a line, and refuses a file of another type", async () => {
    const code = "HP-1009";
    const opened = await openListing(db, code);
    // The demo house's plans, one a line.
    expect(opened?.values.floor_plans.split("\n")[0]).toBe("Ground floor=floor-plan-hp-1009-1.png");
    const plans =
      "Downstairs=floor-plan-hp-1009-1.png\r\n\nBrochure=https://plans.example.com/hp-1009.pdf";
    expect(
      await saveListing(db, code, opened!.revision, { ...opened!.values, floor_plans: plans }, now),
    ).toEqual({ ok: true, code });
    expect((await findPublishedProperty(db, code))?.floor_plans).toEqual([
      { label: "Downstairs", file: "floor-plan-hp-1009-1.png", kind: "image" },
      { label: "Brochure", file: "https://plans.example.com/hp-1009.pdf", kind: "pdf" },
    ]);
    const reopened = await openListing(db, code);
    expect(reopened?.values.floor_plans).toBe(
      "Downstairs=floor-plan-hp-1009-1.png\nBrochure=https://plans.example.com/hp-1009.pdf",
    );
    const refused = await saveListing(
      db,
      code,
      reopened!.revision,
      { ...reopened!.values, floor_plans: "Plan=notes.docx" },
      now,
    );
    expect(refused).toMatchObject({
      ok: false,
      reason: "invalid",
      issues: [
        {
          field: "floor_plans",
          message:
            "item 1 file 'notes.docx' must be an image (.png, .jpg, .webp, .gif, .avif) or a PDF (.pdf)",
        },
      ],
    });
    // A copy has the same plans; emptied, the listing has none.
    const copy = await duplicateListing(db, code, now);
    expect((await openListing(db, copy!))?.values.floor_plans).toBe(reopened?.values.floor_plans);
    expect(
      await saveListing(
        db,
        code,
        reopened!.revision,
        { ...reopened!.values, floor_plans: "" },
        now,
      ),
    ).toEqual({ ok: true, code });
    expect((await findPublishedProperty(db, code))?.floor_plans).toEqual([]);
  });

  it("duplicates into a new unpublished draft with the series' next free code and a slug", async () => {
    await createListing(db, goodValues("WL-2001"), now);
    await createListing(db, goodValues("WL-2007"), now);
    await createListing(db, goodValues("WL-2008-OLD"), now);
    expect(await duplicateListing(db, "WL-2001", now)).toBe("WL-2008");
    expect(await duplicateListing(db, "WL-2001", now)).toBe("WL-2009");
    // A number's width is kept; a code without one starts its series.
    await createListing(db, goodValues("GX-0099"), now);
    expect(await duplicateListing(db, "GX-0099", now)).toBe("GX-0100");
    await createListing(db, goodValues("VILLA"), now);
    expect(await duplicateListing(db, "VILLA", now)).toBe("VILLA-2");
    // A code of 64 characters: the number takes the prefix's last place.
    const long = `L${"x".repeat(63)}`;
    await createListing(db, goodValues(long), now);
    expect(await duplicateListing(db, long, now)).toBe(`L${"x".repeat(62)}2`);
    const [, , , , row] = (await listAllPropertyRows(db)).filter(
      (found) => found.publish === 1 || found.publish === true,
    );
    const copy = await duplicateListing(db, row!.code, now);
    expect(copy).toMatch(/^HP-\d+$/);
    expect(copy).not.toBe(row!.code);
    const stored = await findPropertyRowByCode(db, copy!);
    expect(stored).toMatchObject({
      headline: row!.headline,
      description: row!.description,
      image_list: row!.image_list,
      features: row!.features,
      price: row!.price,
      archived_at: null,
      revision: 0,
    });
    expect(stored?.slug).not.toBe(row!.slug);
    expect(stored?.publish === 0 || stored?.publish === false).toBe(true);
    expect(await duplicateListing(db, "NO-SUCH-CODE", now)).toBeNull();
  });

  it("refuses a code another listing has, naming that listing", async () => {
    const [first, second] = await listAllPropertyRows(db);
    const taken = `'${first!.code}' is already the code of listing “${first!.headline}”`;
    expect(await createListing(db, goodValues(first!.code), now)).toEqual({
      ok: false,
      reason: "invalid",
      issues: [{ field: "code", message: taken }],
    });
    const opened = await openListing(db, second!.code);
    expect(
      await saveListing(
        db,
        second!.code,
        opened!.revision,
        { ...opened!.values, code: first!.code },
        now,
      ),
    ).toEqual({ ok: false, reason: "invalid", issues: [{ field: "code", message: taken }] });
    expect(
      await saveListing(
        db,
        second!.code,
        opened!.revision,
        { ...opened!.values, code: "bad code" },
        now,
      ),
    ).toMatchObject({
      ok: false,
      issues: [{ field: "code", message: expect.stringMatching(/letters, digits/) }],
    });
  });

  it("renames a listing: related lists, collections and enquiries follow the new code", async () => {
    await createListing(db, goodValues("RN-1"), now);
    await createListing(db, { ...goodValues("RN-2"), related: ["RN-1"] }, now);
    await db
      .updateTable("collection")
      .set({ item_list: JSON.stringify([{ code: "RN-1" }, { code: "RN-10" }]) })
      .where("title", "=", "Product Layout 1")
      .execute();
    const enquiry = buildPropertyEnquiry("RN-1");
    await db
      .insertInto("enquiry")
      .values({ ...enquiry, ip: "127.0.0.1", created_at: now.toISOString() })
      .execute();
    const other = await openListing(db, "RN-2");
    const opened = await openListing(db, "RN-1");
    expect(
      await saveListing(db, "RN-1", opened!.revision, { ...opened!.values, code: "RN-100" }, now),
    ).toEqual({ ok: true, code: "RN-100" });
    expect(await findPropertyRowByCode(db, "RN-1")).toBeUndefined();
    const renamed = await openListing(db, "RN-100");
    expect(renamed?.slug).toBe(opened?.slug);
    expect(renamed?.values.headline).toBe(opened?.values.headline);
    const relating = await openListing(db, "RN-2");
    expect(relating?.values.related).toEqual(["RN-100"]);
    // An editor opened on the relating listing before is told, not saving the old code back.
    expect(relating?.revision).toBe(other!.revision + 1);
    const collection = await db
      .selectFrom("collection")
      .select("item_list")
      .where("title", "=", "Product Layout 1")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(collection.item_list)).toEqual([{ code: "RN-100" }, { code: "RN-10" }]);
    const enquiries = await db
      .selectFrom("enquiry")
      .select("property_code")
      .where("email", "=", enquiry.email)
      .execute();
    expect(enquiries.map((row) => row.property_code)).toEqual(["RN-100"]);
    // A form without the field keeps the code.
    const again = await openListing(db, "RN-100");
    expect(
      await saveListing(db, "RN-100", again!.revision, { ...again!.values, code: "" }, now),
    ).toEqual({ ok: true, code: "RN-100" });
  });

  it("asks for a confirmation of a position far from its city's listings, naming swapped ones", async () => {
    const londoner = (await listAllPropertyRows(db)).find(
      (row) => row.city === "London" && row.latitude !== null,
    );
    const inLondon = {
      ...goodValues("LOC-1"),
      city: "London",
      country: "United Kingdom",
      latitude: String(londoner!.longitude),
      longitude: String(londoner!.latitude),
    };
    const swapped = await createListing(db, inLondon, now);
    expect(swapped).toMatchObject({
      ok: false,
      reason: "invalid",
      issues: [
        {
          field: "location",
          message: expect.stringMatching(/^looks like latitude and longitude swapped: it is/),
        },
      ],
    });
    expect(await findPropertyRowByCode(db, "LOC-1")).toBeUndefined();
    // A confirmation of another position does not count; of this one, it saves.
    const confirmation = `${inLondon.latitude},${inLondon.longitude}`;
    expect(
      await createListing(db, { ...inLondon, location_confirmed: "51.5,-0.12" }, now),
    ).toMatchObject({ ok: false, issues: [{ field: "location" }] });
    expect(await createListing(db, { ...inLondon, location_confirmed: confirmation }, now)).toEqual(
      { ok: true, code: "LOC-1" },
    );
    // Saved again with the place unchanged, it is not asked again; moved to Paris, it is.
    const opened = await openListing(db, "LOC-1");
    expect(
      await saveListing(db, "LOC-1", opened!.revision, { ...opened!.values, price: "1500" }, now),
    ).toEqual({ ok: true, code: "LOC-1" });
    const again = await openListing(db, "LOC-1");
    const paris = { ...again!.values, latitude: "48.8566", longitude: "2.3522" };
    expect(await saveListing(db, "LOC-1", again!.revision, paris, now)).toMatchObject({
      ok: false,
      issues: [
        {
          field: "location",
          message: expect.stringMatching(/^is 3\d\d km from London's other listings/),
        },
      ],
    });
    // Near its city's listings, or in a city with none placed, nothing is asked.
    expect(
      await saveListing(
        db,
        "LOC-1",
        again!.revision,
        {
          ...again!.values,
          latitude: String(londoner!.latitude),
          longitude: String(londoner!.longitude),
        },
        now,
      ),
    ).toEqual({ ok: true, code: "LOC-1" });
    expect(
      await createListing(
        db,
        { ...goodValues("LOC-2"), city: "Nowhere Town", latitude: "-0.1", longitude: "51.5" },
        now,
      ),
    ).toEqual({ ok: true, code: "LOC-2" });
  });

  it("finds listings by code or headline words for the related picker", async () => {
    const [row] = await listAllPropertyRows(db);
    const word = row!.headline.split(" ")[0]!.toLowerCase();
    const found = await searchListingChoices(db, `${row!.code.toLowerCase()} ${word}`, 20);
    expect(found).toEqual([{ code: row!.code, headline: row!.headline }]);
    expect(await searchListingChoices(db, "%", 20)).toEqual([]);
  });

  it("reads a posted form: every field, lists without repeats, the checkbox", () => {
    const form = new FormData();
    form.set("headline", "  Spaced  ");
    form.append("amenities", "Pool");
    form.append("amenities", "Pool");
    form.append("related", "A-1");
    form.set("publish", "yes");
    // Stored plans post their file and label; a ticked one is left out; typed lines follow.
    form.append("floor_plan_file", `${"a".repeat(64)}.png`);
    form.append("floor_plan_label", " Ground floor ");
    form.append("floor_plan_file", `${"b".repeat(64)}.pdf`);
    form.append("floor_plan_label", "Gone");
    form.append("floor_plan_file", `${"c".repeat(64)}.png`);
    form.append("floor_plan_label", "");
    form.append("floor_plan_remove", `${"b".repeat(64)}.pdf`);
    form.set("floor_plans", "Site=https://plans.example.com/site.pdf\n");
    const values = listingValuesOf(form);
    expect(values.floor_plans).toBe(
      [
        `Ground floor=${"a".repeat(64)}.png`,
        `${"c".repeat(64)}.png`,
        "Site=https://plans.example.com/site.pdf",
      ].join("\n"),
    );
    expect(values).toMatchObject({
      headline: "  Spaced  ",
      price: "",
      amenities: ["Pool"],
      related: ["A-1"],
      publish: true,
    });
  });
});
