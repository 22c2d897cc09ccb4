/** Home (SPEC §2 'Home') against the API's sliders, collections and properties. */
import type { Page } from "@playwright/test";
import type { Collection, Property, Slider } from "../../lib/api-contract.ts";
import type { CollectionName } from "../../lib/collection-names.ts";
import { formatPrice } from "../../lib/format.ts";
import { parseJsonList } from "../../lib/json-list.ts";
import { apiData, listProperties } from "./api.ts";
import { holdRequests } from "./hold.ts";
import { gotoHydrated } from "./hydrated.ts";
import { expect, test } from "./shared-page.ts";

/** A collection's properties as the SPEC fills them: item_list codes matched on the list. */
async function collectionProperties(name: CollectionName): Promise<Property[]> {
  const [collection, properties] = await Promise.all([
    apiData<Collection>(`/collection/show_one/${encodeURIComponent(name)}`),
    listProperties(),
  ]);
  return parseJsonList(collection.item_list).flatMap((item) => {
    const code = (item as { code?: unknown } | null)?.code;
    const match = properties.find((property) => property.code === String(code));
    return match ? [match] : [];
  });
}

/** The banner's autoplay interval (BannerCarousel's default). */
const bannerInterval = 6_000;

function section(page: Page, heading: string) {
  return page.getByRole("region", { name: heading, exact: true });
}

/** How many carousel slides lie wholly inside the carousel's viewport. */
function visibleSlides(page: Page): Promise<number> {
  return page.locator(".featured-carousel__viewport").evaluate((viewport) => {
    const box = viewport.getBoundingClientRect();
    return [...viewport.querySelectorAll(".featured-carousel__slide")].filter((slide) => {
      const rect = slide.getBoundingClientRect();
      return rect.left >= box.left - 1 && rect.right <= box.right + 1 && rect.width > 0;
    }).length;
  });
}

/**
 * What a visitor does first on the home page, checked to work: the banner's next button, the
 * search panel's tabs, the layout 3 carousel's next button (reduced motion: nothing moves alone).
 */
async function expectHomeBehaviours(page: Page, sliders: Slider[]) {
  const banner = page.getByRole("region", { name: "Highlights" });
  await expect(banner.getByRole("button", { name: "Play slideshow" })).toBeVisible();
  await banner.getByRole("button", { name: "Next slide" }).click();
  await expect(banner.locator(".banner__slide--active h2")).toHaveText(sliders[1]!.title);

  const panel = page.getByRole("region", { name: "Find your next property" });
  const status = panel.getByRole("combobox", { name: "Property Status" });
  await panel.getByRole("tab", { name: "For Sale" }).click();
  await expect(status).toHaveValue("For Sale");
  await page.keyboard.press("ArrowLeft");
  await expect(panel.getByRole("tab", { name: "For Rent" })).toBeFocused();
  await expect(status).toHaveValue("For Rent");

  const carousel = page.getByRole("region", { name: "Featured property slides" });
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel).toHaveAttribute("data-ready", "true");
  const count = await carousel.locator(".featured-carousel__slide").count();
  await carousel.getByRole("button", { name: "Next slides" }).click();
  await expect.poll(() => firstVisibleSlide(page)).toBe(`2 of ${count}`);
}

/** The label ('n of N') of the leftmost slide inside the viewport. */
function firstVisibleSlide(page: Page): Promise<string> {
  return page.locator(".featured-carousel__viewport").evaluate((viewport) => {
    const box = viewport.getBoundingClientRect();
    const inside = [...viewport.querySelectorAll(".featured-carousel__slide")]
      .map((slide) => ({ slide, rect: slide.getBoundingClientRect() }))
      .filter(({ rect }) => rect.right > box.left + 1 && rect.left < box.right - 1)
      .sort((a, b) => a.rect.left - b.rect.left);
    return inside[0]?.slide.getAttribute("aria-label") ?? "";
  });
}

