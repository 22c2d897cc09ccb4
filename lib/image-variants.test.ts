import { describe, expect, it } from "vitest";
import {
  hasImageVariants,
  imageSrcSet,
  imageVariantPath,
  imageVariantWidths,
  parseImageVariantPath,
} from "./image-variants.ts";

describe("image variant naming", () => {
  it("appends the width and .webp to the original's whole name", () => {
    expect(imageVariantPath("property/abc.jpg", 400)).toBe("property/abc.jpg.400w.webp");
    expect(imageVariantPath("https://cdn.example.com/img/sliders/s.png", 1600)).toBe(
      "https://cdn.example.com/img/sliders/s.png.1600w.webp",
    );
  });

  it("reads back the original and width of every derivative it names", () => {
    for (const width of imageVariantWidths) {
      expect(parseImageVariantPath(imageVariantPath("property/a b.jpeg", width))).toEqual({
        original: "property/a b.jpeg",
        width,
      });
    }
  });

  it.each([
    "property/abc.jpg",
    "property/abc.jpg.300w.webp",
    "property/abc.svg.400w.webp",
    "property/abc.jpg.400w.webp.400w.webp",
    "property/abc.400w.webp.800w.webp",
  ])(
    "refuses %s as a derivative (unknown width, no raster original, or a derivative's)",
    (path) => {
      expect(parseImageVariantPath(path)).toBeUndefined();
    },
  );

  it("gives derivatives to raster originals only", () => {
    for (const path of ["a.jpg", "a.JPEG", "a.png", "a.webp", "a.gif", "a.avif"]) {
      expect(hasImageVariants(path), path).toBe(true);
    }
    for (const path of [
      "a.svg",
      "a",
      "a.jpg?v=2",
      "a.jpg#x",
      "data:image/png;base64,AA",
      "a.jpg.800w.webp",
    ]) {
      expect(hasImageVariants(path), path).toBe(false);
    }
  });

  it("builds a srcset of every width from an image URL, or none", () => {
    expect(imageSrcSet("/images/property/x%20y.jpg")).toBe(
      imageVariantWidths.map((w) => `/images/property/x%20y.jpg.${w}w.webp ${w}w`).join(", "),
    );
    expect(imageSrcSet("/images/logo.svg")).toBeUndefined();
  });
});
