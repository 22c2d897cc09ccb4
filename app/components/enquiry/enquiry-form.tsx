import { type ReactNode, useId } from "react";
import { useFormAction } from "react-router";
import { enquiryPuzzlePath, enquirySendPath } from "#app-context";
import { type EnquiryFieldName, enquiryFieldNames } from "../../../lib/enquiry-fields.ts";
import type { EnquiryForm as EnquiryFormKind } from "../../../lib/enquiry-rules.ts";
import { isEnquiryResult } from "../../enquiry/enquiry-result.ts";
import { enquiryAlertIdOf, reloadAfterSuccessMs } from "./enhance-enquiry-form.ts";
import { EnquiryAlert } from "./enquiry-alert.tsx";
import { EnquiryFields, FieldError, fieldLabel, PuzzleField } from "./enquiry-fields.tsx";

export { reloadAfterSuccessMs };

export interface EnquiryFormProps {
  kind: EnquiryFormKind;
  /** The form's id: a post made without JavaScript returns to it (the alert is at its top). */
  anchorId: string;
  /** The route's action data: the outcome of a post made without JavaScript. */
  actionData?: unknown;
  submitLabel: string;
  className: string;
  "aria-label"?: string;
  /** The message the box starts with (SPEC §4's unless given; decision 077). */
  initialMessage?: string;
  /** Fields of this form only (the property form's property_code). */
  children?: ReactNode;
}

/**
 * An enquiry form (SPEC §4, §5, §8), posted to the route's action. Server HTML: without
 * JavaScript it is a plain form post and the page renders the outcome (its alert, its errors,
 * a new puzzle, a reload 3 seconds after success). With JavaScript `enhanceEnquiryForm`
 * (registered as `enquiry-form`) sends it with `fetch` instead (no page load): client-side
 * validation first, 'Loading...' while sending, the outcome's alert, a reset with a new puzzle,
 * and a reload 3 seconds after success. What the script shows it copies from the `<template>`s
 * rendered here, so its markup is the server's.
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
  initialMessage,
  children,
}: EnquiryFormProps) {
  const idPrefix = useId();
  const action = `${useFormAction()}#${anchorId}`;
  const howYouHear = kind === "contact" ? "subject" : "select";
  const labelOf = (name: EnquiryFieldName) => fieldLabel(name, howYouHear);
  const result = isEnquiryResult(actionData) ? actionData : undefined;
  const alert = result && result.outcome !== "puzzle" ? result : undefined;
  const labels = Object.fromEntries(enquiryFieldNames.map((name) => [name, labelOf(name)]));
  return (
    <form
      id={anchorId}
      method="post"
      action={action}
      className={className}
      noValidate
      aria-label={ariaLabel}
      data-enhance="enquiry-form"
      data-kind={kind}
      data-send={enquirySendPath(kind)}
      data-puzzle={enquiryPuzzlePath}
      data-labels={JSON.stringify(labels)}
      // The spare puzzle of a post's answer, shown after a send that cannot reach the server.
      data-spare={result?.puzzles ? JSON.stringify(result.puzzles.spare) : undefined}
    >
      {alert ? (
        <div className="enquiry-form__alert">
          <EnquiryAlert
            id={enquiryAlertIdOf(anchorId)}
            kind={alert.outcome === "success" ? "success" : "error"}
            message={alert.message}
            errors={alert.errors}
            labelOf={labelOf}
          />
          {alert.outcome === "success" ? (
            // Without JavaScript, the reload 3 seconds after success (a GET, not a re-post).
            <meta httpEquiv="refresh" content={String(reloadAfterSuccessMs / 1000)} />
          ) : null}
        </div>
      ) : null}
      {children}
      <EnquiryFields
        idPrefix={idPrefix}
        puzzle={result?.puzzles?.puzzle}
        values={result?.outcome === "puzzle" ? result.values : undefined}
        howYouHear={howYouHear}
        errors={result?.errors ?? {}}
        initialMessage={initialMessage}
      />
      <button type="submit" className="enquiry-form__submit">
        {submitLabel}
      </button>
      <EnquiryTemplates labelOf={labelOf} />
    </form>
  );
}

/**
 * What the form's script shows, as the server renders it: the alert (with a message and one
 * list item, which it fills, copies or removes), a field's error, the puzzle's field and the
 * button's 'Loading...'. Without ids: the script gives each copy its own.
 */
function EnquiryTemplates({ labelOf }: { labelOf: (name: EnquiryFieldName) => string }) {
  return (
    <>
      <template data-template="alert">
        <div className="enquiry-form__alert">
          <EnquiryAlert
            kind="error"
            message="-"
            errors={{ fullname: "-" }}
            labelOf={labelOf}
            template
          />
        </div>
      </template>
      <template data-template="error">
        <FieldError message="-" />
      </template>
      <template data-template="puzzle">
        <PuzzleField />
      </template>
      <template data-template="loading">
        <span className="enquiry-form__spinner" aria-hidden="true" />
        Loading...
      </template>
    </>
  );
}
