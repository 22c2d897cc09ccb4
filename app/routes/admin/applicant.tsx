/**
 * An applicant (decision 103), for every signed-in member of staff: their details, their
 * consent to be mailed homes (staff record one given by phone, with a note), their
 * requirements, the published listings that match (20 a page) with "Send these homes", and
 * their timeline (enquiries, viewings, mails, notes, consent changes, newest first) with a
 * note to add. Each form posts its own `intent`; a refused one keeps what was typed.
 */
import { data, Form, Link, redirect } from "react-router";
import { adminApplicantsContext } from "#app-context";
import { formatDateTime } from "../../../lib/admin-enquiries.ts";
import { applicantPath, applicantPaths } from "../../../lib/applicant-admin.ts";
import {
  type ApplicantDetailsErrors,
  consentSourceLabels,
  type RequirementsErrors,
  requirementsFormOf,
} from "../../../lib/applicant-requirements.ts";
import { formatListingPrice } from "../../../lib/format.ts";
import { readRentPeriod } from "../../../lib/rent-period.ts";
import {
  ApplicantDetailsFields,
  ApplicantTimeline,
  detailsOf,
  RequirementsFields,
  requirementsOf,
} from "../../admin/applicant-forms.tsx";
import { FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, doneParam, staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/applicant";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(
    loaderData
      ? `Applicant ${loaderData.applicant.name || loaderData.applicant.email}`
      : "Applicant",
  );

const notices = {
  added: "The applicant has been added. Set their requirements to see matching homes.",
  details: "The details have been saved.",
  requirements: "The requirements have been saved.",
  consent: "The consent has been recorded.",
  note: "The note has been added.",
  sent: "The homes are queued to be e-mailed to the applicant.",
} as const;
type Done = keyof typeof notices;

function idOf(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw data({ message: "There is no such applicant." }, { status: 404 });
  }
  return id;
}

function pageOf(url: URL): number {
  const page = Number(url.searchParams.get("matches") ?? "1");
  return Number.isSafeInteger(page) && page > 0 && page <= 10_000 ? page : 1;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const url = new URL(request.url);
  const found = await context
    .get(adminApplicantsContext)
    .find(session, idOf(params.id), pageOf(url));
  if (!found) throw data({ message: "There is no such applicant." }, { status: 404 });
  const done = url.searchParams.get(doneParam);
  return {
    ...found,
    csrfToken: session.csrfToken,
    done: done !== null && Object.hasOwn(notices, done) ? (done as Done) : null,
    sentCount: Number(url.searchParams.get("count") ?? "0") || 0,
  };
}

type Refusal =
  | { intent: "details"; errors: ApplicantDetailsErrors; values: ReturnType<typeof detailsOf> }
  | {
      intent: "requirements";
      errors: RequirementsErrors;
      values: ReturnType<typeof requirementsOf>;
    }
  | { intent: "consent"; errors: { note?: string }; values: { consent: string; note: string } }
  | { intent: "note"; errors: { note?: string }; values: { note: string } }
  | { intent: "send"; errors: { homes?: string }; values: { codes: string[] } };

