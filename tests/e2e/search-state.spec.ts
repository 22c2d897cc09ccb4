/**
 * Issue 27, "One search state" (decision 074): every control of /search and /property reads and
 * writes one URL grammar, so refining keeps every other choice; a keyword box on /search; price
 * choices up to the catalogue's highest prices; every city and type of the data; the 'Property
 * Category' group filters; the home page's and footer's type and city links open the filtered
 * search; on a phone a 'Filters' control at the top of the results opens the filters. Each
 * behaviour with and without JavaScript; expectations come from the API's full list.
 */

import type { Page } from "@playwright/test";
import { categoryTypes, priceSteps } from "../../app/listing/listing-search.ts";
import type { Category, Property } from "../../lib/api-contract.ts";
import { apiData, listProperties } from "./api.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";
import { expect, test } from "./shared-page.ts";

let all: Property[];

test.beforeAll(async () => {
  all = await listProperties();
  expect(all.length).toBeGreaterThan(10);
});

const foundText = (count: number) => `${count} ${count === 1 ? "property" : "properties"} found`;
const advancedSearch = (page: Page) => page.getByRole("region", { name: "Advanced Search" });
const specLocations = ["New York", "Bangladesh", "India", "Canada"];
const specTypes = ["Apartments", "Houses", "Commercial", "Garages"];

/** The data's cities, each with its number of listings, by name. */
function cities() {
  const counts = new Map<string, number>();
  for (const property of all) counts.set(property.city, (counts.get(property.city) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b, "en"));
}

/** A city of the data that is none of the SPEC's four options. */
const otherCity = () => cities().find(([name]) => !specLocations.includes(name))!;

const highest = (offer: string) =>
  Math.max(...all.filter((property) => property.offer_type === offer).map((p) => p.price));

