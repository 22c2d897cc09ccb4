import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AdvancedSearch } from "../components/sidebar/advanced-search.tsx";
import { ListingEmpty } from "./listing-empty.tsx";
import { carriedParams, readListingSearch } from "./listing-search.ts";
import { ListingToolbar } from "./listing-toolbar.tsx";
import { SortSelect } from "./sort-select.tsx";

/** The opening tags `<name …>` of `html` that contain `attribute`. */
function tags(html: string, name: string, attribute: string): string[] {
  return (html.match(new RegExp(`<${name} [^>]*>`, "g")) ?? []).filter((tag) =>
    tag.includes(attribute),
  );
}

/** Renders `element` at `url` inside a data router (the forms use its hooks). */
function render(element: React.ReactElement, url = "/search") {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={[url]} />);
}

describe("SortSelect", () => {
  it("is a GET form with the SPEC's options, the current sort and the filters as hidden fields", () => {
    const html = render(
      <SortSelect
        action="/search"
        sort="price_asc"
        filterQuery="email=loft&property-types=Houses"
      />,
    );
    const [form] = tags(html, "form", 'class="sort-select"');
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/search"');
    expect(html).toContain('<input type="hidden" name="email" value="loft"/>');
    expect(html).toContain('<input type="hidden" name="property-types" value="Houses"/>');
    expect(
      [...html.matchAll(/<option value="([^"]+)"[^>]*>([^<]+)<\/option>/g)].map((m) => [
        m[1],
        m[2],
      ]),
    ).toEqual([
      ["new", "New To Old"],
      ["old", "Old To New"],
      ["price_desc", "Properties (High To Low)"],
      ["price_asc", "Properties (Low To High)"],
    ]);
    expect(html).toMatch(/<option value="price_asc" selected="">/);
    expect(html).toMatch(/<button type="submit"[^>]*>Sort<\/button>/);
  });
});

describe("ListingToolbar", () => {
  it("counts all properties without filters", () => {
    const html = render(
      <ListingToolbar view="list" path="/search" total={30} first={11} last={20} />,
    );
    expect(html).toContain("Showing 11–20 of 30 properties");
    expect(html).not.toContain("Clear filters");
  });

  it("says how many match and offers to clear the filters", () => {
    const html = render(
      <ListingToolbar
        view="grid"
        path="/property"
        total={1}
        first={1}
        last={1}
        sort="old"
        filtered
        filterQuery="status=For+Rent"
        clearFiltersHref="/property?sort=old"
      />,
    );
    expect(html).toContain("1 property found");
    expect(html).toMatch(/<a [^>]*href="\/property\?sort=old"[^>]*>Clear filters<\/a>/);
    // The view toggles carry the search to the other view.
    expect(html).toContain('href="/search?status=For+Rent&amp;sort=old"');
  });
});

describe("ListingEmpty", () => {
  it("shows the empty search with a clear link", () => {
    const html = render(<ListingEmpty filtered clearFiltersHref="/search" />);
    expect(html).toContain("No properties match your search.");
    expect(html).toMatch(/href="\/search"[^>]*>Clear filters/);
  });
});

describe("AdvancedSearch", () => {
  it("GETs its page with real field names, 'Any' first and the search's values", () => {
    const search = readListingSearch(
      new URLSearchParams(
        "status=For+Rent&garage=2&min-price=2000&sort=price_desc&furnished=Furnished",
      ),
    );
    const html = render(<AdvancedSearch action="/property" search={search} />, "/property");
    const [form] = tags(html, "form", 'class="advanced-search__form"');
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/property"');
    const names = [...html.matchAll(/<select [^>]*name="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual([
      "status",
      "type",
      "category",
      "location",
      "bedrooms",
      "bathrooms",
      "balcony",
      "garage",
      "availability",
      // The property schema's filters after the SPEC's (lib/property-fields.ts, decision 085).
      "tenure",
      "furnished",
      "energy-rating",
    ]);
    expect(html.match(/<option value=""[^>]*>Any<\/option>/g)).toHaveLength(12);
    expect(html).toContain('<option value="share_of_freehold">Share of freehold</option>');
    expect(html).toMatch(/<option value="furnished" selected="">Furnished<\/option>/);
    for (const [value, label] of [
      ["under_offer", "Under offer"],
      ["sold_stc", "Sold STC"],
      ["let_agreed", "Let agreed"],
    ]) {
      expect(html).toContain(`<option value="${value}">${label}</option>`);
    }
    expect(html).toMatch(/<option value="For Rent" selected="">/);
    expect(html).toMatch(/<option value="2" selected="">/);
    for (const [name, min, max, value] of [
      ["min-area", 0, 10000, 0],
      ["max-area", 0, 10000, 10000],
      ["min-price", 0, 150000, 2000],
      ["max-price", 0, 150000, 150000],
    ] as const) {
      const [input] = tags(html, "input", `name="${name}"`);
      expect(input).toContain('type="range"');
      expect(input).toContain(`min="${min}"`);
      expect(input).toContain(`max="${max}"`);
      expect(input).toContain(`value="${value}"`);
    }
    expect(html).toContain('<input type="hidden" name="sort" value="price_desc"/>');
  });

  it("carries what it has no field for, and offers the catalogue's cities and prices (decision 074)", () => {
    const url =
      "/search?view=map&area=m2&bbox=-1,50,1,52&email=garden&location=Austin&type=Castle&min-price=500000";
    const params = new URL(url, "http://x").searchParams;
    const html = render(
      <AdvancedSearch
        action="/search"
        search={readListingSearch(params)}
        carried={carriedParams(params)}
        facets={{
          cities: [
            { name: "Austin", count: 3 },
            { name: "London", count: 12 },
          ],
          maxPrice: { "For Sale": 3_950_000, "For Rent": 12_000 },
        }}
        sectionId="filters"
      />,
    );
    for (const [name, value] of [
      ["view", "map"],
      ["area", "m2"],
      ["bbox", "-1,50,1,52"],
    ]) {
      expect(html).toContain(`<input type="hidden" name="${name}" value="${value}"/>`);
    }
    expect(html).toContain('id="filters"');
    expect(tags(html, "input", 'name="email"')[0]).toContain('value="garden"');
    expect(html).toContain(
      '<optgroup label="Cities"><option value="Austin" selected="">Austin (3)</option><option value="London">London (12)</option></optgroup>',
    );
    // A type no option has (typed into the URL) is still shown, so refining keeps it.
    expect(html).toMatch(/<option value="Castle" selected="">Castle<\/option>/);
    const [from] = html.match(/<select [^>]*name="min-price"[\s\S]*?<\/select>/) ?? [];
    expect(from).toContain('<optgroup label="For Sale" data-status="For Sale">');
    expect(from).toContain('<optgroup label="For Rent" data-status="For Rent">');
    expect(from).toContain('<option value="500000" selected="">$500,000</option>');
    expect(from).toContain('<option value="4000000">$4,000,000</option>');
    expect(from).toContain('<option value="15000">$15,000</option>');
  });
});
