/**
 * Issue 5: search, sort and paging on /search and /property. Every expectation is worked out
 * here from the API's full property list (SPEC §7, no parameters), so a page must list exactly
 * the properties that the data says match, in the order the sort says.
 */

import type { Page } from "@playwright/test";
import type { Property } from "../../lib/api-contract.ts";
import { listProperties } from "./api.ts";
import { axeScan } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";
import { expect, test } from "./shared-page.ts";

const listPageSize = 10;
const gridPageSize = 6;

/** Every published property, newest first (the default order of both listings). */
let all: Property[];

test.beforeAll(async () => {
  all = await listProperties();
  expect(all.length).toBeGreaterThan(listPageSize);
});

type View = "list" | "grid";
const views = {
  list: { path: "/search", item: ".property-list > li", link: ".property-card__link", size: 10 },
  grid: { path: "/property", item: ".property-grid > li", link: ".property-card__link", size: 6 },
} as const;

/** The slugs the page lists, in order. */
async function listedSlugs(page: Page, view: View): Promise<string[]> {
  const { item, link } = views[view];
  const hrefs = await page
    .locator(`${item} ${link}`)
    .evaluateAll((links) => links.map((element) => element.getAttribute("href") ?? ""));
  return hrefs.map((href) => decodeURIComponent(href.replace(/^\/property\//, "")));
}

const slugs = (properties: readonly Property[]) => properties.map((property) => property.slug);
const bySlug = () => new Map(all.map((property) => [property.slug, property]));

function foundText(count: number) {
  return `${count} ${count === 1 ? "property" : "properties"} found`;
}

function pager(page: Page) {
  return page.getByRole("navigation", { name: "Properties pages" });
}

/**
 * Opens `query` on the view and checks, page by page through 'Next page', that it lists
 * exactly `expected` in order, says how many match, and keeps the query in every page's URL.
 */
async function expectListing(page: Page, view: View, query: string, expected: Property[]) {
  const { path, item, size } = views[view];
  await page.goto(`${path}?${query}`);
  await expect(page.getByText(foundText(expected.length), { exact: true })).toBeVisible();
  if (expected.length === 0) {
    await expect(page.getByText("No properties match your search.")).toBeVisible();
    await expect(pager(page)).toHaveCount(0);
    return;
  }
  const pages = Math.ceil(expected.length / size);
  await expect(pager(page).getByRole("link", { name: /^\d+$/ })).toHaveCount(pages);
  const wanted = new URLSearchParams(query);
  for (let n = 1; n <= pages; n++) {
    if (n > 1) {
      await pager(page).getByRole("link", { name: "Next page" }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]page=${n}(&|$)`));
      const params = new URL(page.url()).searchParams;
      for (const [name, value] of wanted) expect(params.get(name), name).toBe(value);
    }
    const shown = expected.slice((n - 1) * size, n * size);
    await expect(page.locator(item)).toHaveCount(shown.length);
    // The URL changes as the navigation commits; the new rows render just after.
    await expect.poll(() => listedSlugs(page, view)).toEqual(slugs(shown));
  }
  await expect(pager(page).getByLabel("Next page")).toBeDisabled();
}

/** The word of the headlines that the most properties share, for a keyword search. */
function commonWord(): string {
  const counts = new Map<string, number>();
  for (const property of all) {
    for (const word of new Set(property.headline.toLowerCase().match(/[a-z]{5,}/g) ?? [])) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

function hasKeyword(property: Property, keyword: string) {
  const fields = [property.headline, property.address, property.city, property.description].map(
    (text) => text.toLowerCase(),
  );
  return keyword
    .toLowerCase()
    .split(" ")
    .filter(Boolean)
    .every((word) => fields.some((text) => text.includes(word)));
}

const inPlace = (property: Property, place: string) =>
  [property.city, property.province, property.country].includes(place);

test.describe("filters from the URL", () => {
  test("the bare pages still list every property", async ({ sharedPage: page }) => {
    for (const view of ["list", "grid"] as const) {
      await page.goto(views[view].path);
      await expect(page.locator(".listing-toolbar__summary")).toHaveText(
        `Showing 1–${views[view].size} of ${all.length} properties`,
      );
      expect(await listedSlugs(page, view)).toEqual(slugs(all.slice(0, views[view].size)));
      await expect(page.getByRole("link", { name: "Clear filters" })).toHaveCount(0);
    }
  });

  test("the keyword (email) searches headline, address, city and description", async ({
    sharedPage: page,
  }) => {
    const word = commonWord();
    const expected = all.filter((property) => hasKeyword(property, word));
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThan(all.length);
    await expectListing(page, "list", `email=${encodeURIComponent(word.toUpperCase())}`, expected);
  });

  test("property-status and status narrow by offer type", async ({ sharedPage: page }) => {
    for (const status of ["For Rent", "For Sale"]) {
      const expected = all.filter((property) => property.offer_type === status);
      expect(expected.length).toBeGreaterThan(0);
      await expectListing(page, "grid", `property-status=${encodeURIComponent(status)}`, expected);
    }
    const rent = all.filter((property) => property.offer_type === "For Rent");
    await expectListing(page, "list", "status=For+Rent", rent);
  });

  test("property-types and type narrow by category", async ({ sharedPage: page }) => {
    const type = all.find((property) => property.category)!.category!;
    const expected = all.filter((property) => property.category === type);
    await expectListing(page, "list", `property-types=${encodeURIComponent(type)}`, expected);
    await expectListing(page, "grid", `type=${encodeURIComponent(type)}`, expected);
  });

  test("location matches the city, province or country", async ({ sharedPage: page }) => {
    const country = all.find((property) => property.country === "Canada")?.country ?? "";
    const city = all[0]!.city;
    for (const place of [country, city].filter(Boolean)) {
      const expected = all.filter((property) => inPlace(property, place));
      expect(expected.length).toBeGreaterThan(0);
      await expectListing(page, "list", `location=${encodeURIComponent(place)}`, expected);
    }
  });

  test("min-area and max-area bound the size", async ({ sharedPage: page }) => {
    const sizes = all.map((property) => property.size).sort((a, b) => a - b);
    const min = sizes[Math.floor(sizes.length / 4)]!;
    const max = sizes[Math.floor((sizes.length * 3) / 4)]!;
    const expected = all.filter((property) => property.size >= min && property.size <= max);
    await expectListing(page, "grid", `min-area=${min}&max-area=${max}`, expected);
  });

  test("the Advanced Search's counts read 'at least'", async ({ sharedPage: page }) => {
    const cases: [string, (property: Property) => boolean][] = [
      ["bedrooms=3", (property) => property.bedroom >= 3],
      ["bathrooms=2", (property) => property.bathroom >= 2],
      ["balcony=1", (property) => (property.balcony ?? -1) >= 1],
      ["garage=2", (property) => property.garage >= 2],
    ];
    for (const [query, matches] of cases) {
      const expected = all.filter(matches);
      expect(expected.length, query).toBeGreaterThan(0);
      await expectListing(page, "list", query, expected);
    }
  });

  test("the price range bounds the price; the slider's ends mean no limit", async ({
    sharedPage: page,
  }) => {
    const expected = all.filter((property) => property.price >= 1000 && property.price <= 90000);
    expect(expected.length).toBeGreaterThan(0);
    await expectListing(page, "list", "min-price=1000&max-price=90000", expected);
    // The full SPEC range (0 to 150000) filters nothing, although sale prices are higher.
    await page.goto("/search?min-price=0&max-price=150000&min-area=0&max-area=10000");
    await expect(page.locator(".listing-toolbar__summary")).toHaveText(
      `Showing 1–${listPageSize} of ${all.length} properties`,
    );
  });

  test("filters combine", async ({ sharedPage: page }) => {
    const place = all.find((property) => property.offer_type === "For Sale")!.country;
    const expected = all.filter(
      (property) =>
        property.offer_type === "For Sale" && property.bedroom >= 2 && inPlace(property, place),
    );
    expect(expected.length).toBeGreaterThan(0);
    await expectListing(
      page,
      "grid",
      `property-status=For+Sale&bedrooms=2&location=${encodeURIComponent(place)}`,
      expected,
    );
  });

  test("a search without a match shows the empty state and clears", async ({
    sharedPage: page,
  }) => {
    await gotoHydrated(page, "/search?email=zzyzx-no-such-home");
    await expect(page.getByText("0 properties found", { exact: true })).toBeVisible();
    const empty = page.locator(".listing-empty");
    await expect(empty).toContainText("No properties match your search.");
    await expect(pager(page)).toHaveCount(0);
    await expect(page.locator(".property-list > li")).toHaveCount(0);
    await empty.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.locator(".property-list > li")).toHaveCount(listPageSize);
    await expect(page.getByText("No properties match your search.")).toHaveCount(0);
  });

  test("'Clear filters' in the toolbar goes back to every property", async ({
    sharedPage: page,
  }) => {
    await gotoHydrated(page, "/property?status=For+Rent&sort=price_asc");
    await page.locator(".listing-toolbar").getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/property\?sort=price_asc$/);
    await expect(page.locator(".listing-toolbar__summary")).toHaveText(
      `Showing 1–${gridPageSize} of ${all.length} properties`,
    );
  });

  test("bad parameters are ignored, not answered with an error", async ({ sharedPage: page }) => {
    const response = await page.goto(
      "/search?page=abc&sort=drop&bedrooms=-1&min-price=NaN&max-area=1e309&status=Sold&location=",
    );
    expect(response?.status()).toBe(200);
    expect(await listedSlugs(page, "list")).toEqual(slugs(all.slice(0, listPageSize)));
  });
});

test.describe("the forms", () => {
  test("the Advanced Search submits its fields to the page it sits on", async ({
    sharedPage: page,
  }) => {
    await gotoHydrated(page, "/property");
    const form = page.getByRole("region", { name: "Advanced Search" });
    await form.getByLabel("Property Status", { exact: true }).selectOption("For Rent");
    await form.getByLabel("Bedrooms", { exact: true }).selectOption("2");
    await form.getByLabel("Price (USD)").fill("90000");
    await form.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/property\?status=For\+Rent&bedrooms=2&max-price=90000$/);
    const expected = all.filter(
      (property) =>
        property.offer_type === "For Rent" && property.bedroom >= 2 && property.price <= 90000,
    );
    await expect(page.getByText(foundText(expected.length), { exact: true })).toBeVisible();
    expect(await listedSlugs(page, "grid")).toEqual(slugs(expected.slice(0, gridPageSize)));
    // The form shows the search it made.
    await expect(form.getByLabel("Property Status", { exact: true })).toHaveValue("For Rent");
    await expect(form.getByLabel("Bedrooms", { exact: true })).toHaveValue("2");
    await expect(form.getByLabel("Price (USD)")).toHaveValue("90000");
  });

  test("the Advanced Search offers 'Any' before the SPEC's options", async ({
    sharedPage: page,
  }) => {
    await page.goto("/search");
    const form = page.getByRole("region", { name: "Advanced Search" });
    await expect(form.getByLabel("Property Status", { exact: true }).locator("option")).toHaveText([
      "Any",
      "For Sale",
      "For Rent",
    ]);
    for (const label of ["Property Status", "Property Type", "Location", "Bedrooms", "Garage"]) {
      await expect(form.getByLabel(label, { exact: true })).toHaveValue("");
    }
  });

  test("the home search form's fields filter /search", async ({ sharedPage: page }) => {
    await gotoHydrated(page, "/");
    const panel = page.getByRole("region", { name: "Find your next property" });
    await panel.getByRole("tab", { name: "For Sale" }).click();
    const type = all.find((property) => property.offer_type === "For Sale")!.category!;
    const option = ["Apartments", "Houses", "Commercial", "Garages"].includes(type)
      ? type
      : "Houses";
    await panel.getByRole("combobox", { name: "Property Type" }).selectOption(option);
    await panel.getByRole("combobox", { name: "Location" }).selectOption("Canada");
    await panel.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?/);
    const expected = all.filter(
      (property) =>
        property.offer_type === "For Sale" &&
        property.category === option &&
        inPlace(property, "Canada"),
    );
    await expect(page.getByText(foundText(expected.length), { exact: true })).toBeVisible();
    expect(await listedSlugs(page, "list")).toEqual(slugs(expected.slice(0, listPageSize)));
  });
});

test.describe("sort", () => {
  const sorts = [
    ["New To Old", "new", (a: Property, b: Property) => b.created_at.localeCompare(a.created_at)],
    ["Old To New", "old", (a: Property, b: Property) => a.created_at.localeCompare(b.created_at)],
    ["Properties (High To Low)", "price_desc", (a: Property, b: Property) => b.price - a.price],
    ["Properties (Low To High)", "price_asc", (a: Property, b: Property) => a.price - b.price],
  ] as const;

  for (const [label, value, order] of sorts) {
    test(`'${label}' orders by ${value.startsWith("price") ? "price" : "date"}`, async ({
      sharedPage: page,
    }) => {
      const key = (property: Property) =>
        value.startsWith("price") ? property.price : property.created_at;
      await gotoHydrated(page, "/search");
      await page.getByLabel("Sort by").selectOption({ label });
      await expect(page).toHaveURL(new RegExp(`[?&]sort=${value}$`));
      await expect(page.getByLabel("Sort by")).toHaveValue(value);
      const expected = [...all].sort(order).slice(0, listPageSize).map(key);
      await expect
        .poll(async () => (await listedSlugs(page, "list")).map((slug) => key(bySlug().get(slug)!)))
        .toEqual(expected);
    });
  }

  test("sorting keeps the filters and starts again at page 1", async ({ sharedPage: page }) => {
    await gotoHydrated(page, "/property?property-status=For+Sale&page=2");
    await page.getByLabel("Sort by").selectOption({ label: "Properties (Low To High)" });
    await expect(page).toHaveURL(/\/property\?property-status=For\+Sale&sort=price_asc$/);
    const expected = all
      .filter((property) => property.offer_type === "For Sale")
      .sort((a, b) => a.price - b.price);
    await expect(page.getByText(foundText(expected.length), { exact: true })).toBeVisible();
    // The count is the same before and after sorting: wait for the rows themselves.
    const prices = async () =>
      (await listedSlugs(page, "grid")).map((slug) => bySlug().get(slug)!.price);
    await expect
      .poll(prices)
      .toEqual(expected.slice(0, gridPageSize).map((property) => property.price));
    // Paging keeps the sort and the filter.
    await pager(page).getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/property-status=For\+Sale&sort=price_asc&page=2$/);
    await expect
      .poll(prices)
      .toEqual(expected.slice(gridPageSize, 2 * gridPageSize).map((property) => property.price));
  });

  test("the view toggles keep the search", async ({ sharedPage: page }) => {
    await page.goto("/search?status=For+Rent&sort=old&page=2");
    await expect(page.getByRole("link", { name: "Grid view" })).toHaveAttribute(
      "href",
      "/property?status=For+Rent&sort=old",
    );
  });
});

test.describe("paging", () => {
  test("a page past the end shows the last page, filters kept", async ({ sharedPage: page }) => {
    const expected = all.filter((property) => property.offer_type === "For Rent");
    const last = Math.ceil(expected.length / listPageSize);
    await page.goto("/search?property-status=For+Rent&page=999");
    // The page cache renders the URL with its parameters in a canonical order (decision 028).
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get("property-status") === "For Rent" &&
        url.searchParams.get("page") === String(last),
    );
    expect(await listedSlugs(page, "list")).toEqual(
      slugs(expected.slice((last - 1) * listPageSize)),
    );
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sort form's button sorts and keeps the filters", async ({ sharedPage: page }) => {
    await page.goto("/search?property-status=For+Sale");
    await page.getByLabel("Sort by").selectOption({ label: "Properties (High To Low)" });
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?property-status=For\+Sale&sort=price_desc$/);
    const expected = all
      .filter((property) => property.offer_type === "For Sale")
      .sort((a, b) => b.price - a.price)
      .slice(0, listPageSize)
      .map((property) => property.price);
    const prices = (await listedSlugs(page, "list")).map((slug) => bySlug().get(slug)!.price);
    expect(prices).toEqual(expected);
  });

  test("the Advanced Search submits every field and filters the same", async ({
    sharedPage: page,
  }) => {
    await page.goto("/search");
    const form = page.getByRole("region", { name: "Advanced Search" });
    await form.getByLabel("Property Status", { exact: true }).selectOption("For Sale");
    await form.getByLabel("Bathroom", { exact: true }).selectOption("2");
    await form.getByRole("button", { name: "Search" }).click();
    // The keyword box leads the form (decision 074).
    await expect(page).toHaveURL(/\/search\?email=&status=For\+Sale&type=&/);
    const expected = all.filter(
      (property) => property.offer_type === "For Sale" && property.bathroom >= 2,
    );
    await expect(page.getByText(foundText(expected.length), { exact: true })).toBeVisible();
    expect(await listedSlugs(page, "list")).toEqual(slugs(expected.slice(0, listPageSize)));
  });
});

test("the listings with filters, and the empty state, have no axe violations", async ({
  sharedPage: page,
}) => {
  test.slow(); // three full axe scans take seconds of CPU each
  for (const path of [
    "/search?status=For+Rent&bedrooms=1&min-price=1000&max-price=90000",
    "/property?property-status=For+Sale&sort=price_desc&page=2",
    "/search?email=zzyzx-no-such-home",
  ]) {
    await gotoHydrated(page, path);
    const { violations } = await axeScan(page).analyze();
    expect(
      violations.map((violation) => `${path}: ${violation.id} (${violation.nodes.length})`),
    ).toEqual([]);
  }
});
