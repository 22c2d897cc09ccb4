/**
 * The back office's filter forms (listings, enquiries, audit log): a GET form, so a filtered
 * table has an address staff can reload, bookmark or share, and its fields. Each field's id is
 * the form's prefix and the field's name, such as `enquiries-status`.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";

export function FilterForm({
  label,
  submitLabel = "Filter",
  children,
}: {
  /** The search landmark's name. */
  label: string;
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <Form method="get" className="admin-filters" role="search" aria-label={label}>
      {children}
      <button className="admin-button" type="submit">
        {submitLabel}
      </button>
    </Form>
  );
}

interface FieldProps {
  /** The form's prefix of the field's id. */
  form: string;
  name: string;
  label: string;
}

/** A text box; `search` makes it the form's wide free-text search. */
export function FilterText({
  form,
  name,
  label,
  value,
  search = false,
}: FieldProps & { value: string | undefined; search?: boolean }) {
  const id = `${form}-${name}`;
  return (
    <div className={search ? "admin-field admin-filters__text" : "admin-field"}>
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        className="admin-field__input"
        id={id}
        name={name}
        type={search ? "search" : "text"}
        autoComplete={search ? undefined : "off"}
        defaultValue={value}
      />
    </div>
  );
}

/** A choice among `options`, with `any` first (the empty value) when the filter may be off. */
export function FilterSelect<Value extends string>({
  form,
  name,
  label,
  value,
  any,
  options,
  optionLabels,
}: FieldProps & {
  value: Value | undefined;
  any?: string;
  options: readonly Value[];
  optionLabels: Record<Value, string>;
}) {
  const id = `${form}-${name}`;
  return (
    <div className="admin-field">
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      <select className="admin-field__input" id={id} name={name} defaultValue={value ?? ""}>
        {any === undefined ? null : <option value="">{any}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A day (UTC); a wrong one shows what was typed with its message beside it. */
export function FilterDate({
  form,
  name,
  label,
  value,
  typed,
  error,
}: FieldProps & { value: string | undefined; typed: string; error: string | undefined }) {
  const id = `${form}-${name}`;
  return (
    <div className={`admin-field${error ? " admin-field--invalid" : ""}`}>
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        className="admin-field__input"
        id={id}
        name={name}
        type="date"
        defaultValue={error ? typed : value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p className="admin-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The From and To days (UTC) of a table filtered by date. */
export function FilterDateRange({
  form,
  values,
  typed,
  errors,
}: {
  form: string;
  values: { from?: string | undefined; to?: string | undefined };
  typed: { from: string; to: string };
  errors: { from?: string | undefined; to?: string | undefined };
}) {
  return (["from", "to"] as const).map((name) => (
    <FilterDate
      key={name}
      form={form}
      name={name}
      label={name === "from" ? "From (UTC)" : "To (UTC)"}
      value={values[name]}
      typed={typed[name]}
      error={errors[name]}
    />
  ));
}
