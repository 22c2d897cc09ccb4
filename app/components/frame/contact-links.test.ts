import { describe, expect, it } from "vitest";
import { investorsHref, mailtoHref, telHref, websiteHref } from "./contact-links.ts";

describe("contact links", () => {
  it("keeps only the digits and a leading + of a phone number", () => {
    expect(telHref("+1 (212) 555-0147")).toBe("tel:+12125550147");
    expect(telHref(" 020 7946 0018 ")).toBe("tel:02079460018");
  });

  it("builds mailto links", () => {
    expect(mailtoHref(" hello@example.com ")).toBe("mailto:hello@example.com");
  });

  it("adds https to a bare website and keeps a full one", () => {
    expect(websiteHref("www.example.com")).toBe("https://www.example.com");
    expect(websiteHref("http://example.com/a")).toBe("http://example.com/a");
    expect(websiteHref("  ")).toBe("");
  });

  it("joins the investors origin and the path with one slash", () => {
    expect(investorsHref("https://investors.example.com/", "register")).toBe(
      "https://investors.example.com/register",
    );
    expect(investorsHref("https://investors.example.com", "login")).toBe(
      "https://investors.example.com/login",
    );
  });
});
