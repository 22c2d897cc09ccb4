import { describe, expect, it } from "vitest";
import { shareLinks } from "./share-links.ts";

describe("shareLinks", () => {
  it("carry the URL and the title in an e-mail and a WhatsApp link, encoded", () => {
    const url = "https://homes.example.com/property/a-b?x=1&y=2";
    const [email, whatsapp] = shareLinks(url, "Flat & garden");
    expect(email).toEqual({
      key: "email",
      label: "E-mail",
      href: `mailto:?subject=Flat%20%26%20garden&body=Flat%20%26%20garden%20${encodeURIComponent(url)}`,
    });
    expect(whatsapp?.href).toBe(
      `https://wa.me/?text=Flat%20%26%20garden%20${encodeURIComponent(url)}`,
    );
    expect(new URL(whatsapp!.href).searchParams.get("text")).toBe(`Flat & garden ${url}`);
  });
});
