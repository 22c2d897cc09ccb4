/**
 * The fields of `POST /contact/add` (SPEC §3, §7), written once: the API, the site's action, the
 * browser's forms, the rules and the bad-input tests all take them from this table. Zod-free, so
 * the forms do not pull the schemas into the browser.
 */
const enquiryFieldTable = {
  // Longest accepted value per field: generous for people, small enough to refuse junk.
  // `typed`: a visible field the visitor fills in, given back when a form is answered again.
  fullname: { maxLength: 120, typed: true },
  telephone: { maxLength: 40, typed: true },
  email: { maxLength: 254, typed: true },
  property_code: { maxLength: 120, typed: false },
  message: { maxLength: 5000, typed: true },
  how_you_hear: { maxLength: 200, typed: true },
  num1: { maxLength: 1, typed: false },
  num2: { maxLength: 1, typed: false },
  answer: { maxLength: 2, typed: false },
  puzzle: { maxLength: 3, typed: false },
} as const;

type Table = typeof enquiryFieldTable;
export type EnquiryFieldName = keyof Table;
export type EnquiryFields = Record<EnquiryFieldName, string>;
/** The fields a visitor types (not the property code, the puzzle's digits or the answer). */
export type TypedEnquiryFieldName = {
  [Name in EnquiryFieldName]: Table[Name]["typed"] extends true ? Name : never;
}[EnquiryFieldName];

/** The fields in the SPEC's order (§7). */
export const enquiryFieldNames = Object.keys(enquiryFieldTable) as EnquiryFieldName[];

export const typedEnquiryFieldNames = enquiryFieldNames.filter(
  (name) => enquiryFieldTable[name].typed,
) as TypedEnquiryFieldName[];

/** Longest accepted value per field. */
export const enquiryFieldMaxLength = Object.fromEntries(
  enquiryFieldNames.map((name) => [name, enquiryFieldTable[name].maxLength]),
) as Record<EnquiryFieldName, number>;

/** Each of `names`, read by `read`: one record, in the table's order. */
export function readEnquiryFields<Name extends EnquiryFieldName>(
  names: readonly Name[],
  read: (name: Name) => string,
): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, read(name)])) as Record<Name, string>;
}

/** An enquiry's fields as stored: the property code is null for a general contact message. */
export type StoredEnquiryFields = Omit<EnquiryFields, "property_code"> & {
  property_code: string | null;
};

/** The enquiry fields of `source` and no other key (so a caller's extras never reach SQL). */
export function storedEnquiryFieldsOf(source: StoredEnquiryFields): StoredEnquiryFields {
  return {
    ...readEnquiryFields(enquiryFieldNames, (name) => source[name] ?? ""),
    property_code: source.property_code,
  };
}
