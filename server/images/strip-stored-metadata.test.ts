/**
 * The one-off clean-up of stored images (decision 065): `npm run photos -- strip-metadata`
 * rewrites the originals that hold metadata in IMAGE_DIR's root, property/ and sliders/ under
 * the same names, upright; a dry run lists them and changes nothing; a second run changes
 * nothing; derivatives, clean files and files it cannot read are left as they are.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildPhonePhotoBytes, buildPhotoBytes } from "../../tests/support/factories.ts";
import { expectNoPrivateMetadata } from "../../tests/support/photos.ts";
import { runPhotosCli } from "../cli/photos.ts";

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("npm run photos -- strip-metadata", () => {
  it("rewrites the stored images that hold metadata, under their names; a dry run lists them", async () => {
    const imageDir = mkdtempSync(join(tmpdir(), "homes-strip-"));
    mkdirSync(join(imageDir, "property"));
    mkdirSync(join(imageDir, "sliders"));
    // Stored as uploads, the import and the back office stored them before: byte for byte.
    const photo = await buildPhonePhotoBytes({ width: 800, height: 1200 });
    const files = {
      upload: `property/${sha(photo)}.jpg`,
      imported: "property/front-0123456789ab.png",
      slider: "sliders/banner-0123456789ab.webp",
      logo: "logo-0123456789ab.jpg",
      clean: "property/clean-0123456789ab.jpg",
      derivative: `property/${sha(photo)}.jpg.400w.webp`,
      damaged: "sliders/broken-0123456789ab.jpg",
    };
    const clean = await buildPhotoBytes();
    const write = (file: string, bytes: Buffer) => writeFileSync(join(imageDir, file), bytes);
    write(files.upload, photo);
    write(files.imported, await buildPhonePhotoBytes({ width: 400, height: 600, format: "png" }));
    write(files.slider, await buildPhonePhotoBytes({ width: 420, height: 1300, format: "webp" }));
    write(files.logo, await buildPhonePhotoBytes({ width: 60, height: 120 }));
    write(files.clean, clean);
    write(files.derivative, photo);
    write(files.damaged, photo.subarray(0, 400));
    const longAgo = new Date("2026-01-02T03:04:05Z");
    utimesSync(join(imageDir, files.upload), longAgo, longAgo);
    const read = (file: string) => readFileSync(join(imageDir, file));

    const lines: string[] = [];
    const io = {
      stdout: (text: string) => lines.push(text),
      stderr: (text: string) => lines.push(text),
      env: { IMAGE_DIR: imageDir, LOG_LEVEL: "silent" },
    };
    // The damaged file is reported and makes the exit code 1; the others are done.
    expect(await runPhotosCli(["strip-metadata", "--dry-run"], io)).toBe(1);
    const dryRun = lines.join("");
    expect(dryRun).toMatch(
      /^Dry run, nothing changed: 6 stored images checked, 4 held metadata and would be rewritten without it, 1 failed\.\n/,
    );
    for (const file of [files.upload, files.imported, files.slider, files.logo]) {
      expect(dryRun).toContain(`\n  ${file}\n`);
    }
    expect(dryRun).toContain(`  not rewritten: ${files.damaged}: `);
    expect(read(files.upload).equals(photo)).toBe(true);

    lines.length = 0;
    expect(await runPhotosCli(["strip-metadata"], io)).toBe(1);
    expect(lines.join("")).toMatch(
      /^6 stored images checked, 4 held metadata and rewritten without it, 1 failed\.\n/,
    );
    await expectNoPrivateMetadata(read(files.upload), { width: 1200, height: 800 });
    await expectNoPrivateMetadata(read(files.imported), { width: 600, height: 400 });
    await expectNoPrivateMetadata(read(files.slider), { width: 1300, height: 420 });
    await expectNoPrivateMetadata(read(files.logo), { width: 120, height: 60 });
    // The sweep's grace period still reads when the file was stored.
    expect(statSync(join(imageDir, files.upload)).mtime).toEqual(longAgo);
    expect(read(files.clean).equals(clean)).toBe(true);
    expect(read(files.derivative).equals(photo)).toBe(true);
    expect(read(files.damaged).equals(photo.subarray(0, 400))).toBe(true);

    // Idempotent: nothing left to do.
    lines.length = 0;
    expect(await runPhotosCli(["strip-metadata"], io)).toBe(1);
    expect(lines.join("")).toMatch(/^6 stored images checked, 0 held metadata/);

    expect(await runPhotosCli(["strip-metadata", "--force"], io)).toBe(2);
    expect(lines.join("")).toContain("Unexpected argument '--force'.");
  });
});
