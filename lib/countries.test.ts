import { describe, expect, it } from "vitest";
import { countryCode } from "./countries.ts";

describe("a listing's country as its ISO 3166-1 alpha-2 code", () => {
  it("maps the names listings carry, their other names and codes, in any case", () => {
    expect(countryCode("United Kingdom")).toBe("GB");
    expect(countryCode(" great britain ")).toBe("GB");
    expect(countryCode("Scotland")).toBe("GB");
    expect(countryCode("United States")).toBe("US");
    expect(countryCode("USA")).toBe("US");
    expect(countryCode("Canada")).toBe("CA");
    expect(countryCode("Bangladesh")).toBe("BD");
    expect(countryCode("India")).toBe("IN");
    expect(countryCode("ie")).toBe("IE");
  });

  it("knows no code for a name it does not know", () => {
    expect(countryCode("Narnia")).toBeUndefined();
    expect(countryCode("")).toBeUndefined();
  });
});
