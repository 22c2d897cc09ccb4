import { useId } from "react";

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
 * submit does nothing. A `dialog` form does exactly that without JavaScript: the browser checks
 * the fields before submitting, and a dialog submission outside a dialog goes nowhere
 * (decision 021).
 */
export function SubscribeForm({
  label = "Email address",
  buttonText = "Subscribe",
  tone = "light",
  className,
}: SubscribeFormProps) {
  const id = useId();
  const classes = ["subscribe-form", `subscribe-form--${tone}`, className]
    .filter(Boolean)
    .join(" ");
  return (
    <form className={classes} method="dialog">
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
        <button type="submit" className="button button--accent subscribe-form__button">
          {buttonText}
        </button>
      </div>
    </form>
  );
}
