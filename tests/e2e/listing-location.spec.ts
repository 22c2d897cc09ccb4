/**
 * The listing editor's fields of decision 069 in Chromium: the position picked on a map (a click
 * or a drag places the pin and fills the boxes, typing moves the pin, swapped or far positions
 * flagged and confirmed before the save), on the shared server without tiles or a geocoder, and
 * on a second server of this file's with a tile server and a Nominatim-compatible stub ("Find on
 * map" asked by the server, never by the browser); the code field and Duplicate's next free
 * code; the listings table keeping Delete in view beside a long code at 1280 px; the rating's
 * whole-stars hint. Screenshots go to E2E_SCREENSHOTS when it is set.
 */
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { buildPdfBytes, buildPhotoBytes } from "../support/factories.ts";
import { type GeocoderStub, startGeocoderStub } from "../support/geocoder-stub.ts";
import { freePort, type ServerProcess, spawnServer } from "../support/server-process.ts";
import { newListing, newOwner } from "./admin.ts";
import { apiToken, baseURL, e2eDatabaseUrl } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";
import { keepScreenshot, screenshotsWanted } from "./screenshots.ts";
import { startTileServer, type TileServer } from "./tile-server.ts";

test.describe.configure({ mode: "default", timeout: 120_000 });

// A port the system has free now, not one next to E2E_PORT that another program may hold.
const mapPort = await freePort();
const mapBase = `http://127.0.0.1:${mapPort}`;

/** Where the seed's London listings stand (db/seed/city-centres.ts). */
const london = { latitude: 51.5074, longitude: -0.1278 };

const suffix = () => randomBytes(3).toString("hex").toUpperCase();

