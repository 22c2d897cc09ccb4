/**
 * The page behind an alert e-mail's link (confirm, unsubscribe; decision 055): its GET shows a
 * button and changes nothing, since mail scanners open links; the button posts the link's
 * token, and the page then says what happened.
 */
import type { ReactNode } from "react";
import type { AlertOutcome } from "../../alerts/alerts.server.ts";
import { PageBanner } from "../frame/page-banner.tsx";

export function AlertLinkPage({
  title,
  question,
  button,
  token,
  outcome,
  done,
  back = { href: "/search", text: "Back to the search" },
}: {
  title: string;
  /** What pressing the button does, above it. */
  question: string;
  button: string;
  token: string;
  /** The post's answer, once the button was pressed. */
  outcome: Omit<AlertOutcome, "answer"> | undefined;
  /** More to say after a success. */
  done?: ReactNode;
  /** The link after the answer: the search by default (the newsletter's: home, decision 078). */
  back?: { href: string; text: string };
}) {
  return (
    <>
      <PageBanner title={title} />
      <div className="container alert-page">
        {outcome ? (
          <>
            <p
              className={`alert-page__message${outcome.ok ? "" : " alert-page__message--error"}`}
              role={outcome.ok ? "status" : "alert"}
            >
              {outcome.message}
            </p>
            {outcome.ok ? done : null}
            <div className="alert-page__actions">
              <a className="button button--primary" href={back.href}>
                {back.text}
              </a>
            </div>
          </>
        ) : (
          <form method="post" className="alert-page__form">
            <p>{question}</p>
            <input type="hidden" name="token" value={token} />
            <div className="alert-page__actions">
              <button type="submit" className="button button--primary">
                {button}
              </button>
            </div>
          </form>
        )}
      </div>
    </>
  );
}
