import { useEffect, useId, useState } from "react";
import type { EnquiryFieldName } from "../../../lib/api-contract.ts";
import { createPuzzle, howYouHearOptions, type Puzzle } from "../../../lib/enquiry-rules.ts";

/** The message both enquiry forms start with (SPEC §4). */
export const initialEnquiryMessage = "Hello, I am interested in ...";

export type EnquiryFieldErrors = Partial<Record<EnquiryFieldName, string>>;

export interface EnquiryFieldsProps {
  /**
   * The addition puzzle. Pass one made by the route's loader so the server's HTML and the
   * browser agree; without it the form makes its own after hydration.
   */
  puzzle?: Puzzle;
  /** The how_you_hear control: the property form's optional select or the contact Subject. */
  howYouHear: "select" | "subject";
  /** Field messages to show (SPEC §5); none yet in this issue. */
  errors?: EnquiryFieldErrors;
}

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
 * how_you_hear, the hidden puzzle values num1/num2/answer and the puzzle answer box.
 */
export function EnquiryFields({ puzzle, howYouHear, errors = {} }: EnquiryFieldsProps) {
  const id = useId();
  const [ownPuzzle, setOwnPuzzle] = useState<Puzzle | undefined>(undefined);
  useEffect(() => {
    if (!puzzle) setOwnPuzzle(createPuzzle());
  }, [puzzle]);
  const shown = puzzle ?? ownPuzzle;

  const control = (name: EnquiryFieldName) => ({
    id: `${id}-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    className: errors[name]
      ? "enquiry-form__control enquiry-form__control--invalid"
      : "enquiry-form__control",
  });
  const errorFor = (name: EnquiryFieldName) => (
    <FieldError id={`${id}-${name}-error`} message={errors[name]} />
  );

  return (
    <>
      <div className="enquiry-form__field">
        <label htmlFor={`${id}-fullname`} className="enquiry-form__label">
          Full Name
        </label>
        <input {...control("fullname")} type="text" autoComplete="name" required />
        {errorFor("fullname")}
      </div>
      <div className="enquiry-form__field">
        <label htmlFor={`${id}-telephone`} className="enquiry-form__label">
          Telephone
        </label>
        <input {...control("telephone")} type="tel" autoComplete="tel" required />
        {errorFor("telephone")}
      </div>
      <div className="enquiry-form__field">
        <label htmlFor={`${id}-email`} className="enquiry-form__label">
          Email
        </label>
        <input {...control("email")} type="email" autoComplete="email" required />
        {errorFor("email")}
      </div>
      {howYouHear === "subject" ? (
        <div className="enquiry-form__field">
          <label htmlFor={`${id}-how_you_hear`} className="enquiry-form__label">
            Subject
          </label>
          <input {...control("how_you_hear")} type="text" required />
          {errorFor("how_you_hear")}
        </div>
      ) : (
        <div className="enquiry-form__field">
          <label htmlFor={`${id}-how_you_hear`} className="enquiry-form__label">
            How did you hear about us?
          </label>
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
        <label htmlFor={`${id}-message`} className="enquiry-form__label">
          Message
        </label>
        <textarea {...control("message")} rows={4} defaultValue={initialEnquiryMessage} required />
        {errorFor("message")}
      </div>
      <div className="enquiry-form__field enquiry-form__field--wide">
        <label htmlFor={`${id}-puzzle`} className="enquiry-form__label">
          {shown ? `What is ${shown.num1} + ${shown.num2}?` : "Solve the sum"}
        </label>
        <input
          {...control("puzzle")}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={shown ? `${shown.num1} + ${shown.num2} =?` : ""}
          required
        />
        {errorFor("puzzle")}
        <input type="hidden" name="num1" value={shown?.num1 ?? ""} />
        <input type="hidden" name="num2" value={shown?.num2 ?? ""} />
        <input type="hidden" name="answer" value={shown?.answer ?? ""} />
      </div>
    </>
  );
}
