/**
 * The map of a search fits every result at any width, and a visitor can draw an area on it
 * (decision 075): `polygon=lon lat,…` filters the list, its count and the map, with and
 * without JavaScript, and 'Remove area' takes it away. On the shared server (no tiles: the
 * drawing needs none).
 */

import { expect, type Page, test } from "@playwright/test";
import type { Property } from "../../lib/api-contract.ts";
import { type Polygon, pointInPolygon, readPolygon } from "../../lib/property-search.ts";
import { listProperties } from "./api.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";

let properties: Property[];

test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  properties = await listProperties();
});

const placed = () => properties.filter((p) => p.latitude != null && p.longitude != null);
const insideOf = (polygon: Polygon) =>
  placed().filter((p) => pointInPolygon(p.longitude!, p.latitude!, polygon));
const found = (count: number) => `${count} ${count === 1 ? "property" : "properties"} found`;

async function gotoMap(page: Page, url: string) {
  await gotoHydrated(page, url);
  await page.locator(".property-map").scrollIntoViewIfNeeded();
  await expect(page.locator('.property-map[data-map-state="ready"]')).toHaveCount(1);
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

/** The markers and groups that stick out of the map's visible canvas. */
async function markersOutside(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector(".property-map__canvas")!.getBoundingClientRect();
    return [...document.querySelectorAll(".property-map .leaflet-marker-icon")].filter((node) => {
      const box = node.getBoundingClientRect();
      return (
        box.left < canvas.left ||
        box.right > canvas.right ||
        box.top < canvas.top ||
        box.bottom > canvas.bottom
      );
    }).length;
  });
}

test.describe("the map fits every result", () => {
  for (const [name, viewport] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1280, height: 900 }],
  ] as const) {
    test(`at ${viewport.width} px every marker and group is inside the visible map`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await gotoMap(page, "/search?view=map");
      // Every placed result is drawn (a group or marker out of view is not drawn at all)...
      expect(await drawnCount(page), name).toBe(placed().length);
      // ...and each stands wholly inside the canvas.
      expect(await markersOutside(page), name).toBe(0);
      // Zooming out is still offered (the map may show the whole world).
      await expect(page.locator(".leaflet-control-zoom-out")).not.toHaveClass(/leaflet-disabled/);
    });
  }
});

