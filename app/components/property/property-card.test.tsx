import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Property } from "../../../lib/api-contract.ts";
import { formatPrice } from "../../../lib/format.ts";
import { buildProperty } from "../../../tests/support/factories.ts";
import { PropertyCard, type PropertyCardVariant } from "./property-card.tsx";

function render(
  property: Property,
  variant: PropertyCardVariant,
  headingLevel?: 2 | 3,
  url = "/search",
): string {
  const card = <PropertyCard property={property} variant={variant} headingLevel={headingLevel} />;
  // A data router: the cover reads the site settings from the root loader's data.
  const Stub = createRoutesStub([{ path: "*", Component: () => card }]);
  const html = renderToStaticMarkup(<Stub initialEntries={[url]} />);
  return html.slice(html.indexOf("<article"));
}

/** The markup from the opening tag with `className` to the end of the card. */
const from = (html: string, className: string) => html.slice(html.indexOf(`class="${className}"`));
const factsOf = (html: string) => [...html.matchAll(/data-fact="(\w+)"/g)].map((match) => match[1]);
const badgesOf = (html: string) =>
  [...html.matchAll(/class="listing-badge [^"]*">([^<]*)</g)].map((match) => match[1]);

describe("PropertyCard", () => {
  it("says a rent's period after its price, each in a span of its own, in both variants", () => {
    const weekly = buildProperty({ price: 800, offer_type: "For Rent", rent_period: "week" });
    for (const variant of ["grid", "row"] as const) {
      expect(render(weekly, variant)).toContain(
        '<p class="property-card__price"><span class="listing-price__amount">$800.00</span> <span class="listing-price__period">a week</span></p>',
      );
    }
  });

  it("draws the grid card: price on the cover, four counts, no author or date", () => {
    const property = buildProperty({ price: 425000 });
    const html = render(property, "grid");
    expect(html).toMatch(/^<article class="property-card property-card--grid">/);
    const price = `<p class="property-card__price"><span class="listing-price__amount">${formatPrice(property.price)}</span></p>`;
    expect(html.indexOf(price)).toBeGreaterThan(-1);
    expect(html.indexOf(price)).toBeLessThan(html.indexOf('class="property-card__body"'));
    expect(factsOf(html)).toEqual(["bedroom", "bathroom", "size", "garage"]);
    expect(html).not.toContain("property-card__meta");
    expect(html).toContain(
      `<h3 class="property-card__title"><a class="property-card__link" href="/property/${property.slug}"`,
    );
  });

  it("draws the list row: price above the headline, six counts, author and date", () => {
    const property = buildProperty({ price: 1800, created_at: "2024-03-05T10:00:00.000Z" });
    const html = render(property, "row", 2);
    expect(html).toMatch(/^<article class="property-card property-card--row">/);
    expect(from(html, "property-card__body")).toMatch(
      /^class="property-card__body"><p class="property-card__price">(?:<span[^>]*>[^<]+<\/span> ?)+<\/p><h2 class="property-card__title">/,
    );
    expect(factsOf(html)).toEqual(["bedroom", "bathroom", "size", "garage", "room", "floor"]);
    expect(from(html, "property-card__author")).toContain("<span>Admin</span>");
    expect(html).toContain(`<time dateTime="${property.created_at}">`);
  });

  it("adds the property schema's short facts after the counts, in both variants, only when given", () => {
    const property = buildProperty({ tenure: "leasehold", furnished: "part_furnished" });
    for (const variant of ["grid", "row"] as const) {
      const html = render(property, variant);
      expect(factsOf(html).slice(-2)).toEqual(["tenure", "furnished"]);
      expect(
        from(html, "property-facts property-facts--schema property-card__schema-facts"),
      ).toMatch(
        /^[^>]*><li class="property-facts__item" data-fact="tenure"><span class="visually-hidden">Tenure: <\/span><span class="property-facts__value">Leasehold<\/span><\/li><li [^>]*data-fact="furnished">.*Part furnished</,
      );
    }
    expect(render(buildProperty(), "grid")).not.toContain("property-facts--schema");
  });

  it("shows 'Featured' on every card and the offer type only when there is one", () => {
    expect(badgesOf(render(buildProperty({ offer_type: "For Rent" }), "grid"))).toEqual([
      "Featured",
      "For Rent",
    ]);
    expect(badgesOf(render(buildProperty({ offer_type: "" }), "row"))).toEqual(["Featured"]);
  });

  it("shows the availability as a badge, except for an available listing", () => {
    expect(badgesOf(render(buildProperty({ availability: "under_offer" }), "grid"))).toEqual([
      "Featured",
      "For Sale",
      "Under offer",
    ]);
    expect(badgesOf(render(buildProperty({ availability: "let_agreed" }), "row"))).toContain(
      "Let agreed",
    );
    expect(badgesOf(render(buildProperty({ availability: "available" }), "row"))).toEqual([
      "Featured",
      "For Sale",
    ]);
  });

  it("shows the size in sq ft, or in m² when the URL asks for it", () => {
    const property = buildProperty({ size: 1000 });
    const size = (html: string) =>
      from(html, "property-facts__item")
        .match(/data-fact="size">(.*?)<\/li>/)?.[1]
        ?.replace(/<[^>]+>/g, "");
    expect(size(render(property, "grid"))).toBe("1000 sq ft");
    expect(size(render(property, "grid", 3, "/search?area=m2"))).toBe("92.9 m²");
    expect(size(render(property, "grid", 3, "/search?area=nonsense"))).toBe("1000 sq ft");
  });
});
