/**
 * The map view of a search and the Location tab's map (decision 054).
 *
 * Most tests run against a second server of their own, started here with MAP_TILE_URL pointing
 * at a tile server that this file starts too (tests/e2e/tile-server.ts), on the demo content.
 * The shared e2e server has no MAP_TILE_URL: the tests of a map without tiles use it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { resolve } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { openDatabase } from "../../db/database.ts";
import type { Property } from "../../lib/api-contract.ts";
import { pointInPolygon, readBoundingBox, readPolygon } from "../../lib/property-search.ts";
import { insideBox } from "../../lib/property-search-memory.ts";
import { freePort, type ServerProcess, spawnServer } from "../support/server-process.ts";
import { apiToken, baseURL, listProperties } from "./api.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";
import { startTileServer, type TileServer } from "./tile-server.ts";

// A port the system has free now, not one next to E2E_PORT that another program may hold.
const mapPort = await freePort();
const mapBase = `http://127.0.0.1:${mapPort}`;
// Its database: a folder of this run's own (made by beforeAll), so two runs never share one.
let dataDir = "";
const attribution = "© Test tiles & friends";

let server: ServerProcess | undefined;
let tiles: TileServer;
let properties: Property[];

// One map server for the file: its tests run in order in one worker.
test.describe.configure({ mode: "default", timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  properties = await listProperties();
  tiles = await startTileServer();
  dataDir = mkdtempSync(resolve(tmpdir(), "homes-e2e-map-"));
  server = spawnServer(mapPort, {
    DATABASE_URL: `file:${resolve(dataDir, "map.db")}`,
    // The shared server's folder, which it has filled already: the demo seed finds its photos.
    IMAGE_DIR: "./data/images",
    API_TOKEN: apiToken,
    SITE_URL: "https://homes.example.com",
    LOG_LEVEL: "warn",
    MAP_TILE_URL: tiles.template,
    MAP_TILE_ATTRIBUTION: attribution,
    MAX_EVENT_LOOP_DELAY_MS: "0",
    RENDER_QUEUE_WAIT_MS: "60000",
    RENDER_PER_CLIENT: "0",
  });
  await server.ready(170_000);
});

test.afterAll(async () => {
  await server?.stop();
  await tiles?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Every request the page makes, and its console errors. */
function watch(page: Page) {
  const requests: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { requests, errors };
}

/** Opens a page and waits until its map is drawn. */
async function gotoMap(page: Page, url: string) {
  await gotoHydrated(page, url);
  await page.locator(".property-map").scrollIntoViewIfNeeded();
  await expect(page.locator('.property-map[data-map-state="ready"]')).toHaveCount(1);
}

/** The property pages a listing URL lists, over all its pages. */
async function listedHrefs(page: Page, url: string): Promise<string[]> {
  const hrefs: string[] = [];
  for (let number = 1; number < 20; number++) {
    await page.goto(`${url}${url.includes("?") ? "&" : "?"}page=${number}`);
    if (number > 1 && !page.url().includes(`page=${number}`)) break; // past the end: redirected
    const links = await page
      .locator(".property-list .property-card__link")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href") ?? ""));
    hrefs.push(...links);
    if (links.length < 10) break;
  }
  return hrefs;
}

/** How many properties the drawn map shows: its single markers and its groups' counts. */
async function drawnCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    const pins = document.querySelectorAll(".property-map .map-pin").length;
    const groups = [...document.querySelectorAll<HTMLElement>(".property-map .map-group")].reduce(
      (sum, group) => sum + Number(group.dataset.count),
      0,
    );
    return pins + groups;
  });
}

