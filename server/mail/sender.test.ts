import { describe, expect, it } from "vitest";
import { addressOf, namedSender } from "./sender.ts";

describe("namedSender", () => {
  it("names the company at the configured address", () => {
    expect(namedSender("Acme Homes", "Website enquiries <no-reply@homes.example>")).toBe(
      '"Acme Homes" <no-reply@homes.example>',
    );
    expect(namedSender("Acme Homes", "no-reply@homes.example")).toBe(
      '"Acme Homes" <no-reply@homes.example>',
    );
  });

  it("quotes what would break the header, and keeps the address without a name", () => {
    expect(namedSender('Say "Hi"\r\nBcc: x@y', "a@b.example")).toBe(
      '"Say \\"Hi\\" Bcc: x@y" <a@b.example>',
    );
    expect(namedSender("", "Website <a@b.example>")).toBe("Website <a@b.example>");
    expect(namedSender(undefined, "a@b.example")).toBe("a@b.example");
    expect(addressOf("X <a@b.example>")).toBe("a@b.example");
  });
});
