/**
 * Where listing photos live (decision 056): one small interface, so the service never touches
 * a path, and one implementation, a folder on the file system: IMAGE_DIR/property, the folder
 * the image route serves. With several app servers that folder is one shared directory (an NFS
 * or other network mount every server sees at the same path, docs/deployment.md), so a photo
 * uploaded through one server is served by every other.
 *
 * Names are content-hashed (`{sha256 of the bytes}.{extension}`): a name never changes
 * meaning, so files are served as immutable and two uploads of the same bytes share one file.
 * The hash is of the bytes as uploaded; the file holds them without metadata (the GPS position
 * and owner's name of a phone's photo, decision 065), so the name stays what an upload of
 * the same photo computes, before and after `npm run photos -- strip-metadata`.
 * Each original has the WebP derivatives of decision 012 beside it (`{name}.{width}w.webp`).
 * An uploaded floor plan (decision 052's addendum) is stored the same way; a PDF has no
 * derivatives.
 */
import { createReadStream } from "node:fs";
import { readdir, rm, stat, utimes } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import {
  imageFilePath,
  writeFileWhole,
  writeImageDerivatives,
} from "../../lib/image-derivatives.server.ts";
import { imageVariantPath, imageVariantWidths } from "../../lib/image-variants.ts";
import { withoutMetadata } from "../images/strip-metadata.ts";

export interface PhotoStore {
  /**
   * Stores `bytes` as `name` (whole or not at all, an image without its metadata) with its
   * derivatives; kept if it exists.
   */
  put(name: string, bytes: Buffer): Promise<void>;
  /** Stores the original only, when it is missing (after a clean-up raced an upload), as `put`. */
  ensure(name: string, bytes: Buffer): Promise<void>;
  /** The bytes of a stored file (an original or a derivative); undefined when missing. */
  stream(file: string): Promise<Readable | undefined>;
  exists(name: string): Promise<boolean>;
  /** Deletes an original and every derivative of it; missing files are no error. */
  delete(name: string): Promise<void>;
  /** The originals stored (derivatives left out), for a sweep. */
  list(): Promise<string[]>;
  /** When an original was last stored or wanted again (`ensure`); undefined when missing. */
  modifiedAt(name: string): Promise<Date | undefined>;
}

/** A content-hashed photo or floor-plan name: 64 hex digits and an image or PDF extension. */
export const photoNamePattern = /^[0-9a-f]{64}\.(?:jpg|png|webp|avif|pdf)$/;

export function isPhotoName(name: string): boolean {
  return photoNamePattern.test(name);
}

/** The content-hashed names inside a text (a cover, a photo list's JSON, a floor plan's file). */
export function photoNamesIn(text: string): string[] {
  return text.match(/(?<![0-9a-z])[0-9a-f]{64}\.(?:jpg|png|webp|avif|pdf)(?![0-9a-z])/g) ?? [];
}

/** The store on the file system: the `property` folder of `imageDir`. */
export function createFilesystemPhotoStore(imageDir: string): PhotoStore {
  const folder = "property";
  const pathOf = (file: string) => {
    const path = imageFilePath(imageDir, `${folder}/${file}`);
    if (path === undefined) throw new Error(`Not a photo file name: ${file}`);
    return path;
  };
  const fileStat = async (file: string) => {
    const info = await stat(pathOf(file)).catch(() => undefined);
    return info?.isFile() === true ? info : undefined;
  };
  const isFile = async (file: string) => (await fileStat(file)) !== undefined;
  const store: PhotoStore = {
    async put(name, bytes) {
      if (!isPhotoName(name)) throw new Error(`Not a photo name: ${name}`);
      await store.ensure(name, bytes);
      if (!name.endsWith(".pdf")) await writeImageDerivatives(imageDir, `${folder}/${name}`);
    },
    async ensure(name, bytes) {
      if (!isPhotoName(name)) throw new Error(`Not a photo name: ${name}`);
      const path = pathOf(name);
      if (await isFile(name)) {
        // A fresh time tells a sweep that the file is wanted again.
        const now = new Date();
        await utimes(path, now, now).catch(() => undefined);
        return;
      }
      await writeFileWhole(path, name.endsWith(".pdf") ? bytes : await withoutMetadata(bytes));
    },
    async stream(file) {
      if (!(await isFile(file))) return undefined;
      return createReadStream(pathOf(file));
    },
    exists: isFile,
    async delete(name) {
      if (!isPhotoName(name)) throw new Error(`Not a photo name: ${name}`);
      const files = [name, ...imageVariantWidths.map((width) => imageVariantPath(name, width))];
      await Promise.all(files.map((file) => rm(pathOf(file), { force: true })));
    },
    async list() {
      const entries = await readdir(join(imageDir, folder), { withFileTypes: true }).catch(
        () => [],
      );
      return entries
        .filter((entry) => entry.isFile() && isPhotoName(entry.name))
        .map((entry) => entry.name)
        .sort();
    },
    async modifiedAt(name) {
      return (await fileStat(name))?.mtime;
    },
  };
  return store;
}
