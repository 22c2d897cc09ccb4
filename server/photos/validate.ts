/**
 * The checks of an uploaded photo (decision 056), made with sharp on the bytes themselves, not
 * on the name or the browser's content type: a JPEG, PNG, WebP or AVIF (an animated image is
 * refused), at most `photoLimits.maxBytes`, and between the minimum and maximum sizes. The
 * answer names the file and says what to do, for the message beside the upload field.
 */
import { createHash } from "node:crypto";
import { photoFormatsText, photoLimits } from "../../lib/admin-photos.ts";
import { holdsPageCode } from "../content/images.ts";

/** sharp's format names → the stored file's extension. */
const extensionOf: Record<string, string> = { jpeg: "jpg", png: "png", webp: "webp", avif: "avif" };

export type InspectedPhoto =
  | { ok: true; name: string; width: number; height: number; format: string }
  | { ok: false; message: string };

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Checks `bytes` (uploaded as `shownName`); answers its content-hashed name or why not. */
export async function inspectPhoto(bytes: Buffer, shownName: string): Promise<InspectedPhoto> {
  const shown = shownName.trim() || "The file";
  if (bytes.length === 0) return { ok: false, message: `${shown} is empty.` };
  if (bytes.length > photoLimits.maxBytes) {
    return {
      ok: false,
      message: `${shown} is ${megabytes(bytes.length)}; a photo may be at most ${megabytes(photoLimits.maxBytes)}.`,
    };
  }
  const { default: sharp } = await import("sharp");
  // limitInputPixels refuses decompression bombs before any pixel is decoded.
  const metadata = await sharp(bytes, { limitInputPixels: photoLimits.maxSide ** 2 })
    .metadata()
    .catch(() => undefined);
  const format =
    metadata?.format === "heif" && metadata.compression === "av1" ? "avif" : metadata?.format;
  const extension = format === undefined ? undefined : extensionOf[format];
  if (metadata === undefined || extension === undefined) {
    return { ok: false, message: `${shown} is not a ${photoFormatsText} image.` };
  }
  if (holdsPageCode(bytes)) {
    return {
      ok: false,
      message: `${shown} holds web page code besides the picture; export the photo again from a photo editor.`,
    };
  }
  if ((metadata.pages ?? 1) > 1) {
    return { ok: false, message: `${shown} is animated; upload a still photo.` };
  }
  const { width, height } = metadata.autoOrient ?? metadata;
  if (!width || !height) {
    return { ok: false, message: `${shown} is not a ${photoFormatsText} image.` };
  }
  if (width > photoLimits.maxSide || height > photoLimits.maxSide) {
    return {
      ok: false,
      message: `${shown} is ${width} × ${height} pixels; a side may be at most ${photoLimits.maxSide}.`,
    };
  }
  if (width < photoLimits.minWidth || height < photoLimits.minHeight) {
    return {
      ok: false,
      message: `${shown} is ${width} × ${height} pixels; a photo must be at least ${photoLimits.minWidth} × ${photoLimits.minHeight}.`,
    };
  }
  const hash = createHash("sha256").update(bytes).digest("hex");
  return { ok: true, name: `${hash}.${extension}`, width, height, format: format ?? extension };
}