async function screenshot(page: Page, name: string, locator?: ReturnType<Page["locator"]>) {
  if (!screenshotsWanted) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (locator) await locator.scrollIntoViewIfNeeded();
    await keepScreenshot(locator ?? page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function signedInPage(browser: Browser, base = baseURL) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await newOwner(page, "location");
  return { context, page };
}

/** A listing of the test's own, placed in London, opened in the editor with its map drawn. */
async function londonListingEditor(page: Page) {
  const listing = await newListing();
  await gotoHydrated(page, `/admin/listings/${listing.code}/edit`);
  await page.getByLabel("City", { exact: true }).fill("London");
  await page.getByLabel("Country").fill("United Kingdom");
  // A UK listing's postcode must be a UK one (decision 093): the generated listing's may not be.
  await page.getByLabel("Postcode", { exact: true }).fill("EC1A 1BB");
  await typePosition(page, london.latitude, london.longitude);
  await expect(map(page)).toHaveAttribute("data-map-state", "ready");
  return listing;
}

/** A new listing made in the editor, with this code; the editor opens it. */
async function createListing(page: Page, code: string) {
  await gotoHydrated(page, "/admin/listings/new");
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page
    .getByLabel("Headline", { exact: true })
    .fill(`Location test home ${code.slice(0, 12)}`);
  await page.getByLabel("Price").fill("1250");
  await page.getByLabel("Street address").fill("5 Editor Lane");
  await page.getByLabel("City", { exact: true }).fill("Bristol");
  await page.getByLabel("Country").fill("United Kingdom");
  await page.getByRole("button", { name: "Create listing" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/listings/${code}/edit\\?done=created$`));
}

const map = (page: Page) => page.getByRole("region", { name: "Map of the listing's position" });

async function typePosition(page: Page, latitude: number, longitude: number) {
  await page.getByLabel("Latitude").fill(String(latitude));
  await page.getByLabel("Longitude").fill(String(longitude));
}

async function boxes(page: Page) {
  return {
    latitude: Number(await page.getByLabel("Latitude").inputValue()),
    longitude: Number(await page.getByLabel("Longitude").inputValue()),
  };
}

test("the map picker: typing moves the pin, a click and a drag place it and fill the boxes", async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser);
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await londonListingEditor(page);
  // No tiles on the shared server: the plain background, and no geocoder: no button.
  await expect(page.getByText("No map background is set up for this site")).toBeVisible();
  await expect(page.getByRole("button", { name: "Find on map" })).toHaveCount(0);
  await expect(map(page)).toHaveAttribute("data-pin", `${london.latitude},${london.longitude}`);
  const pin = page.locator(".admin-location__pin");
  await expect(pin).toBeVisible();

  // Typing moves the pin.
  await typePosition(page, 51.52, -0.1);
  await expect(map(page)).toHaveAttribute("data-pin", "51.52,-0.1");

  // A click places it there and fills the boxes.
  await page.waitForTimeout(600); // the map centres on the typed position after a pause
  const area = await map(page).boundingBox();
  if (!area) throw new Error("the map has no box");
  await map(page).click({ position: { x: area.width / 2 + 120, y: area.height / 2 - 60 } });
  await expect.poll(async () => (await boxes(page)).longitude).toBeGreaterThan(-0.1);
  const clicked = await boxes(page);
  expect(clicked.latitude).toBeGreaterThan(51.52);
  await expect(map(page)).toHaveAttribute("data-pin", `${clicked.latitude},${clicked.longitude}`);

  // A drag moves it, west and south.
  await pin.hover();
  await page.mouse.down();
  const from = await pin.boundingBox();
  if (!from) throw new Error("the pin has no box");
  await page.mouse.move(from.x + from.width / 2 - 100, from.y + from.height / 2 + 80, {
    steps: 10,
  });
  await page.mouse.up();
  await expect.poll(async () => (await boxes(page)).longitude).toBeLessThan(clicked.longitude);
  const dragged = await boxes(page);
  expect(dragged.latitude).toBeLessThan(clicked.latitude);
  await expect(map(page)).toHaveAttribute("data-pin", `${dragged.latitude},${dragged.longitude}`);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await screenshot(page, "picker-plain", page.locator(".admin-location"));
  // Nothing was asked of another host; the check was asked once per pause, not in a loop.
  expect(requests.filter((url) => !url.startsWith(baseURL))).toEqual([]);
  const checks = requests.filter((url) => url.includes("/admin/listings/location.data?"));
  expect(checks.length).toBeGreaterThan(0);
  expect(checks.length).toBeLessThan(12);

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").first()).toContainText("is saved");
  expect(await boxes(page)).toEqual(dragged);
  await context.close();
});

test("a swapped or far position is flagged before the save and must be confirmed", async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser);
  const listing = await londonListingEditor(page);
  // Swapped: the warning names it, in the form, before any save.
  await typePosition(page, london.longitude, london.latitude);
  const warning = page.locator("#listing-location-warning");
  await expect(warning).toContainText(
    "Position on the map looks like latitude and longitude swapped",
  );
  // Far (Paris): the warning says how far; the save is refused until it is confirmed.
  await typePosition(page, 48.8566, 2.3522);
  await expect(warning).toContainText(/is 3\d\d km from London's other listings/);
  await screenshot(page, "picker-far-warning", page.locator(".admin-location"));
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { name: /There is 1 problem/ })).toBeVisible();
  await expect(warning).toContainText(/is 3\d\d km from London's other listings/);
  await expectNoSeriousViolations(page);
  await page.getByRole("checkbox", { name: "The position is right: save it as it is" }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/listings/${listing.code}/edit\\?done=saved$`));
  expect(await boxes(page)).toEqual({ latitude: 48.8566, longitude: 2.3522 });
  // A confirmation is for that position: moving the pin again asks again.
  await typePosition(page, 48.86, 2.35);
  await expect(warning).toBeVisible();
  await expect(
    page.getByRole("checkbox", { name: "The position is right: save it as it is" }),
  ).not.toBeChecked();
  await context.close();
});

