import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { MonthlyCost } from "./monthly-cost.tsx";

function render(node: React.ReactNode): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => node }]);
  return renderToStaticMarkup(<Stub initialEntries={["/property/x"]} />);
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();

describe("MonthlyCost's rent note", () => {
  it("reads a monthly rent as before", () => {
    expect(
      textOf(render(<MonthlyCost offerType="For Rent" price={3000} path="/property/x" />)),
    ).toContain(
      "A rent of $3,000.00 a month is 30% of a gross household income of $10,000.00 a month",
    );
  });

  it("turns a weekly rent into its monthly figure before the 30% rule (decision 073)", () => {
    const html = render(
      <MonthlyCost offerType="For Rent" price={600} rentPeriod="week" path="/property/x" />,
    );
    // 600 × 52 ÷ 12 = 2,600 a month; ÷ 0.3 = 8,666.67.
    expect(textOf(html)).toContain(
      "A rent of $600.00 a week ($2,600.00 a month) is 30% of a gross household income of $8,666.67 a month",
    );
  });
});
