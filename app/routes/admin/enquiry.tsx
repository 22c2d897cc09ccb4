/**
 * One enquiry (decision 045): every field, its listing, the delivery of its e-mail, and the
 * inbox's changes (status, assignee, notes), each a small form posted here with the form token
 * the admin layout checks first, answered by a redirect back to this page (post/redirect/get).
 */
import { data, Form, Link, redirect } from "react-router";
import { siteRequestContext } from "#app-context";
import {
  type AdminEnquiry,
  enquiryStatuses,
  enquiryStatusNames,
  formatDateTime,
  isEnquiryStatus,
  maxNoteLength,
} from "../../../lib/admin-enquiries.ts";
import { FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, staffSessionContext } from "../../admin/staff.ts";
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

function enquiryId(value: string): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value) || !Number.isSafeInteger(id)) {
    throw data({ message: "There is no such enquiry." }, { status: 404 });
  }
  return id;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const { enquiries } = context.get(siteRequestContext);
  const enquiry = await enquiries.find(session, enquiryId(params.id));
  if (!enquiry) throw data({ message: "There is no such enquiry." }, { status: 404 });
  const done = new URL(request.url).searchParams.get("done");
  return {
    enquiry,
    assignees: await enquiries.assignees(session),
    csrfToken: session.csrfToken,
    done: done && done in doneMessages ? (done as Done) : null,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const id = enquiryId(params.id);
  const form = await request.formData();
  const intent = form.get("intent");
  const { enquiries } = context.get(siteRequestContext);
  let outcome: Awaited<ReturnType<typeof enquiries.change>>;
  if (intent === "status") {
    const status = form.get("status");
    if (!isEnquiryStatus(status)) {
      return data({ errors: { status: "Choose a status." } }, { status: 400 });
    }
    outcome = await enquiries.change(session, id, { kind: "status", status });
  } else if (intent === "assign") {
    const value = String(form.get("assignee") ?? "");
    const assigneeId = value === "" ? null : Number(value);
    if (assigneeId !== null && !Number.isSafeInteger(assigneeId)) {
      return data({ errors: { assignee: "Choose a member of staff." } }, { status: 400 });
    }
    outcome = await enquiries.change(session, id, { kind: "assign", assigneeId });
    if (outcome === "unknown-assignee") {
      return data(
        { errors: { assignee: "That member of staff no longer exists. Choose another." } },
        { status: 400 },
      );
    }
  } else if (intent === "note") {
    const body = String(form.get("note") ?? "").trim();
    if (body === "") return data({ errors: { note: "Write a note first." } }, { status: 400 });
    if (body.length > maxNoteLength) {
      return data(
        { errors: { note: `A note holds at most ${maxNoteLength} characters.` } },
        { status: 400 },
      );
    }
    outcome = await enquiries.change(session, id, { kind: "note", body });
  } else {
    throw new Response("Unknown action", { status: 400 });
  }
  if (outcome === "missing") throw data({ message: "There is no such enquiry." }, { status: 404 });
  const done: Done = outcome === "unchanged" ? "unchanged" : intent;
  throw redirect(`${adminPaths.enquiries}/${id}?done=${done}`);
}

function Delivery({ delivery }: { delivery: AdminEnquiry["delivery"] }) {
  if (!delivery) return <>Not queued for e-mail</>;
  if (delivery.status === "sent") {
    return (
      <>{`E-mailed to the company ${delivery.sentAt ? formatDateTime(delivery.sentAt) : ""}`}</>
    );
  }
  if (delivery.attempts === 0) return <>Waiting to be e-mailed</>;
  return (
    <>
      {`Not e-mailed yet: ${delivery.attempts} failed ${delivery.attempts === 1 ? "attempt" : "attempts"}, will retry`}
      {delivery.lastError ? (
        <span className="admin-enquiry__error">{`Last error: ${delivery.lastError}`}</span>
      ) : null}
    </>
  );
}

type ActionErrors = Partial<Record<"status" | "assignee" | "note", string>>;

export default function Enquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { enquiry, assignees, csrfToken, done } = loaderData;
  const errors: ActionErrors = (actionData as { errors?: ActionErrors } | undefined)?.errors ?? {};
  const { listing } = enquiry;
  const fact = (label: string, value: React.ReactNode) => (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const errorOf = (name: keyof ActionErrors) =>
    errors[name] ? (
      <p className="admin-field__error" id={`enquiry-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  const described = (name: keyof ActionErrors) =>
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
      {done ? (
        <div className="admin-notice admin-notice--success" role="status">
          <p>{doneMessages[done]}</p>
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
                        {listing.published ? (
                          <a href={`/property/${encodeURIComponent(listing.slug)}`}>Public page</a>
                        ) : (
                          <span>Not on the public site</span>
                        )}
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
            {fact("E-mail to the company", <Delivery delivery={enquiry.delivery} />)}
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
        </div>
        <div className="admin-enquiry__side">
          <Form method="post" className="admin-enquiry__form">
            <FormToken token={csrfToken} />
            <input type="hidden" name="intent" value="status" />
            <div className={`admin-field${errors.status ? " admin-field--invalid" : ""}`}>
              <label className="admin-field__label" htmlFor="enquiry-status">
                Status
              </label>
              <select
                className="admin-field__input"
                id="enquiry-status"
                name="status"
                defaultValue={enquiry.status}
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
            <button className="admin-button admin-button--secondary" type="submit">
              Change status
            </button>
          </Form>
          <Form method="post" className="admin-enquiry__form">
            <FormToken token={csrfToken} />
            <input type="hidden" name="intent" value="assign" />
            <div className={`admin-field${errors.assignee ? " admin-field--invalid" : ""}`}>
              <label className="admin-field__label" htmlFor="enquiry-assignee">
                Assigned to
              </label>
              <select
                className="admin-field__input"
                id="enquiry-assignee"
                name="assignee"
                defaultValue={enquiry.assigneeId === null ? "" : String(enquiry.assigneeId)}
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
            <button className="admin-button admin-button--secondary" type="submit">
              Assign
            </button>
          </Form>
        </div>
      </div>
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
      {/* Keyed by the notes: a form posted with JavaScript starts empty once its note is in. */}
      <Form
        method="post"
        className="admin-form admin-enquiry__note-form"
        key={enquiry.notes.length}
      >
        <FormToken token={csrfToken} />
        <input type="hidden" name="intent" value="note" />
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
            {...described("note")}
          />
          {errorOf("note")}
        </div>
        <button className="admin-button" type="submit">
          Add note
        </button>
      </Form>
    </section>
  );
}
