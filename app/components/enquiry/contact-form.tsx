import type { FormEvent } from "react";
import type { Puzzle } from "../../../lib/enquiry-rules.ts";
import { EnquiryFields } from "./enquiry-fields.tsx";

export interface ContactFormProps {
  /** The addition puzzle, best made by the route's loader (see EnquiryFields). */
  puzzle?: Puzzle;
}

/**
 * The contact page's form: the shared enquiry fields with a required Subject (sent as
 * how_you_hear). Renders only for now: submitting is stopped until the action is wired.
 */
export function ContactForm({ puzzle }: ContactFormProps = {}) {
  return (
    <form
      method="post"
      className="enquiry-form enquiry-form--contact enquiry-form__form"
      noValidate
      aria-label="Contact form"
      onSubmit={(event: FormEvent<HTMLFormElement>) => event.preventDefault()}
    >
      <EnquiryFields puzzle={puzzle} howYouHear="subject" />
      <button type="submit" className="enquiry-form__submit">
        Send Message
      </button>
    </form>
  );
}
