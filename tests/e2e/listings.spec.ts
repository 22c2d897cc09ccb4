/**
 * The listing pages against the API's data: /search (list view, 10 per page) and /property
 * (card grid, 6 per page), their pagers, sort dropdown, view toggles and sidebar widgets.
 * Searching, sorting and paging with filters: search.spec.ts.
 */
import type { Page } from "@playwright/test";
import type { Category, Collection, CompanyProfile, Property } from "../../lib/api-contract.ts";
import { formatDate, formatPrice } from "../../lib/format.ts";
import { apiData, listProperties } from "./api.ts";
import { gotoHydrated } from "./hydrated.ts";
import { expect, test } from "./shared-page.ts";

const listPageSize = 10;
const gridPageSize = 6;

let properties: Property[];

test.beforeAll(async () => {
  properties = await listProperties();
  expect(properties.length).toBeGreaterThan(gridPageSize);
});

function codesOf(list: unknown): string[] {
  const items = typeof list === "string" ? (JSON.parse(list) as unknown) : list;
  return Array.isArray(items) ? items.map((item) => (item as { code: string }).code) : [];
}

function pager(page: Page) {
  return page.getByRole("navigation", { name: "Properties pages" });
}

test.describe("/search list view", () => {
  test("shows the API's first properties as rows with every field", async ({
    sharedPage: page,
  }) => {
    await page.goto("/search");
    await expect(page.getByRole("heading", { level: 1, name: "Properties Listing" })).toBeVisible();
    const rows = page.locator(".property-list > li");
    const expected = properties.slice(0, listPageSize);
    await expect(rows).toHaveCount(expected.length);

    for (const [index, property] of expected.entries()) {
      const row = rows.nth(index);
      const link = row.getByRole("link", { name: property.headline, exact: true });
      await expect(link).toHaveAttribute("href", `/property/${property.slug}`);
      // As the visitor reads them (innerText follows the stylesheet): not set in capitals.
      await expect(row.getByText("Featured", { exact: true })).toHaveText("Featured", {
        useInnerText: true,
      });
      if (property.offer_type) {
        await expect(row.getByText(property.offer_type, { exact: true })).toHaveText(
          property.offer_type,
          { useInnerText: true },
        );
      }
      await expect(row).toContainText(formatPrice(property.price));
      await expect(row).toContainText(property.address);
      await expect(row).toContainText(`${property.bedroom} Beds`);
      await expect(row).toContainText(`${property.bathroom} Baths`);
      await expect(row).toContainText(`${property.size} sq ft`);
      await expect(row).toContainText(`${property.garage} Garage`);
      await expect(row).toContainText(`${property.room} Rooms`);
      await expect(row).toContainText(`${property.floor} Floors`);
      await expect(row.getByText("Admin", { exact: true })).toBeVisible();
      await expect(row).toContainText(formatDate(property.created_at));
      await expect(row.getByRole("img", { name: property.headline })).toHaveAttribute(
        "src",
        `/images/property/${encodeURIComponent(property.cover_image)}`,
      );
    }
  });

  test("pages through every property with previous and next", async ({ sharedPage: page }) => {
    const count = Math.ceil(properties.length / listPageSize);
    await page.goto("/search");
    const nav = pager(page);
    await expect(nav.getByLabel("Previous page")).toBeDisabled();
    await expect(nav.getByRole("link", { name: /^\d+$/ })).toHaveCount(count);
    await expect(nav.getByRole("link", { name: "1", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await nav.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    const second = properties.slice(listPageSize, 2 * listPageSize);
    const rows = page.locator(".property-list > li");
    await expect(rows).toHaveCount(second.length);
    await expect(rows.first()).toContainText(second[0]!.headline);
    await expect(nav.getByRole("link", { name: "2", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await nav.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/[?&]page=1\b/);
    await expect(rows.first()).toContainText(properties[0]!.headline);

    await nav.getByRole("link", { name: String(count), exact: true }).click();
    await expect(nav.getByLabel("Next page")).toBeDisabled();
    await expect(rows).toHaveCount(properties.length - (count - 1) * listPageSize);
  });

  test("offers the sort options and the two view toggles", async ({ sharedPage: page }) => {
    await page.goto("/search");
    const sort = page.getByLabel("Sort by");
    await expect(sort.locator("option")).toHaveText([
      "New To Old",
      "Old To New",
      "Properties (High To Low)",
      "Properties (Low To High)",
    ]);
    await expect(page.getByRole("link", { name: "List view" })).toHaveAttribute("href", "/search");
    await expect(page.getByRole("link", { name: "List view" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("link", { name: "Grid view" })).toHaveAttribute(
      "href",
      "/property",
    );
  });

  test("on a phone the sort dropdown shows every option's whole text", async ({
    sharedPage: page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/search", "/property"]) {
      await page.goto(path);
      // The widest option's text in the select's own font, against the room inside its box.
      const room = await page.getByLabel("Sort by").evaluate((select: HTMLSelectElement) => {
        const style = getComputedStyle(select);
        const context = document.createElement("canvas").getContext("2d");
        if (!context) throw new Error("no canvas");
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const widest = Math.max(
          ...[...select.options].map((option) => context.measureText(option.text).width),
        );
        const padding =
          Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
        // The drop-down arrow takes about 20 px of the box.
        return { widest, inside: select.clientWidth - padding - 20 };
      });
      expect(room.widest, path).toBeLessThanOrEqual(room.inside);
    }
  });

  test("has the Advanced Search form with the SPEC's options", async ({ sharedPage: page }) => {
    await gotoHydrated(page, "/search");
    const form = page.getByRole("region", { name: "Advanced Search" });
    const options = {
      "Property Status": ["For Sale", "For Rent"],
      "Property Type": ["Apartments", "Houses", "Commercial", "Garages"],
      "Property Category": ["Commercial", "Residential", "Land", "Hotels"],
      Location: ["New York", "Bangladesh", "India", "Canada"],
      Bedrooms: ["1", "2", "3", "4"],
      Bathroom: ["1", "2", "3", "4"],
      Balcony: ["1", "2", "3", "4"],
      Garage: ["1", "2", "3", "4"],
    };
    for (const [label, texts] of Object.entries(options)) {
      // An empty first option ('Any') means no filter (docs/decisions/006-search-parameters.md);
      // the catalogue's further types and cities follow in a group of their own (decision 074).
      await expect(form.getByLabel(label, { exact: true }).locator("xpath=./option")).toHaveText([
        "Any",
        ...texts,
      ]);
    }
    const area = form.getByLabel("Area (sq ft)");
    await expect(area).toHaveAttribute("min", "0");
    await expect(area).toHaveAttribute("max", "10000");
    const price = form.getByLabel("Price (USD)");
    await expect(price).toHaveAttribute("min", "0");
    await expect(price).toHaveAttribute("max", "150000");
    await price.fill("50000");
    await expect(form.locator("output").nth(1)).toContainText("50,000");

    await form.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?max-price=50000$/);
  });

  test("lists the categories with their totals and the helping center", async ({
    sharedPage: page,
  }) => {
    const [categories, profile] = await Promise.all([
      apiData<Category[]>("/category/display_counter"),
      apiData<CompanyProfile>("/company/profile"),
    ]);
    await page.goto("/search");
    const widget = page.getByRole("region", { name: "Category" });
    const entries = widget.getByRole("listitem");
    await expect(entries).toHaveCount(categories.length);
    for (const [index, category] of categories.entries()) {
      await expect(entries.nth(index)).toContainText(category.title);
      await expect(entries.nth(index)).toContainText(String(category.total));
    }
    await entries.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/search$/);

    const help = page.getByRole("region", { name: "Helping Center" });
    await expect(help).toContainText(profile.address);
    await expect(help.getByRole("link", { name: profile.telephone })).toHaveAttribute(
      "href",
      /^tel:/,
    );
    await expect(help.getByRole("link", { name: profile.email_address })).toHaveAttribute(
      "href",
      `mailto:${profile.email_address}`,
    );
  });

  test("shows the three newest properties as Recently Added", async ({ sharedPage: page }) => {
    await page.goto("/search?sort=price_asc&page=2");
    const widget = page.getByRole("region", { name: "Recently Added" });
    await expect(widget.getByRole("link")).toHaveText(
      properties.slice(0, 3).map((property) => property.headline),
    );
  });

  test("falls back to the default image when a cover fails to load", async ({ page }) => {
    const first = properties[0]!;
    await page.route(`**/images/property/${encodeURIComponent(first.cover_image)}*`, (route) =>
      route.abort(),
    );
    await page.goto("/search");
    const image = page.locator(".property-list > li").first().getByRole("img", {
      name: first.headline,
    });
    await expect(image).toHaveAttribute("src", /\/no\.png$/);
  });
});

test.describe("/property grid view", () => {
  test("shows 6 cards per page and its pages cover every property", async ({
    sharedPage: page,
  }) => {
    const count = Math.ceil(properties.length / gridPageSize);
    await page.goto("/property");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Properties Grid");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Home");
    const nav = pager(page);
    await expect(nav.getByRole("link", { name: /^\d+$/ })).toHaveCount(count);
    await expect(nav.getByLabel("Previous page")).toBeDisabled();

    const seen: string[] = [];
    for (let n = 1; n <= count; n++) {
      if (n > 1) {
        await nav.getByRole("link", { name: "Next page" }).click();
        await expect(page).toHaveURL(new RegExp(`[?&]page=${n}\\b`));
      }
      const cards = page.locator(".property-grid > li");
      const expected = properties.slice((n - 1) * gridPageSize, n * gridPageSize);
      await expect(cards).toHaveCount(expected.length);
      for (const [index, property] of expected.entries()) {
        const card = cards.nth(index);
        await expect(
          card.getByRole("link", { name: property.headline, exact: true }),
        ).toHaveAttribute("href", `/property/${property.slug}`);
        await expect(card).toContainText(formatPrice(property.price));
        await expect(card).toContainText(`${property.size} sq ft`);
        await expect(card).toContainText(`${property.bedroom} Beds`);
        await expect(card).toContainText(`${property.bathroom} Baths`);
        await expect(card.getByText("Featured", { exact: true })).toBeVisible();
        seen.push(property.code);
      }
    }
    await expect(nav.getByLabel("Next page")).toBeDisabled();
    expect(seen.sort()).toEqual(properties.map((property) => property.code).sort());
  });

  test("shows the last page for an out-of-range page", async ({ sharedPage: page }) => {
    const count = Math.ceil(properties.length / gridPageSize);
    await page.goto("/property?page=999");
    await expect(
      pager(page).getByRole("link", { name: String(count), exact: true }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.locator(".property-grid > li")).toHaveCount(
      properties.length - (count - 1) * gridPageSize,
    );
  });

  test("has /search's sidebar widgets plus Popular Posts from layout 1", async ({
    sharedPage: page,
  }) => {
    const layout = await apiData<Collection>(
      `/collection/show_one/${encodeURIComponent("Product Layout 1")}`,
    );
    const byCode = new Map(properties.map((property) => [property.code, property]));
    const popular = codesOf(layout.item_list)
      .map((code) => byCode.get(code))
      .filter((property): property is Property => property !== undefined)
      .slice(0, 4);
    await page.goto("/property");
    const widget = page.getByRole("region", { name: "Popular Posts" });
    await expect(widget.getByRole("link")).toHaveText(popular.map((property) => property.headline));
    // SPEC §2: "the same widgets as /search, plus a 'Popular Posts' widget".
    await page.goto("/search");
    const widgetTitles = () =>
      page.locator(".listing-layout__sidebar > section").getByRole("heading", { level: 2 });
    const searchWidgets = await widgetTitles().allTextContents();
    await page.goto("/property");
    const gridWidgets = await widgetTitles().allTextContents();
    expect(searchWidgets).toEqual(expect.arrayContaining(["Advanced Search", "Recently Added"]));
    expect(gridWidgets.filter((title) => title !== "Popular Posts")).toEqual(searchWidgets);
    expect(gridWidgets).toContain("Popular Posts");
    await expect(page.getByRole("region", { name: "Recently Added" }).getByRole("link")).toHaveText(
      properties.slice(0, 3).map((property) => property.headline),
    );
    await expect(page.getByRole("link", { name: "Grid view" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByLabel("Sort by")).toBeVisible();
  });
});
