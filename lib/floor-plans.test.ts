import { describe, expect, it } from "vitest";
import { propertySchema } from "./api-contract.ts";
import {
  floorPlanKindOf,
  formatFloorPlanItem,
  parseFloorPlanItem,
  readFloorPlans,
} from "./floor-plans.ts";

describe("floor plan values", () => {
  it("know an image from a PDF by the extension, whatever the query", () => {
    expect(floorPlanKindOf("ground.PNG")).toBe("image");
    expect(floorPlanKindOf("https://cdn.example.com/plan.jpg?v=2")).toBe("image");
    expect(floorPlanKindOf("plans.pdf#page=2")).toBe("pdf");
    expect(floorPlanKindOf("plan.svg")).toBeUndefined();
    expect(floorPlanKindOf("plan")).toBeUndefined();
  });

  it("read and write 'Label=file' items; a file alone is numbered", () => {
    expect(parseFloorPlanItem(" Ground floor = ground.png ", 0)).toEqual({
      label: "Ground floor",
      file: "ground.png",
      kind: "image",
    });
    expect(parseFloorPlanItem("site.pdf", 1)).toEqual({
      label: "Floor plan 2",
      file: "site.pdf",
      kind: "pdf",
    });
    // An address's own '=' is not a label's end.
    expect(parseFloorPlanItem("https://cdn.example.com/plan.png?v=2", 0)).toMatchObject({
      label: "Floor plan 1",
      file: "https://cdn.example.com/plan.png?v=2",
    });
    expect(parseFloorPlanItem("Top=https://cdn.example.com/plan.png?v=2", 0)).toMatchObject({
      label: "Top",
      file: "https://cdn.example.com/plan.png?v=2",
    });
    const plan = { label: "First floor", file: "first.webp" };
    expect(parseFloorPlanItem(formatFloorPlanItem(plan), 0)).toMatchObject(plan);
  });

  it("keep the valid plans of another backend's answer, leniently", () => {
    expect(
      readFloorPlans([
        { label: "Ground", file: "g.png", kind: "image" },
        { label: "", file: "site.pdf" },
        { label: "No file" },
        { label: "Unknown", file: "plan.docx" },
        "text",
      ]),
    ).toEqual([
      { label: "Ground", file: "g.png", kind: "image" },
      { label: "Floor plan 2", file: "site.pdf", kind: "pdf" },
    ]);
    expect(readFloorPlans('[{"label":"A","file":"a.jpg"}]')).toEqual([
      { label: "A", file: "a.jpg", kind: "image" },
    ]);
    expect(readFloorPlans("not json")).toEqual([]);
    expect(readFloorPlans(7)).toEqual([]);
  });

  it("are optional in the property contract: absent stays absent", () => {
    const base = { code: "A-1", slug: "a-1" };
    expect(propertySchema.parse(base).floor_plans).toBeUndefined();
    expect(propertySchema.parse({ ...base, floor_plans: null }).floor_plans).toBeUndefined();
    expect(
      propertySchema.parse({ ...base, floor_plans: [{ label: "G", file: "g.png", kind: "image" }] })
        .floor_plans,
    ).toEqual([{ label: "G", file: "g.png", kind: "image" }]);
  });
});
