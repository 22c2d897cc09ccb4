import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { listAmenities } from "../../db/queries/amenity.ts";
import { listFloorPlansOf } from "../../db/queries/floor-plan.ts";
import { listPriceChanges } from "../../db/queries/price-history.ts";
import {
  findPublishedProperty,
  listAllPropertyRows,
  listPublishedProperties,
} from "../../db/queries/property.ts";
import { searchPublishedProperties } from "../../db/queries/property-search.ts";
import { readAvailability } from "../../lib/availability.ts";
import { formatCsv } from "../../lib/csv.ts";
import { parseFloorPlanItem } from "../../lib/floor-plans.ts";
import {
  imageVariantPath,
  imageVariantWidths,
  parseImageVariantPath,
} from "../../lib/image-variants.ts";
import { readPropertySearch } from "../../lib/property-search.ts";
import {
  buildActivePdfBytes,
  buildPropertyImportRow,
  writeTestImage,
} from "../../tests/support/factories.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { exportProperties, exportPropertyPieces } from "./export-properties.ts";
import { csvRows, jsonRows, readImportFile } from "./import-file.ts";
import { importProperties } from "./import-properties.ts";
import {
  csvCellsOf,
  type PropertyColumn,
  propertyColumns,
  recordOfProperty,
} from "./property-record.ts";

/** An imported file itself, not one of its WebP derivatives. */
const isOriginal = (file: string) => parseImageVariantPath(file) === undefined;

/** A CSV import file of these rows, with every column. */
function csvOf(rows: Record<PropertyColumn, string>[]): string {
  return formatCsv(
    propertyColumns,
    rows.map((row) => propertyColumns.map((column) => row[column])),
  );
}

/** What the export says about each property, by code. */
async function storedRecords(db: Kysely<Database>) {
  const titles = new Map((await listAmenities(db)).map((amenity) => [amenity.id, amenity.title]));
  const rows = await listAllPropertyRows(db);
  const plans = await listFloorPlansOf(
    db,
    rows.map((row) => row.id),
  );
  return new Map(rows.map((row) => [row.code, recordOfProperty(row, titles, plans.get(row.id))]));
}

/** The record an import row should be stored as. */
function expectedRecord(row: Record<PropertyColumn, string>) {
  const list = (text = "") => text.split("|").filter(Boolean);
  const number = (column: PropertyColumn) => Number(row[column]);
  return {
    code: row.code,
    slug: row.slug,
    headline: row.headline,
    offer_type: row.offer_type,
    category: row.category,
    price: number("price"),
    rent_period: row.rent_period || "month",
    property_status: row.property_status,
    availability: readAvailability(row.availability) ?? "available",
    availability_changed_at: row.availability_changed_at || null,
    reference_no: row.reference_no,
    address: row.address,
    city: row.city,
    province: row.province,
    country: row.country,
    latitude: row.latitude ? number("latitude") : null,
    longitude: row.longitude ? number("longitude") : null,
    bedroom: number("bedroom"),
    bathroom: number("bathroom"),
    room: number("room"),
    floor: number("floor"),
    size: number("size"),
    garage: number("garage"),
    balcony: number("balcony"),
    rating: number("rating"),
    tenure: row.tenure || null,
    furnished: row.furnished || null,
    energy_rating: row.energy_rating || null,
    postcode: row.postcode,
    display_address: row.display_address,
    energy_score: row.energy_score ? number("energy_score") : null,
    council_tax_band: row.council_tax_band || null,
    hoa_fee: row.hoa_fee ? number("hoa_fee") : null,
    deposit: row.deposit ? number("deposit") : null,
    available_from: row.available_from || null,
    send_to_rightmove: row.send_to_rightmove !== "no",
    send_to_push: row.send_to_push !== "no",
    send_to_reso: row.send_to_reso !== "no",
    amenities: list(row.amenities),
    images: list(row.images),
    floor_plans: list(row.floor_plans).map((item, index) => parseFloorPlanItem(item, index)),
    related: list(row.related),
    description: row.description,
    youtube: row.youtube || null,
    google_map: row.google_map || null,
    publish: row.publish === "yes",
    created_at: row.created_at,
  };
}

function newImageDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "homes-import-images-"));
  mkdirSync(join(dir, "property"));
  return dir;
}

