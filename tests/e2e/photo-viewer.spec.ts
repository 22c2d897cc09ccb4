/**
 * The detail page's full-screen photo viewer (issue 18 item 1, decision 048): opened from the
 * cover, on the photo a thumbnail chose; by keyboard (arrows, Home/End, Escape, Tab kept
 * inside, focus returned), by its buttons and by a touch swipe; "n of m"; the photo sized to the screen from
 * the WebP derivatives and the next one fetched before it is shown; axe with the viewer open;
 * without JavaScript the cover and thumbnails lead to the full-size images.
 */

import { type CDPSession, expect, type Page, test } from "@playwright/test";
import type { Property } from "../../lib/api-contract.ts";
import { listProperties } from "./api.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";

function listOf(value: unknown): unknown[] {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed : [];
}

/** The property's photos as the gallery shows them, cover first. */
const photosOf = (property: Property) => [
  ...new Set([
    property.cover_image,
    ...listOf(property.image_list).map((item) => (item as { imageUrl: string }).imageUrl),
  ]),
];

let property: Property;
let photos: string[];
let path: string;

test.beforeAll(async () => {
  const found = (await listProperties()).find((candidate) => photosOf(candidate).length >= 3);
  expect(found, "the demo data has a property with three photos or more").toBeTruthy();
  property = found!;
  photos = photosOf(property);
  path = `/property/${property.slug}`;
});

/** The URL path of a photo's original, as the page links it. */
const original = (file: string) => `/images/property/${encodeURIComponent(file)}`;
/** The derivative or original the viewer's image shows, as a path. */
const shown = (page: Page) =>
  page
    .locator(".thumbnail-gallery dialog .photo-viewer__image")
    .evaluate((image: HTMLImageElement) =>
      image.currentSrc ? new URL(image.currentSrc).pathname : "",
    );
/** True when focus is on an element inside the open viewer. */
const focusInside = (page: Page) =>
  page.evaluate(() => {
    const dialog = document.querySelector(".thumbnail-gallery dialog.photo-viewer");
    return Boolean(dialog?.contains(document.activeElement) && dialog !== document.activeElement);
  });

test("opens from the cover; buttons and arrows move, Escape closes and focus returns", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, path);
  const viewer = page.getByRole("dialog", { name: `Photos: ${property.headline}` });
  await expect(viewer).toBeHidden();
  const cover = page.locator("a.thumbnail-gallery__open");
  await expect(cover).toHaveAttribute("href", original(photos[0]!));
  await expect(cover).toHaveAttribute("aria-haspopup", "dialog");

  await cover.click();
  await expect(viewer).toBeVisible();
  const count = viewer.locator(".photo-viewer__count");
  await expect(count).toHaveText(`1 of ${photos.length}`);
  await expect(viewer.getByRole("img")).toHaveAttribute(
    "alt",
    `${property.headline} (image 1 of ${photos.length})`,
  );
  await expect.poll(() => shown(page)).toContain(original(photos[0]!));
  expect(await focusInside(page)).toBe(true);
  // The viewer fills the screen.
  const box = await viewer.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 1280, height: 900 });

  await viewer.getByRole("button", { name: "Next image" }).click();
  await expect(count).toHaveText(`2 of ${photos.length}`);
  await expect.poll(() => shown(page)).toContain(original(photos[1]!));
  await page.keyboard.press("ArrowRight");
  await expect(count).toHaveText(`3 of ${photos.length}`);
  await page.keyboard.press("ArrowLeft");
  await expect(count).toHaveText(`2 of ${photos.length}`);
  await viewer.getByRole("button", { name: "Previous image" }).click();
  await expect(count).toHaveText(`1 of ${photos.length}`);
  // From the first, back goes round to the last; End and Home jump to the ends.
  await page.keyboard.press("ArrowLeft");
  await expect(count).toHaveText(`${photos.length} of ${photos.length}`);
  await expect(viewer.getByRole("img")).toHaveAttribute(
    "alt",
    `${property.headline} (image ${photos.length} of ${photos.length})`,
  );
  await page.keyboard.press("Home");
  await expect(count).toHaveText(`1 of ${photos.length}`);
  await page.keyboard.press("End");
  await expect(count).toHaveText(`${photos.length} of ${photos.length}`);

  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(cover).toBeFocused();
  // The Close button closes it too.
  await page.keyboard.press("Enter");
  await expect(viewer).toBeVisible();
  await expect(count).toHaveText(`1 of ${photos.length}`);
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toBeHidden();
  await expect(cover).toBeFocused();
});

test("a chosen thumbnail's photo opens from the cover; Tab stays inside; focus returns", async ({
  page,
}) => {
  await gotoHydrated(page, path);
  const viewer = page.getByRole("dialog");
  const thumb = page.getByRole("button", { name: `Show image 3 of ${photos.length}` });
  const cover = page.locator("a.thumbnail-gallery__open");
  await thumb.focus();
  // Choosing a thumbnail only makes it the cover (SPEC §2), however often; the cover opens it.
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(thumb).toHaveAttribute("aria-pressed", "true");
  await expect(viewer).toBeHidden();
  await expect(cover).toHaveAttribute("href", original(photos[2]!));
  await cover.focus();
  await page.keyboard.press("Enter");
  await expect(viewer).toBeVisible();
  await expect(viewer.locator(".photo-viewer__count")).toHaveText(`3 of ${photos.length}`);
  await expect.poll(() => shown(page)).toContain(original(photos[2]!));
  // The page behind is inert: Tab and Shift+Tab go round the viewer's three buttons.
  const visited = new Set<string>();
  for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await focusInside(page), `focus inside after ${key}`).toBe(true);
    visited.add(
      await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? ""),
    );
  }
  expect([...visited].sort()).toEqual(["Close", "Next image", "Previous image"]);

  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(cover).toBeFocused();
});

