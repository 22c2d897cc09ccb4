/**
 * The images the site's own pages link whatever the content: the no.png placeholder, the
 * fallback logo.png, the About picture and the home page's city cards. A production install
 * without the demo seed gets them too (copied from the files shipped beside this module, once,
 * when missing), so no page of a fresh install links a missing image (decision 024).
 */
import { access, copyFile, mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The shipped copies, drawn once like the demo's. Copied rather than drawn at start: drawing
 * loads sharp and the demo content, and the memory that takes stays in the server's RSS.
 */
const shippedSiteImages = fileURLToPath(new URL("./site-images/", import.meta.url));

/**
 * Paths under IMAGE_DIR. The pages that link them: app/site-settings.ts (no.png), the header
 * and app/seo/meta.ts (logo.png), app/routes/about.tsx and app/components/home/
 * popular-categories.tsx. server/images/site-images.test.ts checks the rendered pages.
 */
export const siteImagePaths: readonly string[] = [
  "no.png",
  "logo.png",
  "property/properties-11.jpg",
  "property/apartment-07-a.jpg",
  "property/house-01-a.jpg",
  "property/house-06-a.jpg",
  "property/apartment-02-a.jpg",
  "property/commercial-04-a.jpg",
  "property/villa-03-a.jpg",
];

/**
 * Writes the site images missing from `imageDir` and answers their paths; existing files (an
 * operator's own logo, say) are kept. Their WebP derivatives are made on first request (server/images/on-demand.ts).
 */
export async function writeMissingSiteImages(imageDir: string): Promise<string[]> {
  const missing: string[] = [];
  for (const path of siteImagePaths) {
    await access(join(imageDir, path)).catch(() => missing.push(path));
  }
  for (const path of missing) {
    await mkdir(dirname(join(imageDir, path)), { recursive: true });
    await copyFile(join(shippedSiteImages, path), join(imageDir, path));
  }
  return missing;
}
