/**
 * Image files brought in by the content commands: checked to be real images, then copied into
 * IMAGE_DIR under a safe name made of the original name and a hash of the content, so the same
 * file always gets the same name (a re-import copies nothing) and a changed file a new one (the
 * images are served as immutable).
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, extname, join, relative, resolve, sep } from "node:path";
import { writeImageDerivatives } from "../../lib/image-derivatives.server.ts";
import {
  hasImageVariants,
  imageVariantPath,
  imageVariantWidths,
} from "../../lib/image-variants.ts";
import { pdfActiveContent, pdfRefusal } from "../images/pdf-actions.ts";
import { withoutMetadata } from "../images/strip-metadata.ts";

/** The folders of IMAGE_DIR that content images go to; "" is the root (the logo). */
export type ImageFolder = "property" | "sliders" | "";

/** The largest image file the commands accept. */
export const maxImageBytes = 20 * 1024 * 1024;

/** The formats browsers show, by sharp's name, and the extension a stored file gets. */
const extensionOf: Record<string, string> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "avif",
};

/** A refused image: the message says why, naming the file. */
export class ImageError extends Error {
  override name = "ImageError";
}

/** A checked image, ready to copy: where it is and the name it will have in IMAGE_DIR. */
export interface InspectedImage {
  source: string;
  /** The file's bytes, when they came in memory (an upload) rather than from `source`. */
  content?: Buffer;
  storedName: string;
  width: number;
  height: number;
}

/**
 * True for a bare file name: no folder part, no `..`, not hidden, no control characters.
 * Names in an import file must be such names, so none can reach outside its folder.
 */
export function isPlainFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    name === basename(name) &&
    !/[/\\]/.test(name) &&
    !name.startsWith(".") &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
    !/[\u0000-\u001f\u007f]/.test(name)
  );
}

/**
 * Checks that `source` is a regular file of at most {@link maxImageBytes} that sharp reads as
 * a JPEG, PNG, WebP, GIF or AVIF image with a size; throws {@link ImageError} otherwise.
 */
export async function inspectImage(source: string): Promise<InspectedImage> {
  const shown = basename(source);
  const info = await stat(source).catch(() => undefined);
  if (info === undefined || !info.isFile()) throw new ImageError(`${shown} is not a file.`);
  if (info.size > maxImageBytes) {
    throw new ImageError(`${shown} is larger than ${maxImageBytes / 1024 / 1024} MB.`);
  }
  return inspectImageContent(await readFile(source), shown, source);
}

/**
 * Web-page code inside an image's bytes: a file that decodes as an image and also reads as HTML,
 * SVG or PHP (a polyglot) could run as a page wherever something takes it for one, so uploads
 * holding it are refused though sharp reads the picture. Camera and editor output never holds
 * these tags (XMP metadata is XML, but without them).
 */
const pageCode = /<(?:script|html|body|iframe|svg|!doctype|\?php)\b/i;

export function holdsPageCode(bytes: Buffer): boolean {
  return pageCode.test(bytes.toString("latin1"));
}

/**
 * Checks bytes that came without a file (an upload named `shown`) as {@link inspectImage} checks
 * a file: at most {@link maxImageBytes}, an image sharp reads, of a format browsers show.
 */
export async function inspectImageContent(
  content: Buffer,
  shown: string,
  source = shown,
): Promise<InspectedImage & { format: string }> {
  if (content.length > maxImageBytes) {
    throw new ImageError(`${shown} is larger than ${maxImageBytes / 1024 / 1024} MB.`);
  }
  // Loaded here: sharp (libvips) is large, and most commands never touch an image.
  const { default: sharp } = await import("sharp");
  const metadata = await sharp(content)
    .metadata()
    .catch(() => undefined);
  const format =
    metadata?.format === "heif" && metadata.compression === "av1" ? "avif" : metadata?.format;
  const extension = format === undefined ? undefined : extensionOf[format];
  if (metadata === undefined || extension === undefined || !metadata.width || !metadata.height) {
    throw new ImageError(`${shown} is not an image (JPEG, PNG, WebP, GIF or AVIF).`);
  }
  if (holdsPageCode(content)) {
    throw new ImageError(`${shown} holds web page code besides the picture.`);
  }
  return {
    source,
    content,
    format: extension,
    storedName: storedNameOf(shown, content, extension),
    // The size shown, which the stored file has once its orientation is applied.
    width: metadata.autoOrient.width,
    height: metadata.autoOrient.height,
  };
}

