/**
 * The checks of an uploaded photo (decision 056), made with sharp on the bytes themselves, not
 * on the name or the browser's content type: a JPEG, PNG, WebP or AVIF (an animated image is
 * refused), at most `photoLimits.maxBytes`, and between the minimum and maximum sizes. The
 * answer names the file and says what to do, for the message beside the upload field.
 */
import { createHash } from "node:crypto";
import {
  floorPlanFormatsText,
  floorPlanLimits,
  photoFormatsText,
  photoLimits,
} from "../../lib/admin-photos.ts";
import { holdsPageCode } from "../content/images.ts";
import { pdfActiveContent, pdfRefusal } from "../images/pdf-actions.ts";

/** sharp's format names → the stored file's extension. */
const extensionOf: Record<string, string> = { jpeg: "jpg", png: "png", webp: "webp", avif: "avif" };

export type InspectedPhoto =
  | { ok: true; name: string; width: number; height: number; format: string }
  | { ok: false; message: string };

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

interface ImageLimits {
  maxBytes: number;
  minWidth: number;
  minHeight: number;
  maxSide: number;
}

/** Checks `bytes` (uploaded as `shownName`); answers its content-hashed name or why not. */
export async function inspectPhoto(bytes: Buffer, shownName: string): Promise<InspectedPhoto> {
  return inspectImage(bytes, shownName, photoLimits, "a photo");
}

/**
 * Checks an uploaded floor plan (decision 052's addendum): an image as a photo is checked, with
 * the plans' smaller minimum size, or a PDF: bytes that start with `%PDF-`, at most
 * `floorPlanLimits.maxBytes`, without web page code, scripts or automatic actions
 * (decision 065). Answers its content-hashed name.
 */
export async function inspectFloorPlan(bytes: Buffer, shownName: string): Promise<InspectedPhoto> {
  const shown = shownName.trim() || "The file";
  if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-") {
    const image = await inspectImage(bytes, shownName, floorPlanLimits, "a floor plan");
    if (image.ok || !/ is not a /.test(image.message)) return image;
    return { ok: false, message: `${shown} is not a ${floorPlanFormatsText} file.` };
  }
  if (bytes.length > floorPlanLimits.maxBytes) {
    return {
      ok: false,
      message: `${shown} is ${megabytes(bytes.length)}; a floor plan may be at most ${megabytes(floorPlanLimits.maxBytes)}.`,
    };
  }
  if (holdsPageCode(bytes)) {
    return {
      ok: false,
      message: `${shown} holds web page code besides the plan; save the PDF again from the drawing program.`,
    };
  }
  const active = pdfActiveContent(bytes);
  if (active !== undefined) return { ok: false, message: pdfRefusal(shown, active) };
  const hash = createHash("sha256").update(bytes).digest("hex");
  return { ok: true, name: `${hash}.pdf`, width: 0, height: 0, format: "pdf" };
}

async function inspectImage(
  bytes: Buffer,
  shownName: string,
  limits: ImageLimits,
  noun: string,
): Promise<InspectedPhoto> {
  const shown = shownName.trim() || "The file";
  if (bytes.length === 0) return { ok: false, message: `${shown} is empty.` };
  if (bytes.length > limits.maxBytes) {
    return {
      ok: false,
      message: `${shown} is ${megabytes(bytes.length)}; ${noun} may be at most ${megabytes(limits.maxBytes)}.`,
    };
  }
  const { default: sharp } = await import("sharp");
  // limitInputPixels refuses decompression bombs before any pixel is decoded.
  const metadata = await sharp(bytes, { limitInputPixels: limits.maxSide ** 2 })
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
  if (width > limits.maxSide || height > limits.maxSide) {
    return {
      ok: false,
      message: `${shown} is ${width} × ${height} pixels; a side may be at most ${limits.maxSide}.`,
    };
  }
  if (width < limits.minWidth || height < limits.minHeight) {
    return {
      ok: false,
      message: `${shown} is ${width} × ${height} pixels; ${noun} must be at least ${limits.minWidth} × ${limits.minHeight}.`,
    };
  }
  const hash = createHash("sha256").update(bytes).digest("hex");
  return { ok: true, name: `${hash}.${extension}`, width, height, format: format ?? extension };
}
