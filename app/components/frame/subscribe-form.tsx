import { useId } from "react";
import { HoneypotField } from "../enquiry/enquiry-fields.tsx";

/** Where the subscribe boxes post (decision 078). */
export const newsletterPath = "/newsletter";

export interface SubscribeFormProps {
  /** The visible label of the e-mail box. */
  label?: string;
  buttonText?: string;
  /** 'dark' for the footer, 'light' for page sections. */
  tone?: "dark" | "light";
  className?: string;
  /** The address to show again (the /newsletter page after a refusal). */
  email?: string;
  /** The address's message, shown under the box. */
  error?: string;
}

/**
 * An e-mail sign-up box (footer subscribe box, home newsletter). SPEC §2: a required e-mail
 * box, its look and texts kept. It posts the address to /newsletter (decision 078), which
 * works without JavaScript and answers "Check your inbox"; the browser's required/e-mail check
 * runs first. A hidden field only bots fill (the enquiry forms' honeypot) is refused there.
 */
export function SubscribeForm({
  label = "Email address",
  buttonText = "Subscribe",
  tone = "light",
  className,
  email,
  error,
}: SubscribeFormProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const classes = ["subscribe-form", `subscribe-form--${tone}`, className]
    .filter(Boolean)
    .join(" ");
  return (
    <form className={classes} method="post" action={newsletterPath}>
      <label className="subscribe-form__label" htmlFor={`${id}-email`}>
        {label}
      </label>
      <div className="subscribe-form__row">
        <input
          className="subscribe-form__input"
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          {...(email ? { defaultValue: email } : {})}
          {...(error ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
        />
        <button type="submit" className="button button--accent subscribe-form__button">
          {buttonText}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="subscribe-form__error">
          {error}
        </p>
      ) : null}
      <HoneypotField idPrefix={id} className="subscribe-form__trap" />
    </form>
  );
}
