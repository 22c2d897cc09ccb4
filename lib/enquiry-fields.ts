/**
 * The fields of `POST /contact/add` (SPEC §3, §7), shared by the API, the site's action and the
 * browser's forms. Zod-free, so the forms do not pull the schemas into the browser.
 */
export const enquiryFieldNames = [
  "fullname",
  "telephone",
  "email",
  "property_code",
  "message",
  "how_you_hear",
  "num1",
  "num2",
  "answer",
  "puzzle",
] as const;
export type EnquiryFieldName = (typeof enquiryFieldNames)[number];
export type EnquiryFields = Record<EnquiryFieldName, string>;
