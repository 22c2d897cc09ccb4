import { describe, expect, it } from "vitest";
import { buildProperty } from "../tests/support/factories.ts";
import {
  choiceColumnsHelp,
  editorFieldsOf,
  fieldsShownIn,
  formatFieldDate,
  formTextOf,
  givenValueOf,
  type PropertySchemaValues,
  propertyField,
  propertyFieldNames,
  readChoice,
  schemaApiValuesOf,
  schemaColumnsOf,
  schemaFieldNames,
  schemaValuesOf,
  shownFields,
} from "./property-fields.ts";

const tenures = {
  freehold: "Freehold",
  leasehold: "Leasehold",
  share_of_freehold: "Share of freehold",
  commonhold: "Commonhold",
};

describe("the property schema", () => {
  it("names each field once, its own fields with a column and an API name", () => {
    expect(new Set(propertyFieldNames).size).toBe(propertyFieldNames.length);
    for (const name of schemaFieldNames) {
      expect(propertyField(name).column, name).not.toBeNull();
      expect(propertyField(name).api, name).not.toBeNull();
    }
    const apiNames = propertyFieldNames.flatMap((name) => propertyField(name).api ?? []);
    expect(new Set(apiNames).size).toBe(apiNames.length);
  });

  it("reads a choice by its value or its label, in any case and spacing", () => {
    expect(readChoice(tenures, "share_of_freehold")).toBe("share_of_freehold");
    expect(readChoice(tenures, "Share of Freehold")).toBe("share_of_freehold");
    expect(readChoice(tenures, " share-of-freehold ")).toBe("share_of_freehold");
    expect(readChoice(tenures, "rented")).toBeUndefined();
    expect(readChoice(tenures, 1)).toBeUndefined();
  });

  it("maps a record to its columns and a row back, and a row to the API's names", () => {
    const row = schemaColumnsOf({
      ...schemaValuesOf(schemaColumnsOf(buildRecord())),
      tenure: "leasehold",
    });
    expect(row.tenure).toBe("leasehold");
    expect(row.garage).toBe(1);
    expect(schemaValuesOf(row)).toMatchObject({ tenure: "leasehold", garage: 1 });
    expect(schemaApiValuesOf(row)).toMatchObject({ tenure: "leasehold", bedroom: 3 });
  });

  it("gives the editor a choice as its label and a count as digits", () => {
    expect(formTextOf("tenure", "share_of_freehold")).toBe("Share of freehold");
    expect(formTextOf("tenure", null)).toBe("");
    expect(formTextOf("garage", 2)).toBe("2");
    expect(editorFieldsOf("rooms")).toEqual([
      "bedroom",
      "bathroom",
      "room",
      "floor",
      "size",
      "garage",
      "balcony",
    ]);
    expect(editorFieldsOf("listing")).toContain("tenure");
  });

  it("shows the details' lines in the table's order, leaving out a choice not given", () => {
    const property = buildProperty({ bedroom: 4, garage: 2, size: 1200 });
    expect(shownFields("details", property).map((field) => field.label)).toEqual([
      "Bedrooms",
      "Bathrooms",
      "Rooms",
      "Floors",
      "Size",
      "Garage",
    ]);
    const withTenure = shownFields("details", { ...property, tenure: "freehold" });
    expect(withTenure.at(-1)).toEqual({ name: "tenure", label: "Tenure", value: "Freehold" });
    const furnished = shownFields("compare", { ...property, furnished: "part_furnished" });
    expect(furnished.at(-1)).toEqual({
      name: "furnished",
      label: "Furnished",
      value: "Part furnished",
    });
    expect(fieldsShownIn("compare").find((field) => field.name === "size")?.display).toBe("area");
  });

  it("stores a switch as 1 or 0 and reads it back from either dialect as a boolean", () => {
    const row = schemaColumnsOf({ ...buildRecord(), send_to_rightmove: false, send_to_push: true });
    expect(row.send_to_rightmove).toBe(0);
    expect(row.send_to_push).toBe(1);
    expect(schemaValuesOf(row)).toMatchObject({ send_to_rightmove: false, send_to_push: true });
    // PostgreSQL answers booleans; an older row without the column reads as the switch's default.
    const postgresRow = { ...row, send_to_rightmove: false, send_to_push: true };
    expect(schemaApiValuesOf(postgresRow)).toMatchObject({
      send_to_rightmove: false,
      send_to_push: true,
    });
    const { send_to_reso: _absent, ...older } = row;
    expect(schemaValuesOf(older as typeof row).send_to_reso).toBe(true);
    expect(formTextOf("send_to_rightmove", 0)).toBe("no");
    expect(formTextOf("send_to_rightmove", true)).toBe("yes");
    expect(editorFieldsOf("portals")).toEqual([
      "send_to_rightmove",
      "send_to_push",
      "send_to_reso",
    ]);
  });

  it("shows a number, a date and a postcode only when given, a date in words", () => {
    const property = buildProperty();
    const labels = (values: object) =>
      shownFields("details", { ...property, ...values }).map((field) => field.label);
    expect(labels({})).not.toContain("Deposit");
    expect(labels({ deposit: null, available_from: null, postcode: "" })).not.toEqual(
      expect.arrayContaining(["Deposit", "Available from", "Postcode"]),
    );
    const shown = shownFields("details", {
      ...property,
      deposit: 0,
      available_from: "2027-03-01",
      postcode: "SW1A 1AA",
      energy_score: 72,
    });
    expect(shown.find((field) => field.name === "deposit")).toEqual({
      name: "deposit",
      label: "Deposit",
      value: 0,
      display: "money",
    });
    expect(shown.find((field) => field.name === "available_from")?.value).toBe("1 March 2027");
    expect(shown.find((field) => field.name === "postcode")?.value).toBe("SW1A 1AA");
    expect(shown.find((field) => field.name === "energy_score")?.value).toBe(72);
    // A number's 0 is a value (no deposit); a count's 0 is none.
    expect(givenValueOf("deposit", 0)).toBe(0);
    expect(givenValueOf("deposit", null)).toBeUndefined();
    expect(givenValueOf("garage", 0)).toBeUndefined();
    expect(givenValueOf("send_to_rightmove", true)).toBeUndefined();
    expect(formatFieldDate("2027-02-30x")).toBe("");
  });

  it("lists the choice columns for the import's help", () => {
    expect(choiceColumnsHelp()).toContain(
      "tenure (Freehold, Leasehold, Share of freehold, Commonhold)",
    );
    expect(choiceColumnsHelp()).toContain("furnished (Furnished, Part furnished, Unfurnished)");
  });
});

/** A validated record's schema values, as the import gives them: empty ones, and a few counts. */
function buildRecord(): PropertySchemaValues {
  const empty = Object.fromEntries(
    schemaFieldNames.map((name) => {
      const kind = propertyField(name).type.kind;
      const type = propertyField(name).type;
      if (type.kind === "switch") return [name, type.initial];
      return [name, kind === "count" ? 0 : kind === "text" || kind === "postcode" ? "" : null];
    }),
  );
  return { ...empty, headline: "A home", bedroom: 3, garage: 1 } as PropertySchemaValues;
}