describe.each(testDialects)("importing properties on %s", (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let imageDir: string;

  beforeEach(async () => {
    database = await createTestDatabase(dialect, { seed: true });
    db = database.handle.db;
    imageDir = newImageDir();
  });
  afterEach(() => database.drop());

  it("stores the good rows exactly and reports each bad row with its number and reason", async () => {
    const good = [
      buildPropertyImportRow({
        description: '<p>Quotes "here", commas, and\r\na second line.</p>',
        headline: "=Formula-looking headline",
      }),
      buildPropertyImportRow({
        offer_type: "For Rent",
        publish: "no",
        amenities: "",
        category: "",
      }),
      buildPropertyImportRow({ category: "Villas", amenities: "Swimming Pool|Rooftop Cinema" }),
    ];
    const bad = [
      buildPropertyImportRow({ price: "a lot" }),
      buildPropertyImportRow({ offer_type: "For Lease", headline: "" }),
      // Valid on its own, but the slug belongs to a seeded property: refused while saving,
      // after its new category was created in the same transaction.
      buildPropertyImportRow({
        category: "Castles",
        slug: "sunlit-family-home-with-garden-hp-1001",
      }),
    ];
    const csv = `\uFEFF${csvOf([good[0]!, bad[0]!, good[1]!, bad[1]!, good[2]!, bad[2]!])}`;
    const before = await storedRecords(db);

    const report = await importProperties(db, csvRows(`${csv}SHORT-1,too few\r\n`), { imageDir });

    expect(report.inserted).toEqual(good.map((row) => row.code));
    expect(report.rejected).toEqual([
      { label: "row 3 (line 4)", code: bad[0]!.code, reasons: ["price must be a number"] },
      {
        label: "row 5 (line 6)",
        code: bad[1]!.code,
        reasons: ["headline is required", "offer_type must be 'For Rent' or 'For Sale'"],
      },
      {
        label: "row 7 (line 8)",
        code: bad[2]!.code,
        reasons: [
          "slug 'sunlit-family-home-with-garden-hp-1001' is already used by property HP-1001",
        ],
      },
      {
        label: "row 8 (line 9)",
        reasons: [`has 2 fields; the header has ${propertyColumns.length}`],
      },
    ]);
    // Row 2 has a line break inside a quoted field: later rows name their line too.
    const after = await storedRecords(db);
    for (const row of good) expect(after.get(row.code)).toEqual(expectedRecord(row));
    for (const row of bad) expect(after.has(row.code)).toBe(false);
    expect(after.size).toBe(before.size + good.length);
    expect(report.createdCategories).toEqual([]);
    expect(report.createdAmenities).toEqual(["Rooftop Cinema"]);
    const categories = await db.selectFrom("category").select("title").execute();
    expect(categories.map((category) => category.title)).not.toContain("Castles");
  });

  it("changes nothing when the same file is imported again, and updates an edited row", async () => {
    const rows = [buildPropertyImportRow(), buildPropertyImportRow({ slug: "", created_at: "" })];
    await importProperties(db, csvRows(csvOf(rows)), { imageDir });
    const imported = await listAllPropertyRows(db);

    const again = await importProperties(db, csvRows(csvOf(rows)), {
      imageDir,
      now: new Date("2030-01-01T00:00:00Z"),
    });
    expect(again).toMatchObject({ inserted: [], updated: [], rejected: [] });
    expect(again.unchanged).toEqual(rows.map((row) => row.code));
    expect(await listAllPropertyRows(db)).toEqual(imported);

    const edited = { ...rows[1]!, price: "199000", headline: "Renamed Home" };
    const update = await importProperties(db, csvRows(csvOf([rows[0]!, edited])), {
      imageDir,
      now: new Date("2030-01-01T00:00:00Z"),
    });
    expect(update).toMatchObject({ updated: [edited.code], unchanged: [rows[0]!.code] });
    const stored = (await storedRecords(db)).get(edited.code)!;
    const original = imported.find((row) => row.code === edited.code)!;
    // The slug and the creation time were not in the file: the property keeps its own.
    expect(stored).toMatchObject({ price: 199000, headline: "Renamed Home" });
    expect(stored.slug).toBe(original.slug);
    expect(stored.created_at).toBe(new Date(original.created_at).toISOString());
    expect(await db.selectFrom("property").select("id").execute()).toHaveLength(imported.length);
  });

  it("records an imported listing's first price and each price an import changes, nothing when unchanged", async () => {
    const row = buildPropertyImportRow({ price: "250000", created_at: "2026-02-01T08:00:00.000Z" });
    await importProperties(db, csvRows(csvOf([row])), { imageDir });
    const { id } = (await listAllPropertyRows(db)).find((stored) => stored.code === row.code)!;
    const at = new Date("2030-01-01T00:00:00Z");
    await importProperties(db, csvRows(csvOf([row])), { imageDir, now: at });
    await importProperties(db, csvRows(csvOf([{ ...row, price: "240000" }])), {
      imageDir,
      now: at,
    });
    expect(
      (await listPriceChanges(db, id)).map((event) => [
        event.changed_at,
        event.old_price,
        event.new_price,
        event.source,
      ]),
    ).toEqual([
      ["2026-02-01T08:00:00.000Z", null, 250000, "import"],
      [at.toISOString(), 250000, 240000, "import"],
    ]);
  });

  it.each(["csv", "json"] as const)(
    "round-trips %s: an export imported into a fresh database exports the same",
    async (format) => {
      const { document, count } = await exportProperties(db, format);
      const fresh = await createTestDatabase(dialect);
      try {
        const rows = format === "csv" ? csvRows(document) : jsonRows(document);
        // The seeded images are not in this test's image folder: only the names travel.
        for (const row of rows) {
          const images = row.values.images;
          for (const name of Array.isArray(images) ? images : String(images).split("|")) {
            if (name !== "") writeFileSync(join(imageDir, "property", name), "");
          }
          const plans = row.values.floor_plans;
          const planFiles = Array.isArray(plans)
            ? plans.map((plan) => (plan as { file: string }).file)
            : String(plans)
                .split("|")
                .map((item) => item.slice(item.indexOf("=") + 1));
          for (const name of planFiles) {
            if (name !== "") writeFileSync(join(imageDir, "property", name), "");
          }
        }
        const report = await importProperties(fresh.handle.db, rows, { imageDir });
        expect(report.rejected).toEqual([]);
        expect(report.inserted).toHaveLength(count);
        expect((await exportProperties(fresh.handle.db, format)).document).toBe(document);
      } finally {
        await fresh.drop();
      }
    },
  );

  it.each(["csv", "json"] as const)(
    "writes %s in pages of any size as one document of every property, oldest first",
    async (format) => {
      const records = [...(await storedRecords(db)).values()];
      expect(records.length).toBeGreaterThan(3);
      const whole =
        format === "csv"
          ? formatCsv(propertyColumns, records.map(csvCellsOf))
          : `${JSON.stringify(records, null, 2)}\n`;
      for (const pageSize of [1, 3, records.length, records.length + 1]) {
        const tally = { count: 0 };
        const pieces: string[] = [];
        for await (const piece of exportPropertyPieces(db, format, { pageSize, tally })) {
          pieces.push(piece);
        }
        expect(pieces.join(""), `pages of ${pageSize}`).toBe(whole);
        expect(tally.count).toBe(records.length);
      }
      const { document, count } = await exportProperties(db, format);
      expect(document).toBe(whole);
      expect(count).toBe(records.length);
      const empty = await createTestDatabase(dialect);
      try {
        expect(await exportProperties(empty.handle.db, format)).toEqual({
          document: format === "csv" ? formatCsv(propertyColumns, []) : "[]\n",
          count: 0,
        });
      } finally {
        await empty.drop();
      }
    },
  );

  it("round-trips coordinates, and their absence, through CSV and JSON", async () => {
    const placed = buildPropertyImportRow({ latitude: "-33.86882", longitude: "151.20929" });
    const unplaced = buildPropertyImportRow({ latitude: "", longitude: "" });
    const report = await importProperties(db, csvRows(csvOf([placed, unplaced])), { imageDir });
    expect(report).toMatchObject({ inserted: [placed.code, unplaced.code], rejected: [] });
    const stored = await storedRecords(db);
    expect(stored.get(placed.code)).toMatchObject({ latitude: -33.86882, longitude: 151.20929 });
    expect(stored.get(unplaced.code)).toMatchObject({ latitude: null, longitude: null });

    for (const format of ["csv", "json"] as const) {
      const { document } = await exportProperties(db, format);
      const rows = format === "csv" ? csvRows(document) : jsonRows(document);
      const valuesOf = (code: string) => rows.find((row) => row.values.code === code)?.values;
      expect(valuesOf(placed.code)).toMatchObject(
        format === "csv"
          ? { latitude: "-33.86882", longitude: "151.20929" }
          : { latitude: -33.86882, longitude: 151.20929 },
      );
      expect(valuesOf(unplaced.code)).toMatchObject(
        format === "csv" ? { latitude: "", longitude: "" } : { latitude: null, longitude: null },
      );
      const fresh = await createTestDatabase(dialect);
      try {
        const mine = rows.filter((row) =>
          [placed.code, unplaced.code].includes(String(row.values.code)),
        );
        const again = await importProperties(fresh.handle.db, mine, { imageDir });
        expect(again).toMatchObject({ inserted: [placed.code, unplaced.code], rejected: [] });
        const copied = await storedRecords(fresh.handle.db);
        expect(copied.get(placed.code)).toEqual(stored.get(placed.code));
        expect(copied.get(unplaced.code)).toEqual(stored.get(unplaced.code));
      } finally {
        await fresh.drop();
      }
    }
    // Importing the export again changes nothing (the coordinates compare equal as stored).
    const exported = csvRows((await exportProperties(db, "csv")).document).filter((row) =>
      [placed.code, unplaced.code].includes(String(row.values.code)),
    );
    const same = await importProperties(db, exported, { imageDir });
    expect(same).toMatchObject({ unchanged: [placed.code, unplaced.code], rejected: [] });

    // Removing the coordinates is an update to null.
    const cleared = await importProperties(
      db,
      jsonRows(JSON.stringify([{ ...placed, latitude: null, longitude: null }])),
      { imageDir },
    );
    expect(cleared.updated).toEqual([placed.code]);
    expect((await storedRecords(db)).get(placed.code)).toMatchObject({
      latitude: null,
      longitude: null,
    });
  });

  it("imports and exports the availability and when it changed, keeping it when absent", async () => {
    const at = new Date("2030-01-01T00:00:00Z");
    const fresh = buildPropertyImportRow({ availability: "", availability_changed_at: "" });
    const underOffer = buildPropertyImportRow({ availability: "Under Offer" });
    const dated = buildPropertyImportRow({
      availability: "sold_stc",
      availability_changed_at: "2026-10-01",
    });
    const bad = buildPropertyImportRow({ availability: "Sold" });
    const report = await importProperties(db, csvRows(csvOf([fresh, underOffer, dated, bad])), {
      imageDir,
      now: at,
    });
    expect(report.inserted).toEqual([fresh.code, underOffer.code, dated.code]);
    expect(report.rejected).toEqual([
      expect.objectContaining({
        code: bad.code,
        reasons: [
          "availability must be one of 'Available', 'Under offer', 'Sold STC', 'Let agreed'",
        ],
      }),
    ]);
    const stored = await storedRecords(db);
    expect(stored.get(fresh.code)).toMatchObject({
      availability: "available",
      availability_changed_at: null,
    });
    // A change without a time is dated by the import.
    expect(stored.get(underOffer.code)).toMatchObject({
      availability: "under_offer",
      availability_changed_at: at.toISOString(),
    });
    expect(stored.get(dated.code)).toMatchObject({
      availability: "sold_stc",
      availability_changed_at: "2026-10-01T00:00:00.000Z",
    });

    // A file without the column keeps each listing's availability and its time.
    const later = new Date("2031-01-01T00:00:00Z");
    const without = [underOffer, dated].map((row) => ({
      ...row,
      availability: "",
      availability_changed_at: "",
    }));
    const again = await importProperties(db, csvRows(csvOf(without)), { imageDir, now: later });
    expect(again).toMatchObject({ unchanged: [underOffer.code, dated.code], rejected: [] });
    // Let agreed now: the change is dated by this import.
    const let_ = { ...underOffer, availability: "Let agreed" };
    expect(
      (await importProperties(db, csvRows(csvOf([let_])), { imageDir, now: later })).updated,
    ).toEqual([underOffer.code]);
    expect((await storedRecords(db)).get(underOffer.code)).toMatchObject({
      availability: "let_agreed",
      availability_changed_at: later.toISOString(),
    });

    // The export writes both columns; CSV leaves an unknown time empty, JSON writes null.
    const csv = csvRows((await exportProperties(db, "csv")).document);
    const json = jsonRows((await exportProperties(db, "json")).document);
    expect(csv.find((row) => row.values.code === dated.code)?.values).toMatchObject({
      availability: "sold_stc",
      availability_changed_at: "2026-10-01T00:00:00.000Z",
    });
    expect(csv.find((row) => row.values.code === fresh.code)?.values).toMatchObject({
      availability: "available",
      availability_changed_at: "",
    });
    expect(json.find((row) => row.values.code === fresh.code)?.values).toMatchObject({
      availability: "available",
      availability_changed_at: null,
    });
  });

  it("imports, defaults and exports a rent's period", async () => {
    const weekly = buildPropertyImportRow({ offer_type: "For Rent", rent_period: "Weekly" });
    const unsaid = buildPropertyImportRow({ offer_type: "For Rent", rent_period: "" });
    const annual = buildPropertyImportRow({ offer_type: "For Rent", rent_period: "annual" });
    const bad = buildPropertyImportRow({ offer_type: "For Rent", rent_period: "fortnight" });
    const report = await importProperties(db, csvRows(csvOf([weekly, unsaid, annual, bad])), {
      imageDir,
    });
    expect(report.inserted).toEqual([weekly.code, unsaid.code, annual.code]);
    expect(report.rejected).toEqual([
      expect.objectContaining({
        code: bad.code,
        reasons: ["rent_period must be one of 'week', 'month', 'quarter', 'year'"],
      }),
    ]);
    const stored = await storedRecords(db);
    expect(stored.get(weekly.code)?.rent_period).toBe("week");
    // Left out: a month, as every rent was read before the column.
    expect(stored.get(unsaid.code)?.rent_period).toBe("month");
    expect(stored.get(annual.code)?.rent_period).toBe("year");
    const csv = csvRows((await exportProperties(db, "csv")).document);
    const json = jsonRows((await exportProperties(db, "json")).document);
    expect(csv.find((row) => row.values.code === weekly.code)?.values.rent_period).toBe("week");
    expect(json.find((row) => row.values.code === annual.code)?.values.rent_period).toBe("year");
    // The seeded listings, from before the column, are monthly.
    expect(csv.find((row) => row.values.code === "HP-1001")?.values.rent_period).toBe("month");
  });

  it("imports, leaves out and exports a tenure, by its value or its label", async () => {
    const share = buildPropertyImportRow({ tenure: "Share of freehold" });
    const lease = buildPropertyImportRow({ tenure: "leasehold" });
    const unsaid = buildPropertyImportRow({ tenure: "" });
    const bad = buildPropertyImportRow({ tenure: "rented" });
    const report = await importProperties(db, csvRows(csvOf([share, lease, unsaid, bad])), {
      imageDir,
    });
    expect(report.inserted).toEqual([share.code, lease.code, unsaid.code]);
    expect(report.rejected).toEqual([
      expect.objectContaining({
        code: bad.code,
        reasons: [
          "tenure must be one of 'Freehold', 'Leasehold', 'Share of freehold', 'Commonhold'",
        ],
      }),
    ]);
    const stored = await storedRecords(db);
    expect(stored.get(share.code)?.tenure).toBe("share_of_freehold");
    expect(stored.get(unsaid.code)?.tenure).toBeNull();
    const csv = csvRows((await exportProperties(db, "csv")).document);
    const json = jsonRows((await exportProperties(db, "json")).document);
    expect(csv.find((row) => row.values.code === lease.code)?.values.tenure).toBe("leasehold");
    expect(csv.find((row) => row.values.code === unsaid.code)?.values.tenure).toBe("");
    expect(json.find((row) => row.values.code === share.code)?.values.tenure).toBe(
      "share_of_freehold",
    );
    expect(json.find((row) => row.values.code === unsaid.code)?.values.tenure).toBeNull();
    // The API's property carries it; a listing without one says null.
    const api = await listPublishedProperties(db);
    expect(api.find((property) => property.code === share.code)?.tenure).toBe("share_of_freehold");
    expect(api.find((property) => property.code === unsaid.code)?.tenure).toBeNull();
  });

  it("imports and exports whether a rental is furnished, leaving it out when not given", async () => {
    const part = buildPropertyImportRow({ offer_type: "For Rent", furnished: "part furnished" });
    const unsaid = buildPropertyImportRow({ offer_type: "For Rent" });
    const bad = buildPropertyImportRow({ offer_type: "For Rent", furnished: "yes" });
    const report = await importProperties(db, csvRows(csvOf([part, unsaid, bad])), { imageDir });
    expect(report.inserted).toEqual([part.code, unsaid.code]);
    expect(report.rejected).toEqual([
      expect.objectContaining({
        code: bad.code,
        reasons: ["furnished must be one of 'Furnished', 'Part furnished', 'Unfurnished'"],
      }),
    ]);
    const stored = await storedRecords(db);
    expect(stored.get(part.code)?.furnished).toBe("part_furnished");
    expect(stored.get(unsaid.code)?.furnished).toBeNull();
    const json = jsonRows((await exportProperties(db, "json")).document);
    expect(json.find((row) => row.values.code === part.code)?.values.furnished).toBe(
      "part_furnished",
    );
    const api = await listPublishedProperties(db);
    expect(api.find((property) => property.code === part.code)?.furnished).toBe("part_furnished");
  });

  it("imports and exports a listing's energy rating, A to G in any case, and the search filters by it", async () => {
    const rated = buildPropertyImportRow({ energy_rating: "c" });
    const unsaid = buildPropertyImportRow();
    const bad = buildPropertyImportRow({ energy_rating: "H" });
    const report = await importProperties(db, csvRows(csvOf([rated, unsaid, bad])), { imageDir });
    expect(report.inserted).toEqual([rated.code, unsaid.code]);
    expect(report.rejected).toEqual([
      expect.objectContaining({
        code: bad.code,
        reasons: ["energy_rating must be one of 'A', 'B', 'C', 'D', 'E', 'F', 'G'"],
      }),
    ]);
    const stored = await storedRecords(db);
    expect(stored.get(rated.code)?.energy_rating).toBe("c");
    expect(stored.get(unsaid.code)?.energy_rating).toBeNull();
    const json = jsonRows((await exportProperties(db, "json")).document);
    expect(json.find((row) => row.values.code === rated.code)?.values.energy_rating).toBe("c");
    const api = await listPublishedProperties(db);
    expect(api.find((property) => property.code === rated.code)?.energy_rating).toBe("c");
    const found = await searchPublishedProperties(db, {
      ...readPropertySearch(new URLSearchParams("energy_rating=C")),
    });
    expect(found.properties.map((property) => property.code)).toEqual([rated.code]);
  });

  it("imports, normalises, refuses and round-trips the portals' fields through CSV and JSON", async () => {
    const uk = buildPropertyImportRow({
      offer_type: "For Rent",
      country: "United Kingdom",
      city: "London",
      postcode: "nw1  7lu",
      display_address: "Albert Street, London",
      deposit: "3058",
      available_from: "2027-03-01",
      energy_score: "72",
      council_tax_band: "e",
      send_to_rightmove: "no",
    });
    const us = buildPropertyImportRow({ postcode: "10024-1234", hoa_fee: "850", deposit: "0" });
    const unsaid = buildPropertyImportRow();
    const bad = buildPropertyImportRow({
      country: "UK",
      postcode: "10024",
      deposit: "-5",
      available_from: "2027-02-30",
      energy_score: "101",
      council_tax_band: "J",
      hoa_fee: "a lot",
      send_to_push: "maybe",
    });
    const report = await importProperties(db, csvRows(csvOf([uk, us, unsaid, bad])), { imageDir });
    expect(report.inserted).toEqual([uk.code, us.code, unsaid.code]);
    expect(report.rejected).toEqual([
      expect.objectContaining({
        code: bad.code,
        reasons: [
          "energy_score must be at most 100",
          "council_tax_band must be one of 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'",
          "hoa_fee must be a number",
          "deposit must be 0 or more",
          "available_from must be a date written YYYY-MM-DD, such as 2027-03-01",
          "send_to_push must be yes or no",
        ],
      }),
    ]);
    // The postcode's country rule runs once the other fields are valid.
    const ukBadPostcode = buildPropertyImportRow({ country: "UK", postcode: "10024" });
    expect(
      (await importProperties(db, csvRows(csvOf([ukBadPostcode])), { imageDir })).rejected,
    ).toEqual([
      expect.objectContaining({ reasons: ["postcode must be a UK postcode, such as SW1A 1AA"] }),
    ]);

    const stored = await storedRecords(db);
    expect(stored.get(uk.code)).toMatchObject({
      postcode: "NW1 7LU",
      display_address: "Albert Street, London",
      deposit: 3058,
      available_from: "2027-03-01",
      energy_score: 72,
      council_tax_band: "e",
      hoa_fee: null,
      send_to_rightmove: false,
      send_to_push: true,
      send_to_reso: true,
    });
    expect(stored.get(us.code)).toMatchObject({ postcode: "10024-1234", hoa_fee: 850, deposit: 0 });
    expect(stored.get(unsaid.code)).toMatchObject({
      postcode: "",
      display_address: "",
      deposit: null,
      available_from: null,
      energy_score: null,
      council_tax_band: null,
      hoa_fee: null,
      send_to_rightmove: true,
    });
    const api = await listPublishedProperties(db);
    expect(api.find((property) => property.code === uk.code)).toMatchObject({
      postcode: "NW1 7LU",
      deposit: 3058,
      available_from: "2027-03-01",
      send_to_rightmove: false,
    });

    const mine = [uk.code, us.code, unsaid.code];
    for (const format of ["csv", "json"] as const) {
      const { document } = await exportProperties(db, format);
      const rows = (format === "csv" ? csvRows(document) : jsonRows(document)).filter((row) =>
        mine.includes(String(row.values.code)),
      );
      const valuesOf = (code: string) => rows.find((row) => row.values.code === code)?.values;
      expect(valuesOf(uk.code)).toMatchObject(
        format === "csv"
          ? { postcode: "NW1 7LU", deposit: "3058", send_to_rightmove: "no", hoa_fee: "" }
          : { postcode: "NW1 7LU", deposit: 3058, send_to_rightmove: false, hoa_fee: null },
      );
      const fresh = await createTestDatabase(dialect);
      try {
        const again = await importProperties(fresh.handle.db, rows, { imageDir });
        expect(again).toMatchObject({ inserted: mine, rejected: [] });
        const copied = await storedRecords(fresh.handle.db);
        for (const code of mine) expect(copied.get(code)).toEqual(stored.get(code));
      } finally {
        await fresh.drop();
      }
      // Importing the export again changes nothing.
      const same = await importProperties(db, rows, { imageDir });
      expect(same).toMatchObject({ unchanged: mine, rejected: [] });
    }
  });

  it("refuses coordinates out of range, not numbers, or only one of the pair", async () => {
    const rows = [
      buildPropertyImportRow({ latitude: "90.000001" }),
      buildPropertyImportRow({ latitude: "-91", longitude: "181" }),
      buildPropertyImportRow({ longitude: "-180.5" }),
      buildPropertyImportRow({ latitude: "north", longitude: "12" }),
      buildPropertyImportRow({ longitude: "" }),
      buildPropertyImportRow({ latitude: "" }),
      buildPropertyImportRow({ latitude: "90", longitude: "-180" }),
    ];
    const report = await importProperties(db, csvRows(csvOf(rows)), { imageDir });
    expect(report.rejected.map((row) => [row.code, row.reasons])).toEqual([
      [rows[0]!.code, ["latitude must be between -90 and 90"]],
      [
        rows[1]!.code,
        ["latitude must be between -90 and 90", "longitude must be between -180 and 180"],
      ],
      [rows[2]!.code, ["longitude must be between -180 and 180"]],
      [rows[3]!.code, ["latitude must be a number"]],
      [rows[4]!.code, ["latitude and longitude must be given together, or neither"]],
      [rows[5]!.code, ["latitude and longitude must be given together, or neither"]],
    ]);
    expect(report.inserted).toEqual([rows[6]!.code]);
    const stored = await storedRecords(db);
    for (const row of rows.slice(0, 6)) expect(stored.has(row.code)).toBe(false);
    expect(stored.get(rows[6]!.code)).toMatchObject({ latitude: 90, longitude: -180 });

    // JSON: numbers or numeric text; no other type stands in for a number.
    const items = [
      { ...buildPropertyImportRow(), latitude: true, longitude: 10 },
      { ...buildPropertyImportRow(), latitude: [], longitude: 10 },
      { ...buildPropertyImportRow(), latitude: 12.5, longitude: "Infinity" },
      { ...buildPropertyImportRow(), latitude: "-12.5", longitude: 130.25 },
    ];
    const json = await importProperties(db, jsonRows(JSON.stringify(items)), { imageDir });
    expect(json.rejected.map((row) => row.reasons)).toEqual([
      ["latitude must be a number"],
      ["latitude must be a number"],
      ["longitude must be a number"],
    ]);
    expect(json.inserted).toEqual([items[3]!.code]);
    expect((await storedRecords(db)).get(items[3]!.code)).toMatchObject({
      latitude: -12.5,
      longitude: 130.25,
    });
  });

  describe("JSON files and images", () => {
    let folder: string;

    beforeAll(async () => {
      folder = mkdtempSync(join(tmpdir(), "homes-import-source-"));
      await writeTestImage(join(folder, "Front View.jpg"), "#336699");
      await writeTestImage(join(folder, "garden.png"), "#339966");
      writeFileSync(join(folder, "notes.jpg"), "this is text, not a picture");
      await writeTestImage(join(folder, "Ground Plan.png"), "#eeeeee");
      writeFileSync(join(folder, "site plan.pdf"), "%PDF-1.4\n%%EOF\n");
      writeFileSync(join(folder, "fake.pdf"), "not a PDF at all");
      writeFileSync(join(folder, "scripted.pdf"), buildActivePdfBytes("object-stream"));
    });

    const jsonOf = (items: unknown[]) => JSON.stringify(items);

    it("imports typed JSON values and copies the images under safe, content-named files", async () => {
      const item = {
        ...buildPropertyImportRow(),
        price: 415000.5,
        bedroom: 4,
        publish: false,
        amenities: ["Garden"],
        images: ["Front View.jpg", "garden.png"],
        related: ["HP-1001"],
      };
      const report = await importProperties(db, jsonRows(jsonOf([item])), {
        imageDir,
        imageFolder: folder,
      });
      expect(report).toMatchObject({ inserted: [item.code], rejected: [], copiedImages: 2 });

      const stored = (await storedRecords(db)).get(item.code)!;
      expect(stored).toMatchObject({
        price: 415000.5,
        bedroom: 4,
        publish: false,
        amenities: ["Garden"],
        related: ["HP-1001"],
      });
      expect(stored.images).toEqual([
        expect.stringMatching(/^front-view-[0-9a-f]{12}\.jpg$/),
        expect.stringMatching(/^garden-[0-9a-f]{12}\.png$/),
      ]);
      const files = readdirSync(join(imageDir, "property"));
      expect(files.filter(isOriginal).sort()).toEqual([...stored.images].sort());
      // The srcset's WebP derivatives are made with the copy, not on a visitor's first request.
      for (const image of stored.images) {
        for (const width of imageVariantWidths) {
          expect(files).toContain(imageVariantPath(image, width));
        }
      }

      // Again: the same content gives the same names, so nothing is copied or changed.
      const again = await importProperties(db, jsonRows(jsonOf([item])), {
        imageDir,
        imageFolder: folder,
      });
      expect(again).toMatchObject({ unchanged: [item.code], copiedImages: 0 });
    });

    it("refuses a row with a non-image file, a path or a missing image, and copies none of its images", async () => {
      const items = [
        { ...buildPropertyImportRow(), images: ["garden.png", "notes.jpg"] },
        { ...buildPropertyImportRow(), images: ["../secret.png"] },
        { ...buildPropertyImportRow(), images: "garden.png|sub/garden.png" },
        { ...buildPropertyImportRow(), images: ["missing.jpg"] },
        "not an object",
        { ...buildPropertyImportRow(), bedrooms: 3 },
      ];
      const report = await importProperties(db, jsonRows(jsonOf(items)), {
        imageDir,
        imageFolder: folder,
      });
      expect(report.inserted).toEqual([]);
      expect(report.rejected.map((row) => [row.label, row.reasons])).toEqual([
        ["item 1", ["image notes.jpg is not an image (JPEG, PNG, WebP, GIF or AVIF)"]],
        ["item 2", ["image '../secret.png' must be a plain file name (no folders)"]],
        ["item 3", ["image 'sub/garden.png' must be a plain file name (no folders)"]],
        ["item 4", [`image 'missing.jpg' is neither in ${folder} nor in the image folder`]],
        ["item 5", ["is not an object"]],
        ["item 6", ["unknown field 'bedrooms'"]],
      ]);
      expect(readdirSync(join(imageDir, "property"))).toEqual([]);
    });

    it("imports floor plans in CSV and JSON, copies their files, exports them and sees no change again", async () => {
      const row = buildPropertyImportRow({
        floor_plans:
          "Ground floor=Ground Plan.png|Site plan=site plan.pdf|https://plans.example.com/first.png?v=2",
      });
      const options = { imageDir, imageFolder: folder };
      const report = await importProperties(db, csvRows(csvOf([row])), options);
      expect(report).toMatchObject({ inserted: [row.code], rejected: [], copiedImages: 2 });
      const stored = (await storedRecords(db)).get(row.code)!;
      expect(stored.floor_plans).toEqual([
        {
          label: "Ground floor",
          file: expect.stringMatching(/^ground-plan-[0-9a-f]{12}\.png$/),
          kind: "image",
        },
        {
          label: "Site plan",
          file: expect.stringMatching(/^site-plan-[0-9a-f]{12}\.pdf$/),
          kind: "pdf",
        },
        { label: "Floor plan 3", file: "https://plans.example.com/first.png?v=2", kind: "image" },
      ]);
      const files = readdirSync(join(imageDir, "property"));
      // The image gets its WebP derivatives; the PDF is copied alone.
      expect(files).toContain(imageVariantPath(stored.floor_plans[0]!.file, 800));
      expect(files.filter((file) => file.startsWith("site-plan-"))).toEqual([
        stored.floor_plans[1]!.file,
      ]);
      // The site's property answer carries them in order.
      const answer = await findPublishedProperty(db, row.code);
      expect(answer?.floor_plans).toEqual(stored.floor_plans);

      // The export names the stored files; imported again, nothing changes.
      const { document } = await exportProperties(db, "csv");
      const exported = csvRows(document).filter((each) => each.values.code === row.code);
      expect(exported[0]?.values.floor_plans).toBe(
        stored.floor_plans.map((plan) => `${plan.label}=${plan.file}`).join("|"),
      );
      expect(await importProperties(db, exported, { imageDir })).toMatchObject({
        unchanged: [row.code],
      });

      // JSON objects; fewer plans: the property is updated and keeps only those.
      const item = {
        ...buildPropertyImportRow({ code: row.code, slug: row.slug }),
        floor_plans: [{ label: "Top floor", file: stored.floor_plans[0]!.file }],
      };
      expect(await importProperties(db, jsonRows(jsonOf([item])), { imageDir })).toMatchObject({
        updated: [row.code],
      });
      expect((await findPublishedProperty(db, row.code))?.floor_plans).toEqual([
        { label: "Top floor", file: stored.floor_plans[0]!.file, kind: "image" },
      ]);
      const json = JSON.parse((await exportProperties(db, "json")).document) as {
        code: string;
        floor_plans: unknown;
      }[];
      expect(json.find((each) => each.code === row.code)?.floor_plans).toEqual([
        { label: "Top floor", file: stored.floor_plans[0]!.file, kind: "image" },
      ]);
    });

    it("refuses floor plans of another type, with a path, missing, or with a bad label", async () => {
      const items = [
        { ...buildPropertyImportRow(), floor_plans: "Plan=notes.txt" },
        { ...buildPropertyImportRow(), floor_plans: ["Plan=../plan.png"] },
        { ...buildPropertyImportRow(), floor_plans: [{ label: "Plan" }] },
        { ...buildPropertyImportRow(), floor_plans: ["Plan=missing.png"] },
        { ...buildPropertyImportRow(), floor_plans: ["Plan=fake.pdf"] },
        { ...buildPropertyImportRow(), floor_plans: ["Plan=scripted.pdf"] },
        { ...buildPropertyImportRow(), floor_plans: [{ label: "A=B", file: "Ground Plan.png" }] },
        { ...buildPropertyImportRow(), floor_plans: [42] },
      ];
      const report = await importProperties(db, jsonRows(jsonOf(items)), {
        imageDir,
        imageFolder: folder,
      });
      expect(report.inserted).toEqual([]);
      expect(report.rejected.map((row) => row.reasons)).toEqual([
        [
          "floor_plans item 1 file 'notes.txt' must be an image (.png, .jpg, .webp, .gif, .avif) or a PDF (.pdf)",
        ],
        [
          "floor_plans item 1 file '../plan.png' must be a plain file name (no folders) or an https address",
        ],
        ["floor_plans item 1 must have a file"],
        [`floor plan 'missing.png' is neither in ${folder} nor in the image folder`],
        ["floor plan fake.pdf is not a PDF"],
        [
          "floor plan scripted.pdf holds a script, an automatic action or an attachment (/JavaScript); a floor plan must be a plain PDF: print it to a new PDF or export it again without them",
        ],
        ["floor_plans item 1 label must not hold '|' or '='"],
        ["floor_plans item 1 must be 'Label=file' or an object with label and file"],
      ]);
      expect(readdirSync(join(imageDir, "property"))).toEqual([]);
    });

    it("refuses floor plan addresses the brochure must not fetch: http, this server, private networks", async () => {
      const addresses = [
        "http://cdn.example.com/plan.png",
        "https://127.0.0.1:8080/plan.png",
        "https://localhost/plan.png",
        "https://10.1.2.3/plan.png",
        "https://169.254.169.254/latest/plan.png",
        "https://[::ffff:192.168.0.1]/plan.png",
      ];
      const items = addresses.map((file) => ({ ...buildPropertyImportRow(), floor_plans: [file] }));
      const report = await importProperties(db, jsonRows(jsonOf(items)), { imageDir });
      expect(report.inserted).toEqual([]);
      expect(report.rejected.map((row) => row.reasons)).toEqual([
        ["floor_plans item 1 file 'http://cdn.example.com/plan.png' must be an https address"],
        ...addresses
          .slice(1)
          .map((file) => [
            `floor_plans item 1 file '${file}' must be a public address (not this server or a private network)`,
          ]),
      ]);
    });

    it("checks everything in a dry run but saves and copies nothing", async () => {
      const item = { ...buildPropertyImportRow({ category: "Lofts" }), images: ["garden.png"] };
      const before = await listAllPropertyRows(db);
      const report = await importProperties(db, jsonRows(jsonOf([item])), {
        imageDir,
        imageFolder: folder,
        dryRun: true,
      });
      expect(report).toMatchObject({
        inserted: [item.code],
        createdCategories: ["Lofts"],
        copiedImages: 0,
      });
      expect(await listAllPropertyRows(db)).toEqual(before);
      expect(readdirSync(join(imageDir, "property"))).toEqual([]);
    });
  });
});

