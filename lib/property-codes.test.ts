import { describe, expect, it } from "vitest";
import {
  comparePath,
  maxShortlistCodes,
  readCompareCodes,
  readPropertyCodes,
  shortlistPath,
  uniqueCodes,
} from "./property-codes.ts";

const query = (text: string) => new URLSearchParams(text);

describe("readPropertyCodes", () => {
  it("reads a comma-separated list in its order", () => {
    expect(readPropertyCodes(query("codes=HP-1004,HP-1001,NW-2001"))).toEqual([
      "HP-1004",
      "HP-1001",
      "NW-2001",
    ]);
  });

  it("reads repeated parameters (a form's checkboxes) and lists in them", () => {
    expect(readPropertyCodes(query("codes=HP-1001&codes=HP-1002,HP-1003&codes=HP-1004"))).toEqual([
      "HP-1001",
      "HP-1002",
      "HP-1003",
      "HP-1004",
    ]);
  });

  it("ignores blanks, spaces around codes and malformed codes", () => {
    const list = [" HP-1001 ", "", "<script>", "-lead", "a b", "HP 1002", "x.y_z-1"];
    list.push("A".repeat(65), "B".repeat(64));
    const read = readPropertyCodes(query(`codes=${encodeURIComponent(list.join(","))}`));
    expect(read).toEqual(["HP-1001", "x.y_z-1", "B".repeat(64)]);
  });

  it("keeps each code once, in its first place", () => {
    expect(readPropertyCodes(query("codes=HP-1002,HP-1001,HP-1002&codes=HP-1001"))).toEqual([
      "HP-1002",
      "HP-1001",
    ]);
  });

  it(`keeps at most ${maxShortlistCodes} codes, the first ones`, () => {
    const many = Array.from({ length: 500 }, (_, index) => `C-${index}`);
    const read = readPropertyCodes(query(`codes=${many.join(",")}`));
    expect(read).toHaveLength(maxShortlistCodes);
    expect(read).toEqual(many.slice(0, maxShortlistCodes));
    expect(readPropertyCodes(query(`codes=${many.join(",")}`), 3)).toEqual(["C-0", "C-1", "C-2"]);
  });

  it("answers an empty list without the parameter", () => {
    expect(readPropertyCodes(query(""))).toEqual([]);
    expect(readPropertyCodes(query("codes="))).toEqual([]);
    expect(readPropertyCodes(query("code=HP-1001"))).toEqual([]);
  });
});

describe("uniqueCodes", () => {
  it("ignores what is not text (a tampered localStorage value)", () => {
    expect(uniqueCodes(["HP-1001", 7, null, { code: "X" }, "HP-1001", "HP-1003"])).toEqual([
      "HP-1001",
      "HP-1003",
    ]);
  });
});

describe("readCompareCodes", () => {
  it("compares the first four and refuses the rest", () => {
    expect(readCompareCodes(query("codes=A,B&codes=C&codes=D&codes=E,F"))).toEqual({
      codes: ["A", "B", "C", "D"],
      refused: ["E", "F"],
    });
    expect(readCompareCodes(query("codes=A,B"))).toEqual({ codes: ["A", "B"], refused: [] });
  });
});

describe("shortlistPath and comparePath", () => {
  it("write the list the reader reads back", () => {
    const codes = ["HP-1001", "x.y_z-1"];
    expect(shortlistPath(codes)).toBe("/shortlist?codes=HP-1001,x.y_z-1");
    expect(readPropertyCodes(new URL(shortlistPath(codes), "http://h").searchParams)).toEqual(
      codes,
    );
    expect(comparePath(codes)).toBe("/compare?codes=HP-1001,x.y_z-1");
    expect(shortlistPath([])).toBe("/shortlist");
  });
});
