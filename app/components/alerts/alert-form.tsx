import { useId } from "react";
import { enquiryPuzzlePath } from "#app-context";
import type { PropertyFilters } from "../../../lib/property-search.ts";
import { alertQueryOf, describeAlertFilters } from "../../../lib/search-alert.ts";
import type { IssuedPuzzle } from "../../enquiry/enquiry-result.ts";
import { HoneypotField, PuzzleField } from "../enquiry/enquiry-fields.tsx";

export const alertsPath = "/alerts";

export interface AlertFormProps {
  filters: PropertyFilters;
  /** The address as typed, after a refused post. */
  email?: string;
  /** The address field's message after a refused post. */
  error?: string;
  /**
   * The puzzle to answer (the enquiry forms' own, decision 055's addendum): issued with the
   * answer to a post; absent on /search, whose form reads one with JavaScript (the page is the
   * same for every visitor) or is answered with one on its first post.
   */
  puzzle?: IssuedPuzzle;
  /** The puzzle field's message after a refused post. */
  puzzleError?: string;
  /** "sidebar" on /search; "page" on the /alerts page after a refused post. */
  layout?: "sidebar" | "page";
}

/**
 * "E-mail me new matches" (decision 055): the visitor's address for the current filters,
 * posted to /alerts (no JavaScript needed). The same for every visitor, so /search stays one
 * cached page: no address and no token in it. Its puzzle comes as the enquiry forms' does:
 * `enhanceAlertForm` reads one from the puzzle endpoint, and without JavaScript the first post
 * is answered with one (the /alerts page).
 */
export function AlertForm({
  filters,
  email,
  error,
  puzzle,
  puzzleError,
  layout = "sidebar",
}: AlertFormProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const errorId = `${id}-error`;
  return (
    <section
      className={`sidebar-widget alert-form alert-form--${layout}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="sidebar-widget__title">
        E-mail me new matches
      </h2>
      <p className="alert-form__filters">
        <span className="alert-form__filters-label">Your search: </span>
        {describeAlertFilters(filters)}
      </p>
      <form
        method="post"
        action={alertsPath}
        className="alert-form__form"
        data-enhance="alert-form"
        data-puzzle={enquiryPuzzlePath}
        data-id-prefix={id}
      >
        <input type="hidden" name="query" value={alertQueryOf(filters)} />
        <label htmlFor={`${id}-email`} className="advanced-search__label">
          Your e-mail address
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          className="enquiry-form__control"
          defaultValue={email ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} className="alert-form__error">
            {error}
          </p>
        ) : null}
        {puzzle ? <PuzzleField idPrefix={id} puzzle={puzzle} error={puzzleError} /> : null}
        <HoneypotField idPrefix={id} className="alert-form__trap" />
        <button type="submit" className="button button--primary alert-form__submit">
          E-mail me new matches
        </button>
        <p className="alert-form__note">
          At most one e-mail a day, only when new properties match. We first send a link to confirm;
          every e-mail has a link to unsubscribe.
        </p>
        <template data-template="puzzle">
          <PuzzleField />
        </template>
      </form>
    </section>
  );
}
