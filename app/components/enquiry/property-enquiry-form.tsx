import { useId } from "react";
import { EnquiryForm } from "./enquiry-form.tsx";
import { propertyEnquiryAnchor, viewingEnquiryMessage } from "./property-enquiry.ts";

export interface PropertyEnquiryFormProps {
  propertyCode: string;
  /** The route's action data (a post made without JavaScript). */
  actionData?: unknown;
  /** The visitor asked to book a viewing: the message starts as that request (decision 077). */
  viewing?: boolean;
}

/** The detail page's enquiry form 'Are you Interested?' (SPEC §2), about this property. */
export function PropertyEnquiryForm({
  propertyCode,
  actionData,
  viewing = false,
}: PropertyEnquiryFormProps) {
  const headingId = useId();
  return (
    <section
      className="sidebar-widget enquiry-form enquiry-form--property"
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="sidebar-widget__title">
        Are you Interested?
      </h2>
      <EnquiryForm
        kind="property"
        anchorId={propertyEnquiryAnchor}
        actionData={actionData}
        submitLabel="Submit"
        className="enquiry-form__form"
        initialMessage={viewing ? viewingEnquiryMessage : undefined}
      >
        <input type="hidden" name="property_code" value={propertyCode} />
      </EnquiryForm>
    </section>
  );
}
