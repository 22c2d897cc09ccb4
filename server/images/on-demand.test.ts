import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageVariantPath } from "../../lib/image-variants.ts";
import { writeTestPhoto } from "../../tests/support/factories.ts";
import { createOnDemandDerivatives } from "./on-demand.ts";

describe("createOnDemandDerivatives", () => {
  const dir = mkdtempSync(join(tmpdir(), "homes-on-demand-"));
  beforeAll(async () => {
    for (const name of ["a", "b", "c"]) {
      await writeTestPhoto(dir, `property/${name}.jpg`, { width: 900, height: 600 });
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("renders, stores and shares one encode per derivative", async () => {
    const derivatives = createOnDemandDerivatives(dir);
    const path = imageVariantPath("property/a.jpg", 400);
    const [first, second] = await Promise.all([derivatives.render(path), derivatives.render(path)]);
    expect(first).toBeInstanceOf(Buffer);
    expect(second).toBe(first);
    expect(await sharp(first).metadata()).toMatchObject({ format: "webp", width: 400 });
    expect(existsSync(join(dir, path))).toBe(true);
  });

  it("answers undefined at once past its queue, so the caller serves the original", async () => {
    const derivatives = createOnDemandDerivatives(dir, { concurrency: 1, maxWaiting: 1 });
    const results = await Promise.all(
      ["a", "b", "c"].map((name) =>
        derivatives.render(imageVariantPath(`property/${name}.jpg`, 800)),
      ),
    );
    expect(results.map((body) => body instanceof Buffer)).toEqual([true, true, false]);
    expect(existsSync(join(dir, imageVariantPath("property/c.jpg", 800)))).toBe(false);
  });

  it("answers undefined for a path that names no derivative or an undecodable original", async () => {
    const errors: string[] = [];
    const derivatives = createOnDemandDerivatives(dir, {
      onError: (_error, path) => errors.push(path),
    });
    expect(await derivatives.render("property/a.jpg")).toBeUndefined();
    expect(await derivatives.render("property/a.jpg.300w.webp")).toBeUndefined();
    expect(await derivatives.render("../a.jpg.400w.webp")).toBeUndefined();
    expect(await derivatives.render("property/missing.jpg.400w.webp")).toBeUndefined();
    expect(errors).toEqual(["property/missing.jpg.400w.webp"]);
  });
});
