/**
 * A viewing in the diary (decision 102): its time, listing, visitor and status, and the
 * buttons that confirm, decline or cancel it (each a form with the form token and the
 * revision the page was drawn at; decline and cancel ask first), with a link to its page for
 * moving it and its feedback.
 */
import { Form, Link } from "react-router";
import {
  type AdminViewing,
  formatViewingTimes,
  viewingActionsOf,
  viewingStatusNames,
} from "../../lib/admin-viewings.ts";
import { listingPagePath } from "../listing-preview-path.ts";
import { FormToken } from "./form-field.tsx";
import { adminPaths } from "./staff.ts";

export const viewingsPath = adminPaths.viewings;

/** A viewing's own page: its details, moving it, its feedback. */
export function viewingPath(id: number): string {
  return `${viewingsPath}/${id}`;
}

/**
 * What declining or cancelling tells the visitor: said before it is done, since it cannot be
 * taken back and the visitor is e-mailed at once.
 */
const consequences = {
  decline: "The visitor and the agent are e-mailed that it will not go ahead.",
  cancel: "The visitor and the agent are e-mailed that it is cancelled.",
} as const;

/**
 * Confirm (tentative) is one small form; decline (tentative) and cancel (confirmed) first open
 * a closed `<details>` that says what follows, with the button that does it, so a slip of the
 * finger e-mails nobody. Plain HTML: it works the same without JavaScript.
 */
export function ViewingStatusButtons({
  viewing,
  csrfToken,
  action,
  now,
  timeZone,
}: {
  viewing: AdminViewing;
  csrfToken: string;
  timeZone: string;
  /** Where the forms post: the page they are on. */
  action?: string;
  now: Date;
}) {
  const can = viewingActionsOf(viewing, now);
  const which = `the viewing of ${viewing.visitor.name}, ${formatViewingTimes(viewing, timeZone)}`;
  const form = (intent: "confirm" | "decline" | "cancel", button: React.ReactNode) => (
    <Form method="post" action={action}>
      <FormToken token={csrfToken} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={viewing.id} />
      <input type="hidden" name="sequence" value={viewing.sequence} />
      {button}
    </Form>
  );
  const confirmFirst = (intent: "decline" | "cancel", label: string) => (
    <details className="admin-confirm" key={intent}>
      <summary
        className="admin-button admin-button--small admin-button--secondary admin-confirm__toggle"
        aria-label={`${label} ${which}`}
      >
        {label}
      </summary>
      <div className="admin-confirm__box">
        <p>{consequences[intent]}</p>
        {form(
          intent,
          <button
            className="admin-button admin-button--small admin-button--danger"
            type="submit"
            aria-label={`Yes, ${label.toLowerCase()} it: ${which}`}
          >
            {`Yes, ${label.toLowerCase()} it`}
          </button>,
        )}
      </div>
    </details>
  );
  return (
    <>
      {can.confirm
        ? form(
            "confirm",
            <button
              className="admin-button admin-button--small"
              type="submit"
              aria-label={`Confirm ${which}`}
            >
              Confirm
            </button>,
          )
        : null}
      {can.decline ? confirmFirst("decline", "Decline") : null}
      {can.cancel ? confirmFirst("cancel", "Cancel") : null}
    </>
  );
}

export function ViewingCard({
  viewing,
  timeZone,
  csrfToken,
  now,
  compact,
  showStaff,
  error,
}: {
  viewing: AdminViewing;
  timeZone: string;
  csrfToken: string;
  now: Date;
  /** The week's columns: the time, listing, visitor and status; the rest on its page. */
  compact: boolean;
  showStaff: boolean;
  /** A refused change of this viewing. */
  error?: string | undefined;
}) {
  const { listing, visitor } = viewing;
  const titleId = `viewing-${viewing.id}-title`;
  return (
    <article
      className={`admin-viewing admin-viewing--${viewing.status}${compact ? " admin-viewing--compact" : ""}`}
      aria-labelledby={titleId}
    >
      <h3 className="admin-viewing__title" id={titleId}>
        <span className="admin-viewing__time">{formatViewingTimes(viewing, timeZone)}</span>{" "}
        <span className="admin-viewing__who">{visitor.name}</span>
      </h3>
      <p className={`admin-viewing__status admin-viewing__status--${viewing.status}`}>
        {viewingStatusNames[viewing.status]}
      </p>
      {error ? (
        <p className="admin-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="admin-viewing__listing">
        <a href={listingPagePath(listing)}>{`${listing.code}: ${listing.headline}`}</a>
      </p>
      {compact ? null : (
        <ul className="admin-viewing__contacts">
          <li>
            <a href={`mailto:${visitor.email}`}>{visitor.email}</a>
          </li>
          {visitor.phone ? (
            <li>
              <a href={`tel:${visitor.phone.replace(/[^+\d]/g, "")}`}>{visitor.phone}</a>
            </li>
          ) : null}
        </ul>
      )}
      {showStaff && !compact ? (
        <p className="admin-viewing__staff">
          {viewing.staff ? `With ${viewing.staff.email}` : "No member of staff"}
        </p>
      ) : null}
      {!compact && viewing.message ? (
        <p className="admin-viewing__message">{viewing.message}</p>
      ) : null}
      <div className="admin-actions admin-viewing__actions">
        <ViewingStatusButtons
          viewing={viewing}
          csrfToken={csrfToken}
          now={now}
          timeZone={timeZone}
        />
        <Link
          className="admin-button admin-button--small admin-button--quiet"
          to={viewingPath(viewing.id)}
          aria-label={`Open the viewing of ${visitor.name}, ${formatViewingTimes(viewing, timeZone)}`}
        >
          Open
        </Link>
      </div>
    </article>
  );
}