test.describe("the map of a search", () => {
  test.use({ baseURL: mapBase });

  for (const query of [
    "",
    "status=For+Rent",
    "location=Canada",
    "type=Houses&bedrooms=2",
    "min-price=1000&max-price=500000&sort=price_asc",
    "email=garden",
  ]) {
    test(`shows the list's properties for /search?${query}`, async ({ page }) => {
      const listed = await listedHrefs(page, `/search?${query}`);
      const placed = listed.filter((href) => {
        const property = properties.find((each) => href.endsWith(`/${each.slug}`));
        return property?.latitude != null;
      });
      expect(placed.length, "the demo places its properties").toBe(listed.length);

      const markers = page.waitForResponse((response) =>
        new URL(response.url()).pathname.startsWith("/search/markers"),
      );
      await gotoMap(page, `/search?${query}${query ? "&" : ""}view=map`);
      const answer = (await (await markers).json()) as { markers: { href: string }[] };
      expect(answer.markers.map((marker) => marker.href).sort()).toEqual([...listed].sort());
      expect(await drawnCount(page)).toBe(listed.length);
      await expect(page.locator(".property-map__status")).toHaveText(
        `${listed.length} ${listed.length === 1 ? "property" : "properties"} on the map.`,
      );
      // The list under the map is the same list.
      const shown = await page
        .locator(".property-list .property-card__link")
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href") ?? ""));
      expect(shown).toEqual(listed.slice(0, 10));
    });
  }

  test("'Search this area' narrows the list to the visible area and keeps it in the URL", async ({
    page,
  }) => {
    await gotoMap(page, "/search?view=map");
    // Zoom into the biggest group until the map shows one city.
    for (let step = 0; step < 3; step++) {
      const counts = await page
        .locator(".map-group")
        .evaluateAll((nodes) => nodes.map((node) => Number((node as HTMLElement).dataset.count)));
      if (counts.length === 0) break;
      const biggest = counts.indexOf(Math.max(...counts));
      await page.locator(".map-group").nth(biggest).click();
      await page.waitForTimeout(400);
    }
    await page.getByRole("button", { name: "Search this area" }).click();
    await page.waitForURL(/bbox=/);
    const url = new URL(page.url());
    expect(url.searchParams.get("view")).toBe("map");
    const box = readBoundingBox(url.searchParams.get("bbox"));
    expect(box).toBeDefined();
    await expect(page.locator('.property-map[data-map-state="ready"]')).toHaveCount(1);

    const inside = properties.filter((property) => insideBox(property, box!));
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.length).toBeLessThan(properties.length);
    await expect(page.locator(".listing-toolbar__found")).toHaveText(
      `${inside.length} ${inside.length === 1 ? "property" : "properties"} found`,
    );
    const listed = await listedHrefs(page, url.pathname + url.search);
    expect(listed.sort()).toEqual(inside.map((property) => `/property/${property.slug}`).sort());
    // The map shows the same area and the same properties.
    await gotoMap(page, url.pathname + url.search);
    expect(await drawnCount(page)).toBe(inside.length);
    // 'Clear filters' drops the area but keeps the map.
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/search\?view=map$/);
  });

  test("a marker is a button from the keyboard: Enter opens its card, Escape comes back", async ({
    page,
  }) => {
    await gotoMap(page, "/search?view=map&location=Canada");
    const focusedKind = () =>
      page.evaluate(() => {
        const node = document.activeElement as HTMLElement | null;
        if (node?.classList.contains("map-pin")) return "pin";
        if (node?.classList.contains("map-group")) return "group";
        return "other";
      });
    let pinName: string | null | undefined = null;
    for (let step = 0; step < 40 && !pinName; step++) {
      await page.keyboard.press("Tab");
      const kind = await focusedKind();
      if (kind === "group") {
        await page.keyboard.press("Enter");
        await page.waitForTimeout(400);
        // Start again from the button before the map.
        await page.getByRole("button", { name: "Search this area" }).focus();
      } else if (kind === "pin") {
        pinName = await page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
      }
    }
    expect(pinName, "a marker takes the keyboard's focus").toBeTruthy();
    const pin = page.locator(".map-pin:focus");
    await expect(pin).toHaveAttribute("role", "button");
    const code = await pin.getAttribute("data-code");
    const property = properties.find((each) => each.code === code)!;
    expect(pinName).toContain(property.headline);

    await page.keyboard.press("Enter");
    const card = page.locator(".map-card");
    await expect(card).toBeVisible();
    const link = card.getByRole("link", { name: property.headline });
    await expect(link).toBeFocused();
    await expect(link).toHaveAttribute("href", `/property/${property.slug}`);

    await page.keyboard.press("Escape");
    await expect(card).toHaveCount(0);
    await expect(page.locator(`.map-pin[data-code="${code}"]`)).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(link).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/property/${property.slug}$`));
  });

  test("an area is drawn over the tiles and filters the list (decision 075)", async ({ page }) => {
    const { requests, errors } = watch(page);
    await gotoMap(page, "/search?view=map");
    await page.getByRole("button", { name: "Draw an area" }).click();
    await page.locator(".property-map__canvas").scrollIntoViewIfNeeded();
    const canvas = (await page.locator(".property-map__canvas").boundingBox())!;
    for (const [x, y] of [
      [0.1, 0.1],
      [0.9, 0.1],
      [0.5, 0.9],
    ] as const) {
      await page.mouse.click(canvas.x + canvas.width * x, canvas.y + canvas.height * y);
    }
    await page.getByRole("button", { name: "Finish area" }).click();
    await page.waitForURL(/polygon=/);
    const polygon = readPolygon(new URL(page.url()).searchParams.get("polygon"))!;
    expect(polygon).toHaveLength(3);
    await expect(page.locator('.property-map[data-map-state="ready"]')).toHaveCount(1);
    await expect(page.locator("path.map-area")).toHaveCount(1);
    const inside = properties.filter(
      (p) => p.latitude != null && pointInPolygon(p.longitude!, p.latitude!, polygon),
    );
    await expect(page.locator(".listing-toolbar__found")).toHaveText(
      `${inside.length} ${inside.length === 1 ? "property" : "properties"} found`,
    );
    expect(await drawnCount(page)).toBe(inside.length);
    expect(requests.some((url) => url.startsWith(tiles.origin))).toBe(true);
    expect(errors).toEqual([]);
  });

  test("tiles come from MAP_TILE_URL alone, with the attribution", async ({ page }) => {
    const { requests, errors } = watch(page);
    const before = tiles.served.length;
    await gotoMap(page, "/search?view=map");
    await expect(page.locator(".leaflet-tile-loaded").first()).toBeVisible();
    expect(tiles.served.length).toBeGreaterThan(before);
    await expect(page.locator(".leaflet-control-attribution")).toHaveText(attribution);
    const outside = requests.filter(
      (url) => !url.startsWith(`${mapBase}/`) && !url.startsWith(`${tiles.origin}/`),
    );
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await expect(page.locator(".property-map__notice")).toHaveCount(0);
  });

  test("the Location tab draws the property's place, frames its Google map and links to Google Maps", async ({
    page,
  }) => {
    const property = properties.find((each) => each.latitude != null && each.google_map)!;
    const { requests } = watch(page);
    await gotoHydrated(page, `/property/${property.slug}`);
    // Nothing of the map, nothing from the tile host and no Google frame before the visitor
    // opens the tab.
    await page.waitForLoadState("networkidle");
    expect(requests.filter((url) => /draw-property-map|leaflet/.test(url))).toEqual([]);
    expect(requests.filter((url) => url.startsWith(tiles.origin))).toEqual([]);
    expect(requests.filter((url) => /google/.test(url))).toEqual([]);
    await expect(page.locator("iframe")).toHaveCount(0);

    await page.getByRole("tab", { name: "Location" }).click();
    const panel = page.getByRole("tabpanel");
    await expect(panel.locator('.property-map[data-map-state="ready"]')).toHaveCount(1);
    await expect(
      panel.getByRole("img", { name: `Location of ${property.headline}` }),
    ).toBeVisible();
    await expect(panel.locator(".leaflet-tile-loaded").first()).toBeVisible();
    const google = panel.getByRole("link", { name: "Open in Google Maps" });
    // The demo's google_map is a search's embed page: the link opens the search itself.
    const search = new URL(property.google_map!);
    search.searchParams.delete("output");
    await expect(google).toHaveAttribute("href", search.toString());
    // The google_map embed in a frame named for screen readers, beside the own map (070); the
    // machine has no internet, so the frame's page does not load: its request is what counts.
    const frame = panel.locator("iframe");
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute("title", `Google map of ${property.headline}`);
    const embed = new URL(property.google_map!).toString();
    await expect(frame).toHaveAttribute("src", embed);
    await expect.poll(() => requests.filter((url) => /google/.test(url))).toEqual([embed]);
  });

  test("the Location tab frames nothing for a property without a google_map", async ({ page }) => {
    const property = properties.findLast((each) => each.latitude != null && each.google_map)!;
    // This server's own database: the shared server's property keeps its google_map.
    const database = openDatabase(`file:${resolve(dataDir, "map.db")}`);
    try {
      await database.db
        .updateTable("property")
        .set({ google_map: "" })
        .where("code", "=", property.code)
        .execute();
    } finally {
      await database.close();
    }
    const { requests } = watch(page);
    await gotoHydrated(page, `/property/${property.slug}`);
    await page.getByRole("tab", { name: "Location" }).click();
    const panel = page.getByRole("tabpanel");
    await expect(panel.locator('.property-map[data-map-state="ready"]')).toHaveCount(1);
    await expect(panel.getByRole("link", { name: "Open in Google Maps" })).toHaveCount(0);
    await expect(panel.locator(".property-map-frame")).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(requests.filter((url) => /google/.test(url))).toEqual([]);
  });

  for (const [label, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`axe finds no serious violation with the map and a card open (${label})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await gotoMap(page, "/search?view=map&location=Canada");
      // Open a card: a marker, zooming into groups until there is one.
      for (let step = 0; step < 5 && (await page.locator(".map-pin").count()) === 0; step++) {
        await page.locator(".map-group").first().click();
        await page.waitForTimeout(400);
      }
      await page.locator(".map-pin").first().click();
      await expect(page.locator(".map-card")).toBeVisible();
      // The card's pan into view has ended: no marker is caught mid-move.
      await page.waitForTimeout(600);
      expect(await seriousViolations(page)).toEqual([]);

      const property = properties.find((each) => each.latitude != null)!;
      await gotoHydrated(page, `/property/${property.slug}`);
      await page.getByRole("tab", { name: "Location" }).click();
      await expect(page.locator('.property-map[data-map-state="ready"]')).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe("without MAP_TILE_URL (the shared server)", () => {
  test("markers on a plain background with a notice; nothing asked of another host", async ({
    page,
  }) => {
    const outside: string[] = [];
    // Every other host is unreachable: a request to one fails, and is recorded.
    await page.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith(`${baseURL}/`)) return route.continue();
      outside.push(url);
      return route.abort("blockedbyclient");
    });
    const { errors } = watch(page);
    await gotoMap(page, "/search?view=map");
    await expect(page.locator(".property-map__notice")).toHaveText(
      "No map background is set up for this site: the markers stand on a plain background.",
    );
    await expect(page.locator(".leaflet-tile")).toHaveCount(0);
    expect(await drawnCount(page)).toBe(properties.filter((p) => p.latitude != null).length);

    const property = properties.find((each) => each.latitude != null && each.google_map)!;
    await gotoHydrated(page, `/property/${property.slug}`);
    expect(outside).toEqual([]);
    await page.getByRole("tab", { name: "Location" }).click();
    await expect(page.locator('.property-map[data-map-state="ready"]')).toHaveCount(1);
    await expect(page.locator(".property-map__notice")).toBeVisible();
    await page.waitForLoadState("networkidle");
    // The opened tab's Google frame alone (decision 070), blocked here like every other host.
    expect(outside).toEqual([new URL(property.google_map!).toString()]);
    expect(errors).toEqual([]);
  });

  test("the map's code loads only on pages that show a map", async ({ page }) => {
    const property = properties.find((each) => each.latitude != null)!;
    const { requests } = watch(page);
    const mapCode = () =>
      requests.filter((url) => /\/assets\/(draw-property-map|leaflet)-[\w-]+\.(js|css)$/.test(url));
    for (const path of ["/", "/property", "/search", "/contact", `/property/${property.slug}`]) {
      await gotoHydrated(page, path);
      await page.waitForLoadState("networkidle");
      expect(mapCode(), path).toEqual([]);
    }
    await gotoMap(page, "/search?view=map");
    expect(mapCode().some((url) => /draw-property-map-[\w-]+\.js$/.test(url))).toBe(true);
    expect(mapCode().some((url) => /leaflet-[\w-]+\.css$/.test(url))).toBe(true);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the map view explains itself and the list stays", async ({ page }) => {
      await page.goto("/search?view=map");
      // What the visitor sees: the keyboard hint of the drawn map is in the page, hidden
      // without scripting (decision 075).
      await expect(page.getByRole("region", { name: "Map of the properties found" })).toHaveText(
        "The map needs JavaScript. The list below shows the same properties.",
        { useInnerText: true },
      );
      await expect(page.locator(".property-map__hint")).toBeHidden();
      await expect(page.locator(".property-list .property-card")).toHaveCount(10);
      await expect(page.getByRole("link", { name: "Map view" })).toHaveAttribute(
        "aria-current",
        "page",
      );
    });
  });
});