test("the code field: a new listing's example is the next free code, Duplicate takes the next of its series, a code is changed", async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser);
  await gotoHydrated(page, "/admin/listings/new");
  const hint = await page.getByLabel("Code", { exact: true }).getAttribute("aria-describedby");
  const example = /such as (\S+) \(the next free code\)/.exec(
    (await page.locator(`#${hint}`).textContent()) ?? "",
  )?.[1];
  expect(example).toBeTruthy();
  expect((await page.goto(`/admin/listings/${example}/edit`))?.status()).toBe(404);

  const listing = await newListing();
  await page.goto(`/admin/listings?q=${listing.code.toLowerCase()}`);
  await page.getByRole("button", { name: `Duplicate ${listing.code}` }).click();
  await expect(page).toHaveURL(/\/admin\/listings\/GEN-\d{6}\/edit\?done=duplicated$/);
  const copy = /\/admin\/listings\/(GEN-\d{6})\/edit/.exec(page.url())?.[1] ?? "";
  expect(copy).not.toBe(listing.code);
  expect(Number(copy.slice(4))).toBeGreaterThan(Number(listing.code.slice(4)));
  await expect(page.getByRole("status").first()).toHaveText(
    `${copy} is a new unpublished copy. Change what differs, then save.`,
  );
  await expect(page.getByLabel("Code", { exact: true })).toHaveValue(copy);

  // A code another listing has is refused, naming that listing; a free one renames it. (Not a
  // generated listing: its slug holds its code, which the generator would hand out again.)
  const own = `WL-${suffix()}`;
  await createListing(page, own);
  await page.getByLabel("Code", { exact: true }).fill(listing.code);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("#listing-code-error")).toHaveText(
    `Code '${listing.code}' is already the code of listing “${listing.headline}”`,
  );
  const renamed = `WL-${suffix()}`;
  await page.getByLabel("Code", { exact: true }).fill(renamed);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/listings/${renamed}/edit\\?done=saved&renamed=${own}$`),
  );
  // What was typed under the old code was saved: no draft of it is kept to offer.
  await expect
    .poll(() => page.evaluate((code) => localStorage.getItem(`homes.listing-draft:${code}`), own))
    .toBeNull();
  await expect(page.getByRole("heading", { name: `Edit ${renamed}` })).toBeVisible();
  await context.close();
});

test("the listings table keeps Delete in view beside a long code at 1280 px", async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser);
  const long = `LONG-${suffix()}-${"X".repeat(60)}`.slice(0, 64);
  await createListing(page, long);
  await page.goto(`/admin/listings?q=${long.slice(0, 20).toLowerCase()}`);
  const remove = page.getByRole("link", { name: `Delete ${long}` });
  await expect(remove).toBeInViewport({ ratio: 1 });
  const box = await remove.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
  // The whole code is the cell's text and its title.
  const code = page.locator(".admin-listings__code", { hasText: long });
  await expect(code).toHaveAttribute("title", long);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await screenshot(page, "listings-long-code");
  await context.close();
});

test("the rating says beforehand that it is whole stars, and the refusal says why", async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser);
  const listing = await newListing();
  await gotoHydrated(page, `/admin/listings/${listing.code}/edit`);
  const rating = page.getByLabel("Rating (0 to 5)");
  await expect(rating).toHaveAccessibleDescription(
    "Whole stars only: 0, 1, 2, 3, 4 or 5 (no halves).",
  );
  await expect(rating).toHaveAttribute("inputmode", "numeric");
  await rating.fill("4.5");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("#listing-rating-error")).toHaveText(
    "Rating (0 to 5) must be a whole number from 0 to 5, without halves ('4.5' is not)",
  );
  await expect(rating).toHaveValue("4.5");
  await context.close();
});

test("stored floor plans show by picture and label in the editor, never by their hashed names", async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser);
  const listing = await newListing();
  await gotoHydrated(page, `/admin/listings/${listing.code}/photos`);
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  for (const [name, mimeType, buffer] of [
    [
      "ground.png",
      "image/png",
      await buildPhotoBytes({ width: 480, height: 360, format: "png", color: "#264653" }),
    ],
    ["site.pdf", "application/pdf", buildPdfBytes("e2e editor plan")],
  ] as const) {
    const answer = await page.request.post(`/admin/listings/${listing.code}/photos/upload`, {
      multipart: { csrf, "floor-plans": { name, mimeType, buffer } },
    });
    expect(answer.status(), name).toBe(200);
  }
  await gotoHydrated(page, `/admin/listings/${listing.code}/edit`);
  const plans = page.getByRole("list", { name: "Stored plans" });
  await expect(plans.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByLabel("Plan 1 (image): label")).toHaveValue("Floor plan 1");
  await expect(page.getByLabel("Plan 2 (PDF): label")).toHaveValue("Floor plan 2");
  // Lazy: it loads once scrolled to.
  await plans.locator("img").scrollIntoViewIfNeeded();
  await expect(plans.locator("img")).toHaveJSProperty("complete", true);
  expect(
    await plans.locator("img").evaluate((image: HTMLImageElement) => image.naturalWidth),
  ).toBeGreaterThan(0);
  // No 64-character name anywhere a person reads or types.
  expect(await page.locator("main").innerText()).not.toMatch(/[0-9a-f]{64}/);
  await expect(page.getByLabel("Other plans")).toHaveValue("");
  await expectNoSeriousViolations(page);
  await screenshot(page, "floor-plans-field", page.locator(".admin-plan-field"));

  await page.getByLabel("Plan 1 (image): label").fill("Ground floor");
  await page.getByRole("checkbox", { name: "Remove plan 2" }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/listings/${listing.code}/edit\\?done=saved$`));
  await expect(page.getByLabel("Plan 1 (image): label")).toHaveValue("Ground floor");
  await expect(plans.getByRole("listitem")).toHaveCount(1);
  await context.close();
});