export async function action({ params, request, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const id = idOf(params.id);
  const service = context.get(adminApplicantsContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const refused = (refusal: Refusal) => data(refusal, { status: 400 });
  const missing = () => {
    throw data({ message: "There is no such applicant." }, { status: 404 });
  };
  const done = (what: Done, extra = "") =>
    redirect(`${applicantPath(id)}?${doneParam}=${what}${extra}`);
  switch (intent) {
    case "details": {
      const values = detailsOf(form);
      const result = await service.updateDetails(session, id, values);
      if (result === "missing") return missing();
      if (typeof result === "object") return refused({ intent, errors: result.errors, values });
      return done("details");
    }
    case "requirements": {
      const values = requirementsOf(form);
      const result = await service.saveRequirements(session, id, values);
      if (result === "missing") return missing();
      if (typeof result === "object") return refused({ intent, errors: result.errors, values });
      return done("requirements");
    }
    case "consent": {
      const values = {
        consent: String(form.get("consent") ?? ""),
        note: String(form.get("note") ?? ""),
      };
      const result = await service.setConsent(session, id, {
        consent: values.consent === "yes",
        note: values.note,
      });
      if (result === "missing") return missing();
      if (typeof result === "object") return refused({ intent, errors: result.errors, values });
      return done("consent");
    }
    case "note": {
      const values = { note: String(form.get("note") ?? "") };
      const result = await service.addNote(session, id, values.note);
      if (result === "missing") return missing();
      if (typeof result === "object") return refused({ intent, errors: result.errors, values });
      return done("note");
    }
    case "send": {
      const codes = form.getAll("code").map(String);
      const result = await service.sendHomes(session, id, codes);
      if (result.status === "queued") return done("sent", `&count=${result.count}`);
      if (result.status === "missing") return missing();
      const message = {
        "no-consent":
          "This applicant has not agreed to be mailed homes: record their consent first.",
        "nothing-chosen": "Tick the homes to send first.",
        "unknown-homes": "A home ticked is no longer published. Tick others.",
      }[result.status];
      return refused({ intent, errors: { homes: message }, values: { codes } });
    }
    default:
      throw data({ message: "This request is not one the page sends." }, { status: 400 });
  }
}

export default function Applicant({ loaderData, actionData }: Route.ComponentProps) {
  const { applicant, timeline, choices, matches, csrfToken, done, sentCount } = loaderData;
  const refusal = actionData as Refusal | undefined;
  const refusedOf = <I extends Refusal["intent"]>(intent: I) =>
    refusal?.intent === intent ? (refusal as Extract<Refusal, { intent: I }>) : undefined;
  const details = refusedOf("details");
  const requirements = refusedOf("requirements");
  const consent = refusedOf("consent");
  const note = refusedOf("note");
  const send = refusedOf("send");
  const ticked = new Set(send?.values.codes ?? []);
  // A new key after each saved change: the forms start again from what is stored (a refused
  // post keeps the key, and so what was typed).
  const version = `${applicant.updatedAt}-${timeline.length}-${applicant.consent}-${done ?? ""}`;
  const matchHref = (page: number) =>
    page > 1
      ? `${applicantPath(applicant.id)}?matches=${page}#matches`
      : `${applicantPath(applicant.id)}#matches`;
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="applicant-title">
      <p className="admin-editor__back">
        <Link to={applicantPaths.list}>Applicants</Link>
      </p>
      <h1 id="applicant-title" className="admin-title">
        {applicant.name || applicant.email}
      </h1>
      {done ? (
        <div className="admin-notice admin-notice--success" role="status">
          {done === "sent"
            ? `${sentCount === 1 ? "1 home is" : `${sentCount} homes are`} queued to be e-mailed to ${applicant.email}.`
            : notices[done]}
        </div>
      ) : null}
      {refusal ? (
        <div className="admin-notice admin-notice--error" role="alert">
          Nothing was saved: please correct the highlighted field.
        </div>
      ) : null}
      <div className="applicant-layout">
        <div className="applicant-layout__side">
          <h2 className="admin-subtitle">Details</h2>
          <Form key={`details-${version}`} method="post" className="admin-form" noValidate>
            <FormToken token={csrfToken} />
            <input type="hidden" name="intent" value="details" />
            <ApplicantDetailsFields
              values={details?.values ?? applicant}
              errors={details?.errors ?? {}}
            />
            <p className="admin-field__hint">
              {`Added ${formatDateTime(applicant.createdAt)} from ${applicant.source === "staff" ? "the back office" : `a ${applicant.source === "alert" ? "search alert" : applicant.source}`}.`}
            </p>
            <button className="admin-button" type="submit">
              Save the details
            </button>
          </Form>

          <h2 className="admin-subtitle" id="consent">
            Homes by e-mail
          </h2>
          <p>
            {applicant.consent ? "May be mailed homes" : "Not to be mailed homes"}
            {applicant.consentSource
              ? ` (${consentSourceLabels[applicant.consentSource]}${applicant.consentAt ? `, ${formatDateTime(applicant.consentAt)}` : ""})`
              : ""}
            {applicant.consentNote ? `: ${applicant.consentNote}` : "."}
          </p>
          <Form key={`consent-${version}`} method="post" className="admin-form" noValidate>
            <FormToken token={csrfToken} />
            <input type="hidden" name="intent" value="consent" />
            <input type="hidden" name="consent" value={applicant.consent ? "no" : "yes"} />
            <div className={`admin-field${consent?.errors.note ? " admin-field--invalid" : ""}`}>
              <label className="admin-field__label" htmlFor="consent-note">
                {applicant.consent ? "Why they no longer want them (optional)" : "How they agreed"}
              </label>
              <input
                className="admin-field__input"
                id="consent-note"
                name="note"
                autoComplete="off"
                maxLength={2000}
                defaultValue={consent?.values.note ?? ""}
                aria-invalid={consent?.errors.note ? true : undefined}
                aria-describedby={consent?.errors.note ? "consent-note-error" : undefined}
              />
              {consent?.errors.note ? (
                <p className="admin-field__error" id="consent-note-error">
                  {consent.errors.note}
                </p>
              ) : null}
            </div>
            <button className="admin-button admin-button--secondary" type="submit">
              {applicant.consent
                ? "Record: no more homes by e-mail"
                : "Record consent to homes by e-mail"}
            </button>
          </Form>

          <h2 className="admin-subtitle">Requirements</h2>
          <Form key={`requirements-${version}`} method="post" className="admin-form" noValidate>
            <FormToken token={csrfToken} />
            <input type="hidden" name="intent" value="requirements" />
            <RequirementsFields
              values={requirements?.values ?? requirementsFormOf(applicant.requirements)}
              errors={requirements?.errors ?? {}}
              choices={choices}
            />
            <button className="admin-button" type="submit">
              Save the requirements
            </button>
          </Form>
        </div>

        <div className="applicant-layout__main">
          <h2 className="admin-subtitle" id="matches">
            Matching homes
          </h2>
          {applicant.requirements.wants === null ? (
            <p>Set whether they buy or rent to see matching homes.</p>
          ) : matches.rows.length === 0 ? (
            <p>
              No published home matches these requirements{matches.page > 1 ? " on this page" : ""}.
            </p>
          ) : (
            <Form key={`send-${version}`} method="post" noValidate>
              <FormToken token={csrfToken} />
              <input type="hidden" name="intent" value="send" />
              <fieldset
                className={`admin-field applicant-matches${send?.errors.homes ? " admin-field--invalid" : ""}`}
                aria-describedby={send?.errors.homes ? "homes-error" : undefined}
              >
                <legend className="admin-field__label">Tick the homes to send (at most 10)</legend>
                <ul className="applicant-matches__list">
                  {matches.rows.map((row) => (
                    <li key={row.code} className="applicant-matches__item">
                      <label>
                        <input
                          type="checkbox"
                          name="code"
                          value={row.code}
                          defaultChecked={ticked.has(row.code)}
                        />{" "}
                        <strong>{row.code}</strong> {row.headline}
                      </label>
                      <span className="applicant-matches__facts">
                        {`${formatListingPrice({ price: row.price, offer_type: row.offerType, rent_period: readRentPeriod(row.rentPeriod) ?? null })} · ${row.bedroom} beds · ${row.city}`}
                        {row.offered ? " · sent before" : ""}
                      </span>
                    </li>
                  ))}
                </ul>
                {send?.errors.homes ? (
                  <p className="admin-field__error" id="homes-error">
                    {send.errors.homes}
                  </p>
                ) : null}
              </fieldset>
              <button className="admin-button" type="submit" disabled={!applicant.consent}>
                Send these homes
              </button>
              {applicant.consent ? null : (
                <p className="admin-field__hint">
                  Homes are mailed only to applicants who agreed: record their consent first.
                </p>
              )}
            </Form>
          )}
          {matches.page > 1 || matches.hasNext ? (
            <nav className="admin-pager" aria-label="Pages of matching homes">
              {matches.page > 1 ? (
                <Link
                  className="admin-button admin-button--secondary"
                  to={matchHref(matches.page - 1)}
                >
                  Previous homes
                </Link>
              ) : null}
              {matches.hasNext ? (
                <Link
                  className="admin-button admin-button--secondary admin-pager__next"
                  to={matchHref(matches.page + 1)}
                >
                  More homes
                </Link>
              ) : null}
            </nav>
          ) : null}

          <h2 className="admin-subtitle">Timeline</h2>
          <Form key={`note-${version}`} method="post" className="admin-form" noValidate>
            <FormToken token={csrfToken} />
            <input type="hidden" name="intent" value="note" />
            <div className={`admin-field${note?.errors.note ? " admin-field--invalid" : ""}`}>
              <label className="admin-field__label" htmlFor="applicant-note">
                Add a note
              </label>
              <textarea
                className="admin-field__input"
                id="applicant-note"
                name="note"
                rows={3}
                maxLength={2000}
                defaultValue={note?.values.note ?? ""}
                aria-invalid={note?.errors.note ? true : undefined}
                aria-describedby={note?.errors.note ? "applicant-note-error" : undefined}
              />
              {note?.errors.note ? (
                <p className="admin-field__error" id="applicant-note-error">
                  {note.errors.note}
                </p>
              ) : null}
            </div>
            <button className="admin-button admin-button--secondary" type="submit">
              Add the note
            </button>
          </Form>
          <ApplicantTimeline entries={timeline} />
          <p>
            <Link to={`${adminPaths.enquiries}?q=${encodeURIComponent(applicant.email)}`}>
              Their enquiries in the inbox
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
