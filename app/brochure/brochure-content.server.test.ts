import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { propertySchema } from "../../lib/api-contract.ts";
import { defaultCurrency } from "../../lib/format.ts";
import {
  type BrochureSettings,
  brochureContent,
  brochureFacts,
  descriptionText,
} from "./brochure-content.server.ts";

const property = propertySchema.parse({
  code: "HP-9001",
  slug: "quiet-cottage-hp-9001",
  headline: "Quiet Cottage",
  cover_image: "cottage-a.jpg",
  image_list: JSON.stringify([{ imageUrl: "cottage-b.jpg" }, { imageUrl: "missing.jpg" }]),
  price: 250000,
  bedroom: 2,
  bathroom: 1,
  room: 0,
  size: 1000,
  offer_type: "For Sale",
  reference_no: "",
  availability: "under_offer",
  description: "<p>Bright &amp; calm.</p><ul><li>Garden</li><li>Shed</li></ul>",
});

const settings: BrochureSettings = {
  siteUrl: "https://homes.example.com",
  imageBaseUrl: "/images",
  imageDerivatives: true,
  currency: defaultCurrency,
  areaUnit: "m2",
};

const photo = sharp({
  create: { width: 1600, height: 1000, channels: 3, background: { r: 10, g: 140, b: 90 } },
})
  .png()
  .toBuffer();

describe("the brochure's content", () => {
  it("turns the description's HTML into paragraphs and bullets", () => {
    expect(descriptionText(property.description)).toBe("Bright & calm.\n\n• Garden\n• Shed");
  });

  it("lists the facts in the Details tab's words, empty ones left out, in the site's unit", () => {
    const facts = brochureFacts(property, "m2");
    expect(facts).toContainEqual({ label: "Availability", value: "Under offer" });
    expect(facts).toContainEqual({ label: "Size", value: "92.9 m²" });
    expect(facts.map((fact) => fact.label)).not.toContain("Rooms");
  });

  it("writes a deposit in the site's currency and a move-in date in words", () => {
    const facts = brochureFacts(
      { ...property, deposit: 3058, available_from: "2027-03-01", postcode: "N1 1JU" },
      "m2",
      { code: "GBP", symbol: "£", decimals: 2 },
    );
    expect(facts).toContainEqual({ label: "Deposit", value: "£3,058" });
    expect(facts).toContainEqual({ label: "Available from", value: "1 March 2027" });
    expect(facts).toContainEqual({ label: "Postcode", value: "N1 1JU" });
    expect(brochureFacts(property, "m2").map((fact) => fact.label)).not.toContain("Deposit");
  });

  it("reads the photos through the image base (derivatives first), skips unreadable ones, and embeds image floor plans", async () => {
    const asked: string[] = [];
    const content = await brochureContent(
      {
        property,
        amenities: [{ id: 1, title: "Garden", icon: "tree" }],
        profile: undefined,
        floorPlans: [
          { label: "Ground floor", url: "/images/property/plan.png", kind: "image" },
          { label: "Measured survey", url: "/files/survey.pdf", kind: "pdf" },
        ],
        imageFiles: ["cottage-a.jpg", "cottage-b.jpg", "missing.jpg"],
      },
      settings,
      "https://homes.example.com/property/quiet-cottage-hp-9001",
      async (url) => {
        asked.push(url);
        return url.includes("missing") ? undefined : await photo;
      },
    );
    expect(asked[0]).toBe("/images/property/cottage-a.jpg.1200w.webp");
    // The missing photo's derivative, then its original, both unreadable: left out.
    expect(asked).toContain("/images/property/missing.jpg");
    expect(content.photos).toHaveLength(2);
    expect(content.photos[0]?.jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(content.photos[0]?.width).toBe(1000);
    expect(content.price).toBe("$250,000.00");
    // No reference number: the code stands for it.
    expect(content.reference).toBe("HP-9001");
    expect(content.features).toEqual(["Garden"]);
    expect(content.floorPlans[0]?.image?.width).toBeGreaterThan(0);
    expect(content.floorPlans[1]).toEqual({
      label: "Measured survey",
      url: "https://homes.example.com/files/survey.pdf",
      image: undefined,
    });
  });
});
