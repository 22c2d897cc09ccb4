/**
 * Responsive images: WebP derivatives in srcset with sizes, explicit dimensions, lazy loading
 * below the fold, the page's main image first, and what a narrow screen downloads.
 */
import { expect, type Page, test } from "@playwright/test";
import { listProperties } from "./api.ts";
import { gotoHydrated } from "./hydrated.ts";

const [firstProperty] = await listProperties();
const detailPath = `/property/${firstProperty?.slug}`;

/** Each audited page and the selector of its main (LCP) image. */
const pages = [
  { path: "/", main: ".banner__slide:first-child img" },
  { path: "/property", main: ".property-grid__item:first-child img" },
  { path: "/search", main: ".property-list__item:first-child img" },
  { path: detailPath, main: ".thumbnail-gallery__cover img" },
];

interface ImageFacts {
  className: string;
  srcset: string | null;
  sizes: string | null;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchPriority: string | null;
  decoding: string | null;
  top: number;
  displayed: boolean;
}

/** The attributes of every listing or slider image (all but the logo), as served. */
function photoFacts(page: Page): Promise<ImageFacts[]> {
  return page.locator("main img").evaluateAll((images) =>
    images.map((image) => {
      const box = image.getBoundingClientRect();
      return {
        className: image.className,
        srcset: image.getAttribute("srcset"),
        sizes: image.getAttribute("sizes"),
        width: image.getAttribute("width"),
        height: image.getAttribute("height"),
        loading: image.getAttribute("loading"),
        fetchPriority: image.getAttribute("fetchpriority"),
        decoding: image.getAttribute("decoding"),
        top: box.top + window.scrollY,
        displayed: box.width > 0,
      };
    }),
  );
}

/** The width a derivative URL names (`….800w.webp`), or undefined for any other URL. */
function derivativeWidth(url: string): number | undefined {
  const match = /\.(\d+)w\.webp$/.exec(new URL(url).pathname);
  return match ? Number(match[1]) : undefined;
}

for (const { path, main } of pages) {
  test(`${path === detailPath ? "/property/{slug}" : path}: images carry srcset, sizes and dimensions; the main image comes first`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    const facts = await photoFacts(page);
    expect(facts.length).toBeGreaterThan(0);
    for (const image of facts) {
      expect(image.srcset, image.className).toMatch(/\.400w\.webp 400w, .*\.1600w\.webp 1600w$/);
      expect(image.sizes, image.className).toBeTruthy();
      expect(Number(image.width), image.className).toBeGreaterThan(0);
      expect(Number(image.height), image.className).toBeGreaterThan(0);
      expect(image.decoding, image.className).toBe("async");
    }

    const mainImage = page.locator(main);
    await expect(mainImage).toHaveAttribute("fetchpriority", "high");
    await expect(mainImage).toHaveAttribute("loading", "eager");
    // React hoists a preload of the main image's srcset into the head.
    const preload = page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]');
    await expect(preload).toHaveAttribute(
      "imagesrcset",
      (await mainImage.getAttribute("srcset")) ?? "",
    );
    await expect(page.locator("img[fetchpriority=high]")).toHaveCount(1);

    const below = facts.filter((image) => image.displayed && image.top > 900);
    for (const image of below) expect(image.loading, image.className).toBe("lazy");
    if (path === "/") expect(below.length).toBeGreaterThan(10);
  });
}

test("picks the derivative that fits each layout at 1280 and 390 px", async ({ browser }) => {
  const chosenWidth = async (width: number, path: string, selector: string) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(path);
    const image = page.locator(selector).first();
    await expect(image).toHaveJSProperty("complete", true);
    const chosen = derivativeWidth(await image.evaluate((img: HTMLImageElement) => img.currentSrc));
    await context.close();
    return chosen;
  };
  // Grid cards are drawn 387 px wide at 1280 and 358 px at 390; the detail photo 780 px, 358 px.
  expect(await chosenWidth(1280, "/property", ".property-card__image")).toBe(400);
  expect(await chosenWidth(390, "/property", ".property-card__image")).toBe(400);
  expect(await chosenWidth(1280, detailPath, ".thumbnail-gallery__cover-image")).toBe(800);
  expect(await chosenWidth(390, detailPath, ".thumbnail-gallery__cover-image")).toBe(400);
  // The banner covers a 1280×620 box with a 2.4:1 slider: drawn 1488 px wide.
  expect(await chosenWidth(1280, "/", ".banner__slide:first-child img")).toBe(1600);
});

test("a phone at 390 px downloads narrow WebP derivatives, never the originals", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  const downloaded: string[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.match(/^\/images\/(property|sliders)\//)) {
      downloaded.push(response.url());
    }
  });
  for (const path of ["/property", "/search", detailPath]) {
    await gotoHydrated(page, path);
    await page.waitForLoadState("networkidle");
  }
  expect(downloaded.length).toBeGreaterThan(3);
  // Cards, rows and the detail photo are drawn at most about 400 px wide: 800 device pixels.
  const tooWide = downloaded.filter((url) => (derivativeWidth(url) ?? Infinity) > 800);
  expect(tooWide).toEqual([]);
  await context.close();
});

test("lazy images below the fold keep their derivatives once scrolled into view", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  const lazy = page.locator(".listing-card__image").last();
  await lazy.scrollIntoViewIfNeeded();
  await expect(lazy).toHaveJSProperty("complete", true);
  expect(await lazy.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.\d+w\.webp$/);
  expect(await lazy.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

// /property hydrates React; the home page runs the enhancement module (decision 021).
for (const [path, selector, folder] of [
  ["/property", ".property-card__image", "property"],
  ["/", ".banner__image", "sliders"],
] as const) {
  test(`an image host without derivatives shows the originals on ${path}`, async ({ page }) => {
    await page.route("**/*.webp", (route) => route.fulfill({ status: 404, body: "" }));
    await gotoHydrated(page, path);
    const cover = page.locator(selector).first();
    await expect(cover).not.toHaveAttribute("srcset", /./);
    await expect(cover).toHaveAttribute("src", new RegExp(`/images/${folder}/[^/]+\\.jpg$`));
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  });
}

test("a missing image is answered with the placeholder, which the browser draws", async ({
  page,
}) => {
  await page.goto("/about");
  // The image route answers 404 with no.png (800×533) as the body: even a page without
  // JavaScript, which cannot swap a broken image, shows the placeholder.
  const size = await page.evaluate(async () => {
    const image = document.createElement("img");
    image.src = "/images/property/no-such-photo.jpg.800w.webp";
    document.body.append(image);
    await image.decode().catch(() => undefined);
    return { width: image.naturalWidth, height: image.naturalHeight };
  });
  expect(size).toEqual({ width: 800, height: 533 });
});
