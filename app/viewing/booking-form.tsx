/**
 * The booking page's form (decision 101): the free times grouped by day as radio buttons, how to
 * reach the visitor (the enquiry forms' fields and labels), the sum puzzle as the enquiry forms
 * show it, and the honeypot. Plain server HTML that posts to its own page: it works the same
 * with and without JavaScript (no React in the browser, decision 043).
 */
import {
  type ViewingErrors,
  type ViewingFieldName,
  type ViewingRequestValues,
  type ViewingSlotsView,
  viewingFieldLabels,
} from "../../lib/viewing-booking.ts";
import { FieldError, HoneypotField, PuzzleField } from "../components/enquiry/enquiry-fields.tsx";
import type { IssuedPuzzle } from "../enquiry/enquiry-result.ts";

const idPrefix = "viewing";
const errorId = (name: ViewingFieldName | "puzzle") => `${idPrefix}-${name}-error`;

const contactInputs = [
  { name: "fullname", type: "text", autoComplete: "name" },
  { name: "telephone", type: "tel", autoComplete: "tel" },
  { name: "email", type: "email", autoComplete: "email" },
] as const;

export interface BookingFormProps {
  view: ViewingSlotsView;
  puzzle: IssuedPuzzle;
  values: ViewingRequestValues | undefined;
  errors: ViewingErrors;
  /** The refusal's message, shown above the form (role=alert). */
  message: string | undefined;
}

export function BookingForm({ view, puzzle, values, errors, message }: BookingFormProps) {
  const control = (name: ViewingFieldName) => ({
    id: `${idPrefix}-${name}`,
    name,
    "aria-invalid": errors[name] ? (true as const) : undefined,
    "aria-describedby": errors[name] ? errorId(name) : undefined,
    className: errors[name]
      ? "enquiry-form__control enquiry-form__control--invalid"
      : "enquiry-form__control",
  });
  const fieldErrors = Object.entries(errors) as [ViewingFieldName | "puzzle", string][];
  const chosen = values?.slot ?? "";
  return (
    <form method="post" className="viewing-form enquiry-form__form" noValidate>
      {message ? (
        <div className="enquiry-alert enquiry-alert--error viewing-form__alert" role="alert">
          <div>
            <p className="enquiry-alert__message">{message}</p>
            {fieldErrors.length > 0 ? (
              <ul className="enquiry-alert__errors">
                {fieldErrors.map(([name, text]) => (
                  <li key={name}>
                    <a href={`#${idPrefix}-${name === "slot" ? "times" : name}`}>
                      {viewingFieldLabels[name]}: {text}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      ) : null}
      <fieldset
        id={`${idPrefix}-times`}
        className="viewing-form__times"
        aria-describedby={errors.slot ? errorId("slot") : undefined}
      >
        <legend className="viewing-form__legend">Choose a time</legend>
        <p className="viewing-form__zone">
          Times are the office's local time ({view.timeZone.replace(/_/g, " ")}).
        </p>
        <FieldError id={errorId("slot")} message={errors.slot} />
        {view.days.map((day, index) => (
          // The first days open; the others one tap away (a plain <details>, no script needed).
          <details
            key={day.day}
            className="viewing-form__day-group"
            open={index < 3 || day.slots.some((slot) => slot.value === chosen)}
          >
            <summary className="viewing-form__summary">
              {day.label}{" "}
              <span className="viewing-form__count">
                ({day.slots.length} {day.slots.length === 1 ? "time" : "times"})
              </span>
            </summary>
            <fieldset className="viewing-form__day">
              <legend className="visually-hidden">{day.label}</legend>
              <div className="viewing-form__slots">
                {day.slots.map((slot) => (
                  <label key={slot.value} className="viewing-form__slot">
                    <input
                      type="radio"
                      name="slot"
                      value={slot.value}
                      defaultChecked={slot.value === chosen}
                      required
                    />
                    <span>{slot.time}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          </details>
        ))}
      </fieldset>
      <div className="enquiry-form enquiry-form--contact viewing-form__fields">
        {contactInputs.map(({ name, type, autoComplete }) => (
          <div key={name} className="enquiry-form__field">
            <label htmlFor={`${idPrefix}-${name}`} className="enquiry-form__label">
              {viewingFieldLabels[name]}
            </label>
            <input
              {...control(name)}
              type={type}
              autoComplete={autoComplete}
              required
              defaultValue={values?.[name]}
            />
            <FieldError id={errorId(name)} message={errors[name]} />
          </div>
        ))}
        <div className="enquiry-form__field enquiry-form__field--wide">
          <label htmlFor={`${idPrefix}-message`} className="enquiry-form__label">
            {viewingFieldLabels.message}
          </label>
          <textarea {...control("message")} rows={3} defaultValue={values?.message ?? ""} />
          <FieldError id={errorId("message")} message={errors.message} />
        </div>
        <PuzzleField idPrefix={idPrefix} puzzle={puzzle} error={errors.puzzle} />
        <HoneypotField idPrefix={idPrefix} className="enquiry-form__trap" />
        <button type="submit" className="enquiry-form__submit">
          Request this viewing
        </button>
      </div>
    </form>
  );
}
