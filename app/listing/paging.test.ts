import { describe, expect, it } from "vitest";
import { clampPage, gridPageSize, pageCount, pageItems, pageLinks } from "./paging.ts";

describe("pageCount", () => {
  it("rounds up to whole pages", () => {
    expect(pageCount(30, 6)).toBe(5);
    expect(pageCount(31, 6)).toBe(6);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
  });

  it("is 0 without items", () => {
    expect(pageCount(0, gridPageSize)).toBe(0);
  });
});

describe("clampPage", () => {
  it("starts at page 1", () => {
    expect(clampPage(null, 5)).toBe(1);
    expect(clampPage(undefined, 5)).toBe(1);
    expect(clampPage("", 5)).toBe(1);
  });

  it("reads the requested page", () => {
    expect(clampPage("3", 5)).toBe(3);
    expect(clampPage(2, 5)).toBe(2);
  });

  it("shows the last page beyond the end", () => {
    expect(clampPage("99", 5)).toBe(5);
  });

  it("shows page 1 for junk, zero and negative pages", () => {
    expect(clampPage("abc", 5)).toBe(1);
    expect(clampPage("0", 5)).toBe(1);
    expect(clampPage("-2", 5)).toBe(1);
  });

  it("answers page 1 when there are no pages", () => {
    expect(clampPage("4", 0)).toBe(1);
  });
});

describe("pageItems", () => {
  const items = Array.from({ length: 14 }, (_, index) => index + 1);

  it("slices one page", () => {
    expect(pageItems(items, 1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageItems(items, 3, 6)).toEqual([13, 14]);
  });

  it("covers every item exactly once over all pages", () => {
    const pages = pageCount(items.length, 6);
    const all = Array.from({ length: pages }, (_, index) => pageItems(items, index + 1, 6)).flat();
    expect(all).toEqual(items);
  });
});

describe("pageLinks", () => {
  it("lists every page when there are few", () => {
    expect(pageLinks(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageLinks(1, 0)).toEqual([]);
  });

  it("keeps the ends and the neighbours with gaps when there are many", () => {
    expect(pageLinks(1, 20)).toEqual([1, 2, 3, 4, "gap", 20]);
    expect(pageLinks(10, 20)).toEqual([1, "gap", 9, 10, 11, "gap", 20]);
    expect(pageLinks(20, 20)).toEqual([1, "gap", 17, 18, 19, 20]);
  });
});
