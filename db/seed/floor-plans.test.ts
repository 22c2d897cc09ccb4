import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { floorPlanKindOf } from "../../lib/floor-plans.ts";
import { createTestDatabase, testDialects } from "../../tests/support/test-database.ts";
import { buildDemoContent } from "./content.ts";
import { demoFloorPlansOf, floorPlanImageSize, floorPlanSvg } from "./floor-plans.ts";
import { demoImageJobs } from "./images.ts";
import { resetDatabase } from "./seed.ts";

const content = buildDemoContent(new Date("2026-11-21T12:00:00.000Z"));
const withPlans = content.properties.filter((property) => property.floorPlans.length > 0);

describe("the demo's floor plans", () => {
  it("are drawn for most properties, none for garages and a few others", () => {
    expect(withPlans.length).toBeGreaterThanOrEqual(20);
    const without = content.properties.filter((property) => property.floorPlans.length === 0);
    expect(without.length).toBeGreaterThanOrEqual(3);
    // Not only garages: a home without plans shows the case too.
    expect(without.some((property) => property.category !== "Garages")).toBe(true);
    for (const property of content.properties.filter((p) => p.category === "Garages")) {
      expect(property.floorPlans, property.code).toEqual([]);
    }
  });

  it("follow each property's facts: one per level of a house, one for an apartment", () => {
    for (const property of withPlans) {
      const images = property.floorPlans.filter((plan) => plan.kind === "image");
      const labels = images.map((plan) => plan.label);
      if (property.category === "Apartments") expect(labels).toEqual(["Apartment"]);
      else {
        expect(labels[0]).toBe("Ground floor");
        expect(labels.length).toBeLessThanOrEqual(Math.max(1, Math.min(3, property.floor)));
      }
      const bedrooms = images.flatMap((plan) =>
        plan.drawing.rooms.filter((room) => room.use === "bed"),
      );
      expect(bedrooms, property.code).toHaveLength(property.bedroom);
      for (const plan of property.floorPlans) {
        expect(floorPlanKindOf(plan.file)).toBe(plan.kind);
        // The levels share the property's size.
        expect(plan.drawing.area * images.length).toBeCloseTo(property.size, 0);
      }
      // Commercial space also has a printable PDF of its ground floor, last.
      const pdfs = property.floorPlans.filter((plan) => plan.kind === "pdf");
      expect(pdfs.length, property.code).toBe(property.category === "Commercial" ? 1 : 0);
      if (pdfs.length > 0) expect(property.floorPlans.at(-1)?.kind).toBe("pdf");
    }
  });

  it("have files of their own, and drawings that differ from one property to another", () => {
    const files = withPlans.flatMap((property) => property.floorPlans.map((plan) => plan.file));
    expect(new Set(files).size).toBe(files.length);
    const drawings = withPlans.map((property) => floorPlanSvg(property.floorPlans[0]!.drawing));
    expect(new Set(drawings).size).toBe(drawings.length);
  });

  it("are the same on every run", () => {
    const [property] = withPlans;
    const facts = { ...property!, kind: "house" as const };
    expect(demoFloorPlansOf(facts)).toEqual(demoFloorPlansOf(facts));
    const drawing = property!.floorPlans[0]!.drawing;
    expect(floorPlanSvg(drawing)).toBe(floorPlanSvg(drawing));
  });

  it("write a PDF plan as a one-page PDF naming the property, without derivatives", async () => {
    const property = withPlans.find((each) => each.floorPlans.some((plan) => plan.kind === "pdf"));
    const plan = property!.floorPlans.find((each) => each.kind === "pdf")!;
    const job = demoImageJobs(content).find((each) => each.path === `property/${plan.file}`);
    expect(job?.derivatives).toBeFalsy();
    const pdf = (await job!.render()).toString("latin1");
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(pdf).toContain("/Count 1");
    expect(pdf).toContain(`(${property!.headline})`);
    // The cross-reference table points at each object.
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    for (const [index, offset] of offsets.entries()) {
      expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true);
    }
  });

  it("render as PNGs the size of the photos, among the demo's image jobs with derivatives", async () => {
    const plan = withPlans[0]!.floorPlans[0]!;
    const job = demoImageJobs(content).find((each) => each.path === `property/${plan.file}`);
    expect(job?.derivatives).toBe(true);
    const metadata = await sharp(await job!.render()).metadata();
    expect(metadata).toMatchObject({ format: "png", ...floorPlanImageSize });
  });
});

describe.each(testDialects)("seeded floor plans on %s", (dialect) => {
  it("are stored in order for their property, and go with it and with a reset", async () => {
    const test = await createTestDatabase(dialect, { seed: true });
    try {
      const db = test.handle.db;
      const rows = await db
        .selectFrom("floor_plan")
        .innerJoin("property", "property.id", "floor_plan.property_id")
        .select(["property.code", "floor_plan.position", "floor_plan.label", "floor_plan.file"])
        .orderBy("property.code")
        .orderBy("floor_plan.position")
        .execute();
      const expected = content.properties.flatMap((property) =>
        property.floorPlans.map((plan, position) => ({
          code: property.code,
          position,
          label: plan.label,
          file: plan.file,
        })),
      );
      expect(rows).toEqual(expected);
      // Deleting a property deletes its plans (the foreign key cascades).
      const [first] = expected;
      await db.deleteFrom("property").where("code", "=", first!.code).execute();
      const left = await db.selectFrom("floor_plan").select("id").execute();
      expect(left).toHaveLength(expected.filter((plan) => plan.code !== first!.code).length);
      await resetDatabase(db);
      expect(await db.selectFrom("floor_plan").select("id").execute()).toEqual([]);
    } finally {
      await test.drop();
    }
  });
});
