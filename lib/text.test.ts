import { describe, expect, it } from "vitest";
import { escapeTerminalControls } from "./text.ts";

describe("escapeTerminalControls", () => {
  it("shows C0, DEL, C1 and bidi controls as \\u escapes and keeps other text", () => {
    expect(escapeTerminalControls("a\u001b[31mb\u007fc\u0085d\u009be\u202ef\u2066g")).toBe(
      "a\\u001B[31mb\\u007Fc\\u0085d\\u009Be\\u202Ef\\u2066g",
    );
    expect(escapeTerminalControls("Zoë 🏠 مرحبا")).toBe("Zoë 🏠 مرحبا");
  });
});