test.describe("with map tiles and a geocoder", () => {
  test.use({ baseURL: mapBase });
  let server: ServerProcess | undefined;
  let tiles: TileServer;
  let geocoder: GeocoderStub;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    tiles = await startTileServer();
    geocoder = await startGeocoderStub({
      "27 Albert Street, London, England, United Kingdom": {
        lat: 51.5367,
        lon: -0.1426,
        display_name: "27, Albert Street, Camden Town, London, NW1 7LU, United Kingdom",
      },
    });
    // The shared server's database: the owner `npm run users` adds there signs in here too.
    server = spawnServer(mapPort, {
      DATABASE_URL: e2eDatabaseUrl,
      IMAGE_DIR: "./data/images",
      API_TOKEN: apiToken,
      SITE_URL: "https://homes.example.com",
      LOG_LEVEL: "warn",
      MAP_TILE_URL: tiles.template,
      MAP_TILE_ATTRIBUTION: "© Test tiles",
      GEOCODER_URL: geocoder.url,
      MAX_EVENT_LOOP_DELAY_MS: "0",
      RENDER_QUEUE_WAIT_MS: "60000",
      RENDER_PER_CLIENT: "0",
    });
    await server.ready(170_000);
  });

  test.afterAll(async () => {
    await server?.stop();
    await tiles?.close();
    await geocoder?.close();
  });

  test("tiles under the pin, and Find on map asks the geocoder through the server", async ({
    browser,
  }) => {
    const { context, page } = await signedInPage(browser, mapBase);
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await londonListingEditor(page);
    await expect(page.locator(".admin-location .leaflet-tile-loaded").first()).toBeVisible();
    await expect(page.locator(".admin-location .leaflet-control-attribution")).toHaveText(
      "© Test tiles",
    );
    await expect(page.getByText("No map background is set up for this site")).toHaveCount(0);

    await page.getByLabel("Street address").fill("27 Albert Street");
    await page.getByLabel("Province or state").fill("England");
    await page.getByRole("button", { name: "Find on map" }).click();
    await expect(page.locator(".admin-location__status")).toHaveText(
      "Found: 27, Albert Street, Camden Town, London, NW1 7LU, United Kingdom. Drag the pin if it is not exactly right.",
    );
    expect(await boxes(page)).toEqual({ latitude: 51.5367, longitude: -0.1426 });
    await expect(map(page)).toHaveAttribute("data-pin", "51.5367,-0.1426");
    expect(geocoder.requests.map((request) => request.query.get("q"))).toEqual([
      "27 Albert Street, London, England, United Kingdom",
    ]);
    // The browser asked the site and the tile server, never the geocoder.
    const hosts = new Set(requests.map((url) => new URL(url).origin));
    expect([...hosts].sort()).toEqual([mapBase, tiles.origin].sort());
    await expectNoSeriousViolations(page);
    await screenshot(page, "picker-tiles", page.locator(".admin-location"));
    await context.close();
  });
});
