/**
 * One enquiry (decision 045): every field, its listing, the delivery of its e-mail, and the
 * inbox's changes (status, assignee, a new note) in one form posted here with the form token
 * the admin layout checks first, answered by a redirect back to this page (post/redirect/get)
 * that says what changed. One form, one button: with a form and a button for each, a status
 * chosen and then an assignment saved left the status showing though it was never saved.
 */
import { data, Form, Link, redirect } from "react-router";
import { adminEnquiriesContext } from "#app-context";
import {
  type AdminEnquiry,
  describeDelivery,
  enquiryStatuses,
  enquiryStatusNames,
  formatDateTime,
  isEnquiryStatus,
  maxNoteLength,
} from "../../../lib/admin-enquiries.ts";
import { FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, staffSessionContext } from "../../admin/staff.ts";
import { listingPagePath } from "../../listing-preview-path.ts";
import type { Route } from "./+types/enquiry";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Enquiry from ${loaderData.enquiry.fullname}` : "Enquiry");

const doneMessages = {
  status: "The status is changed.",
  assign: "The assignment is changed.",
  note: "Your note is added.",
  unchanged: "Nothing needed changing.",
} as const;
type Done = keyof typeof doneMessages;

/** `?done=status,note`: what the last save changed, in the order the messages read. */
function doneOf(value: string | null): Done[] {
  const named = new Set((value ?? "").split(","));
  return (Object.keys(doneMessages) as Done[]).filter((done) => named.has(done));
}

type Field = "status" | "assignee" | "note";
type ActionErrors = Partial<Record<Field, string>>;

function enquiryId(value: string): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value) || !Number.isSafeInteger(id)) {
    throw data({ message: "There is no such enquiry." }, { status: 404 });
  }
  return id;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const enquiries = context.get(adminEnquiriesContext);
  const enquiry = await enquiries.find(session, enquiryId(params.id));
  if (!enquiry) throw data({ message: "There is no such enquiry." }, { status: 404 });
  return {
    enquiry,
    assignees: await enquiries.assignees(session),
    mailing: enquiries.mailing,
    csrfToken: session.csrfToken,
    done: doneOf(new URL(request.url).searchParams.get("done")),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const id = enquiryId(params.id);
  const form = await request.formData();
  const values = {
    status: String(form.get("status") ?? ""),
    assignee: String(form.get("assignee") ?? ""),
    note: String(form.get("note") ?? ""),
  };
  const refused = (errors: ActionErrors) => data({ errors, values }, { status: 400 });
  // Every field is checked before anything is saved: a refusal saves nothing and keeps them all.
  const errors: ActionErrors = {};
  const { status } = values;
  if (!isEnquiryStatus(status)) errors.status = "Choose a status.";
  const assigneeId = values.assignee === "" ? null : Number(values.assignee);
  if (assigneeId !== null && !Number.isSafeInteger(assigneeId)) {
    errors.assignee = "Choose a member of staff.";
  }
  const note = values.note.trim();
  if (note.length > maxNoteLength) {
    errors.note = `A note holds at most ${maxNoteLength} characters.`;
  }
  if (Object.keys(errors).length > 0 || !isEnquiryStatus(status)) return refused(errors);

  const enquiries = context.get(adminEnquiriesContext);
  const done: Done[] = [];
  const assigned = await enquiries.change(session, id, { kind: "assign", assigneeId });
  if (assigned === "missing") throw data({ message: "There is no such enquiry." }, { status: 404 });
  if (assigned === "unknown-assignee") {
    return refused({ assignee: "That member of staff no longer exists. Choose another." });
  }
  if (assigned === "changed") done.push("assign");
  if ((await enquiries.change(session, id, { kind: "status", status })) === "changed") {
    done.push("status");
  }
  if (note !== "") {
    await enquiries.change(session, id, { kind: "note", body: note });
    done.push("note");
  }
  const said = done.length > 0 ? doneOf(done.join(",")) : ["unchanged"];
  throw redirect(`${adminPaths.enquiries}/${id}?done=${said.join(",")}`);
}

function Delivery({ delivery, mailing }: { delivery: AdminEnquiry["delivery"]; mailing: boolean }) {
  const { text, lastError } = describeDelivery(delivery, mailing);
  return (
    <>
      {text}
      {lastError ? <span className="admin-enquiry__error">{lastError}</span> : null}
    </>
  );
}

export default function Enquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { enquiry, assignees, mailing, csrfToken, done } = loaderData;
  const refused = actionData as
    | { errors?: ActionErrors; values?: Record<Field, string> }
    | undefined;
  const errors: ActionErrors = refused?.errors ?? {};
  // A refused save shows what was posted (without JavaScript the page is drawn anew); a saved
  // one starts again from what is stored.
  const shown = refused?.values ?? {
    status: enquiry.status,
    assignee: enquiry.assigneeId === null ? "" : String(enquiry.assigneeId),
    note: "",
  };
  const { listing } = enquiry;
  const fact = (label: string, value: React.ReactNode) => (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const errorOf = (name: Field) =>
    errors[name] ? (
      <p className="admin-field__error" id={`enquiry-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  const described = (name: Field) =>
    errors[name]
      ? { "aria-invalid": true as const, "aria-describedby": `enquiry-${name}-error` }
      : {};
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="enquiry-title">
      <p className="admin-enquiry__back">
        <Link to={adminPaths.enquiries}>All enquiries</Link>
      </p>
      <h1 id="enquiry-title" className="admin-title">
        {`Enquiry from ${enquiry.fullname}`}
      </h1>
      {done.length > 0 ? (
        <div className="admin-notice admin-notice--success" role="status">
          <p>{done.map((each) => doneMessages[each]).join(" ")}</p>
        </div>
      ) : null}
      <div className="admin-enquiry">
        <div className="admin-enquiry__main">
          <dl className="admin-facts admin-enquiry__facts">
            {fact("Received", formatDateTime(enquiry.createdAt))}
            {fact("Name", enquiry.fullname)}
            {fact("E-mail", <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>)}
            {fact("Telephone", enquiry.telephone)}
            {enquiry.propertyCode
              ? fact(
                  "Listing",
                  listing ? (
                    <>
                      {`${listing.code}: ${listing.headline}`}
                      <span className="admin-enquiry__links">
                        <a href={listingPagePath(listing)}>
                          {listing.published ? "Public page" : "Preview (not on the public site)"}
                        </a>
                        <Link
                          to={`${adminPaths.listings}/${encodeURIComponent(listing.code)}/edit`}
                        >
                          Edit the listing
                        </Link>
                      </span>
                    </>
                  ) : (
                    `${enquiry.propertyCode} (no longer listed)`
                  ),
                )
              : null}
            {fact(enquiry.propertyCode ? "How they heard of us" : "Subject", enquiry.subject)}
            {fact("Message", <span className="admin-enquiry__message">{enquiry.message}</span>)}
            {fact(
              "E-mail to the company",
              <Delivery delivery={enquiry.delivery} mailing={mailing} />,
            )}
            {fact(
              "Puzzle",
              `${enquiry.puzzle.num1} + ${enquiry.puzzle.num2} = ${enquiry.puzzle.answer} (answered ${enquiry.puzzle.given})`,
            )}
            {fact("Sent from IP", enquiry.ip)}
            {fact(
              "Last changed here",
              enquiry.updatedAt ? formatDateTime(enquiry.updatedAt) : "Never",
            )}
          </dl>
          <h2 className="admin-subtitle" id="notes-title">
            Notes
          </h2>
          {enquiry.notes.length === 0 ? (
            <p className="admin-empty">No notes yet.</p>
          ) : (
            <ol className="admin-notes" aria-labelledby="notes-title">
              {enquiry.notes.map((note) => (
                <li key={note.id} className="admin-note">
                  <p className="admin-note__meta">
                    {`${note.author}, ${formatDateTime(note.createdAt)}`}
                  </p>
                  <p className="admin-note__body">{note.body}</p>
                </li>
              ))}
            </ol>
          )}
        </div>
        <div className="admin-enquiry__side">
          {/* Keyed by what is stored: after a save it shows the stored values and an empty note. */}
          <Form
            method="post"
            className="admin-enquiry__form"
            aria-label="Handle this enquiry"
            key={`${enquiry.updatedAt ?? ""}-${enquiry.notes.length}`}
          >
            <FormToken token={csrfToken} />
            <div className={`admin-field${errors.status ? " admin-field--invalid" : ""}`}>
              <label className="admin-field__label" htmlFor="enquiry-status">
                Status
              </label>
              <select
                className="admin-field__input"
                id="enquiry-status"
                name="status"
                defaultValue={shown.status}
                {...described("status")}
              >
                {enquiryStatuses.map((status) => (
                  <option key={status} value={status}>
                    {enquiryStatusNames[status]}
                  </option>
                ))}
              </select>
              {errorOf("status")}
            </div>
            <div className={`admin-field${errors.assignee ? " admin-field--invalid" : ""}`}>
              <label className="admin-field__label" htmlFor="enquiry-assignee">
                Assigned to
              </label>
              <select
                className="admin-field__input"
                id="enquiry-assignee"
                name="assignee"
                defaultValue={shown.assignee}
                {...described("assignee")}
              >
                <option value="">Nobody</option>
                {assignees.map((member) => (
                  <option key={member.id} value={String(member.id)}>
                    {member.email}
                  </option>
                ))}
              </select>
              {errorOf("assignee")}
            </div>
            <div className={`admin-field${errors.note ? " admin-field--invalid" : ""}`}>
              <label className="admin-field__label" htmlFor="enquiry-note">
                Add a note
              </label>
              <textarea
                className="admin-field__input admin-enquiry__textarea"
                id="enquiry-note"
                name="note"
                rows={4}
                maxLength={maxNoteLength}
                defaultValue={shown.note}
                {...described("note")}
              />
              {errorOf("note")}
            </div>
            <button className="admin-button" type="submit">
              Save changes
            </button>
          </Form>
        </div>
      </div>
    </section>
  );
}