describe("the sample import files in docs/examples", () => {
  it("import cleanly, with their images, into the demo database", async () => {
    const examples = join(import.meta.dirname, "../../docs/examples");
    const database = await createTestDatabase("sqlite", { seed: true });
    try {
      const imageDir = newImageDir();
      for (const file of ["properties.csv", "properties.json"]) {
        const report = await importProperties(
          database.handle.db,
          await readImportFile(join(examples, file)),
          {
            imageDir,
            imageFolder: join(examples, "images"),
          },
        );
        expect(report).toMatchObject({ rejected: [], updated: [], unchanged: [] });
        expect(report.inserted.length).toBeGreaterThan(0);
      }
      expect(readdirSync(join(imageDir, "property")).filter(isOriginal)).toHaveLength(
        readdirSync(join(examples, "images")).length,
      );
    } finally {
      await database.drop();
    }
  });
});

describe("import files that cannot be read", () => {
  it.each([
    ["an unknown column", "code,headline,bedrooms\n", /unknown column 'bedrooms'/],
    ["a missing required column", "code,headline\n", /the header has no 'offer_type', /],
    ["a repeated column", "code,code\n", /the column 'code' appears twice/],
    ["an unclosed quote", 'code,headline\n"A-1,x\n', /Line 2: a quoted field is never closed/],
  ])("refuses CSV with %s", (_name, text, message) => {
    expect(() => csvRows(text)).toThrow(message);
  });

  it("refuses JSON that is not an array", () => {
    expect(() => jsonRows('{"code":"A-1"}')).toThrow(/must be an array of properties/);
    expect(() => jsonRows("[{")).toThrow(/not valid JSON/);
  });
});
