/**
 * The images the site's own pages link whatever the content: the no.png placeholder, the
 * fallback logo.png, the About picture and the home page's city cards. A production install
 * without the demo seed gets them too (drawn like the demo's, written once when missing), so no
 * page of a fresh install links a missing image (decision 024).
 */
import { access } from "node:fs/promises";
import { join } from "node:path";

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
  if (missing.length === 0) return missing;
  // Loaded only now: the drawing brings sharp and the demo content, which a server whose
  // images are all there never needs (tens of MB of RSS).
  const { buildDemoContent } = await import("../../db/seed/content.ts");
  const { demoImageJobs, writeImages } = await import("../../db/seed/images.ts");
  const wanted = new Set(missing);
  const jobs = demoImageJobs(buildDemoContent())
    .filter((job) => wanted.has(job.path))
    .map(({ path, render }) => ({ path, render }));
  await writeImages(imageDir, jobs);
  return missing;
}
