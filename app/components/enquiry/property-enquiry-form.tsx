import { useId } from "react";
import { EnquiryForm } from "./enquiry-form.tsx";

export interface PropertyEnquiryFormProps {
  propertyCode: string;
  /** The route's action data (a post made without JavaScript). */
  actionData?: unknown;
}

/** The detail page's enquiry form 'Are you Interested?' (SPEC §2), about this property. */
export function PropertyEnquiryForm({ propertyCode, actionData }: PropertyEnquiryFormProps) {
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
        anchorId="enquiry-form"
        actionData={actionData}
        submitLabel="Submit"
        className="enquiry-form__form"
      >
        <input type="hidden" name="property_code" value={propertyCode} />
      </EnquiryForm>
    </section>
  );
}
