/**
 * The property page's contact bar with JavaScript (decision 077): Enquire moves focus into the
 * enquiry form's first field without loading the page again. Call is left to the browser, and
 * Book is a plain link to the listing's booking page (decision 101).
 */
import { propertyEnquiryAnchor } from "../enquiry/property-enquiry.ts";

export function enhanceContactBar(bar: HTMLElement): () => void {
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-contact]");
    if (link?.dataset.contact !== "enquire") return;
    const form = document.getElementById(propertyEnquiryAnchor);
    const first = form?.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select");
    if (!(form instanceof HTMLFormElement) || !first) return;
    event.preventDefault();
    form.scrollIntoView({ block: "start" });
    first.focus({ preventScroll: true });
    if (location.hash !== `#${propertyEnquiryAnchor}`) {
      history.replaceState(history.state, "", `#${propertyEnquiryAnchor}`);
    }
  };
  bar.addEventListener("click", onClick);
  return () => bar.removeEventListener("click", onClick);
}
