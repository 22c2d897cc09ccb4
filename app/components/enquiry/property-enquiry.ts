/**
 * What the property page's enquiry form shares with the scripts of the page (decision 077), in a
 * module without React so the enhancement module can import it.
 */

/** The id of the property page's enquiry form: links jump to it (the contact bar). */
export const propertyEnquiryAnchor = "enquiry-form";

/** The message the property form starts with when the visitor asked to book a viewing. */
export const viewingEnquiryMessage =
  "Hello, I would like to book a viewing of this home. Days and times that suit me: ...";
