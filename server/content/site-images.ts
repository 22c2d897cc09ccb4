/**
 * The site's own images: a slider's picture and the company logo (decisions 057 and 084). The
 * one place such an image is checked and stored, whether a form uploaded it (the back office)
 * or the content command was given its file (`slider add --image`, `profile set --logo`), so it
 * can later be pointed at another photo store by changing this module alone. Checked by sharp,
 * stored under IMAGE_DIR with a content-hashed name (sliders/ for a slider, the root for the
 * logo) and its WebP derivatives (server/content/images.ts).
 */
import { runImageWork } from "../images/image-work.ts";
import {
  ImageError,
  type ImageFolder,
  type InspectedImage,
  inspectImage,
  inspectImageContent,
  removeStoredImages,
  storeImage,
} from "./images.ts";

/** What each kind of uploaded site image must be. */
export const siteImageRules = {
  slider: { folder: "sliders", minWidth: 1200, minHeight: 400, maxBytes: 10 * 1024 * 1024 },
  logo: { folder: "", minWidth: 60, minHeight: 30, maxBytes: 2 * 1024 * 1024 },
} as const satisfies Record<
  string,
  { folder: ImageFolder; minWidth: number; minHeight: number; maxBytes: number }
>;

export type SiteImageKind = keyof typeof siteImageRules;

/**
 * Where a site image comes from: a form's upload, or the path of a file the content command was
 * given. An upload must meet {@link siteImageRules}; a command's file only images.ts's checks
 * (an image of at most 20 MB), as the command always had it (decision 084).
 */
export type SiteImageSource = File | { path: string };

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
 * Checks an image and stores it; answers the stored name, or the reason it was refused (in the
 * form's words for an upload, naming the file for a command's file). `discard` removes a newly
 * stored file when the save that was to use it does not happen.
 */
export async function storeSiteImage(
  imageDir: string,
  kind: SiteImageKind,
  source: SiteImageSource,
): Promise<StoredSiteImage> {
  const rules = siteImageRules[kind];
  if (!(source instanceof File)) {
    // One image at a time server-wide, as the photo uploads (decision 065).
    return runImageWork(async () => {
      let image: InspectedImage;
      try {
        image = await inspectImage(source.path);
      } catch (error) {
        if (error instanceof ImageError) return { ok: false, message: error.message };
        throw error;
      }
      return stored(imageDir, rules.folder, image);
    });
  }
  if (source.size === 0) return { ok: false, message: "Choose an image file." };
  if (source.size > rules.maxBytes) {
    return { ok: false, message: `The file is larger than ${sizeText(rules.maxBytes)}.` };
  }
  const bytes = Buffer.from(await source.arrayBuffer());
  return runImageWork(() => checkAndStoreUpload(imageDir, rules, bytes, source.name || "image"));
}

async function checkAndStoreUpload(
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
  return stored(imageDir, rules.folder, image);
}

async function stored(
  imageDir: string,
  folder: ImageFolder,
  image: InspectedImage,
): Promise<StoredSiteImage> {
  const { file, created } = await storeImage(imageDir, folder, image);
  return {
    ok: true,
    file,
    created,
    discard: async () => {
      if (created) await removeStoredImages(imageDir, folder, [file]);
    },
  };
}
