import { describe, expect, it } from "vitest";
import {
  escapeTerminalControls,
  maxAmount,
  maxWholeNumber,
  readAmount,
  readPositiveInt,
  readText,
  readWholeNumber,
  withoutControlCharacters,
} from "./text.ts";

describe("escapeTerminalControls", () => {
  it("shows C0, DEL, C1 and bidi controls as \\u escapes and keeps other text", () => {
    expect(escapeTerminalControls("a\u001b[31mb\u007fc\u0085d\u009be\u202ef\u2066g")).toBe(
      "a\\u001B[31mb\\u007Fc\\u0085d\\u009Be\\u202Ef\\u2066g",
    );
    expect(escapeTerminalControls("Zoë 🏠 مرحبا")).toBe("Zoë 🏠 مرحبا");
  });
});

describe("withoutControlCharacters", () => {
  it("keeps line breaks and tabs in a message, and drops other control characters", () => {
    expect(withoutControlCharacters("a\u0000b\r\nc\td\u007f", true)).toBe("ab\r\nc\td");
  });
  it("turns every control character into a space in a one-line value", () => {
    expect(withoutControlCharacters("a\nb\u0000c", false)).toBe("a b c");
  });
});

describe("readText", () => {
  it("gives one-line text with single spaces, cut to the length asked", () => {
    expect(readText("  New\u0000  York\n City ", 100)).toBe("New York City");
    expect(readText("abcdef", 3)).toBe("abc");
  });
  it("is undefined for nothing, white space or control characters alone", () => {
    expect(readText(null, 10)).toBeUndefined();
    expect(readText(" \t\u0001 ", 10)).toBeUndefined();
  });
});

describe("the number readers", () => {
  it("read an amount with thousands commas, refusing signs, text and more than the maximum", () => {
    expect(readAmount(" 1,500.50 ")).toBe(1500.5);
    expect(readAmount("-1")).toBeUndefined();
    expect(readAmount("1e3")).toBeUndefined();
    expect(readAmount(String(maxAmount * 10))).toBeUndefined();
    expect(readAmount("")).toBeUndefined();
  });
  it("read a whole number up to an integer column's maximum", () => {
    expect(readWholeNumber("0")).toBe(0);
    expect(readWholeNumber(String(maxWholeNumber))).toBe(maxWholeNumber);
    expect(readWholeNumber(String(maxWholeNumber + 1))).toBeUndefined();
    expect(readWholeNumber("2.5")).toBeUndefined();
  });
  it("read a positive whole number, refusing 0, fractions and exponents", () => {
    expect(readPositiveInt(" 12 ")).toBe(12);
    expect(readPositiveInt("0")).toBeUndefined();
    expect(readPositiveInt("1.5")).toBeUndefined();
    expect(readPositiveInt("1e2")).toBeUndefined();
  });
});
