/**
 * Images uploaded in the back office for the site itself: a slider's picture and the company
 * logo (decision 057). The one place such an upload is checked and stored, so it can later be
 * pointed at another photo store by changing this module alone. Today it uses the content
 * commands' path (server/content/images.ts): checked by sharp, stored under IMAGE_DIR with a
 * content-hashed name (sliders/ for a slider, the root for the logo) and its WebP derivatives.
 */
import {
  ImageError,
  type ImageFolder,
  inspectImageContent,
  removeStoredImages,
  storeImage,
} from "../content/images.ts";
import { runImageWork } from "../images/image-work.ts";

/** What each kind of site image must be. */
export const siteImageRules = {
  slider: { folder: "sliders", minWidth: 1200, minHeight: 400, maxBytes: 10 * 1024 * 1024 },
  logo: { folder: "", minWidth: 60, minHeight: 30, maxBytes: 2 * 1024 * 1024 },
} as const satisfies Record<
  string,
  { folder: ImageFolder; minWidth: number; minHeight: number; maxBytes: number }
>;

export type SiteImageKind = keyof typeof siteImageRules;

/** The largest side sharp is asked to read (a small file can claim a huge canvas). */
const maxSide = 10_000;

export type StoredSiteImage =
  | { ok: true; file: string; created: boolean; discard(): Promise<void> }
  | { ok: false; message: string };

/** The message beside the file field, in the form's words. */
function sizeText(bytes: number): string {
  return `${bytes / 1024 / 1024} MB`;
}

/**
 * Checks an uploaded file (type, size, dimensions) and stores it; answers the stored name, or
 * the reason it was refused. `discard` removes a newly stored file when the save that was to
 * use it does not happen.
 */
export async function storeSiteImage(
  imageDir: string,
  kind: SiteImageKind,
  upload: File,
): Promise<StoredSiteImage> {
  const rules = siteImageRules[kind];
  if (upload.size === 0) return { ok: false, message: "Choose an image file." };
  if (upload.size > rules.maxBytes) {
    return { ok: false, message: `The file is larger than ${sizeText(rules.maxBytes)}.` };
  }
  const bytes = Buffer.from(await upload.arrayBuffer());
  // One image at a time server-wide, as the photo uploads (decision 065).
  return runImageWork(() => checkAndStore(imageDir, rules, bytes, upload.name || "image"));
}

async function checkAndStore(
  imageDir: string,
  rules: (typeof siteImageRules)[SiteImageKind],
  bytes: Buffer,
  shownName: string,
): Promise<StoredSiteImage> {
  let image: Awaited<ReturnType<typeof inspectImageContent>>;
  try {
    image = await inspectImageContent(bytes, shownName);
  } catch (error) {
    if (error instanceof ImageError) {
      return { ok: false, message: "The file is not an image (JPEG, PNG, WebP, GIF or AVIF)." };
    }
    throw error;
  }
  if (image.width > maxSide || image.height > maxSide) {
    return { ok: false, message: `The image is larger than ${maxSide} pixels on a side.` };
  }
  if (image.width < rules.minWidth || image.height < rules.minHeight) {
    return {
      ok: false,
      message: `The image is ${image.width} × ${image.height} pixels; it must be at least ${rules.minWidth} × ${rules.minHeight}.`,
    };
  }
  const stored = await storeImage(imageDir, rules.folder, image);
  return {
    ok: true,
    file: stored.file,
    created: stored.created,
    discard: async () => {
      if (stored.created) await removeStoredImages(imageDir, rules.folder, [stored.file]);
    },
  };
}
