/**
 * One viewing (decision 102): its details, and what staff do to it — confirm, decline or
 * cancel; move it (a new office-local date and time, the same length, and for owners another
 * member of staff); keep feedback once it has started. Every form carries the form token and
 * the revision the page was drawn at; a refused change (a taken slot, a page drawn before
 * someone else's change) says why in plain words and keeps what was typed.
 */
import { data, Form, Link, redirect } from "react-router";
import { adminViewingsContext } from "#app-context";
import { formatDateTime } from "../../../lib/admin-enquiries.ts";
import {
  formatViewingWhen,
  isViewingChangeKind,
  localDateTime,
  maxFeedbackLength,
  viewingActionsOf,
  viewingDiaryHref,
  viewingDoneMessages,
  viewingStatusNames,
} from "../../../lib/admin-viewings.ts";
import { FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, staffSessionContext } from "../../admin/staff.ts";
import { ViewingStatusButtons, viewingPath, viewingsPath } from "../../admin/viewing-card.tsx";
import {
  applyViewingChange,
  type ViewingChangeRefused,
  viewingIdOf,
} from "../../admin/viewing-change.ts";
import { listingPagePath } from "../../listing-preview-path.ts";
import type { Route } from "./+types/viewing";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Viewing with ${loaderData.viewing.visitor.name}` : "Viewing");

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const viewings = context.get(adminViewingsContext);
  const viewing = await viewings.find(session, viewingIdOf(params.id));
  if (!viewing) throw data({ message: "There is no such viewing." }, { status: 404 });
  const done = new URL(request.url).searchParams.get("done");
  return {
    viewing,
    timeZone: viewings.timeZone,
    staff: await viewings.staff(session),
    csrfToken: session.csrfToken,
    now: new Date().toISOString(),
    done: isViewingChangeKind(done) ? done : null,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const id = viewingIdOf(params.id);
  const applied = await applyViewingChange(
    context.get(adminViewingsContext),
    session,
    id,
    await request.formData(),
  );
  if (!applied.ok) return data({ refused: applied.refused }, { status: applied.status });
  throw redirect(`${viewingPath(id)}?done=${applied.kind}`);
}

export default function Viewing({ loaderData, actionData }: Route.ComponentProps) {
  const { viewing, timeZone, staff, csrfToken, done } = loaderData;
  const now = new Date(loaderData.now);
  const refused = (actionData as { refused?: ViewingChangeRefused } | undefined)?.refused;
  const can = viewingActionsOf(viewing, now);
  const starts = localDateTime(new Date(viewing.startsAt), timeZone);
  const { listing, visitor } = viewing;
  const moveRefused = refused?.kind === "move" ? refused : undefined;
  const feedbackRefused = refused?.kind === "feedback" ? refused : undefined;
  const otherRefused = refused && !moveRefused && !feedbackRefused ? refused : undefined;
  // A refused move shows what was typed; otherwise the form starts from the viewing as stored.
  const move = moveRefused?.values ?? {
    date: starts.date,
    time: starts.time,
    staff: viewing.staff ? String(viewing.staff.id) : "",
  };
  const feedback = feedbackRefused?.values.feedback ?? viewing.feedback;
  const fact = (label: string, value: React.ReactNode) => (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const back = viewingDiaryHref(viewingsPath, { view: "day", date: starts.date, staffId: null });
  const hidden = (intent: string) => (
    <>
      <FormToken token={csrfToken} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="sequence" value={viewing.sequence} />
    </>
  );
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="viewing-title">
      <p className="admin-enquiry__back">
        <Link to={back}>Back to the diary</Link>
      </p>
      <h1 id="viewing-title" className="admin-title">
        {`Viewing with ${visitor.name}`}
      </h1>
      {done ? (
        <div className="admin-notice admin-notice--success" role="status">
          <p>{viewingDoneMessages[done]}</p>
        </div>
      ) : null}
      {otherRefused ? (
        <div className="admin-notice admin-notice--error" role="alert">
          <p>{otherRefused.message}</p>
        </div>
      ) : null}
      <div className="admin-enquiry">
        <div className="admin-enquiry__main">
          <dl className="admin-facts">
            {fact("When", formatViewingWhen(viewing, timeZone))}
            {fact(
              "Status",
              <span className={`admin-viewing__status admin-viewing__status--${viewing.status}`}>
                {viewingStatusNames[viewing.status]}
              </span>,
            )}
            {fact(
              "Listing",
              <>
                {`${listing.code}: ${listing.headline}`}
                <span className="admin-enquiry__links">
                  <a href={listingPagePath(listing)}>
                    {listing.published ? "Public page" : "Preview (not on the public site)"}
                  </a>
                  <Link to={`${adminPaths.listings}/${encodeURIComponent(listing.code)}/edit`}>
                    Edit the listing
                  </Link>
                </span>
              </>,
            )}
            {fact("Visitor", visitor.name)}
            {fact("E-mail", <a href={`mailto:${visitor.email}`}>{visitor.email}</a>)}
            {visitor.phone
              ? fact(
                  "Telephone",
                  <a href={`tel:${visitor.phone.replace(/[^+\d]/g, "")}`}>{visitor.phone}</a>,
                )
              : null}
            {fact("With", viewing.staff?.email ?? "No member of staff")}
            {viewing.message
              ? fact("Message", <span className="admin-enquiry__message">{viewing.message}</span>)
              : null}
            {viewing.feedbackAt
              ? fact(
                  "Feedback",
                  <>
                    <span className="admin-enquiry__message">{viewing.feedback}</span>
                    <span className="admin-viewing__meta">{` (kept ${formatDateTime(viewing.feedbackAt)})`}</span>
                  </>,
                )
              : null}
            {fact("Invite revision", String(viewing.sequence))}
          </dl>
          {can.confirm || can.decline || can.cancel ? (
            <div className="admin-actions">
              <ViewingStatusButtons
                viewing={viewing}
                csrfToken={csrfToken}
                now={now}
                timeZone={timeZone}
              />
            </div>
          ) : null}
        </div>
        <div className="admin-enquiry__side">
          {can.move ? (
            <Form
              method="post"
              className="admin-enquiry__form"
              aria-labelledby="move-title"
              key={`move-${viewing.sequence}`}
            >
              <h2 className="admin-subtitle" id="move-title">
                Move it
              </h2>
              {hidden("move")}
              {moveRefused ? (
                <p className="admin-field__error" role="alert" id="move-error">
                  {moveRefused.message}
                </p>
              ) : null}
              <div className={`admin-field${moveRefused ? " admin-field--invalid" : ""}`}>
                <label className="admin-field__label" htmlFor="move-date">
                  Date
                </label>
                <input
                  className="admin-field__input"
                  id="move-date"
                  name="date"
                  type="date"
                  required
                  defaultValue={move.date}
                  aria-describedby={moveRefused ? "move-error" : undefined}
                />
              </div>
              <div className={`admin-field${moveRefused ? " admin-field--invalid" : ""}`}>
                <label className="admin-field__label" htmlFor="move-time">
                  {`Start time (${timeZone.replace("_", " ")})`}
                </label>
                <input
                  className="admin-field__input"
                  id="move-time"
                  name="time"
                  type="time"
                  step={300}
                  required
                  defaultValue={move.time}
                  aria-describedby={moveRefused ? "move-error" : undefined}
                />
              </div>
              {staff.length > 0 ? (
                <div className="admin-field">
                  <label className="admin-field__label" htmlFor="move-staff">
                    With
                  </label>
                  <select
                    className="admin-field__input"
                    id="move-staff"
                    name="staff"
                    defaultValue={move.staff}
                  >
                    {viewing.staff ? null : <option value="">Choose a member of staff</option>}
                    {staff.map((member) => (
                      <option key={member.id} value={String(member.id)}>
                        {member.email}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
              <p className="admin-viewing__meta">
                It keeps its length; the visitor and the agent are e-mailed the new time.
              </p>
              <button className="admin-button" type="submit">
                Move the viewing
              </button>
            </Form>
          ) : null}
          {can.feedback ? (
            <Form
              method="post"
              className="admin-enquiry__form"
              aria-labelledby="feedback-title"
              key={`feedback-${viewing.feedbackAt ?? ""}`}
            >
              <h2 className="admin-subtitle" id="feedback-title">
                Feedback
              </h2>
              {hidden("feedback")}
              <div className={`admin-field${feedbackRefused ? " admin-field--invalid" : ""}`}>
                <label className="admin-field__label" htmlFor="viewing-feedback">
                  What the visitor thought
                </label>
                <textarea
                  className="admin-field__input admin-enquiry__textarea"
                  id="viewing-feedback"
                  name="feedback"
                  rows={5}
                  maxLength={maxFeedbackLength}
                  defaultValue={feedback}
                  aria-invalid={feedbackRefused ? true : undefined}
                  aria-describedby={feedbackRefused ? "feedback-error" : undefined}
                />
                {feedbackRefused ? (
                  <p className="admin-field__error" id="feedback-error">
                    {feedbackRefused.message}
                  </p>
                ) : null}
              </div>
              <button className="admin-button" type="submit">
                Keep the feedback
              </button>
            </Form>
          ) : can.move ? (
            <p className="admin-viewing__meta">
              Feedback can be kept once the viewing has started.
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
