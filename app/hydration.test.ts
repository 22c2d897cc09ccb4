import { describe, expect, it } from "vitest";
import { documentHydrates, isBackOffice } from "./hydration.ts";

describe("which documents hydrate", () => {
  const module = "/assets/entry.enhance-abc.js";

  it("hydrates the back office only", () => {
    expect(documentHydrates("/admin", module)).toBe(true);
    expect(documentHydrates("/admin/properties/3", module)).toBe(true);
    expect(documentHydrates("/ADMIN/sign-in", module)).toBe(true);
    for (const pathname of ["/", "/property/a-house-hp-1", "/administration", "/contact"]) {
      expect(documentHydrates(pathname, module)).toBe(false);
    }
  });

  it("hydrates every page when the build lacks the enhancement module", () => {
    expect(documentHydrates("/property/a-house-hp-1", undefined)).toBe(true);
  });

  it("knows the back office by its first segment", () => {
    expect(isBackOffice("/admin/")).toBe(true);
    expect(isBackOffice("/admins")).toBe(false);
  });
});
