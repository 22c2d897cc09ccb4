/**
 * Issue 27 (Lighthouse on a phone): the public pages' scripts show their controls where the
 * server's HTML already holds room for them, so nothing moves when they run — the detail page's
 * shortlist button and the header's link (shortlist.css), and the map's bar above the keyboard
 * hint (listings.css). Layout shifts are read from the browser's own `layout-shift` entries.
 *
 * Only the shifts from the end of parsing on count: the pages' scripts run after it (modules are
 * deferred). Before it, a busy browser may paint a document it has only partly parsed (a header
 * without its last controls yet) and report the rest's arrival as a shift: the browser's
 * progressive rendering, not a script moving what the server's HTML laid out.
 */
import { expect, type Page, test } from "@playwright/test";
import { listProperties } from "./api.ts";

interface Shift {
  value: number;
  nodes: string[];
}

interface TimedShift extends Shift {
  startTime: number;
}

/** Records every layout shift from the first paint on, as Lighthouse counts them. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: TimedShift[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          startTime: entry.startTime,
          value: entry.value,
          nodes: entry.sources.map((source) =>
            source.node instanceof Element ? source.node.className : String(source.node),
          ),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The shifts from the end of parsing on (see above), without their times. */
const shiftsOf = (page: Page): Promise<Shift[]> =>
  page.evaluate(() => {
    const [navigation] = performance.getEntriesByType(
      "navigation",
    ) as PerformanceNavigationTiming[];
    const parsed = navigation?.domInteractive ?? 0;
    return (window as unknown as { layoutShifts: TimedShift[] }).layoutShifts
      .filter((shift) => shift.startTime >= parsed)
      .map(({ value, nodes }) => ({ value, nodes }));
  });

const phoneWidths = [360, 390, 412, 600] as const;

for (const width of phoneWidths) {
  test(`at ${width} px, the detail page and the header show the shortlist without moving anything`, async ({
    page,
  }) => {
    const [property] = await listProperties();
    await page.setViewportSize({ width, height: 800 });
    await recordShifts(page);
    await page.goto(`/property/${property!.slug}`);
    await expect(page.locator("a[data-shortlist-link]")).toBeVisible();
    await expect(
      page.getByRole("button", { name: `Shortlist ${property!.headline}`, exact: true }),
    ).toBeVisible();
    expect(await shiftsOf(page)).toEqual([]);
  });

  test(`at ${width} px, the map draws its bar in the room the page held for it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await recordShifts(page);
    await page.goto("/search?view=map");
    await expect(page.locator(".property-map__canvas.leaflet-container")).toBeVisible();
    await expect(page.getByRole("button", { name: "Search this area" })).toBeVisible();
    expect(await shiftsOf(page)).toEqual([]);
  });
}

test("where the browser keeps no storage, the shortlist's held room is given back", async ({
  page,
}) => {
  const [property] = await listProperties();
  await page.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      get() {
        throw new DOMException("Storage is off", "SecurityError");
      },
    });
  });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/property/${property!.slug}`);
  const button = page.locator(".property-header__aside .shortlist-toggle");
  await expect(button).toHaveCSS("display", "none");
  await expect(page.locator("a[data-shortlist-link]")).toHaveCSS("display", "none");
});