test("the banner shows every slider with its buttons", async ({ sharedPage: page }) => {
  const sliders = await apiData<Slider[]>("/sliders/display/all");
  expect(sliders.length).toBeGreaterThan(0);
  await gotoHydrated(page, "/");
  const banner = page.getByRole("region", { name: "Highlights" });
  const slides = banner.locator(".banner__slide");
  await expect(slides).toHaveCount(sliders.length);
  for (const [index, slider] of sliders.entries()) {
    const slide = slides.nth(index);
    await expect(slide.getByRole("heading", { level: 2 })).toHaveText(slider.title);
    await expect(slide.locator("img")).toHaveAttribute(
      "src",
      `/images/sliders/${encodeURIComponent(slider.image_url)}`,
    );
    await expect(slide.getByRole("link", { name: "Get Started Now", exact: true })).toHaveAttribute(
      "href",
      slider.link,
    );
    await expect(
      slide.getByRole("link", { name: "Learn More about us", exact: true }),
    ).toHaveAttribute("href", "/about");
  }
});

test("the banner's controls change the slide", async ({ sharedPage: page }) => {
  const sliders = await apiData<Slider[]>("/sliders/display/all");
  expect(sliders.length, "the demo data has several sliders").toBeGreaterThanOrEqual(2);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await gotoHydrated(page, "/");
  const banner = page.getByRole("region", { name: "Highlights" });
  const active = banner.locator(".banner__slide--active h2");
  await expect(banner.getByRole("button", { name: "Play slideshow" })).toBeVisible();
  await expect(active).toHaveText(sliders[0]!.title);
  await banner.getByRole("button", { name: "Next slide" }).click();
  await expect(active).toHaveText(sliders[1]!.title);
  await banner.getByRole("button", { name: "Previous slide" }).click();
  await expect(active).toHaveText(sliders[0]!.title);
  await banner.getByRole("button", { name: `Show slide 2 of ${sliders.length}` }).click();
  await expect(active).toHaveText(sliders[1]!.title);
  await page.keyboard.press("ArrowLeft");
  await expect(active).toHaveText(sliders[0]!.title);
});

test("layout 3 is a carousel of the collection's properties", async ({ sharedPage: page }) => {
  const expected = await collectionProperties("Product Layout 3");
  await gotoHydrated(page, "/");
  const slides = page.locator(".featured-carousel__slide");
  await expect(slides).toHaveCount(expected.length);
  for (const [index, property] of expected.entries()) {
    const slide = slides.nth(index);
    await expect(slide).toContainText(property.headline);
    await expect(slide).toContainText(formatPrice(property.price));
    await expect(slide).toContainText(property.address);
    await expect(slide.getByRole("link", { name: property.headline })).toHaveAttribute(
      "href",
      `/property/${property.slug}`,
    );
  }
});

for (const [width, count] of [
  [1280, 4],
  [900, 3],
  [700, 2],
  [400, 1],
] as const) {
  test(`the carousel shows ${count} slide(s) at ${width} px`, async ({ sharedPage: page }) => {
    const expected = await collectionProperties("Product Layout 3");
    expect(expected.length, "the collection fills the carousel").toBeGreaterThanOrEqual(count);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, "/");
    await page.locator(".featured-carousel__viewport").scrollIntoViewIfNeeded();
    await expect.poll(() => visibleSlides(page)).toBe(count);
  });
}

test("the carousel plays every 3 s and its pause button stops it", async ({ sharedPage: page }) => {
  const expected = await collectionProperties("Product Layout 3");
  expect(expected.length, "more slides than fit at once").toBeGreaterThan(4);
  await gotoHydrated(page, "/");
  const carousel = page.getByRole("region", { name: "Featured property slides" });
  // It plays from the page's load, though the carousel is below the first screen.
  await expect(carousel).toHaveAttribute("data-ready", "true");
  const position = () => firstVisibleSlide(page);
  const start = await position();
  await expect.poll(position, { timeout: 6_000 }).not.toBe(start);
  await carousel.getByRole("button", { name: "Pause carousel" }).click();
  await expect(carousel.getByRole("button", { name: "Play carousel" })).toBeVisible();
  await page.waitForTimeout(1_000);
  const paused = await position();
  await page.waitForTimeout(4_000);
  expect(await position()).toBe(paused);
  await carousel.getByRole("button", { name: "Play carousel" }).click();
  await expect.poll(position, { timeout: 6_000 }).not.toBe(paused);
});

