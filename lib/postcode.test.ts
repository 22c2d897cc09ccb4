import { describe, expect, it } from "vitest";
import { isUkCountry, normaliseUkPostcode, readPostcode, ukPostcodeParts } from "./postcode.ts";

describe("postal codes", () => {
  it("writes a UK postcode in capitals with one space before its last three characters", () => {
    expect(normaliseUkPostcode("sw1a1aa")).toBe("SW1A 1AA");
    expect(normaliseUkPostcode(" ec2a  3pt ")).toBe("EC2A 3PT");
    expect(normaliseUkPostcode("M1 1AE")).toBe("M1 1AE");
    expect(normaliseUkPostcode("GIR 0AA")).toBe("GIR 0AA");
    expect(ukPostcodeParts("nw1 7lu")).toEqual({ outward: "NW1", inward: "7LU" });
  });

  it("refuses what is not a UK postcode", () => {
    for (const bad of ["SW1A", "12345", "SW1A 1A", "QW1 1AA", "SW1A 1CA", "M5V 2T6"]) {
      expect(normaliseUkPostcode(bad), bad).toBeUndefined();
    }
  });

  it("checks a UK listing's postcode and keeps another country's own code", () => {
    expect(readPostcode("nw1 7lu", "United Kingdom")).toEqual({ ok: true, postcode: "NW1 7LU" });
    expect(readPostcode("nw17lu", "england")).toEqual({ ok: true, postcode: "NW1 7LU" });
    expect(readPostcode("10024", "United Kingdom")).toEqual({
      ok: false,
      problem: "must be a UK postcode, such as SW1A 1AA",
    });
    expect(readPostcode("10024", "United States")).toEqual({ ok: true, postcode: "10024" });
    expect(readPostcode("m5v  2t6", "Canada")).toEqual({ ok: true, postcode: "M5V 2T6" });
    expect(readPostcode("10024-1234", "United States")).toEqual({
      ok: true,
      postcode: "10024-1234",
    });
    expect(readPostcode("10024; drop", "United States").ok).toBe(false);
    expect(readPostcode("  ", "United Kingdom")).toEqual({ ok: true, postcode: "" });
  });

  it("knows the United Kingdom by its usual names", () => {
    for (const name of ["United Kingdom", "UK", "gb", "Great Britain", "Scotland", "Wales"]) {
      expect(isUkCountry(name), name).toBe(true);
    }
    for (const name of ["United States", "Ireland", "", "Canada"]) {
      expect(isUkCountry(name), name).toBe(false);
    }
  });
});
