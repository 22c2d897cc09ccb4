import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { imageVariantPath, imageVariantWidths } from "../../lib/image-variants.ts";
import { buildDemoContent } from "./content.ts";
import { demoImageJobs, type ImageJob, writeImages } from "./images.ts";

const content = buildDemoContent(new Date("2026-11-21T12:00:00.000Z"));
const jobs = demoImageJobs(content);

function job(path: string): ImageJob {
  const found = jobs.find((candidate) => candidate.path === path);
  if (found === undefined) throw new Error(`no job for ${path}`);
  return found;
}

describe("demo image jobs", () => {
  it("cover every file the content names, once", () => {
    const paths = jobs.map((j) => j.path);
    expect(new Set(paths).size).toBe(paths.length);
    const named = [
      "no.png",
      "logo.png",
      "property/properties-11.jpg",
      ...content.sliders.map((s) => `sliders/${s.image_url}`),
      ...content.properties.flatMap((p) => [
        `property/${p.cover_image}`,
        ...p.image_list.map((image) => `property/${image.imageUrl}`),
      ]),
    ];
    for (const path of named) expect(paths).toContain(path);
    expect(content.profile.image_url).toBe("logo.png");
  });
});

describe("writeImages", () => {
  const dir = mkdtempSync(join(tmpdir(), "homes-images-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const property = content.properties.find((p) => p.images.length >= 4);
  if (property === undefined) throw new Error("no property");
  const sample = [
    job("no.png"),
    job("logo.png"),
    job("property/properties-11.jpg"),
    job("sliders/slider-1.jpg"),
    // An outdoor and an indoor shot.
    job(`property/${property.images[0]?.file}`),
    job(`property/${property.images[2]?.file}`),
  ];

  it("writes JPEG photos at 1600×1067, sliders at 1920×800, and the PNGs", async () => {
    const result = await writeImages(dir, sample, { overwrite: false });
    expect(result).toEqual({ written: sample.length, skipped: 0 });

    const meta = (path: string) => sharp(join(dir, path)).metadata();
    for (const path of [
      "property/properties-11.jpg",
      `property/${property.images[0]?.file}`,
      `property/${property.images[2]?.file}`,
    ]) {
      expect(await meta(path), path).toMatchObject({ format: "jpeg", width: 1600, height: 1067 });
    }
    expect(await meta("sliders/slider-1.jpg")).toMatchObject({
      format: "jpeg",
      width: 1920,
      height: 800,
    });
    expect(await meta("no.png")).toMatchObject({ format: "png", width: 800, height: 533 });
    expect(await meta("logo.png")).toMatchObject({ format: "png", width: 240, height: 64 });
  });

  it("writes the WebP derivatives of the photos and sliders, not of the PNGs", async () => {
    for (const path of ["property/properties-11.jpg", "sliders/slider-1.jpg"]) {
      for (const width of imageVariantWidths) {
        expect(existsSync(join(dir, imageVariantPath(path, width))), `${path} ${width}`).toBe(true);
      }
    }
    expect(
      await sharp(join(dir, imageVariantPath("sliders/slider-1.jpg", 800))).metadata(),
    ).toMatchObject({
      format: "webp",
      width: 800,
      height: 333,
    });
    expect(existsSync(join(dir, imageVariantPath("no.png", 400)))).toBe(false);
    expect(existsSync(join(dir, imageVariantPath("logo.png", 400)))).toBe(false);
  });

  it("completes the derivatives of kept images", async () => {
    const path = `property/${property.images[0]?.file}`;
    const derivative = join(dir, imageVariantPath(path, 1200));
    rmSync(derivative);
    expect(await writeImages(dir, [job(path)])).toEqual({ written: 0, skipped: 1 });
    expect(existsSync(derivative)).toBe(true);
  });

  it("draws pictures, not flat colour", async () => {
    const { channels } = await sharp(join(dir, `property/${property.images[0]?.file}`)).stats();
    for (const channel of channels) expect(channel.stdev).toBeGreaterThan(20);
  });

  it("keeps existing files unless asked to overwrite", async () => {
    expect(await writeImages(dir, sample)).toEqual({ written: 0, skipped: sample.length });
    expect(await writeImages(dir, sample.slice(0, 2), { overwrite: true })).toEqual({
      written: 2,
      skipped: 0,
    });
  });

  it("draws the same picture every time", async () => {
    const spec = job(`property/${property.images[1]?.file}`);
    const [a, b] = await Promise.all([spec.render(), spec.render()]);
    expect(a.equals(b)).toBe(true);
  });
});
