/**
 * Owners only: the data-protection tool (decision 045). Finds everything held for one e-mail
 * address (its enquiries with every field, notes and delivery, its viewings, and a staff account
 * with it), exports it as JSON, and deletes the enquiries and viewings after a confirmation. Every step is a POST
 * with the form token, so the address never stands in a URL or an access log.
 */
import { data, Form, Link, redirect } from "react-router";
import { adminEnquiriesContext } from "#app-context";
import {
  type DataRequestFindings,
  enquiryStatusNames,
  formatDateTime,
} from "../../../lib/admin-enquiries.ts";
import { viewingStatusNames } from "../../../lib/admin-viewings.ts";
import { emailProblem, normaliseEmail, staffRoleNames } from "../../../lib/staff-rules.ts";
import { FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, ownerSession } from "../../admin/staff.ts";
import type { Route } from "./+types/enquiry-data-requests";

export const meta: Route.MetaFunction = () => adminMeta("Data requests");

export function loader({ request, context }: Route.LoaderArgs) {
  const session = ownerSession(context);
  const params = new URL(request.url).searchParams;
  const deleted = params.get("deleted");
  const viewings = params.get("viewings");
  return {
    csrfToken: session.csrfToken,
    deleted: deleted !== null && /^\d+$/.test(deleted) ? Number(deleted) : null,
    viewingsDeleted: viewings !== null && /^\d+$/.test(viewings) ? Number(viewings) : 0,
  };
}

type ActionResult =
  | { step: "invalid"; email: string; error: string }
  | { step: "found" | "confirm"; findings: DataRequestFindings };

export async function action({ request, context }: Route.ActionArgs) {
  const session = ownerSession(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const typed = String(form.get("email") ?? "");
  const problem = emailProblem(typed);
  if (problem) {
    return data({ step: "invalid", email: typed, error: problem } satisfies ActionResult, {
      status: 400,
    });
  }
  const email = normaliseEmail(typed);
  const enquiries = context.get(adminEnquiriesContext);
  if (intent === "erase") {
    // The viewings are counted first for the notice; the erasure deletes them with the rest.
    const viewings = (await enquiries.findData(session, email)).viewings?.length ?? 0;
    const deleted = await enquiries.eraseData(session, email);
    throw redirect(
      `${adminPaths.dataRequests}?deleted=${deleted}${viewings > 0 ? `&viewings=${viewings}` : ""}`,
    );
  }
  if (intent !== "find" && intent !== "confirm") {
    throw new Response("Unknown action", { status: 400 });
  }
  const findings = await enquiries.findData(session, email);
  return { step: intent === "confirm" ? "confirm" : "found", findings } satisfies ActionResult;
}

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

export default function DataRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken, deleted, viewingsDeleted } = loaderData;
  const result = actionData as ActionResult | undefined;
  const findings = result && result.step !== "invalid" ? result.findings : undefined;
  const error = result?.step === "invalid" ? result.error : undefined;
  const emailValue = result?.step === "invalid" ? result.email : (findings?.email ?? "");
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="data-requests-title">
      <p className="admin-enquiry__back">
        <Link to={adminPaths.enquiries}>All enquiries</Link>
      </p>
      <h1 id="data-requests-title" className="admin-title">
        Data requests
      </h1>
      {deleted !== null ? (
        <div className="admin-notice admin-notice--success" role="status">
          <p>
            {`${plural(deleted, "enquiry was", "enquiries were")} deleted for good, with their notes and e-mail delivery records.`}
            {viewingsDeleted > 0
              ? ` ${plural(viewingsDeleted, "viewing was", "viewings were")} deleted too.`
              : ""}
          </p>
        </div>
      ) : null}
      <p>
        When someone asks what the company holds about them, or asks for it to be deleted, find
        their e-mail address here. The search ignores upper and lower case.
      </p>
      <Form method="post" className="admin-filters" aria-label="Find an e-mail address">
        <FormToken token={csrfToken} />
        <input type="hidden" name="intent" value="find" />
        <div className={`admin-field admin-filters__text${error ? " admin-field--invalid" : ""}`}>
          <label className="admin-field__label" htmlFor="data-request-email">
            E-mail address
          </label>
          <input
            className="admin-field__input"
            id="data-request-email"
            name="email"
            type="email"
            autoComplete="off"
            defaultValue={emailValue}
            key={emailValue}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "data-request-email-error" : undefined}
          />
          {error ? (
            <p className="admin-field__error" id="data-request-email-error">
              {error}
            </p>
          ) : null}
        </div>
        <button className="admin-button" type="submit">
          Find
        </button>
      </Form>
      {findings ? (
        <Findings findings={findings} csrfToken={csrfToken} confirm={result?.step === "confirm"} />
      ) : null}
    </section>
  );
}