for (const javaScript of [true, false]) {
  const mode = javaScript ? "with JavaScript" : "without JavaScript";
  const open = (page: Page, path: string) =>
    javaScript ? gotoHydrated(page, path) : page.goto(path);

  test.describe(mode, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("refining in the sidebar keeps the keyword, map view, area unit and box", async ({
      sharedPage: page,
    }) => {
      const keyword = all[0]!.city;
      await open(page, `/search?view=map&email=${encodeURIComponent(keyword)}&area=m2&page=1`);
      const form = advancedSearch(page);
      await expect(form.getByLabel("Keyword", { exact: true })).toHaveValue(keyword);
      await form.getByLabel("Bedrooms", { exact: true }).selectOption("3");
      await form.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/bedrooms=3/);
      const params = new URL(page.url()).searchParams;
      expect(params.get("view")).toBe("map");
      expect(params.get("email")).toBe(keyword);
      expect(params.get("area")).toBe("m2");
      expect(params.get("bedrooms")).toBe("3");
      expect(params.has("page")).toBe(false);
      const expected = all.filter(
        (property) =>
          property.bedroom >= 3 &&
          [property.headline, property.address, property.city, property.description].some((text) =>
            text.toLowerCase().includes(keyword.toLowerCase()),
          ),
      );
      await expect(page.getByText(foundText(expected.length), { exact: true })).toBeVisible();
      // The toolbar's 'Clear filters' clears every filter and keeps the view and the unit.
      await page.locator(".listing-toolbar").getByRole("link", { name: "Clear filters" }).click();
      await expect(page).toHaveURL(/\/search\?view=map&area=m2$/);
    });

    test("the property schema's filters (tenure, furnished) filter, and refining keeps them", async ({
      sharedPage: page,
    }) => {
      await open(page, "/search?status=For+Sale&area=m2");
      const form = advancedSearch(page);
      await form.getByLabel("Tenure", { exact: true }).selectOption("Freehold");
      await form.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/tenure=freehold/);
      const matching = (tenure: string, furnished?: string) =>
        all.filter(
          (property) =>
            property.offer_type === "For Sale" &&
            property.tenure === tenure &&
            (furnished === undefined || property.furnished === furnished),
        ).length;
      const shows = async (count: number) =>
        count === 0
          ? expect(page.getByText("No properties match your search.")).toBeVisible()
          : expect(page.getByText(foundText(count), { exact: true })).toBeVisible();
      await shows(matching("freehold"));
      // Refining another choice keeps the tenure, the status and the unit.
      const refined = advancedSearch(page);
      await expect(refined.getByLabel("Tenure", { exact: true })).toHaveValue("freehold");
      await refined.getByLabel("Furnished", { exact: true }).selectOption("Part furnished");
      await refined.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/furnished=part_furnished/);
      const params = new URL(page.url()).searchParams;
      expect(params.get("tenure")).toBe("freehold");
      expect(params.get("status")).toBe("For Sale");
      expect(params.get("area")).toBe("m2");
      await shows(matching("freehold", "part_furnished"));
      // 'Clear filters' drops them with the SPEC's filters.
      await page
        .locator(".listing-toolbar, .listing-empty")
        .getByRole("link", { name: "Clear filters" })
        .first()
        .click();
      await expect(page).toHaveURL(/\/search\?area=m2$/);
    });

    test("the keyword box on /search searches by the `email` parameter", async ({
      sharedPage: page,
    }) => {
      await open(page, "/search");
      const keyword = all[1]!.city;
      const box = advancedSearch(page).getByLabel("Keyword", { exact: true });
      await expect(box).toBeVisible();
      await box.fill(keyword);
      await box.press("Enter");
      await expect.poll(() => new URL(page.url()).searchParams.get("email")).toBe(keyword);
      await expect(advancedSearch(page).getByLabel("Keyword", { exact: true })).toHaveValue(
        keyword,
      );
    });

    test("price choices reach the catalogue's highest sale and rent prices", async ({
      sharedPage: page,
    }) => {
      await open(page, "/search");
      const form = advancedSearch(page);
      const from = form.getByLabel("Price from", { exact: true });
      for (const offer of ["For Sale", "For Rent"]) {
        const steps = priceSteps(highest(offer));
        const group = from.locator(`optgroup[label="${offer}"] option`);
        await expect(group).toHaveCount(steps.length);
        expect(steps.at(-1)).toBeGreaterThanOrEqual(highest(offer));
      }
      // The SPEC's slider stays beside them.
      await expect(form.getByLabel("Price (USD)")).toHaveAttribute("max", "150000");

      const sale = priceSteps(highest("For Sale"));
      const step = sale.find((value) => value > 150_000) ?? sale.at(-1)!;
      if (javaScript) {
        // The choices follow the chosen status.
        await form.getByLabel("Property Status", { exact: true }).selectOption("For Sale");
        await expect(from.locator('optgroup[label="For Rent"]')).toHaveJSProperty("disabled", true);
        await expect(from.locator('optgroup[label="For Sale"]')).toHaveJSProperty(
          "disabled",
          false,
        );
      }
      await from.selectOption(String(step));
      await form.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(new RegExp(`min-price=${step}`));
      const expected = all.filter(
        (property) => property.price >= step && (!javaScript || property.offer_type === "For Sale"),
      );
      await expect(page.getByText(foundText(expected.length), { exact: true })).toBeVisible();
      await expect(advancedSearch(page).getByLabel("Price from", { exact: true })).toHaveValue(
        String(step),
      );
    });

    test("Location offers every city of the data and filters by it", async ({
      sharedPage: page,
    }) => {
      await open(page, "/search");
      const location = advancedSearch(page).getByLabel("Location", { exact: true });
      // The SPEC's four first, where the SPEC shows them; then every city with its count.
      await expect(location.locator("xpath=./option")).toHaveText(["Any", ...specLocations]);
      await expect(location.locator('optgroup[label="Cities"] option')).toHaveText(
        cities().map(([name, count]) => `${name} (${count})`),
      );
      const [city, count] = otherCity();
      await location.selectOption({ label: `${city} (${count})` });
      await advancedSearch(page).getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(new RegExp(`location=${encodeURIComponent(city)}`));
      await expect(page.getByText(foundText(count), { exact: true })).toBeVisible();
    });

    test("a property page's Advanced Search offers the same cities and prices", async ({
      sharedPage: page,
    }) => {
      const [home] = all;
      await open(page, `/property/${home!.slug}`);
      const search = advancedSearch(page);
      await expect(
        search.getByLabel("Location", { exact: true }).locator('optgroup[label="Cities"] option'),
      ).toHaveText(cities().map(([name, count]) => `${name} (${count})`));
      const [city, count] = otherCity();
      await search
        .getByLabel("Location", { exact: true })
        .selectOption({ label: `${city} (${count})` });
      await search.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(
        new RegExp(`/property\\?.*location=${encodeURIComponent(city)}`),
      );
      await expect(page.getByText(foundText(count), { exact: true })).toBeVisible();
    });

    test("every type of the data filters, and so does the 'Property Category' group", async ({
      sharedPage: page,
    }) => {
      await open(page, "/search");
      const type = advancedSearch(page).getByLabel("Property Type", { exact: true });
      await expect(type.locator("xpath=./option")).toHaveText(["Any", ...specTypes]);
      const categories = await apiData<Category[]>("/category/display_counter");
      const extra = categories
        .map((category) => category.title)
        .filter((title) => !specTypes.includes(title));
      expect(extra.length).toBeGreaterThan(0);
      await expect(type.locator('optgroup[label="More types"] option')).toHaveText(extra);
      await type.selectOption(extra[0]!);
      await advancedSearch(page).getByRole("button", { name: "Search" }).click();
      const ofType = all.filter((property) => property.category === extra[0]);
      await expect(page.getByText(foundText(ofType.length), { exact: true })).toBeVisible();

      await open(page, "/search");
      await advancedSearch(page)
        .getByLabel("Property Category", { exact: true })
        .selectOption("Residential");
      await advancedSearch(page).getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/category=Residential/);
      const residential = all.filter((property) =>
        categoryTypes.Residential!.includes(property.category ?? ""),
      );
      expect(residential.length).toBeGreaterThan(0);
      expect(residential.length).toBeLessThan(all.length);
      await expect(page.getByText(foundText(residential.length), { exact: true })).toBeVisible();

      // A group no listing is in: the SPEC's empty text, honestly.
      await open(page, "/search?category=Land");
      const land = all.filter((property) => property.category === "Land");
      if (land.length === 0) {
        await expect(page.getByText("No properties match your search.")).toBeVisible();
      } else {
        await expect(page.getByText(foundText(land.length), { exact: true })).toBeVisible();
      }
    });

    test("the home page's type cards and city tiles and the footer's types open the filtered search", async ({
      sharedPage: page,
    }) => {
      await open(page, "/");
      const lookingFor = page.locator(".looking-for");
      for (const title of ["Apartments", "Houses", "Garages", "Commercial"]) {
        await expect(lookingFor.getByRole("link", { name: title, exact: true })).toHaveAttribute(
          "href",
          `/search?type=${title}`,
        );
      }
      const footer = page.locator("footer");
      for (const title of specTypes) {
        await expect(footer.getByRole("link", { name: title, exact: true })).toHaveAttribute(
          "href",
          `/search?type=${title}`,
        );
      }
      const popular = page.getByRole("region", { name: "Most Popular Category" });
      await popular.getByRole("link", { name: "London", exact: true }).click();
      await expect(page).toHaveURL(/\/search\?location=London$/);
      const inLondon = all.filter((property) =>
        [property.city, property.province, property.country].includes("London"),
      );
      await expect(page.getByText(foundText(inLondon.length), { exact: true })).toBeVisible();
      await expect(advancedSearch(page).getByLabel("Location", { exact: true })).toHaveValue(
        "London",
      );
    });

    test("on a phone a 'Filters' control at the top of the results opens the filters", async ({
      sharedPage: page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await open(page, "/search");
      const filters = page.locator(".listing-filters-link");
      await expect(filters).toBeVisible();
      await expect(filters).toHaveText("Filters");
      const top = await filters.boundingBox();
      const firstResult = await page.locator(".property-list > li").first().boundingBox();
      expect(top!.y).toBeLessThan(firstResult!.y);
      await filters.click();
      const form = advancedSearch(page);
      if (javaScript) {
        const dialog = page.getByRole("dialog", { name: "Advanced Search" });
        await expect(dialog).toBeVisible();
        await expect(filters).toHaveAttribute("aria-expanded", "true");
        await expect(dialog.getByLabel("Keyword", { exact: true })).toBeFocused();
        await expect(dialog.getByRole("button", { name: "Search" })).toBeInViewport();
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
        await expect(filters).toBeFocused();
        await filters.click();
        await page.getByRole("button", { name: "Close" }).click();
        await expect(page.getByRole("dialog")).toHaveCount(0);
      } else {
        await expect(page).toHaveURL(/#filters$/);
        await expect(form.getByLabel("Keyword", { exact: true })).toBeInViewport();
      }
      // Wide screens show the filters beside the results: no such control.
      await page.setViewportSize({ width: 1280, height: 900 });
      await expect(filters).toBeHidden();
    });
  });
}

test("/search with the filters open on a phone passes axe", async ({ sharedPage: page }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/search?category=Residential");
  await page.locator(".listing-filters-link").click();
  await expect(page.getByRole("dialog", { name: "Advanced Search" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