/**
 * Checks that `source` is a regular file of at most {@link maxImageBytes} that starts as a PDF
 * does (`%PDF-`), without scripts or automatic actions (decision 065): a floor plan (decision
 * 052), stored beside the images under a name made the same way. Throws {@link ImageError}
 * otherwise.
 */
export async function inspectPdf(source: string): Promise<InspectedImage> {
  const shown = basename(source);
  const info = await stat(source).catch(() => undefined);
  if (info === undefined || !info.isFile()) throw new ImageError(`${shown} is not a file.`);
  if (info.size > maxImageBytes) {
    throw new ImageError(`${shown} is larger than ${maxImageBytes / 1024 / 1024} MB.`);
  }
  const content = await readFile(source);
  if (content.subarray(0, 5).toString("latin1") !== "%PDF-") {
    throw new ImageError(`${shown} is not a PDF.`);
  }
  const active = pdfActiveContent(content);
  if (active !== undefined) throw new ImageError(pdfRefusal(shown, active));
  return { source, storedName: storedNameOf(shown, content, "pdf"), width: 0, height: 0 };
}

/** A stored file's name: the original's stem, cleaned, and a hash of the content. */
function storedNameOf(shown: string, content: Buffer, extension: string): string {
  const stem =
    basename(shown, extname(shown))
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "image";
  const hash = createHash("sha256").update(content).digest("hex").slice(0, 12);
  // A stored file exported and imported again keeps its name rather than growing a second hash.
  const name = stem.endsWith(`-${hash}`) ? stem : `${stem}-${hash}`;
  return `${name}.${extension}`;
}

/** The absolute path of `name` in a folder of IMAGE_DIR; throws if it would leave IMAGE_DIR. */
export function imagePath(imageDir: string, folder: ImageFolder, name: string): string {
  const root = resolve(imageDir);
  const target = resolve(root, folder, name);
  const inside = relative(root, target);
  if (!isPlainFileName(name) || inside.startsWith("..") || inside.split(sep).includes("..")) {
    throw new ImageError(`'${name}' is not a plain file name.`);
  }
  return target;
}

/**
 * Stores an inspected image in IMAGE_DIR/`folder` under its stored name: the one place where a
 * content command writes an image file. An image is stored without its metadata (EXIF, XMP,
 * IPTC, comments; decision 065). The file appears whole (written aside, then renamed);
 * an existing file of that name has the same content and is kept. Answers the stored name
 * and whether the file is new.
 */
export async function storeImage(
  imageDir: string,
  folder: ImageFolder,
  image: InspectedImage,
): Promise<{ file: string; created: boolean }> {
  const target = imagePath(imageDir, folder, image.storedName);
  if (await isFile(target)) {
    await writeDerivatives(imageDir, folder, image.storedName);
    return { file: image.storedName, created: false };
  }
  await mkdir(join(resolve(imageDir), folder), { recursive: true });
  const content = image.content ?? (await readFile(image.source));
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    // The name was made of the bytes as given, so a re-import of the same file finds it.
    const stored = extname(target) === ".pdf" ? content : await withoutMetadata(content);
    await writeFile(temporary, stored, { flag: "wx" });
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
  await writeDerivatives(imageDir, folder, image.storedName);
  return { file: image.storedName, created: true };
}

/**
 * The WebP derivatives the site's `srcset` asks for (docs/decisions/012), made now rather than
 * on a visitor's first request; only missing ones are written. The logo has none.
 */
async function writeDerivatives(imageDir: string, folder: ImageFolder, file: string) {
  if (folder === "" || !hasImageVariants(file)) return;
  await writeImageDerivatives(imageDir, `${folder}/${file}`);
}

/** The files a stored image occupies: the original and its derivatives. */
function storedFilesOf(folder: ImageFolder, file: string): string[] {
  if (folder === "" || !hasImageVariants(file)) return [file];
  return [file, ...imageVariantWidths.map((width) => imageVariantPath(file, width))];
}

/** Removes images that {@link storeImage} created for a change that was then not saved. */
export async function removeStoredImages(
  imageDir: string,
  folder: ImageFolder,
  files: readonly string[],
): Promise<void> {
  const stored = files.flatMap((file) => storedFilesOf(folder, file));
  await Promise.all(stored.map((file) => rm(imagePath(imageDir, folder, file), { force: true })));
}

/** True when `name` is a regular file in IMAGE_DIR/`folder`. */
export async function isStoredImage(
  imageDir: string,
  folder: ImageFolder,
  name: string,
): Promise<boolean> {
  return isPlainFileName(name) && isFile(imagePath(imageDir, folder, name));
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() === true;
}
