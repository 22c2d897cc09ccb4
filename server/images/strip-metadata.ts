/**
 * Stored originals carry pixels only (decision 065). A phone's photo holds EXIF (the GPS
 * position it was taken at, the owner's name as Artist, the camera's serial number), often XMP
 * and IPTC, and editors add comments; the site serves originals as they are stored, so every
 * path that stores an image (the photo store, the content commands, the back office's sliders
 * and logo) stores it through {@link withoutMetadata}, and `npm run photos -- strip-metadata`
 * cleans the files stored before.
 *
 * The EXIF orientation is applied to the pixels first (it is part of the EXIF that goes), and
 * an ICC profile is converted to sRGB and dropped, sharp's default for output without
 * `keepMetadata`.
 */
import type { Metadata, Sharp } from "sharp";
import { loadSharp } from "./image-work.ts";

/**
 * The quality a re-encoded original keeps: high, as an original is what the derivatives and a
 * full-screen view are made from, and it is encoded once (a clean file is never encoded again).
 */
const jpegQuality = 92;
const webpQuality = 92;
const avifQuality = 70;

/** The largest image a clean-up decodes: the upload limits' largest side, squared, and more. */
const maxInputPixels = 10_000 * 10_000;

/**
 * JPEG segments that carry no data about a person and stay: APP0 (JFIF: the pixel density) and
 * APP14 (Adobe: how the colours were transformed). Every other APPn (EXIF and XMP in APP1, ICC
 * in APP2, IPTC in APP13, makers' notes elsewhere) and COM (comments) is metadata.
 */
const harmlessJpegMarkers = new Set([0xe0, 0xee]);

/** True when a JPEG's header holds a segment other than the harmless ones. */
function jpegHoldsMetadata(bytes: Buffer): boolean {
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    // Start of scan: the header is over.
    if (marker === 0xda) return false;
    const isAppOrComment = (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
    if (isAppOrComment && !harmlessJpegMarkers.has(marker)) return true;
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return false;
}

/** True when the image holds a metadata block or an orientation still to apply. */
function holdsMetadata(bytes: Buffer, metadata: Metadata): boolean {
  return (
    (metadata.orientation ?? 1) !== 1 ||
    metadata.exif !== undefined ||
    metadata.xmp !== undefined ||
    metadata.iptc !== undefined ||
    metadata.icc !== undefined ||
    metadata.tifftagPhotoshop !== undefined ||
    (metadata.comments?.length ?? 0) > 0 ||
    (metadata.format === "jpeg" && jpegHoldsMetadata(bytes))
  );
}

/** True when {@link withoutMetadata} would change the image. Throws when sharp cannot read it. */
export async function needsMetadataStripped(bytes: Buffer): Promise<boolean> {
  const sharp = await loadSharp();
  return holdsMetadata(bytes, await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata());
}

/** The encoder of the image's own format, at a quality fit for an original. */
function encodeAsBefore(image: Sharp, metadata: Metadata): Sharp {
  switch (metadata.format) {
    case "jpeg":
      return image.jpeg({ quality: jpegQuality });
    case "png":
      return image.png({ palette: metadata.isPalette });
    case "webp":
      return image.webp({ quality: webpQuality });
    case "gif":
      return image.gif();
    case "heif":
      return image.avif({ quality: avifQuality });
    default:
      throw new Error(`Cannot store a ${metadata.format} image without its metadata.`);
  }
}

/**
 * The image's bytes without metadata: the same bytes when there is none, else the pixels, turned
 * as the EXIF orientation says, encoded again in the same format. Throws when sharp cannot read
 * or encode the image. The server calls it inside its image queue (./image-work.ts).
 */
export async function withoutMetadata(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const metadata = await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata();
  if (!holdsMetadata(bytes, metadata)) return bytes;
  // An animated image has frames to keep and no orientation to apply.
  const animated = (metadata.pages ?? 1) > 1;
  const image = sharp(bytes, { limitInputPixels: maxInputPixels, animated, autoOrient: !animated });
  return encodeAsBefore(image, metadata).toBuffer();
}