test("fetches the next photo before it is shown, each at the size of the screen", async ({
  browser,
}) => {
  for (const [width, height, expected] of [
    [390, 844, 400],
    [1280, 900, 1600],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await gotoHydrated(page, path);
    // Nothing of the viewer downloads until it opens.
    const viewerSize = (file: string) => `${original(file)}.${expected}w.webp`;
    // (On a phone the cover already shows the first photo's 400w.)
    if (width === 1280) expect(requested).not.toContain(viewerSize(photos[0]!));
    expect(requested).not.toContain(viewerSize(photos[1]!));

    await page.locator("a.thumbnail-gallery__open").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect.poll(() => shown(page)).toBe(viewerSize(photos[0]!));
    // The second photo is requested while the first is shown, at the size the viewer shows it.
    await expect.poll(() => requested).toContain(viewerSize(photos[1]!));
    await expect.poll(() => shown(page)).toBe(viewerSize(photos[0]!));
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => shown(page)).toBe(viewerSize(photos[1]!));
    expect(requested.filter((url) => url === viewerSize(photos[1]!))).toHaveLength(1);
    await expect.poll(() => requested).toContain(viewerSize(photos[2]!));
    await context.close();
  }
});

/** A finger's swipe on the touch screen, through Chromium's touch input (real pointer events). */
async function swipe(
  cdp: CDPSession,
  from: { x: number; y: number },
  to: { x: number; y: number },
) {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [from] });
  for (let step = 1; step <= 6; step += 1) {
    const point = {
      x: from.x + ((to.x - from.x) * step) / 6,
      y: from.y + ((to.y - from.y) * step) / 6,
    };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [point] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

test("a swipe on a touch screen moves to the next and previous photo", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await gotoHydrated(page, path);
  await page.locator("a.thumbnail-gallery__open").tap();
  const viewer = page.getByRole("dialog");
  await expect(viewer).toBeVisible();
  const count = viewer.locator(".photo-viewer__count");
  await expect(count).toHaveText(`1 of ${photos.length}`);
  // Which pointers the stage sees: the swipe must arrive as touch.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { pointerTypes: string[] }).pointerTypes = seen;
    document
      .querySelector(".thumbnail-gallery .photo-viewer__stage")
      ?.addEventListener("pointerdown", (event) => seen.push((event as PointerEvent).pointerType));
  });

  const cdp = await context.newCDPSession(page);
  await swipe(cdp, { x: 300, y: 420 }, { x: 80, y: 430 });
  await expect(count).toHaveText(`2 of ${photos.length}`);
  await swipe(cdp, { x: 300, y: 420 }, { x: 80, y: 410 });
  await expect(count).toHaveText(`3 of ${photos.length}`);
  await swipe(cdp, { x: 80, y: 420 }, { x: 320, y: 420 });
  await expect(count).toHaveText(`2 of ${photos.length}`);
  await expect.poll(() => shown(page)).toContain(original(photos[1]!));
  // A vertical move and a short one change nothing.
  await swipe(cdp, { x: 200, y: 300 }, { x: 210, y: 600 });
  await swipe(cdp, { x: 200, y: 420 }, { x: 180, y: 420 });
  await expect(count).toHaveText(`2 of ${photos.length}`);
  expect(
    await page.evaluate(() => (window as unknown as { pointerTypes: string[] }).pointerTypes),
  ).toEqual(["touch", "touch", "touch", "touch", "touch"]);
  await context.close();
});

test.describe("axe with the viewer open", () => {
  test.describe.configure({ timeout: 90_000 });
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test(`at ${viewport.width} px: no serious or critical violation`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await gotoHydrated(page, path);
      // Opened from the cover, in view as the page loads: a thumbnail further down would
      // scroll the page behind under its sticky header, which a11y.spec.ts checks on its own.
      await page.locator("a.thumbnail-gallery__open").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.keyboard.press("ArrowRight");
      await expect(page.getByRole("dialog")).toContainText(`2 of ${photos.length}`);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cover and the thumbnails lead to the full-size images", async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("dialog")).toBeHidden();
    const links = page.getByRole("link", { name: /^Open image \d+ of \d+$/ });
    await expect(links).toHaveCount(photos.length);
    for (const [index, file] of photos.entries()) {
      await expect(links.nth(index)).toHaveAttribute("href", original(file));
    }
    const cover = page.locator("a.thumbnail-gallery__open");
    await expect(cover).toBeVisible();
    const response = page.waitForResponse((answer) => answer.request().isNavigationRequest());
    await cover.click();
    expect((await response).ok()).toBe(true);
    await expect(page).toHaveURL(original(photos[0]!));
  });
});
