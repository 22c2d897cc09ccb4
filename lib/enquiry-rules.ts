/**
 * The enquiry rules of SPEC §5, shared word for word by the API (server-side validation) and the
 * site's two forms (client-side validation), so both sides always give the same messages.
 */
import { type EnquiryFieldName, enquiryFieldMaxLength } from "./enquiry-fields.ts";

export const enquiryMessages = {
  required: "This field is required",
  email: "Please enter valid email address",
  puzzle: "Answer provided to puzzle is not correct",
  howYouHear: "Please choose one of the listed options",
  tooLong: (max: number) => `Please use at most ${max} characters`,
} as const;

/** The options of the property enquiry form's how_you_hear select (SPEC §5). */
export const howYouHearOptions = ["Friend", "Google", "Email", "Social Media"] as const;

/** The property form sends a property_code; the contact form does not and requires a Subject. */
export type EnquiryForm = "property" | "contact";

export type EnquiryErrors = Partial<Record<EnquiryFieldName, string>>;
export type EnquiryInput = Partial<Record<EnquiryFieldName, string | undefined>>;

const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** SPEC §5's e-mail rule, for the other forms that ask for an address the same way. */
export function isEnquiryEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}
const puzzleDigit = /^[0-8]$/;

/** Which form a submission comes from, as the API sees it. */
export function enquiryFormOf(input: EnquiryInput): EnquiryForm {
  return (input.property_code ?? "").trim() === "" ? "contact" : "property";
}

/**
 * Validates an enquiry with the SPEC §5 rules and messages. Returns only the fields in error;
 * an empty object means the enquiry is valid.
 */
export function validateEnquiry(input: EnquiryInput, form: EnquiryForm): EnquiryErrors {
  const value = (name: EnquiryFieldName) => (input[name] ?? "").trim();
  const errors: EnquiryErrors = {};

  for (const name of ["fullname", "telephone", "message"] as const) {
    if (value(name) === "") errors[name] = enquiryMessages.required;
  }
  if (!emailPattern.test(value("email"))) errors.email = enquiryMessages.email;

  const howYouHear = value("how_you_hear");
  if (form === "contact" && howYouHear === "") {
    errors.how_you_hear = enquiryMessages.required;
  } else if (
    form === "property" &&
    howYouHear !== "" &&
    !(howYouHearOptions as readonly string[]).includes(howYouHear)
  ) {
    errors.how_you_hear = enquiryMessages.howYouHear;
  }

  const puzzle = value("puzzle");
  if (puzzle === "") {
    errors.puzzle = enquiryMessages.required;
  } else if (!isPuzzleSolved(value("num1"), value("num2"), puzzle)) {
    errors.puzzle = enquiryMessages.puzzle;
  }

  for (const [name, max] of Object.entries(enquiryFieldMaxLength) as [EnquiryFieldName, number][]) {
    if (!errors[name] && value(name).length > max) errors[name] = enquiryMessages.tooLong(max);
  }
  return errors;
}

/** True when both digits are 0 to 8 and the answer is their sum. */
export function isPuzzleSolved(num1: string, num2: string, answer: string): boolean {
  if (!puzzleDigit.test(num1) || !puzzleDigit.test(num2) || !/^\d{1,2}$/.test(answer)) {
    return false;
  }
  return Number(num1) + Number(num2) === Number(answer);
}

export interface Puzzle {
  num1: number;
  num2: number;
  /** The expected answer, num1 + num2. */
  answer: number;
}

/** A random addition puzzle of two whole digits from 0 to 8 (SPEC §4, §9). */
export function createPuzzle(random: () => number = Math.random): Puzzle {
  const digit = () => Math.min(8, Math.floor(random() * 9));
  const num1 = digit();
  const num2 = digit();
  return { num1, num2, answer: num1 + num2 };
}
