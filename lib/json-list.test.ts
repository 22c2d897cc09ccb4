import { describe, expect, it } from "vitest";
import { parseJsonList } from "./json-list.ts";

describe("parseJsonList", () => {
  it("parses a list sent as JSON text", () => {
    expect(parseJsonList('[{"code":"HP-1001"},{"code":"HP-1002"}]')).toEqual([
      { code: "HP-1001" },
      { code: "HP-1002" },
    ]);
    expect(parseJsonList("[3, 7]")).toEqual([3, 7]);
  });

  it("takes a list sent as a real array as it is", () => {
    const list = [{ imageUrl: "a.jpg" }];
    expect(parseJsonList(list)).toBe(list);
  });

  it("reads nothing, blank text, junk and non-list JSON as an empty list (SPEC §8)", () => {
    for (const value of [
      null,
      undefined,
      "",
      "   ",
      "not json",
      "[1,",
      '{"code":"HP-1001"}',
      "42",
    ]) {
      expect(parseJsonList(value), String(value)).toEqual([]);
    }
  });
});
