/** A slider's form (decision 057): its title and link, and its image (required when new). */
import type { ReactNode } from "react";
import { Form } from "react-router";
import {
  type ContentFieldIssue,
  type SliderFormValues,
  sliderFieldLabels,
} from "../../lib/admin-content.ts";
import { errorsOf, ProblemSummary } from "./content-forms.tsx";
import { FormField, FormToken } from "./form-field.tsx";

const fieldId = (field: string) => `slider-${field}`;

export function SliderForm({
  values,
  issues,
  csrfToken,
  version,
  imageSrc,
  notice,
  submitLabel,
}: {
  values: SliderFormValues;
  issues: readonly ContentFieldIssue[];
  csrfToken: string;
  /** Edit: the version the form was opened at. */
  version?: string;
  /** Edit: the current image. */
  imageSrc?: string;
  notice?: ReactNode;
  submitLabel: string;
}) {
  const errors = errorsOf(issues, sliderFieldLabels);
  const imageError = errors.image;
  return (
    <>
      <ProblemSummary issues={issues} labels={sliderFieldLabels} idOf={fieldId} />
      <Form method="post" encType="multipart/form-data" className="admin-editor" noValidate>
        <FormToken token={csrfToken} />
        {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
        {notice}
        <FormField
          id={fieldId("title")}
          name="title"
          label={sliderFieldLabels.title}
          defaultValue={values.title}
          error={errors.title}
          hint="The banner's heading on the home page, up to 200 characters."
          required
          maxLength={200}
        />
        <FormField
          id={fieldId("link")}
          name="link"
          label={sliderFieldLabels.link}
          defaultValue={values.link}
          error={errors.link}
          hint="Where 'Get Started Now' goes: a path on this site such as /property, or https://…"
          required
        />
        <div className={`admin-field${imageError ? " admin-field--invalid" : ""}`}>
          <label className="admin-field__label" htmlFor={fieldId("image")}>
            {imageSrc ? "Replace the image" : sliderFieldLabels.image}
          </label>
          <p className="admin-field__hint" id={`${fieldId("image")}-hint`}>
            {imageSrc ? "Leave empty to keep the current image. " : ""}
            JPEG, PNG, WebP, GIF or AVIF, at least 1200 × 400 pixels (1920 × 800 fits best), up to
            10 MB.
          </p>
          {imageSrc ? (
            <img
              className="admin-content__preview"
              src={imageSrc}
              alt={`Now shown: ${values.title}`}
            />
          ) : null}
          <input
            className="admin-field__input"
            id={fieldId("image")}
            name="image"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            aria-invalid={imageError ? true : undefined}
            aria-describedby={`${fieldId("image")}-hint${imageError ? ` ${fieldId("image")}-error` : ""}`}
          />
          {imageError ? (
            <p className="admin-field__error" id={`${fieldId("image")}-error`}>
              {imageError}
            </p>
          ) : null}
        </div>
        <div className="admin-actions admin-editor__actions">
          <button className="admin-button" type="submit">
            {submitLabel}
          </button>
        </div>
      </Form>
    </>
  );
}
