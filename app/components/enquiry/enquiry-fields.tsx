import type { EnquiryFieldName } from "../../../lib/enquiry-fields.ts";
import { type EnquiryErrors, howYouHearOptions } from "../../../lib/enquiry-rules.ts";
import {
  type EnquiryValues,
  honeypotFieldName,
  type IssuedPuzzle,
  puzzleTokenFieldName,
} from "../../enquiry/enquiry-result.ts";

/** The message both enquiry forms start with (SPEC §4). */
export const initialEnquiryMessage = "Hello, I am interested in ...";

export interface EnquiryFieldsProps {
  /** Prefix of the controls' ids (one per form on the page). */
  idPrefix: string;
  /**
   * The addition puzzle issued by the site's server, with its token; undefined until one is
   * read (pages carry none, decision 031): the puzzle field is then left out.
   */
  puzzle: IssuedPuzzle | undefined;
  /** The fields' first values: what a post without a puzzle typed (by default, empty). */
  values?: EnquiryValues | undefined;
  /** The how_you_hear control: the property form's optional select or the contact Subject. */
  howYouHear: "select" | "subject";
  /** The message the box starts with: SPEC §4's by default, a viewing's request (decision 077). */
  initialMessage?: string;
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

/**
 * A control's error message element, wired by aria-describedby. The form's script shows its own
 * from a copy of this markup (`EnquiryTemplates`).
 */
export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="enquiry-form__error">
      {message}
    </p>
  ) : null;
}

/** The attributes `EnquiryFields` gives each control. */
interface ControlAttributes {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
}

/**
 * The puzzle's field: 'What is 2 + 7?', the answer box, its error, the digits and their signed
 * token. Without a puzzle (the form's template) its texts are placeholders ('-') and it has no
 * ids: the script fills in the copy it shows.
 */
/**
 * The honeypot: a field people never see or reach, which only robots fill (every public form
 * has one; a filled one is refused before anything is stored).
 */
export function HoneypotField({ idPrefix, className }: { idPrefix: string; className: string }) {
  return (
    <div className={className} aria-hidden="true">
      <label htmlFor={`${idPrefix}-${honeypotFieldName}`}>Leave this field empty</label>
      <input
        id={`${idPrefix}-${honeypotFieldName}`}
        name={honeypotFieldName}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

export function PuzzleField({
  idPrefix,
  puzzle,
  error,
}: {
  idPrefix?: string;
  puzzle?: IssuedPuzzle;
  error?: string | undefined;
}) {
  const id = idPrefix ? `${idPrefix}-puzzle` : undefined;
  const sum = puzzle ? `${puzzle.num1} + ${puzzle.num2}` : undefined;
  return (
    <div className="enquiry-form__field enquiry-form__field--wide">
      <label htmlFor={id} className="enquiry-form__label">
        {sum ? `What is ${sum}?` : "-"}
      </label>
      <input
        id={id}
        name="puzzle"
        aria-invalid={error ? true : undefined}
        aria-describedby={error && idPrefix ? errorIdOf(idPrefix, "puzzle") : undefined}
        className={
          error ? "enquiry-form__control enquiry-form__control--invalid" : "enquiry-form__control"
        }
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={sum ? `${sum} =?` : "-"}
        required
      />
      <FieldError id={idPrefix ? errorIdOf(idPrefix, "puzzle") : undefined} message={error} />
      <input type="hidden" name="num1" value={puzzle?.num1 ?? ""} />
      <input type="hidden" name="num2" value={puzzle?.num2 ?? ""} />
      <input type="hidden" name={puzzleTokenFieldName} value={puzzle?.token ?? ""} />
    </div>
  );
}

/** The three required one-line fields, in the form's order: how to reach the visitor. */
const contactInputs = [
  { name: "fullname", type: "text", autoComplete: "name" },
  { name: "telephone", type: "tel", autoComplete: "tel" },
  { name: "email", type: "email", autoComplete: "email" },
] as const;

/**
 * The field set the two enquiry forms share (SPEC §3): fullname, telephone, email, message,
 * how_you_hear, the puzzle's digits and token, the answer box, and the honeypot. Server HTML:
 * the form's script reads them through FormData and resets them with `form.reset()`
 * (decision 043: no React in the browser on the public site).
 */
export function EnquiryFields({
  idPrefix,
  puzzle,
  values,
  howYouHear,
  errors,
  initialMessage = initialEnquiryMessage,
}: EnquiryFieldsProps) {
  const id = idPrefix;
  const control = (name: EnquiryFieldName): ControlAttributes => ({
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
      {contactInputs.map(({ name, type, autoComplete }) => (
        <div key={name} className="enquiry-form__field">
          {label(name)}
          <input
            {...control(name)}
            type={type}
            autoComplete={autoComplete}
            required
            defaultValue={values?.[name]}
          />
          {errorFor(name)}
        </div>
      ))}
      {howYouHear === "subject" ? (
        <div className="enquiry-form__field">
          {label("how_you_hear")}
          <input
            {...control("how_you_hear")}
            type="text"
            required
            defaultValue={values?.how_you_hear}
          />
          {errorFor("how_you_hear")}
        </div>
      ) : (
        <div className="enquiry-form__field">
          {label("how_you_hear")}
          <select {...control("how_you_hear")} defaultValue={values?.how_you_hear ?? ""}>
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
        {/* The wrapper (display: contents) keeps the markup decision 026 gave the box. */}
        <div className="enquiry-form__message">
          <textarea
            {...control("message")}
            rows={4}
            required
            defaultValue={values?.message ?? initialMessage}
          />
        </div>
        {errorFor("message")}
      </div>
      {puzzle ? <PuzzleField idPrefix={id} puzzle={puzzle} error={errors.puzzle} /> : null}
      <HoneypotField idPrefix={id} className="enquiry-form__trap" />
    </>
  );
}
