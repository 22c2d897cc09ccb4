/** Factories for test data: valid by default, overridable field by field. */
import type { EnquiryFields } from "../../lib/api-contract.ts";
import { createPuzzle } from "../../lib/enquiry-rules.ts";

let sequence = 0;

/** A valid general contact enquiry (no property) with a solved puzzle. */
export function buildContactEnquiry(overrides: Partial<EnquiryFields> = {}): EnquiryFields {
  sequence += 1;
  const puzzle = createPuzzle();
  return {
    fullname: `Visitor ${sequence}`,
    telephone: `+1 555 010 ${String(1000 + sequence).slice(-4)}`,
    email: `visitor${sequence}@example.com`,
    property_code: "",
    message: "Hello, I am interested in ...",
    how_you_hear: "Viewing request",
    num1: String(puzzle.num1),
    num2: String(puzzle.num2),
    answer: String(puzzle.answer),
    puzzle: String(puzzle.answer),
    ...overrides,
  };
}

/** A valid enquiry about the property `code`. */
export function buildPropertyEnquiry(
  code: string,
  overrides: Partial<EnquiryFields> = {},
): EnquiryFields {
  return buildContactEnquiry({ property_code: code, how_you_hear: "Google", ...overrides });
}
