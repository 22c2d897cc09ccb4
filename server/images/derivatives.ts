/**
 * WebP derivatives of the listing and slider images (naming: lib/image-variants.ts), written
 * next to their originals in the image folder. The seed, the content import, the
 * `images:derivatives` command and the image route all make them here.
 *
 * sharp (libvips) is loaded on first use: a server whose derivatives all exist never needs it.
 */
import { access, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, resolve, sep } from "node:path";
import {
  hasImageVariants,
  type ImageVariantWidth,
  imageVariantPath,
  imageVariantWidths,
} from "../../lib/image-variants.ts";

/** WebP quality: photos at 75 look like the JPEG originals at about a third of their bytes. */
const webpQuality = 75;

/**
 * The absolute path of `relativePath` inside `imageDir`, or undefined when it could leave the
 * folder or name a hidden file: absolute paths, `..` or `.` segments, empty segments,
 * backslashes and NUL bytes are refused before any file system call.
 */
export function imageFilePath(imageDir: string, relativePath: string): string | undefined {
  if (relativePath === "" || isAbsolute(relativePath) || /[\\\0]/.test(relativePath)) {
    return undefined;
  }
  if (relativePath.split("/").some((segment) => segment === "" || segment.startsWith("."))) {
    return undefined;
  }
  const root = resolve(imageDir);
  const file = resolve(root, relativePath);
  return file.startsWith(`${root}${sep}`) ? file : undefined;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** Writes `body` so that the file appears whole (written aside, then renamed into place). */
export async function writeFileWhole(file: string, body: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(temporary, body);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Encodes the original file as WebP at `width` pixels wide, or at its own width when it is
 * narrower (never upscaled). EXIF orientation is applied, metadata dropped.
 */
export async function renderImageDerivative(originalFile: string, width: number): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp(originalFile, { autoOrient: true })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: webpQuality })
    .toBuffer();
}

export interface WriteImageDerivativesOptions {
  /** Rewrite derivatives that exist (after the original was redrawn under the same name). */
  overwrite?: boolean;
}

/**
 * Writes the missing WebP derivatives of one image, every width of `imageVariantWidths`.
 * `relativePath` is the path under `imageDir` as stored, such as `property/abc.jpg`.
 * Idempotent: existing derivatives are kept unless `overwrite`. Widths at or above the
 * original's own get the original's size, encoded once.
 * Throws when the path leaves the folder, is not a raster image, or the original is missing.
 */
export async function writeImageDerivatives(
  imageDir: string,
  relativePath: string,
  options: WriteImageDerivativesOptions = {},
): Promise<void> {
  const original = imageFilePath(imageDir, relativePath);
  if (original === undefined || !hasImageVariants(relativePath)) {
    throw new Error(`Not an image path with derivatives: ${relativePath}`);
  }
  const missing: ImageVariantWidth[] = [];
  for (const width of imageVariantWidths) {
    if (options.overwrite || !(await exists(imageVariantPath(original, width)))) {
      missing.push(width);
    }
  }
  if (missing.length === 0) return;

  const { default: sharp } = await import("sharp");
  const metadata = await sharp(original, { autoOrient: true }).metadata();
  const originalWidth = metadata.autoOrient.width;
  await mkdir(dirname(original), { recursive: true });
  const rendered = new Map<number, Promise<Buffer>>();
  for (const width of missing) {
    const effectiveWidth = Math.min(width, originalWidth);
    let body = rendered.get(effectiveWidth);
    if (body === undefined) {
      body = renderImageDerivative(original, effectiveWidth);
      rendered.set(effectiveWidth, body);
    }
    await writeFileWhole(imageVariantPath(original, width), await body);
  }
}
