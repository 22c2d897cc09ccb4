import type { EnquiryFieldName } from "../../../lib/enquiry-fields.ts";
import { type EnquiryErrors, howYouHearOptions } from "../../../lib/enquiry-rules.ts";
import {
  honeypotFieldName,
  type IssuedPuzzle,
  puzzleTokenFieldName,
} from "../../enquiry/enquiry-result.ts";

/** The message both enquiry forms start with (SPEC §4). */
export const initialEnquiryMessage = "Hello, I am interested in ...";

export interface EnquiryFieldsProps {
  /** Prefix of the controls' ids (one per form on the page). */
  idPrefix: string;
  /** The addition puzzle issued by the site's server, with its token. */
  puzzle: IssuedPuzzle;
  /** The how_you_hear control: the property form's optional select or the contact Subject. */
  howYouHear: "select" | "subject";
  /** Field messages to show (SPEC §5): the client's own check or the server's answer. */
  errors: EnquiryErrors;
}

/** The visible name of each field, for the controls and for the 'Errors!' alert's list. */
export function fieldLabel(name: EnquiryFieldName, howYouHear: "select" | "subject"): string {
  switch (name) {
    case "fullname":
      return "Full Name";
    case "telephone":
      return "Telephone";
    case "email":
      return "Email";
    case "message":
      return "Message";
    case "how_you_hear":
      return howYouHear === "subject" ? "Subject" : "How did you hear about us?";
    case "property_code":
      return "Property";
    default:
      return "Puzzle";
  }
}

/** The id of a field's error message, referenced by aria-describedby. */
export const errorIdOf = (idPrefix: string, name: EnquiryFieldName) => `${idPrefix}-${name}-error`;

/** A control's error message element, wired by aria-describedby. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="enquiry-form__error">
      {message}
    </p>
  ) : null;
}

/**
 * The field set the two enquiry forms share (SPEC §3): fullname, telephone, email, message,
 * how_you_hear, the puzzle's digits and token, the answer box, and the honeypot. Uncontrolled:
 * the form resets them with `form.reset()`.
 */
export function EnquiryFields({ idPrefix, puzzle, howYouHear, errors }: EnquiryFieldsProps) {
  const id = idPrefix;
  const control = (name: EnquiryFieldName) => ({
    id: `${id}-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? errorIdOf(id, name) : undefined,
    className: errors[name]
      ? "enquiry-form__control enquiry-form__control--invalid"
      : "enquiry-form__control",
  });
  const label = (name: EnquiryFieldName) => (
    <label htmlFor={`${id}-${name}`} className="enquiry-form__label">
      {fieldLabel(name, howYouHear)}
    </label>
  );
  const errorFor = (name: EnquiryFieldName) => (
    <FieldError id={errorIdOf(id, name)} message={errors[name]} />
  );

  return (
    <>
      <div className="enquiry-form__field">
        {label("fullname")}
        <input {...control("fullname")} type="text" autoComplete="name" required />
        {errorFor("fullname")}
      </div>
      <div className="enquiry-form__field">
        {label("telephone")}
        <input {...control("telephone")} type="tel" autoComplete="tel" required />
        {errorFor("telephone")}
      </div>
      <div className="enquiry-form__field">
        {label("email")}
        <input {...control("email")} type="email" autoComplete="email" required />
        {errorFor("email")}
      </div>
      {howYouHear === "subject" ? (
        <div className="enquiry-form__field">
          {label("how_you_hear")}
          <input {...control("how_you_hear")} type="text" required />
          {errorFor("how_you_hear")}
        </div>
      ) : (
        <div className="enquiry-form__field">
          {label("how_you_hear")}
          <select {...control("how_you_hear")} defaultValue="">
            <option value="">Choose an option (optional)</option>
            {howYouHearOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          {errorFor("how_you_hear")}
        </div>
      )}
      <div className="enquiry-form__field enquiry-form__field--wide">
        {label("message")}
        <textarea {...control("message")} rows={4} defaultValue={initialEnquiryMessage} required />
        {errorFor("message")}
      </div>
      <div className="enquiry-form__field enquiry-form__field--wide">
        <label htmlFor={`${id}-puzzle`} className="enquiry-form__label">
          {`What is ${puzzle.num1} + ${puzzle.num2}?`}
        </label>
        <input
          {...control("puzzle")}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={`${puzzle.num1} + ${puzzle.num2} =?`}
          required
        />
        {errorFor("puzzle")}
        <input type="hidden" name="num1" value={puzzle.num1} />
        <input type="hidden" name="num2" value={puzzle.num2} />
        <input type="hidden" name={puzzleTokenFieldName} value={puzzle.token} />
      </div>
      <div className="enquiry-form__trap" aria-hidden="true">
        <label htmlFor={`${id}-${honeypotFieldName}`}>Leave this field empty</label>
        <input
          id={`${id}-${honeypotFieldName}`}
          name={honeypotFieldName}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </>
  );
}
