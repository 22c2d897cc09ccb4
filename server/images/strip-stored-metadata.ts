/**
 * The one-off clean-up of the images stored before uploads lost their metadata (decision 065):
 * `npm run photos -- strip-metadata [--dry-run]` rewrites every original in IMAGE_DIR's root,
 * `property/` and `sliders/` (the folders the site, the content commands and the back office
 * store into) that holds EXIF, XMP, IPTC, an ICC profile or comments, as
 * {@link withoutMetadata} would have stored it. Derivatives (`{file}.{width}w.webp`) are made
 * by sharp without metadata and already upright, so they are left alone.
 *
 * Names are kept. A content-hashed name is the hash of the bytes as uploaded (the photo store
 * and the import name new files so too), so an upload or re-import of the same photo still
 * finds its file, and no listing, slider or profile needs changing. The price: a proxy or CDN
 * keeps serving the old bytes it holds (they were sent as immutable) until it is purged, which
 * the deployment guide tells the operator to do after the clean-up.
 *
 * Safe to run on a live site and again: each file is written aside and renamed over the
 * original (a visitor gets the old or the new file, never half of one), keeping its mode and
 * modification time (the sweep's grace period reads it, decision 060); a clean file is not
 * touched, so a second run changes nothing.
 */
import { chmod, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseImageVariantPath } from "../../lib/image-variants.ts";
import { needsMetadataStripped, withoutMetadata } from "./strip-metadata.ts";

/** The folders images are stored into: the root (the logo), listing photos, sliders. */
const storedFolders = ["", "property", "sliders"] as const;

const imageExtension = /\.(?:jpe?g|png|webp|gif|avif)$/i;

export interface StripReport {
  /** Originals looked at. */
  checked: number;
  /** Originals rewritten without metadata (or that would be, in a dry run), as `folder/name`. */
  stripped: string[];
  /** Originals that could not be read or rewritten, with why; left as they were. */
  failed: { file: string; message: string }[];
}

/** The originals stored in `imageDir`'s image folders, as paths relative to it, sorted. */
async function storedOriginals(imageDir: string): Promise<string[]> {
  const files: string[] = [];
  for (const folder of storedFolders) {
    const entries = await readdir(join(imageDir, folder), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
      if (!entry.isFile() || entry.name.startsWith(".") || !imageExtension.test(entry.name)) {
        continue;
      }
      if (parseImageVariantPath(path) !== undefined) continue;
      files.push(path);
    }
  }
  return files.sort();
}

/** Rewrites `path` as `bytes`, whole, with the original's mode and modification time. */
async function replaceWhole(path: string, bytes: Buffer): Promise<void> {
  const before = await stat(path);
  const temporary = `${path}.${process.pid}.strip.tmp`;
  try {
    await writeFile(temporary, bytes, { flag: "wx" });
    await chmod(temporary, before.mode & 0o777);
    await utimes(temporary, before.atime, before.mtime);
    await rename(temporary, path);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Strips the metadata of every stored original that has some; `dryRun` only lists them. */
export async function stripStoredMetadata(
  imageDir: string,
  options: { dryRun: boolean },
): Promise<StripReport> {
  const report: StripReport = { checked: 0, stripped: [], failed: [] };
  for (const file of await storedOriginals(imageDir)) {
    report.checked += 1;
    const path = join(imageDir, file);
    try {
      const bytes = await readFile(path);
      if (!(await needsMetadataStripped(bytes))) continue;
      if (!options.dryRun) await replaceWhole(path, await withoutMetadata(bytes));
      report.stripped.push(file);
    } catch (error) {
      // libvips adds its warnings on further lines.
      report.failed.push({ file, message: (error as Error).message.split("\n")[0] ?? "" });
    }
  }
  return report;
}