test("with reduced motion both carousels start paused and stay put", async ({
  sharedPage: page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await gotoHydrated(page, "/");
  const banner = page.getByRole("region", { name: "Highlights" });
  const carousel = page.getByRole("region", { name: "Featured property slides" });
  await expect(banner.getByRole("button", { name: "Play slideshow" })).toBeVisible();
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel).toHaveAttribute("data-ready", "true");
  await expect(carousel.getByRole("button", { name: "Play carousel" })).toBeVisible();
  const slide = await banner.locator(".banner__slide--active h2").textContent();
  const position = await firstVisibleSlide(page);
  // Longer than either autoplay interval (banner 6 s, carousel 3 s).
  await page.waitForTimeout(bannerInterval + 1_000);
  await expect(banner.locator(".banner__slide--active h2")).toHaveText(slide ?? "");
  expect(await firstVisibleSlide(page)).toBe(position);
});

test("the banner's other slides download their images only once the page has loaded", async ({
  page,
}) => {
  const sliders = await apiData<Slider[]>("/sliders/display/all");
  expect(sliders.length, "the demo data has several sliders").toBeGreaterThanOrEqual(2);
  const [first, second] = sliders.map((slider) => `/images/sliders/${slider.image_url}`);
  const requested: string[] = [];
  page.on("request", (sent) => {
    const path = new URL(sent.url()).pathname;
    if (path.startsWith("/images/sliders/")) requested.push(path);
  });
  // Holding the first slide's image holds the window's load event.
  const release = await holdRequests(page, `**${first}*`);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
  const banner = page.locator(".banner");
  await expect(banner.locator(".banner__slide").nth(1)).toBeHidden();
  expect(requested.filter((path) => !path.startsWith(first!))).toEqual([]);

  release();
  await expect(banner).toHaveAttribute("data-slides-ready", "true");
  await expect
    .poll(() => requested.filter((path) => path.startsWith(second!)).length)
    .toBeGreaterThan(0);
});

test("the banner's pause button stops the slideshow and play starts it again", async ({
  sharedPage: page,
}) => {
  test.slow(); // waits out the banner's interval three times
  const sliders = await apiData<Slider[]>("/sliders/display/all");
  expect(sliders.length, "the demo data has several sliders").toBeGreaterThanOrEqual(2);
  await gotoHydrated(page, "/");
  const banner = page.getByRole("region", { name: "Highlights" });
  const active = banner.locator(".banner__slide--active h2");
  /** Hover and focus hold the slideshow too: take both away so only the button decides. */
  const leaveBanner = async () => {
    await page.mouse.move(5, 5);
    await page.locator("body").evaluate(() => (document.activeElement as HTMLElement).blur());
  };
  await expect(active).toHaveText(sliders[1]!.title, { timeout: bannerInterval + 3_000 });
  await banner.getByRole("button", { name: "Pause slideshow" }).click();
  await leaveBanner();
  await page.waitForTimeout(bannerInterval + 1_500);
  await expect(active).toHaveText(sliders[1]!.title);
  await banner.getByRole("button", { name: "Play slideshow" }).click();
  await leaveBanner();
  await expect(active).not.toHaveText(sliders[1]!.title, { timeout: bannerInterval + 3_000 });
});

