import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useFetcher, useFormAction } from "react-router";
import { type EnquiryFieldName, enquiryFieldNames } from "../../../lib/enquiry-fields.ts";
import {
  type EnquiryErrors,
  type EnquiryForm as EnquiryFormKind,
  validateEnquiry,
} from "../../../lib/enquiry-rules.ts";
import {
  type EnquiryResult,
  fetchEnquiryPuzzles,
  type IssuedPuzzle,
  isEnquiryResult,
} from "../../enquiry/enquiry-result.ts";
import { EnquiryAlert } from "./enquiry-alert.tsx";
import { EnquiryFields, fieldLabel } from "./enquiry-fields.tsx";

/** SPEC §9: the page reloads 3 seconds after a successful enquiry. */
export const reloadAfterSuccessMs = 3000;

export interface EnquiryFormProps {
  kind: EnquiryFormKind;
  /** The form's id: a post made without JavaScript returns to it (the alert is at its top). */
  anchorId: string;
  /** The route's action data: the outcome of a post made without JavaScript. */
  actionData?: unknown;
  submitLabel: string;
  className: string;
  "aria-label"?: string;
  /** Fields of this form only (the property form's property_code). */
  children?: ReactNode;
}

interface Shown {
  /** Undefined until the puzzle endpoint (or a post) brings one: pages carry none. */
  puzzle: IssuedPuzzle | undefined;
  spare: IssuedPuzzle | undefined;
  errors: EnquiryErrors;
  alert: { key: number; result: EnquiryResult } | undefined;
}

/**
 * The state after an outcome: its errors and alert, and a new puzzle (SPEC §4). The 'puzzle'
 * outcome (a post made before the form had one) shows no alert: the puzzle to answer.
 */
function afterOutcome(previous: Shown | undefined, result: EnquiryResult) {
  const next: Shown = {
    puzzle: result.puzzles?.puzzle ?? previous?.spare ?? previous?.puzzle,
    spare: result.puzzles ? result.puzzles.spare : undefined,
    errors: result.errors,
    alert:
      result.outcome === "puzzle" ? undefined : { key: (previous?.alert?.key ?? 0) + 1, result },
  };
  return next;
}

function valuesOf(form: HTMLFormElement): Partial<Record<EnquiryFieldName, string>> {
  const formData = new FormData(form);
  const values: Partial<Record<EnquiryFieldName, string>> = {};
  for (const name of enquiryFieldNames) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

/**
 * An enquiry form (SPEC §4, §5, §8), posted to the route's action. With JavaScript it submits
 * through a fetcher (no page load): client-side validation first, 'Loading...' while sending,
 * the outcome's alert, a reset with a new puzzle, and a reload 3 seconds after success. Without
 * JavaScript it is a plain form post and the page renders the same outcome.
 *
 * The page carries no puzzle, so that it is the same for every visitor (decision 031): with
 * JavaScript the form reads one from the puzzle endpoint; without, its first post is answered
 * with one to solve (the 'puzzle' outcome), the fields kept as typed.
 */
export function EnquiryForm({
  kind,
  anchorId,
  actionData,
  submitLabel,
  className,
  "aria-label": ariaLabel,
  children,
}: EnquiryFormProps) {
  const idPrefix = useId();
  const fetcher = useFetcher<EnquiryResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const action = `${useFormAction()}#${anchorId}`;
  const howYouHear = kind === "contact" ? "subject" : "select";
  const [shown, setShown] = useState<Shown>(() =>
    isEnquiryResult(actionData)
      ? afterOutcome(undefined, actionData)
      : { puzzle: undefined, spare: undefined, errors: {}, alert: undefined },
  );
  // What a post without a puzzle typed, shown again (a document post: the fields are new).
  const [typed] = useState(() =>
    isEnquiryResult(actionData) && actionData.outcome === "puzzle" ? actionData.values : undefined,
  );

  // A form shown without a puzzle reads one (and a spare) from the puzzle endpoint.
  const needsPuzzle = shown.puzzle === undefined;
  useEffect(() => {
    if (!needsPuzzle) return;
    let current = true;
    fetchEnquiryPuzzles().then((fetched) => {
      if (!current || !fetched) return;
      setShown((previous) =>
        previous.puzzle ? previous : { ...previous, puzzle: fetched.puzzle, spare: fetched.spare },
      );
    });
    return () => {
      current = false;
    };
  }, [needsPuzzle]);

  // A fetcher outcome: show it, reset the fields, take the new puzzle.
  const result = isEnquiryResult(fetcher.data) ? fetcher.data : undefined;
  const [handled, setHandled] = useState<EnquiryResult | undefined>(undefined);
  if (result && result !== handled) {
    setHandled(result);
    setShown((previous) => afterOutcome(previous, result));
  }
  useEffect(() => {
    // A post without a puzzle keeps what the visitor typed: they answer the puzzle and send.
    if (!result || result.outcome === "puzzle") return;
    formRef.current?.reset();
    if (result.outcome !== "success") return;
    const timer = window.setTimeout(() => window.location.reload(), reloadAfterSuccessMs);
    return () => window.clearTimeout(timer);
  }, [result]);

  const sending = fetcher.state !== "idle";
  const fromDocumentPost = isEnquiryResult(actionData) && !result;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const errors = validateEnquiry(valuesOf(form), kind);
    // No puzzle to answer yet (the endpoint could not be read): the post brings one.
    if (!shown.puzzle) delete errors.puzzle;
    const invalid = enquiryFieldNames.filter((name) => errors[name]);
    setShown((previous) => ({ ...previous, errors, alert: undefined }));
    if (invalid.length > 0) {
      event.preventDefault();
      const first = form.elements.namedItem(invalid[0] ?? "");
      if (first instanceof HTMLElement) first.focus();
    }
  }

  // SPEC §4: editing a field clears that field's error. Read from the native input event: React
  // makes no change event for the message box, whose element it does not own (MessageBox).
  function handleInput(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name as EnquiryFieldName;
    if (!shown.errors[name]) return;
    setShown((previous) => {
      const errors = { ...previous.errors };
      delete errors[name];
      return { ...previous, errors };
    });
  }

  const alert = shown.alert;
  return (
    <fetcher.Form
      ref={formRef}
      id={anchorId}
      method="post"
      action={action}
      className={className}
      noValidate
      aria-label={ariaLabel}
      defaultShouldRevalidate={false}
      onSubmit={handleSubmit}
      onInput={handleInput}
    >
      {alert ? (
        <div className="enquiry-form__alert">
          <EnquiryAlert
            key={alert.key}
            kind={alert.result.outcome === "success" ? "success" : "error"}
            message={alert.result.message}
            errors={alert.result.errors}
            labelOf={(name) => fieldLabel(name, howYouHear)}
            onClose={() => setShown((previous) => ({ ...previous, alert: undefined }))}
          />
          {fromDocumentPost && alert.result.outcome === "success" ? (
            // Without JavaScript, the reload 3 seconds after success (a GET, not a re-post).
            <meta httpEquiv="refresh" content={String(reloadAfterSuccessMs / 1000)} />
          ) : null}
        </div>
      ) : null}
      {children}
      <EnquiryFields
        idPrefix={idPrefix}
        puzzle={shown.puzzle}
        values={typed}
        howYouHear={howYouHear}
        errors={shown.errors}
      />
      <button type="submit" className="enquiry-form__submit" disabled={sending}>
        {sending ? (
          <>
            <span className="enquiry-form__spinner" aria-hidden="true" />
            Loading...
          </>
        ) : (
          submitLabel
        )}
      </button>
    </fetcher.Form>
  );
}
