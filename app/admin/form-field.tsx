/** A labelled form control with its error message beside it (announced with the field). */
import type { InputHTMLAttributes } from "react";
import { minimumPasswordLength, newPasswordHint } from "../../lib/staff-rules.ts";

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

export function FormField({ name, label, error, hint, id, ...input }: FormFieldProps) {
  const fieldId = id ?? `field-${name}`;
  const describedBy = [hint ? `${fieldId}-hint` : "", error ? `${fieldId}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={`admin-field${error ? " admin-field--invalid" : ""}`}>
      <label className="admin-field__label" htmlFor={fieldId}>
        {label}
      </label>
      {hint ? (
        <p className="admin-field__hint" id={`${fieldId}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        className="admin-field__input"
        id={fieldId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {error ? (
        <p className="admin-field__error" id={`${fieldId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The account's address, hidden, ahead of its password fields: a password manager stores the
 * new password under it.
 */
export function AccountNameField({ email }: { email: string }) {
  return (
    <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
  );
}

/** A new password and the same again, as setting and changing a password both ask them. */
export function NewPasswordFields({
  errors,
}: {
  errors: { password?: string | undefined; confirmation?: string | undefined };
}) {
  return (
    <>
      <FormField
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={minimumPasswordLength}
        hint={newPasswordHint}
        error={errors.password}
      />
      <FormField
        name="confirmation"
        label="New password again"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmation}
      />
    </>
  );
}

/** The hidden token every admin form carries (decision 037). */
export function FormToken({ token }: { token: string }) {
  return <input type="hidden" name="csrf" value={token} />;
}