test("the carousel works by keyboard: its buttons, and a focused slide scrolls into view", async ({
  page,
}) => {
  const expected = await collectionProperties("Product Layout 3");
  expect(expected.length, "more slides than fit at once").toBeGreaterThan(4);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await gotoHydrated(page, "/");
  const carousel = page.getByRole("region", { name: "Featured property slides" });
  // The buttons move the slides once Embla has started (data-ready).
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel).toHaveAttribute("data-ready", "true");
  expect(await firstVisibleSlide(page)).toBe(`1 of ${expected.length}`);
  await carousel.getByRole("button", { name: "Next slides" }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => firstVisibleSlide(page)).toBe(`2 of ${expected.length}`);
  await carousel.getByRole("button", { name: "Previous slides" }).focus();
  await page.keyboard.press("Space");
  await expect.poll(() => firstVisibleSlide(page)).toBe(`1 of ${expected.length}`);

  // Tabbing from the last slide in view to the next one brings that one into view.
  // Each slide holds its heart (decision 047), then its link.
  await carousel.getByRole("link", { name: expected[3]!.headline }).focus();
  await page.keyboard.press("Tab");
  const fifthHeart = carousel.getByRole("button", { name: `Shortlist ${expected[4]!.headline}` });
  await expect(fifthHeart).toBeFocused();
  await page.keyboard.press("Tab");
  const fifth = carousel.getByRole("link", { name: expected[4]!.headline });
  await expect(fifth).toBeFocused();
  await expect.poll(() => visibleSlides(page)).toBe(4);
  await expect.poll(() => firstVisibleSlide(page)).not.toBe(`1 of ${expected.length}`);
  await expect(fifth).toBeInViewport({ ratio: 1 });
});

test("layout 1 cards show price, badges, facts and the listing's age", async ({
  sharedPage: page,
}) => {
  const expected = await collectionProperties("Product Layout 1");
  await gotoHydrated(page, "/");
  const cards = section(page, "Hot Properties").locator("article");
  await expect(cards).toHaveCount(expected.length);
  for (const [index, property] of expected.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("link", { name: property.headline })).toHaveAttribute(
      "href",
      `/property/${property.slug}`,
    );
    await expect(card).toContainText(formatPrice(property.price));
    await expect(card).toContainText(property.offer_type);
    await expect(card).toContainText("Featured");
    await expect(card).toContainText(`${property.bedroom} Beds`);
    await expect(card).toContainText(`${property.bathroom} Baths`);
    await expect(card).toContainText(`${property.size} sq ft`);
    await expect(card).toContainText(`${property.garage} Garage`);
    const age = card.locator("time");
    await expect(age).toHaveAttribute("datetime", property.created_at);
    await expect(age).toHaveText(/^(\d+ (seconds?|minutes?|hours?) ago|\d{4}-\d{2}-\d{2})$/);
  }
});

test("layout 2 fills the tiles and the recently added grid", async ({ sharedPage: page }) => {
  const expected = await collectionProperties("Product Layout 2");
  await gotoHydrated(page, "/");
  for (const heading of ["Latest Properties", "Recently Added"]) {
    const items = section(page, heading).locator("article");
    await expect(items).toHaveCount(expected.length);
    for (const [index, property] of expected.entries()) {
      await expect(items.nth(index)).toContainText(property.headline);
      await expect(items.nth(index)).toContainText(formatPrice(property.price));
    }
  }
  const tile = section(page, "Latest Properties").locator("article").first();
  const first = expected[0];
  if (first) {
    await expect(tile).toContainText(`${first.size} sq ft`);
    await expect(tile.getByRole("link", { name: first.headline })).toHaveAttribute(
      "href",
      `/property/${first.slug}`,
    );
  }
});

