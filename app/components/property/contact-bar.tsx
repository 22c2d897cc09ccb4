import type { Property } from "../../../lib/api-contract.ts";
import { propertyPath } from "../../seo/json-ld.ts";
import { useProfile } from "../../store/records.ts";
import { propertyEnquiryAnchor } from "../enquiry/property-enquiry.ts";
import { telHref } from "../frame/contact-links.ts";
import { Icon } from "../icons.tsx";

/** The property page's query parameter that starts its enquiry as a viewing request (077). */
export const viewingParam = "enquiry";
const viewingValue = "viewing";

/** Whether a property page's address asks for the viewing request (`?enquiry=viewing`). */
export function viewingRequested(params: URLSearchParams): boolean {
  return params.get(viewingParam) === viewingValue;
}

/** A listing's booking page (decision 101): its free viewing times. */
export function bookingPath(property: Pick<Property, "slug">): string {
  return `${propertyPath(property)}/viewing`;
}

/**
 * The property page with its enquiry form starting as a viewing request, at the form: where a
 * listing without viewing hours sends a visitor who wants to see it.
 */
export function viewingPath(property: Pick<Property, "slug">): string {
  return `${propertyPath(property)}?${viewingParam}=${viewingValue}#${propertyEnquiryAnchor}`;
}

/**
 * The bar at the foot of the property page at phone widths (decision 077): Call (the company's
 * telephone from the profile), Enquire (the page's enquiry form) and Book (the listing's
 * booking page, decision 101). Plain links in the server HTML, so it works without
 * JavaScript and takes its place before the first paint (no layout shift); CSS keeps it stuck to
 * the bottom of the screen below 768 px and hides it wider and on paper. `enhanceContactBar`
 * only moves Enquire's focus into the form.
 */
export function ContactBar({ property }: { property: Pick<Property, "slug" | "headline"> }) {
  const { telephone } = useProfile();
  return (
    <nav
      className="contact-bar"
      aria-label={`Contact us about ${property.headline}`}
      data-enhance="contact-bar"
    >
      <ul className="contact-bar__list">
        {telephone ? (
          <li>
            <a className="contact-bar__link" href={telHref(telephone)} data-contact="call">
              <Icon name="phone" size={20} />
              <span>Call</span>
            </a>
          </li>
        ) : null}
        <li>
          <a
            className="contact-bar__link"
            href={`#${propertyEnquiryAnchor}`}
            data-contact="enquire"
          >
            <Icon name="mail" size={20} />
            <span>Enquire</span>
          </a>
        </li>
        <li>
          <a
            className="contact-bar__link contact-bar__link--primary"
            href={bookingPath(property)}
            data-contact="book"
          >
            <Icon name="calendar" size={20} />
            <span>
              Book<span className="visually-hidden"> a viewing</span>
            </span>
          </a>
        </li>
      </ul>
    </nav>
  );
}
