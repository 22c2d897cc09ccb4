import { mkdtempSync, rmSync } from "node:fs";
import { readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { writeTestPhoto } from "../tests/support/factories.ts";
import {
  completeImageDerivatives,
  imageFilePath,
  writeImageDerivatives,
} from "./image-derivatives.server.ts";
import { imageVariantPath, imageVariantWidths } from "./image-variants.ts";

describe("writeImageDerivatives", () => {
  const dir = mkdtempSync(join(tmpdir(), "homes-derivatives-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const variant = (path: string, width: (typeof imageVariantWidths)[number]) =>
    join(dir, imageVariantPath(path, width));

  it("writes a WebP at every width, keeping the aspect ratio", async () => {
    await writeTestPhoto(dir, "property/wide.jpg", { width: 1600, height: 1000 });
    await writeImageDerivatives(dir, "property/wide.jpg");
    for (const width of imageVariantWidths) {
      const meta = await sharp(variant("property/wide.jpg", width)).metadata();
      expect(meta, String(width)).toMatchObject({
        format: "webp",
        width,
        height: Math.round(width * 0.625),
      });
    }
  });

  it("never upscales: widths past the original's get the original's size", async () => {
    await writeTestPhoto(dir, "sliders/small.png.jpg", { width: 900, height: 600 });
    await writeImageDerivatives(dir, "sliders/small.png.jpg");
    const widthOf = async (width: (typeof imageVariantWidths)[number]) =>
      (await sharp(variant("sliders/small.png.jpg", width)).metadata()).width;
    expect(await widthOf(400)).toBe(400);
    expect(await widthOf(800)).toBe(800);
    expect(await widthOf(1200)).toBe(900);
    expect(await widthOf(1600)).toBe(900);
  });

  it("is idempotent: existing derivatives are kept, missing ones written", async () => {
    await writeTestPhoto(dir, "property/again.jpg", { width: 1000, height: 700 });
    await writeImageDerivatives(dir, "property/again.jpg");
    const kept = variant("property/again.jpg", 400);
    await writeFile(kept, "marker");
    const removed = variant("property/again.jpg", 800);
    rmSync(removed);
    await writeImageDerivatives(dir, "property/again.jpg");
    expect(await readFile(kept, "utf8")).toBe("marker");
    expect((await sharp(removed).metadata()).width).toBe(800);

    await writeImageDerivatives(dir, "property/again.jpg", { overwrite: true });
    expect((await sharp(kept).metadata()).format).toBe("webp");
  });

  it("makes WebP derivatives smaller than the JPEG original", async () => {
    const original = await writeTestPhoto(dir, "property/size.jpg");
    await writeImageDerivatives(dir, "property/size.jpg");
    const bytes = (path: string) => stat(path).then((s) => s.size);
    expect(await bytes(variant("property/size.jpg", 800))).toBeLessThan(await bytes(original));
  });

  it.each(["../outside.jpg", "property/../../outside.jpg", "/etc/x.jpg", "property/.hidden.jpg"])(
    "refuses %s, a path that could leave the folder",
    async (path) => {
      expect(imageFilePath(dir, path)).toBeUndefined();
      await expect(writeImageDerivatives(dir, path)).rejects.toThrow(/Not an image path/);
    },
  );

  it("refuses a missing original and a file that has no derivatives", async () => {
    await expect(writeImageDerivatives(dir, "property/missing.jpg")).rejects.toThrow();
    await expect(writeImageDerivatives(dir, "property/plan.svg")).rejects.toThrow(
      /Not an image path/,
    );
  });
});

describe("completeImageDerivatives", () => {
  const dir = mkdtempSync(join(tmpdir(), "homes-derivatives-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes the missing derivatives of property/ and sliders/ only, reporting progress", async () => {
    const size = { width: 600, height: 400 };
    await writeTestPhoto(dir, "property/a.jpg", size);
    await writeTestPhoto(dir, "property/b.jpg", size);
    await writeTestPhoto(dir, "sliders/s.jpg", size);
    await writeTestPhoto(dir, "logo.jpg", size);
    await writeImageDerivatives(dir, "property/b.jpg");
    rmSync(join(dir, imageVariantPath("property/b.jpg", 200)));
    await writeFile(join(dir, "property/notes.txt"), "not an image");

    const progress: [number, number][] = [];
    const result = await completeImageDerivatives(dir, {
      onProgress: (done, total) => progress.push([done, total]),
    });
    const perImage = imageVariantWidths.length;
    expect(result).toEqual({ images: 3, written: 2 * perImage + 1 });
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    for (const width of imageVariantWidths) {
      expect((await stat(join(dir, imageVariantPath("sliders/s.jpg", width)))).isFile()).toBe(true);
    }
    await expect(stat(join(dir, imageVariantPath("logo.jpg", 400)))).rejects.toThrow();
    expect(await completeImageDerivatives(dir)).toEqual({ images: 3, written: 0 });
  });
});
