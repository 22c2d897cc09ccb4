import { useEffect, useId, useState } from "react";

export interface SubscribeFormProps {
  /** The visible label of the e-mail box. */
  label?: string;
  buttonText?: string;
  /** 'dark' for the footer, 'light' for page sections. */
  tone?: "dark" | "light";
  className?: string;
}

/**
 * An e-mail sign-up box (footer subscribe box, home newsletter). SPEC §2: a required e-mail
 * box with "no submit behaviour shown": the browser's required/e-mail check runs, and a valid
 * submit does nothing.
 */
export function SubscribeForm({
  label = "Email address",
  buttonText = "Subscribe",
  tone = "light",
  className,
}: SubscribeFormProps) {
  const id = useId();
  // Until React takes over, the button must not submit: the browser would send the form as a
  // GET to the page itself. Once hydrated it submits, so the required/e-mail check runs.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const classes = ["subscribe-form", `subscribe-form--${tone}`, className]
    .filter(Boolean)
    .join(" ");
  return (
    <form className={classes} onSubmit={(event) => event.preventDefault()}>
      <label className="subscribe-form__label" htmlFor={`${id}-email`}>
        {label}
      </label>
      <div className="subscribe-form__row">
        <input
          className="subscribe-form__input"
          id={`${id}-email`}
          name="subscribe-email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
        />
        <button
          type={hydrated ? "submit" : "button"}
          className="button button--accent subscribe-form__button"
        >
          {buttonText}
        </button>
      </div>
    </form>
  );
}
