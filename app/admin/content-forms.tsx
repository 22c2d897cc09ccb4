/**
 * What the site-content pages share (decision 057): the summary of a refused form (focused
 * with JavaScript, linking to each field, as the listing editor's), the notice of a save that
 * raced another, and reading an id from a route parameter.
 */
import { type ReactNode, useEffect, useRef } from "react";
import { data, useLocation } from "react-router";
import type { ContentFieldIssue } from "../../lib/admin-content.ts";
import { collectionNames } from "../../lib/collection-names.ts";
import { adminPaths } from "./staff.ts";

/** A collection's page: /admin/collections/1 to /3, in the names' order. */
export function collectionPath(name: string): string {
  return `${adminPaths.collections}/${collectionNames.indexOf(name as never) + 1}`;
}

/** "Title must not be empty": the field's label, then the message. */
export function issueText(issue: ContentFieldIssue, labels: Record<string, string>): string {
  if (issue.field === null) return issue.message;
  const label = labels[issue.field] ?? issue.field;
  return `${label} ${issue.message}`;
}

/** Each field's first message, by field. */
export function errorsOf(
  issues: readonly ContentFieldIssue[],
  labels: Record<string, string>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.field !== null && errors[issue.field] === undefined) {
      errors[issue.field] = issueText(issue, labels);
    }
  }
  return errors;
}

export function ProblemSummary({
  issues,
  labels,
  idOf,
}: {
  issues: readonly ContentFieldIssue[];
  labels: Record<string, string>;
  /** The id of a field's control, for the summary's links. */
  idOf: (field: string) => string;
}) {
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (issues.length > 0) summary.current?.focus();
  }, [issues]);
  if (issues.length === 0) return null;
  return (
    <div
      ref={summary}
      className="admin-notice admin-notice--error admin-editor__summary"
      role="alert"
      tabIndex={-1}
      aria-labelledby="content-problems-title"
    >
      <h2 id="content-problems-title" className="admin-editor__summary-title">
        {issues.length === 1
          ? "There is 1 problem: nothing is saved yet"
          : `There are ${issues.length} problems: nothing is saved yet`}
      </h2>
      <ul>
        {issues.map((issue, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the issues' order is fixed.
          <li key={index}>
            {issue.field !== null ? (
              <a href={`#${idOf(issue.field)}`}>{issueText(issue, labels)}</a>
            ) : (
              issueText(issue, labels)
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A save refused because someone else saved first: what was typed is still in the form; the
 * button saves it over the version the refusal saw.
 */
export function ConflictNotice({
  what,
  currentHref,
  version,
}: {
  what: string;
  currentHref: string;
  version: string;
}): ReactNode {
  return (
    <div className="admin-notice admin-notice--error admin-editor__conflict" role="alert">
      <h2 className="admin-editor__summary-title">
        {`Not saved: someone else changed ${what} after you opened it`}
      </h2>
      <p>
        Your changes are still in the form below, nothing is lost.{" "}
        <a href={currentHref} target="_blank" rel="noopener">
          Open the current version in a new tab
        </a>{" "}
        to compare, then save yours over it, or copy what you need.
      </p>
      <button
        className="admin-button admin-button--danger"
        type="submit"
        name="over"
        value={version}
      >
        Save mine over it
      </button>
    </div>
  );
}

/** A positive whole number from a route parameter or form field; a 404 otherwise. */
export function idParam(value: unknown, what: string): number {
  const id = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1) {
    throw data({ message: `There is no such ${what}.` }, { status: 404 });
  }
  return id;
}

/** The done notice of a list page, from its `done` query parameter. */
export function doneNotice(text: string | null): ReactNode {
  if (!text) return null;
  return (
    <div className="admin-notice admin-notice--success" role="status">
      <p>{text}</p>
    </div>
  );
}

/**
 * A form to add something, emptied once an add succeeded: the action's redirect is a new
 * location, while a refused add answers in place and keeps what was typed. Without JavaScript
 * the redirect loads a fresh page; with it React keeps the inputs, so they are reset here
 * (reset, not remounted: the focus stays on the form's button).
 */
export function useFormResetAfterRedirect() {
  const form = useRef<HTMLFormElement>(null);
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the location changes
  useEffect(() => {
    form.current?.reset();
  }, [key]);
  return form;
}