function Findings({
  findings,
  csrfToken,
  confirm,
}: {
  findings: DataRequestFindings;
  csrfToken: string;
  confirm: boolean;
}) {
  const { email, enquiries, staffAccount, notesWritten, searchAlerts, newsletter, applicant } =
    findings;
  const viewings = findings.viewings ?? [];
  const nothing =
    enquiries.length === 0 &&
    !staffAccount &&
    searchAlerts.length === 0 &&
    !newsletter &&
    viewings.length === 0 &&
    !applicant;
  const erasable =
    enquiries.length + searchAlerts.length + viewings.length > 0 ||
    Boolean(newsletter) ||
    Boolean(applicant);
  return (
    <section className="admin-data-request" aria-labelledby="findings-title">
      <h2 className="admin-subtitle" id="findings-title">
        {`Held for ${email}`}
      </h2>
      {nothing ? <p className="admin-empty">Nothing is held for this address.</p> : null}
      {enquiries.length > 0 ? (
        <>
          <p>{`${plural(enquiries.length, "enquiry", "enquiries")}, with every field, staff notes and e-mail delivery records:`}</p>
          <ul className="admin-data-request__list">
            {enquiries.map((enquiry) => (
              <li key={enquiry.id}>
                <Link to={`${adminPaths.enquiries}/${enquiry.id}`}>
                  {`${formatDateTime(enquiry.createdAt)}: ${enquiry.propertyCode ? `listing ${enquiry.propertyCode}` : enquiry.subject}`}
                </Link>
                {` (${enquiryStatusNames[enquiry.status]}, ${plural(enquiry.notes.length, "note", "notes")})`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {searchAlerts.length > 0 ? (
        <>
          <p>{`${plural(searchAlerts.length, "search alert", "search alerts")} (e-mails of new matching listings):`}</p>
          <ul className="admin-data-request__list">
            {searchAlerts.map((alert) => (
              <li key={alert.createdAt + alert.description}>
                {`${alert.description} (${alert.confirmed ? "confirmed" : "not confirmed"}, saved ${formatDateTime(alert.createdAt)})`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {viewings.length > 0 ? (
        <>
          <p>{`${plural(viewings.length, "viewing", "viewings")} booked with this address, with the visitor's details and staff feedback:`}</p>
          <ul className="admin-data-request__list">
            {viewings.map((viewing) => (
              <li key={viewing.uid}>
                {`${formatDateTime(viewing.startsAt)}: listing ${viewing.listingCode} (${viewingStatusNames[viewing.status]})`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {newsletter ? (
        <p>
          {`A newsletter subscription (${newsletter.status}, since ${formatDateTime(newsletter.createdAt)}): deleted with the rest.`}
        </p>
      ) : null}
      {applicant ? (
        <p>
          {`An applicant record (${applicant.consent ? "may be mailed homes" : "not to be mailed homes"}, since ${formatDateTime(applicant.createdAt)}), with ${plural(applicant.notes.length, "note", "notes")} and ${plural(applicant.mails.length, "mail of homes", "mails of homes")}: deleted with the rest.`}
        </p>
      ) : null}
      {staffAccount ? (
        <p>
          {`A back-office account (${staffRoleNames[staffAccount.role as "owner" | "agent"] ?? staffAccount.role}) uses this address, created ${formatDateTime(staffAccount.createdAt)}, with ${plural(notesWritten, "note", "notes")} written. It is included in the export; this tool does not delete it.`}
        </p>
      ) : null}
      {nothing ? null : (
        <div className="admin-actions">
          {/* A file: a plain form post the browser downloads. */}
          <Form method="post" action={adminPaths.dataRequestExport} reloadDocument>
            <FormToken token={csrfToken} />
            <input type="hidden" name="email" value={email} />
            <button className="admin-button admin-button--secondary" type="submit">
              Export as JSON
            </button>
          </Form>
          {erasable && !confirm ? (
            <Form method="post">
              <FormToken token={csrfToken} />
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="email" value={email} />
              <button className="admin-button admin-button--danger" type="submit">
                {enquiries.length > 0
                  ? `Delete ${plural(enquiries.length, "enquiry", "enquiries")}${searchAlerts.length > 0 ? " and search alerts" : ""}${viewings.length > 0 ? " and viewings" : ""}…`
                  : viewings.length > 0
                    ? `Delete ${plural(viewings.length, "viewing", "viewings")}${searchAlerts.length > 0 ? " and search alerts" : ""}…`
                    : searchAlerts.length > 0
                      ? `Delete ${plural(searchAlerts.length, "search alert", "search alerts")}…`
                      : newsletter
                        ? "Delete the newsletter subscription…"
                        : "Delete the applicant record…"}
              </button>
            </Form>
          ) : null}
        </div>
      )}
      {confirm && erasable ? (
        <div
          className="admin-notice admin-notice--error admin-data-request__confirm"
          role="alertdialog"
          aria-labelledby="confirm-title"
          aria-describedby="confirm-text"
        >
          <h3 id="confirm-title" className="admin-subtitle">
            {`Delete everything from ${email}?`}
          </h3>
          <p id="confirm-text">
            {enquiries.length === 0
              ? "This cannot be undone. Export it first if the person asked for a copy."
              : enquiries.length === 1
                ? "1 enquiry, with its notes and e-mail delivery record, will be deleted for good and cannot be brought back. Export it first if the person asked for a copy."
                : `${enquiries.length} enquiries, with their notes and e-mail delivery records, will be deleted for good and cannot be brought back. Export them first if the person asked for a copy.`}
            {searchAlerts.length > 0
              ? ` The address's ${plural(searchAlerts.length, "search alert", "search alerts")} will be deleted too.`
              : ""}
            {newsletter ? " Its newsletter subscription will be deleted too." : ""}
            {viewings.length > 0
              ? ` ${plural(viewings.length, "viewing", "viewings")} booked with it will be deleted too.`
              : ""}
            {applicant ? " Its applicant record will be deleted too." : ""}
          </p>
          <div className="admin-actions">
            <Form method="post">
              <FormToken token={csrfToken} />
              <input type="hidden" name="intent" value="erase" />
              <input type="hidden" name="email" value={email} />
              <button className="admin-button admin-button--danger" type="submit">
                Delete for good
              </button>
            </Form>
            <Link className="admin-button admin-button--secondary" to={adminPaths.dataRequests}>
              {enquiries.length === 1 ? "Keep it" : "Keep them"}
            </Link>
          </div>
        </div>
      ) : null}
    </section>
  );
}