test("the static blocks are there", async ({ sharedPage: page }) => {
  await gotoHydrated(page, "/");
  const lookingFor = section(page, "What are you looking for?");
  for (const type of ["Apartments", "Houses", "Garages", "Commercial"]) {
    await expect(lookingFor.getByRole("heading", { name: type })).toBeVisible();
  }
  await expect(section(page, "Most Popular Category").getByRole("listitem")).toHaveCount(6);
  const counters = page.getByRole("region", { name: "Our figures" });
  await expect(counters).toContainText("Properties Sold");
  await expect(counters).toContainText("1,200");
  const newsletter = section(page, "Subscribe to our newsletter");
  await expect(newsletter.getByRole("textbox")).toHaveAttribute("required", "");
  await newsletter.getByRole("button").click();
  await expect(page).toHaveURL("/");
});

test("the search panel's tabs set the status and the form GETs /search", async ({
  sharedPage: page,
}) => {
  await gotoHydrated(page, "/");
  const panel = page.getByRole("region", { name: "Find your next property" });
  const rent = panel.getByRole("tab", { name: "For Rent" });
  const sale = panel.getByRole("tab", { name: "For Sale" });
  const status = panel.getByRole("combobox", { name: "Property Status" });
  await expect(rent).toHaveAttribute("aria-selected", "true");
  await expect(status).toHaveValue("For Rent");
  await sale.click();
  await expect(sale).toHaveAttribute("aria-selected", "true");
  await expect(status).toHaveValue("For Sale");
  await sale.press("ArrowLeft");
  await expect(rent).toBeFocused();
  await expect(rent).toHaveAttribute("aria-selected", "true");
  await expect(status).toHaveValue("For Rent");
  await rent.press("ArrowRight");
  await expect(status).toHaveValue("For Sale");

  await panel.getByRole("textbox", { name: "Keyword" }).fill("garden");
  await panel.getByRole("combobox", { name: "Property Type" }).selectOption("Houses");
  await panel.getByRole("combobox", { name: "Location" }).selectOption("Canada");
  await panel.getByRole("spinbutton", { name: "Min Area (sq ft)" }).fill("100");
  await panel.getByRole("spinbutton", { name: "Max Area (sq ft)" }).fill("900");
  await panel.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?/);
  const params = new URL(page.url()).searchParams;
  expect(Object.fromEntries(params)).toEqual({
    email: "garden",
    "property-status": "For Sale",
    "property-types": "Houses",
    location: "Canada",
    "min-area": "100",
    "max-area": "900",
  });
});

test("a document load of the home page runs the enhancement module, not React", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  // A script the CSP refuses shows as a console error.
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/");
  // Ready before the load event, which page.goto waited for: no click can come too early.
  expect(await page.locator("html").getAttribute("data-enhanced")).toBe("true");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  expect(scripts.filter((path) => /\/entry\.enhance-[\w-]+\.js$/.test(path))).toHaveLength(1);
  expect(scripts.filter((path) => /framework|entry\.client|manifest-/.test(path))).toEqual([]);

  // Embla starts on the load event, though the carousel is screens below on a phone: it scrolls
  // by itself (SPEC §2) without the visitor scrolling to it.
  const carousel = page.getByRole("region", { name: "Featured property slides" });
  await expect(carousel).toHaveAttribute("data-ready", "true");
  expect(await carousel.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThan(
    844,
  );
  expect(scripts.filter((path) => path.includes("embla-carousel"))).toHaveLength(2);
  expect(errors).toEqual([]);
});

test("reached by a link from another page and by Back, the home page's behaviours work", async ({
  page,
}) => {
  // Every public page is a document of its own (decision 043): no client-side navigation.
  const sliders = await apiData<Slider[]>("/sliders/display/all");
  expect(sliders.length, "the demo data has several sliders").toBeGreaterThanOrEqual(2);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await gotoHydrated(page, "/about");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL("/");
  await expectHomeBehaviours(page, sliders);

  // Away and back with the browser's Back button (from its back-forward cache or loaded anew).
  await page.getByRole("link", { name: "Contact Us Today" }).click();
  await expect(page).toHaveURL("/contact");
  await page.goBack();
  await expect(page).toHaveURL("/");
  await expectHomeBehaviours(page, sliders);
});
