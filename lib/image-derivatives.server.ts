/**
 * WebP derivatives of the listing and slider images (naming: lib/image-variants.ts), written
 * next to their originals in the image folder. The seed, the content import, the
 * `images:derivatives` command and the image route all make them here.
 *
 * sharp (libvips) is loaded on first use: a server whose derivatives all exist never needs it.
 */
import { access, mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, resolve, sep } from "node:path";
import {
  hasImageVariants,
  type ImageVariantWidth,
  imageVariantPath,
  imageVariantWidths,
} from "./image-variants.ts";

/**
 * WebP settings: photos at quality 75 look like the JPEG originals at about a third of their
 * bytes. Effort 2 (of 0–6) encodes in about half the CPU time of the default 4, for files
 * about 5% larger: it keeps seeding and first requests quick.
 */
const webpOptions = { quality: 75, effort: 2 } as const;

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
    .webp(webpOptions)
    .toBuffer();
}

function originalFile(imageDir: string, relativePath: string): string {
  const file = imageFilePath(imageDir, relativePath);
  if (file === undefined || !hasImageVariants(relativePath)) {
    throw new Error(`Not an image path with derivatives: ${relativePath}`);
  }
  return file;
}

/**
 * The widths whose derivative of `relativePath` is not on disk (the original is not read).
 * Throws like `writeImageDerivatives` for a path that leaves the folder or has no derivatives.
 */
export async function missingImageDerivatives(
  imageDir: string,
  relativePath: string,
): Promise<ImageVariantWidth[]> {
  const original = originalFile(imageDir, relativePath);
  const missing: ImageVariantWidth[] = [];
  for (const width of imageVariantWidths) {
    if (!(await exists(imageVariantPath(original, width)))) missing.push(width);
  }
  return missing;
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
  const original = originalFile(imageDir, relativePath);
  const missing = options.overwrite
    ? [...imageVariantWidths]
    : await missingImageDerivatives(imageDir, relativePath);
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

/** The folders whose images get derivatives: the listing photos and the home sliders. */
export const derivativeFolders = ["property", "sliders"] as const;

export interface CompleteImageDerivativesOptions extends WriteImageDerivativesOptions {
  /** Images encoded at once (each encode also uses libvips' threads). */
  concurrency?: number;
  /** Called after each image with how many of `total` are done. */
  onProgress?: (done: number, total: number) => void;
}

export interface CompleteImageDerivativesResult {
  /** Originals found in the derivative folders. */
  images: number;
  /** Derivative files written. */
  written: number;
}

/**
 * Writes the missing derivatives of every original in the image folder's `property/` and
 * `sliders/` (every derivative with `overwrite`), a few images at a time. Existing files are
 * only checked, so a rerun on a complete folder is quick.
 */
export async function completeImageDerivatives(
  imageDir: string,
  options: CompleteImageDerivativesOptions = {},
): Promise<CompleteImageDerivativesResult> {
  const originals: string[] = [];
  for (const folder of derivativeFolders) {
    const entries = await readdir(join(imageDir, folder), { withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      },
    );
    for (const entry of entries) {
      const path = `${folder}/${entry.name}`;
      if (entry.isFile() && hasImageVariants(path) && imageFilePath(imageDir, path)) {
        originals.push(path);
      }
    }
  }
  originals.sort();

  const result: CompleteImageDerivativesResult = { images: originals.length, written: 0 };
  const queue = [...originals];
  let done = 0;
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const missing = options.overwrite
        ? imageVariantWidths.length
        : (await missingImageDerivatives(imageDir, path)).length;
      if (missing > 0) {
        try {
          await writeImageDerivatives(imageDir, path, { overwrite: options.overwrite ?? false });
        } catch (error) {
          throw new Error(`Could not write the derivatives of ${path}`, { cause: error });
        }
        result.written += missing;
      }
      options.onProgress?.(++done, originals.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, worker));
  return result;
}
