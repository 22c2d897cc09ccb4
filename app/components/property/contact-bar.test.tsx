import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { buildCompanyProfile } from "../../../tests/support/factories.ts";
import { initialRecords, RecordsContext } from "../../store/records.ts";
import { PropertyEnquiryForm } from "../enquiry/property-enquiry-form.tsx";
import { ContactBar, viewingPath, viewingRequested } from "./contact-bar.tsx";

const property = { slug: "sunny flat/1", headline: "Sunny Flat" };

function render(element: React.ReactElement, telephone = "+1 (212) 555-0147"): string {
  const records = { ...initialRecords, profile: [buildCompanyProfile({ telephone })] };
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => <RecordsContext.Provider value={records}>{element}</RecordsContext.Provider>,
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

describe("the property page's contact bar", () => {
  it("links Call to the profile's telephone, Enquire to the form and Book to the booking page", () => {
    const html = render(<ContactBar property={property} />);
    expect(html).toContain('aria-label="Contact us about Sunny Flat"');
    expect(html).toContain('href="tel:+12125550147"');
    expect(html).toContain('href="#enquiry-form"');
    expect(html).toContain(`href="/property/sunny%20flat%2F1/viewing"`);
    expect(html).toContain('Book<span class="visually-hidden"> a viewing</span>');
  });

  it("leaves Call out when the profile has no telephone", () => {
    const html = render(<ContactBar property={property} />, "");
    expect(html).not.toContain("tel:");
    expect(html).toContain('href="#enquiry-form"');
  });

  it("reads the viewing request from the address, and only its one value", () => {
    expect(viewingPath(property)).toBe("/property/sunny%20flat%2F1?enquiry=viewing#enquiry-form");
    expect(viewingRequested(new URLSearchParams("enquiry=viewing"))).toBe(true);
    expect(viewingRequested(new URLSearchParams("enquiry=other"))).toBe(false);
    expect(viewingRequested(new URLSearchParams(""))).toBe(false);
  });

  it("starts the property form's message as the viewing request when asked, SPEC §4's otherwise", () => {
    expect(render(<PropertyEnquiryForm propertyCode="HP-1001" viewing />)).toContain(
      ">Hello, I would like to book a viewing of this home. Days and times that suit me: ...</textarea>",
    );
    expect(render(<PropertyEnquiryForm propertyCode="HP-1001" />)).toContain(
      ">Hello, I am interested in ...</textarea>",
    );
  });
});
