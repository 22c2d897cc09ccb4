/**
 * The applicant pages' forms and timeline (decision 103): the details' fields, the
 * requirements' fields (the site's categories and amenities as check boxes), each filled with
 * what was typed when a post is refused, and the timeline, newest first.
 */
import { Link } from "react-router";
import { formatDateTime } from "../../lib/admin-enquiries.ts";
import type { RequirementChoices, TimelineEntry } from "../../lib/applicant-admin.ts";
import {
  type ApplicantDetailsErrors,
  type ApplicantDetailsForm,
  type ConsentSource,
  consentSourceLabels,
  maxAreas,
  type RequirementsErrors,
  type RequirementsForm,
} from "../../lib/applicant-requirements.ts";
import { FormField } from "./form-field.tsx";
import { adminPaths } from "./staff.ts";

export function detailsOf(form: FormData): ApplicantDetailsForm {
  return {
    name: String(form.get("name") ?? ""),
    email: String(form.get("email") ?? ""),
    phone: String(form.get("phone") ?? ""),
  };
}

/** The details' three fields, filled with `values`, each with its message. */
export function ApplicantDetailsFields({
  values,
  errors,
}: {
  values: ApplicantDetailsForm;
  errors: ApplicantDetailsErrors;
}) {
  return (
    <>
      <FormField
        name="name"
        label="Name"
        autoComplete="off"
        maxLength={120}
        defaultValue={values.name}
        error={errors.name}
      />
      <FormField
        name="email"
        label="E-mail"
        type="email"
        autoComplete="off"
        maxLength={254}
        defaultValue={values.email}
        error={errors.email}
      />
      <FormField
        name="phone"
        label="Phone (optional)"
        type="tel"
        autoComplete="off"
        maxLength={40}
        defaultValue={values.phone}
        error={errors.phone}
      />
    </>
  );
}

export function requirementsOf(form: FormData): RequirementsForm {
  return {
    wants: String(form.get("wants") ?? ""),
    budgetMin: String(form.get("budgetMin") ?? ""),
    budgetMax: String(form.get("budgetMax") ?? ""),
    minBeds: String(form.get("minBeds") ?? ""),
    areas: String(form.get("areas") ?? ""),
    categoryIds: form.getAll("categoryIds").map(String),
    amenityIds: form.getAll("amenityIds").map(String),
  };
}

function Checks({
  name,
  legend,
  options,
  checked,
  error,
}: {
  name: string;
  legend: string;
  options: { id: number; title: string }[];
  checked: string[];
  error: string | undefined;
}) {
  return (
    <fieldset
      className={`admin-field applicant-checks${error ? " admin-field--invalid" : ""}`}
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend className="admin-field__label">{legend}</legend>
      <div className="applicant-checks__list">
        {options.map((option) => (
          <label key={option.id} className="applicant-checks__item">
            <input
              type="checkbox"
              name={name}
              value={option.id}
              defaultChecked={checked.includes(String(option.id))}
            />{" "}
            {option.title}
          </label>
        ))}
      </div>
      {error ? (
        <p className="admin-field__error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The requirements' fields, filled with `values`. */
export function RequirementsFields({
  values,
  errors,
  choices,
}: {
  values: RequirementsForm;
  errors: RequirementsErrors;
  choices: RequirementChoices;
}) {
  return (
    <>
      <div className={`admin-field${errors.wants ? " admin-field--invalid" : ""}`}>
        <label className="admin-field__label" htmlFor="field-wants">
          Looking to
        </label>
        <select
          className="admin-field__input"
          id="field-wants"
          name="wants"
          defaultValue={values.wants}
          aria-invalid={errors.wants ? true : undefined}
          aria-describedby={errors.wants ? "field-wants-error" : undefined}
        >
          <option value="">Not known yet</option>
          <option value="buy">Buy</option>
          <option value="rent">Rent</option>
        </select>
        {errors.wants ? (
          <p className="admin-field__error" id="field-wants-error">
            {errors.wants}
          </p>
        ) : null}
      </div>
      <div className="applicant-form__row">
        <FormField
          name="budgetMin"
          label="Budget from"
          hint="As listings are priced: a rent per its period."
          inputMode="numeric"
          autoComplete="off"
          defaultValue={values.budgetMin}
          error={errors.budgetMin}
        />
        <FormField
          name="budgetMax"
          label="Budget up to"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={values.budgetMax}
          error={errors.budgetMax}
        />
        <FormField
          name="minBeds"
          label="Bedrooms, at least"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={values.minBeds}
          error={errors.minBeds}
        />
      </div>
      <FormField
        name="areas"
        label="Areas"
        hint={`Towns or counties as listings name them, separated by commas (at most ${maxAreas}); empty: anywhere.`}
        autoComplete="off"
        defaultValue={values.areas}
        error={errors.areas}
      />
      <Checks
        name="categoryIds"
        legend="Property types (none ticked: any)"
        options={choices.categories}
        checked={values.categoryIds}
        error={errors.categoryIds}
      />
      <Checks
        name="amenityIds"
        legend="Must have"
        options={choices.amenities}
        checked={values.amenityIds}
        error={errors.amenityIds}
      />
    </>
  );
}

function listingLink(code: string) {
  return <Link to={`${adminPaths.listings}/${encodeURIComponent(code)}/edit`}>{code}</Link>;
}

function describe(entry: TimelineEntry) {
  switch (entry.kind) {
    case "enquiry":
      return (
        <>
          <strong>Enquiry</strong>
          {entry.propertyCode ? <> about {listingLink(entry.propertyCode)}</> : null}:{" "}
          <Link to={`${adminPaths.enquiries}/${entry.id}`}>
            {entry.message.slice(0, 140) || "(no message)"}
          </Link>
        </>
      );
    case "viewing":
      return (
        <>
          <strong>Viewing</strong> of {listingLink(entry.propertyCode)} on{" "}
          {formatDateTime(entry.startsAt)} ({entry.status})
        </>
      );
    case "mail":
      return (
        <>
          <strong>{entry.codes.length === 1 ? "Home mailed" : "Homes mailed"}</strong>{" "}
          {entry.codes.map((code, index) => (
            <span key={code}>
              {index > 0 ? ", " : ""}
              {listingLink(code)}
            </span>
          ))}{" "}
          by {entry.sentBy} ({entry.sent ? "sent" : "queued"})
        </>
      );
    case "note":
      return (
        <>
          <strong>Note</strong> by {entry.author}:{" "}
          <span className="applicant-timeline__note">{entry.body}</span>
        </>
      );
    case "consent":
      return (
        <>
          <strong>{entry.consent ? "Agreed to homes by e-mail" : "No more homes by e-mail"}</strong>{" "}
          ({consentSourceLabels[entry.source as ConsentSource] ?? entry.source}
          {entry.source === "staff" ? `, ${entry.by}` : ""}){entry.note ? `: ${entry.note}` : ""}
        </>
      );
  }
}

/** The applicant's timeline, newest first. */
export function ApplicantTimeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p>Nothing yet.</p>;
  return (
    <ol className="applicant-timeline">
      {entries.map((entry) => (
        <li key={JSON.stringify(entry)} className="applicant-timeline__item">
          <time dateTime={entry.at} className="applicant-timeline__at">
            {formatDateTime(entry.at)}
          </time>{" "}
          {describe(entry)}
        </li>
      ))}
    </ol>
  );
}
