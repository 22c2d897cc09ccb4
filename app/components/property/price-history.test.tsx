import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Property } from "../../../lib/api-contract.ts";
import { buildProperty } from "../../../tests/support/factories.ts";
import { PriceDates, PriceHistory } from "./price-history.tsx";

function render(element: React.ReactElement): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/property/x"]} />);
}

const created_at = "2026-03-01T09:00:00.000Z";
const reduced: Property = buildProperty({
  created_at,
  offer_type: "For Rent",
  rent_period: "week",
  price: 700,
  price_history: [
    { changed_at: created_at, old_price: null, new_price: 750, rent_period: "week" },
    { changed_at: "2026-04-02T10:00:00.000Z", old_price: 750, new_price: 700, rent_period: "week" },
  ],
});

describe("PriceDates", () => {
  it("says when the home was listed and, after a reduction, when it was reduced", () => {
    const html = render(<PriceDates property={reduced} />);
    expect(html).toContain(`Listed on <time dateTime="${created_at}">2026-03-01</time>`);
    expect(html).toContain(
      'Reduced on <time dateTime="2026-04-02T10:00:00.000Z">2026-04-02</time>',
    );
  });

  it("has no reduced date after an increase, and nothing without a history", () => {
    const raised = buildProperty({
      created_at,
      price_history: [
        { changed_at: created_at, old_price: null, new_price: 700, rent_period: null },
        {
          changed_at: "2026-04-02T10:00:00.000Z",
          old_price: 700,
          new_price: 750,
          rent_period: null,
        },
      ],
    });
    expect(render(<PriceDates property={raised} />)).not.toContain("Reduced on");
    expect(render(<PriceDates property={buildProperty({ created_at })} />)).toBe("");
  });
});

describe("PriceHistory", () => {
  it("is a table of the prices, newest first, each with the rent's period", () => {
    const html = render(<PriceHistory property={reduced} />);
    expect(html).toContain('<h2 id="price-history-heading"');
    expect(html).toContain(
      '<table class="price-history__table" aria-labelledby="price-history-heading">',
    );
    expect([...html.matchAll(/<th scope="col"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual([
      "Date",
      "Event",
      "Price",
    ]);
    const rows = [...html.matchAll(/<tr data-event="(\w+)">(.*?)<\/tr>/g)].map((match) =>
      match[2]!.replace(/<[^>]+>/g, ""),
    );
    expect(rows).toEqual(["2026-04-02Reduced$700.00 a week", "2026-03-01Listed$750.00 a week"]);
  });

  it("shows nothing while the home has its first price only", () => {
    const listed = buildProperty({
      created_at,
      price_history: [
        { changed_at: created_at, old_price: null, new_price: 700, rent_period: null },
      ],
    });
    expect(render(<PriceHistory property={listed} />)).toBe("");
  });
});
