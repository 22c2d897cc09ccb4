/**
 * The viewings diary (issue 31, decision 102): a day's or a week's viewings in the office's
 * time zone (`?view=week&date=2026-12-01`), previous, next and today, per member of staff
 * (owners choose whose, or everyone's; an agent sees their own). Each viewing shows its time,
 * listing, visitor and status, with its buttons: confirm, decline, cancel (posted here with the
 * form token and the revision the page was drawn at, answered by a redirect back to the same
 * diary that says what was done), and a link to its page to move it or keep feedback.
 */
import { data, Form, Link, redirect } from "react-router";
import { adminViewingsContext } from "#app-context";
import {
  type AdminViewing,
  addDays,
  formatDiaryDay,
  isViewingChangeKind,
  localDateTime,
  parseViewingDiaryQuery,
  type ViewingDiaryQuery,
  viewingDiaryHref,
  viewingDoneMessages,
} from "../../../lib/admin-viewings.ts";
import { adminMeta, staffSessionContext } from "../../admin/staff.ts";
import { ViewingCard, viewingsPath } from "../../admin/viewing-card.tsx";
import {
  applyViewingChange,
  type ViewingChangeRefused,
  viewingIdOf,
} from "../../admin/viewing-change.ts";
import type { Route } from "./+types/viewings";

export const meta: Route.MetaFunction = () => adminMeta("Viewings");

