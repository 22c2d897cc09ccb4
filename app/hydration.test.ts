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

  it("renders a listing's preview as a public page, though it is under /admin (decision 070)", () => {
    expect(documentHydrates("/admin/listings/HP-1%2F2/preview", module)).toBe(false);
    expect(isBackOffice("/admin/listings/HP-1/preview")).toBe(false);
    for (const pathname of [
      "/admin/listings/HP-1/edit",
      "/admin/listings/preview",
      "/admin/listings/HP-1/preview/x",
    ]) {
      expect(documentHydrates(pathname, module), pathname).toBe(true);
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
