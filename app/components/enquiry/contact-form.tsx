import { EnquiryForm } from "./enquiry-form.tsx";

export interface ContactFormProps {
  /** The route's action data (a post made without JavaScript). */
  actionData?: unknown;
}

/** The contact page's form: the shared enquiry fields with a required Subject (how_you_hear). */
export function ContactForm({ actionData }: ContactFormProps) {
  return (
    <EnquiryForm
      kind="contact"
      anchorId="contact-form"
      actionData={actionData}
      submitLabel="Send Message"
      className="enquiry-form enquiry-form--contact enquiry-form__form"
      aria-label="Contact form"
    />
  );
}