test.describe("drawing an area", () => {
  test("clicks draw a polygon; the URL, the list, its count and the map follow; 'Remove area' undoes it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoMap(page, "/search?view=map&sort=price_asc");
    // The keyboard's way is said next to the button.
    await expect(page.locator(".property-map__hint")).toContainText("Search this area");
    // Into the biggest group, so the area holds some of the homes and not others.
    const counts = await page
      .locator(".map-group")
      .evaluateAll((nodes) => nodes.map((node) => Number((node as HTMLElement).dataset.count)));
    if (counts.length > 0) {
      await page
        .locator(".map-group")
        .nth(counts.indexOf(Math.max(...counts)))
        .click();
      await page.waitForTimeout(500);
    }

    // Cancel leaves the map as it was.
    await page.getByRole("button", { name: "Draw an area" }).click();
    await expect(page.getByRole("button", { name: "Finish area" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Search this area" })).toBeHidden();
    const canvas = (await page.locator(".property-map__canvas").boundingBox())!;
    const at = (x: number, y: number) =>
      page.mouse.click(canvas.x + canvas.width * x, canvas.y + canvas.height * y);
    await at(0.3, 0.3);
    await expect(page.locator(".map-area__corner")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(page.locator(".map-area__corner")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Draw an area" })).toBeVisible();
    expect(page.url()).not.toContain("polygon=");

    // A quadrilateral over the middle of the map.
    await page.getByRole("button", { name: "Draw an area" }).click();
    await at(0.2, 0.2);
    await at(0.8, 0.25);
    await expect(page.locator(".property-map__progress")).toContainText("2 corners so far");
    await at(0.75, 0.85);
    await at(0.25, 0.8);
    await expect(page.locator(".map-area__corner")).toHaveCount(4);
    await expect(page.locator(".property-map__progress")).toContainText("4 corners so far");
    await page.getByRole("button", { name: "Finish area" }).click();
    await page.waitForURL(/polygon=/);

    const url = new URL(page.url());
    expect(url.searchParams.get("view")).toBe("map");
    expect(url.searchParams.get("sort")).toBe("price_asc");
    expect(url.searchParams.get("page")).toBeNull();
    const raw = url.searchParams.get("polygon")!;
    // Compact: five decimals at most.
    expect(raw).toMatch(
      /^(-?\d+(\.\d{1,5})? -?\d+(\.\d{1,5})?,){3}-?\d+(\.\d{1,5})? -?\d+(\.\d{1,5})?$/,
    );
    const polygon = readPolygon(raw)!;
    expect(polygon).toHaveLength(4);
    const inside = insideOf(polygon);
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.length).toBeLessThan(placed().length);

    await expect(page.locator('.property-map[data-map-state="ready"]')).toHaveCount(1);
    await expect(page.locator(".listing-toolbar__found")).toHaveText(found(inside.length));
    const listed = await page
      .locator(".property-list .property-card__link")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href") ?? ""));
    expect(listed).toEqual(
      [...inside]
        .sort((a, b) => a.price - b.price)
        .slice(0, 10)
        .map((p) => `/property/${p.slug}`),
    );
    expect(await drawnCount(page)).toBe(inside.length);
    await expect(page.locator("path.map-area")).toHaveCount(1);
    await expect(page.locator(".listing-area")).toContainText(
      "The list is limited to an area drawn on the map.",
    );

    await page.getByRole("link", { name: "Remove area" }).click();
    await page.waitForURL((next) => !next.search.includes("polygon="));
    expect(new URL(page.url()).searchParams.get("view")).toBe("map");
    // Unfiltered again: the whole list.
    await expect(page.locator(".listing-toolbar__found")).toHaveCount(0);
    await expect(page.locator(".listing-toolbar__summary")).toContainText(`${properties.length}`);
    await expect(page.locator(".listing-area")).toHaveCount(0);
  });

  test("axe finds nothing serious on the map page, drawing and with a drawn area", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoMap(page, "/search?view=map");
    await page.getByRole("button", { name: "Draw an area" }).click();
    expect(await seriousViolations(page)).toEqual([]);
    const area = placed()[0]!;
    const polygon = `${area.longitude! - 1} ${area.latitude! - 1},${area.longitude! + 1} ${area.latitude! - 1},${area.longitude!} ${area.latitude! + 1}`;
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoMap(page, `/search?view=map&polygon=${encodeURIComponent(polygon)}`);
    await expect(page.locator("path.map-area")).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a polygon URL filters the list and says so, with a link that removes it", async ({
    page,
  }) => {
    const first = placed()[0]!;
    const corners: Polygon = [
      [first.longitude! - 0.5, first.latitude! - 0.5],
      [first.longitude! + 0.5, first.latitude! - 0.5],
      [first.longitude! + 0.5, first.latitude! + 0.5],
      [first.longitude! - 0.5, first.latitude! + 0.5],
    ].map(([lon, lat]) => [Math.round(lon! * 1e5) / 1e5, Math.round(lat! * 1e5) / 1e5]);
    const inside = insideOf(corners);
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.length).toBeLessThan(properties.length);
    const param = corners.map(([lon, lat]) => `${lon} ${lat}`).join(",");
    await page.goto(`/search?polygon=${encodeURIComponent(param)}&view=map`);
    await expect(page.locator(".listing-toolbar__found")).toHaveText(found(inside.length));
    await expect(page.locator(".property-map__fallback")).toBeVisible();
    await expect(page.locator(".listing-area")).toContainText(
      "The list is limited to an area drawn on the map.",
    );
    const listed = await page
      .locator(".property-list .property-card__link")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href") ?? ""));
    const slugs = new Set(inside.map((p) => `/property/${p.slug}`));
    expect(listed.length).toBe(Math.min(10, inside.length));
    for (const href of listed) expect(slugs.has(href), href).toBe(true);

    // The list view keeps the area too.
    await page.goto(`/search?polygon=${encodeURIComponent(param)}`);
    await expect(page.locator(".listing-toolbar__found")).toHaveText(found(inside.length));

    await page.getByRole("link", { name: "Remove area" }).click();
    await expect(page.locator(".listing-area")).toHaveCount(0);
    await expect(page.locator(".listing-toolbar__found")).toHaveCount(0);
    await expect(page.locator(".listing-toolbar__summary")).toContainText(`${properties.length}`);
    expect(page.url()).not.toContain("polygon=");
  });
});
