/**
 * The property page's contact bar with JavaScript (decision 077): Enquire and Book move focus
 * into the enquiry form's first field, and Book starts its message as a viewing request when
 * the visitor has not written one, without loading the page again. Call is left to the browser.
 */
import { propertyEnquiryAnchor, viewingEnquiryMessage } from "../enquiry/property-enquiry.ts";

export function enhanceContactBar(bar: HTMLElement): () => void {
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-contact]");
    const which = link?.dataset.contact;
    if (which !== "enquire" && which !== "book") return;
    const form = document.getElementById(propertyEnquiryAnchor);
    const first = form?.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select");
    if (!(form instanceof HTMLFormElement) || !first) return;
    event.preventDefault();
    if (which === "book") {
      const message = form.elements.namedItem("message");
      if (message instanceof HTMLTextAreaElement) {
        // Only over the text the box started with (SPEC §4's), never over the visitor's own.
        const untouched = [message.defaultValue.trim(), ""].includes(message.value.trim());
        if (untouched) message.value = viewingEnquiryMessage;
      }
    }
    form.scrollIntoView({ block: "start" });
    first.focus({ preventScroll: true });
    if (location.hash !== `#${propertyEnquiryAnchor}`) {
      history.replaceState(history.state, "", `#${propertyEnquiryAnchor}`);
    }
  };
  bar.addEventListener("click", onClick);
  return () => bar.removeEventListener("click", onClick);
}
