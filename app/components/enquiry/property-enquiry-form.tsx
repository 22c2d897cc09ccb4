import { type FormEvent, useId } from "react";
import type { Puzzle } from "../../../lib/enquiry-rules.ts";
import { EnquiryFields } from "./enquiry-fields.tsx";

export interface PropertyEnquiryFormProps {
  propertyCode: string;
  /** The addition puzzle, made by the route's loader (see EnquiryFields). */
  puzzle?: Puzzle;
}

/**
 * The detail page's enquiry form 'Are you Interested?'. Renders only for now: submitting is
 * stopped until the enquiry action is wired.
 */
export function PropertyEnquiryForm({ propertyCode, puzzle }: PropertyEnquiryFormProps) {
  const headingId = useId();
  return (
    <section
      className="sidebar-widget enquiry-form enquiry-form--property"
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="sidebar-widget__title">
        Are you Interested?
      </h2>
      <form
        method="post"
        className="enquiry-form__form"
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => event.preventDefault()}
      >
        <input type="hidden" name="property_code" value={propertyCode} />
        <EnquiryFields puzzle={puzzle} howYouHear="select" />
        <button type="submit" className="enquiry-form__submit">
          Submit
        </button>
      </form>
    </section>
  );
}
