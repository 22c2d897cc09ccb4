import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeImageDerivatives } from "../../lib/image-derivatives.server.ts";
import { imageVariantPath } from "../../lib/image-variants.ts";
import { createTestImageDir } from "../../tests/support/app.ts";
import { writeTestPhoto } from "../../tests/support/factories.ts";
import { imagesPlugin } from "./images.ts";

describe("image route: derivatives and fallbacks", () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = createTestImageDir();
    await writeTestPhoto(dir, "property/ready.jpg", { width: 1600, height: 1000 });
    await writeImageDerivatives(dir, "property/ready.jpg");
    await writeTestPhoto(dir, "property/fresh.jpg", { width: 1200, height: 800 });
    await writeTestPhoto(dir, "sliders/banner.jpg", { width: 1000, height: 400 });
    app = Fastify();
    await app.register(imagesPlugin, { prefix: "/images", imageDir: dir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const immutable = /max-age=31536000.*immutable/;

  it("serves a stored derivative as WebP with an immutable cache lifetime", async () => {
    const response = await app.inject({ url: "/images/property/ready.jpg.800w.webp" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["cache-control"]).toMatch(immutable);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 800 });
  });

  it("makes a missing derivative from its original, serves it and stores it", async () => {
    const path = imageVariantPath("property/fresh.jpg", 400);
    const response = await app.inject({ url: `/images/${path}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["cache-control"]).toMatch(immutable);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 400,
      height: 267,
    });
    expect(await readFile(join(dir, path))).toEqual(response.rawPayload);
  });

  it("makes one derivative once however many ask at the same time, never upscaled", async () => {
    const url = `/images/${imageVariantPath("sliders/banner.jpg", 1600)}`;
    const responses = await Promise.all(Array.from({ length: 6 }, () => app.inject({ url })));
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(responses[0]?.rawPayload);
    }
    expect(await sharp(responses[0]?.rawPayload).metadata()).toMatchObject({ width: 1000 });
    expect((await stat(join(dir, "sliders/banner.jpg.1600w.webp"))).isFile()).toBe(true);
  });

  it("serves the original, briefly cached, when the original cannot be encoded", async () => {
    // The test folder's house.jpg is a few JPEG marker bytes, not a decodable picture.
    const response = await app.inject({ url: "/images/property/house.jpg.400w.webp" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
    expect(response.headers["cache-control"]).not.toMatch(/immutable/);
    expect(response.rawPayload).toEqual(await readFile(join(dir, "property/house.jpg")));
  });

  it.each([
    "/images/property/missing.jpg",
    "/images/property/missing.jpg.800w.webp",
    "/images/sliders/gone.png",
    "/images/property/ready.jpg.333w.webp",
  ])("answers 404 with the no.png placeholder for %s", async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["cache-control"]).not.toMatch(/immutable/);
    expect(response.rawPayload).toEqual(await readFile(join(dir, "no.png")));
  });

  it.each([
    "/images/../package.json",
    "/images/property/../../package.json.400w.webp",
    "/images/%2e%2e/package.json",
    "/images/property/%2e%2e%2f%2e%2e%2fpackage.json",
    "/images/property/%2e%2e%2f%2e%2e%2fetc%2fx.jpg.400w.webp",
    "/images/..%2f..%2fetc%2fpasswd",
    "/images/property/.hidden.jpg.400w.webp",
    "/images/%2fetc%2fx.jpg.400w.webp",
    "/images/property/ready.jpg%00.400w.webp",
  ])("refuses %s: a 404 with nothing from outside the folder", async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    // Some of these never reach the image route (the URL is normalised out of /images).
    expect(response.headers["content-type"]).not.toMatch(/^image\//);
    expect(response.body).not.toContain("homes-site");
    expect(response.body).not.toContain("root:");
  });
});

describe("image route: only regular image files inside the folder", () => {
  let dir: string;
  let outside: string;
  let app: FastifyInstance;
  const secret = "SECRET-OUTSIDE-THE-IMAGE-FOLDER";
  beforeAll(async () => {
    dir = createTestImageDir();
    outside = mkdtempSync(join(tmpdir(), "homes-outside-"));
    writeFileSync(join(outside, "secret.jpg"), secret);
    await writeTestPhoto(dir, "property/real.jpg", { width: 400, height: 300 });
    symlinkSync(join(outside, "secret.jpg"), join(dir, "property/escape.jpg"));
    symlinkSync(outside, join(dir, "property/linked-folder"));
    symlinkSync(join(dir, "property/real.jpg"), join(dir, "property/alias.jpg"));
    for (const name of ["notes.txt", "page.html", "drawing.svg", "real.jpg.bak"]) {
      writeFileSync(join(dir, "property", name), secret);
    }
    mkdirSync(join(dir, "property/folder.jpg"));
    app = Fastify();
    await app.register(imagesPlugin, { prefix: "/images", imageDir: dir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it("serves a floor plan's PDF as a PDF, and never a derivative of it (decision 052)", async () => {
    writeFileSync(join(dir, "property/plan.pdf"), "%PDF-1.4\n%%EOF\n");
    const response = await app.inject({ url: "/images/property/plan.pdf" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.body).toBe("%PDF-1.4\n%%EOF\n");
    // Chrome's viewer needs its own embed and inline styles; the sandbox keeps whatever the
    // file holds out of the site's origin (decision 065).
    expect(response.headers["content-security-policy"]).toBe(
      "sandbox; default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    const derivative = await app.inject({ url: "/images/property/plan.pdf.400w.webp" });
    expect(derivative.statusCode).toBe(404);
  });

  it("serves a link whose target stays inside the folder", async () => {
    const response = await app.inject({ url: "/images/property/alias.jpg" });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(await readFile(join(dir, "property/real.jpg")));
  });

  it.each([
    "/images/property/escape.jpg",
    "/images/property/escape.jpg.400w.webp",
    "/images/property/linked-folder/secret.jpg",
    "/images/property/notes.txt",
    "/images/property/page.html",
    "/images/property/drawing.svg",
    "/images/property/real.jpg.bak",
    "/images/property/folder.jpg",
  ])("answers %s as a missing image, nothing of the file sent", async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^(image\/png|text\/plain)/);
    expect(response.body).not.toContain(secret);
  });
});