/** The diary's own parameters; `done` is the notice of what a post just did. */
function diaryQueryOf(url: URL, today: string): ViewingDiaryQuery {
  return parseViewingDiaryQuery(url.searchParams, today);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const viewings = context.get(adminViewingsContext);
  const url = new URL(request.url);
  const now = new Date();
  const today = localDateTime(now, viewings.timeZone).date;
  const diary = await viewings.diary(session, diaryQueryOf(url, today));
  const done = url.searchParams.get("done");
  return {
    diary,
    csrfToken: session.csrfToken,
    now: now.toISOString(),
    done: isViewingChangeKind(done) ? done : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const viewings = context.get(adminViewingsContext);
  const form = await request.formData();
  const id = viewingIdOf(form.get("id"));
  const applied = await applyViewingChange(viewings, session, id, form);
  if (!applied.ok) return data({ refused: applied.refused }, { status: applied.status });
  // Back to the same diary (post/redirect/get), saying what was done.
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  params.delete("index");
  params.set("done", applied.kind);
  throw redirect(`${viewingsPath}?${params}`);
}

function DayViewings({
  day,
  viewings,
  timeZone,
  csrfToken,
  now,
  compact,
  showStaff,
  refused,
  headingLevel,
  today,
}: {
  day: string;
  viewings: AdminViewing[];
  timeZone: string;
  csrfToken: string;
  now: Date;
  compact: boolean;
  showStaff: boolean;
  refused: ViewingChangeRefused | undefined;
  headingLevel: 2 | null;
  today: string;
}) {
  const ofDay = viewings.filter(
    (viewing) => localDateTime(new Date(viewing.startsAt), timeZone).date === day,
  );
  const headingId = `diary-day-${day}`;
  return (
    <section
      className={`admin-diary__day${day === today ? " admin-diary__day--today" : ""}`}
      aria-labelledby={headingLevel ? headingId : undefined}
      aria-label={headingLevel ? undefined : formatDiaryDay(day)}
    >
      {headingLevel ? (
        <h2 className="admin-diary__day-title" id={headingId}>
          {formatDiaryDay(day, false)}
          {day === today ? <span className="admin-badge">Today</span> : null}
        </h2>
      ) : null}
      {ofDay.length === 0 ? (
        <p className="admin-empty admin-diary__none">No viewings.</p>
      ) : (
        <ol className="admin-diary__list">
          {ofDay.map((viewing) => (
            <li key={viewing.id}>
              <ViewingCard
                viewing={viewing}
                timeZone={timeZone}
                csrfToken={csrfToken}
                now={now}
                compact={compact}
                showStaff={showStaff}
                error={refused?.viewingId === viewing.id ? refused.message : undefined}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default function Viewings({ loaderData, actionData }: Route.ComponentProps) {
  const { diary, csrfToken, done } = loaderData;
  const now = new Date(loaderData.now);
  const refused = (actionData as { refused?: ViewingChangeRefused } | undefined)?.refused;
  const { query, days, today, timeZone } = diary;
  const step = query.view === "week" ? 7 : 1;
  const href = (change: Partial<ViewingDiaryQuery>) =>
    viewingDiaryHref(viewingsPath, { ...query, ...change });
  const first = days[0] as string;
  const last = days[days.length - 1] as string;
  const span =
    query.view === "week"
      ? `${formatDiaryDay(first, first.slice(0, 4) !== last.slice(0, 4))} to ${formatDiaryDay(last)}`
      : formatDiaryDay(first);
  const whose =
    query.staffId === null
      ? "Everyone"
      : (diary.staff.find((member) => member.id === query.staffId)?.email ?? "Your diary");
  return (
    <section className="admin-panel admin-panel--wide admin-diary" aria-labelledby="diary-title">
      <div className="admin-diary__head">
        <h1 id="diary-title" className="admin-title">
          Viewings
        </h1>
        <p className="admin-diary__links">
          <a href={`${viewingsPath}/availability`}>Viewing hours</a>
        </p>
      </div>
      {done ? (
        <div className="admin-notice admin-notice--success" role="status">
          <p>{viewingDoneMessages[done]}</p>
        </div>
      ) : null}
      {refused ? (
        <div className="admin-notice admin-notice--error" role="alert">
          <p>{refused.message}</p>
        </div>
      ) : null}
      <nav className="admin-diary__nav" aria-label="Diary">
        <div className="admin-diary__views">
          <Link
            className={`admin-button admin-button--small${query.view === "day" ? "" : " admin-button--quiet"}`}
            to={href({ view: "day" })}
            aria-current={query.view === "day" ? "page" : undefined}
          >
            Day
          </Link>
          <Link
            className={`admin-button admin-button--small${query.view === "week" ? "" : " admin-button--quiet"}`}
            to={href({ view: "week" })}
            aria-current={query.view === "week" ? "page" : undefined}
          >
            Week
          </Link>
        </div>
        <div className="admin-diary__steps">
          <Link
            className="admin-button admin-button--small admin-button--quiet"
            to={href({ date: addDays(query.date, -step) })}
          >
            {query.view === "week" ? "Previous week" : "Previous day"}
          </Link>
          <Link
            className="admin-button admin-button--small admin-button--quiet"
            to={href({ date: today })}
          >
            Today
          </Link>
          <Link
            className="admin-button admin-button--small admin-button--quiet"
            to={href({ date: addDays(query.date, step) })}
          >
            {query.view === "week" ? "Next week" : "Next day"}
          </Link>
        </div>
      </nav>
      {diary.canChooseStaff ? (
        <Form method="get" className="admin-filters admin-diary__filter" aria-label="Whose diary">
          <input type="hidden" name="view" value={query.view} />
          <input type="hidden" name="date" value={query.date} />
          <div className="admin-field admin-diary__staff">
            <label className="admin-field__label" htmlFor="diary-staff">
              Member of staff
            </label>
            <select
              className="admin-field__input"
              id="diary-staff"
              name="staff"
              defaultValue={query.staffId === null ? "" : String(query.staffId)}
              key={query.staffId ?? "everyone"}
            >
              <option value="">Everyone</option>
              {diary.staff.map((member) => (
                <option key={member.id} value={String(member.id)}>
                  {member.email}
                </option>
              ))}
            </select>
          </div>
          <button className="admin-button admin-button--secondary" type="submit">
            Show
          </button>
        </Form>
      ) : null}
      <p className="admin-diary__span" aria-live="polite">
        <strong>{span}</strong>
        {diary.canChooseStaff ? ` · ${whose}` : " · Your diary"}
        {` · ${diary.viewings.length === 1 ? "1 viewing" : `${diary.viewings.length} viewings`}`}
        {` · times in ${timeZone.replace("_", " ")}`}
      </p>
      <div className={`admin-diary__days admin-diary__days--${query.view}`}>
        {days.map((day) => (
          <DayViewings
            key={day}
            day={day}
            viewings={diary.viewings}
            timeZone={timeZone}
            csrfToken={csrfToken}
            now={now}
            compact={query.view === "week"}
            showStaff={query.staffId === null}
            refused={refused}
            headingLevel={2}
            today={today}
          />
        ))}
      </div>
    </section>
  );
}
