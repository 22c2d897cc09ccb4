/**
 * /admin/viewings/availability (decision 101): when viewings can be booked online. Each member
 * of staff's weekly hours (several spans a weekday), slot length and buffer, for every listing
 * or for one listing (its own hours then replace the office's); days off, theirs or the whole
 * office's; and their private calendar feed (a secret address, shown once, that can be made anew
 * or revoked). Agents change their own, owners anyone's and the office's; all audit-logged. A
 * refused form comes back as it was typed.
 */
import { data, Form, useNavigation } from "react-router";
import { adminViewingHoursContext } from "#app-context";
import { weekdayNames } from "../../../lib/viewing-hours.ts";
import { FormField, FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/viewing-availability";

export const meta: Route.MetaFunction = () => adminMeta("Viewing hours");

const dayFields = weekdayNames.map((name, index) => ({ name: `day${index + 1}`, label: name }));
const emptyForm: Record<string, string> = { slot: "30", buffer: "15" };

export async function loader({ context, request }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const overview = await context.get(adminViewingHoursContext).overview(session);
  const params = new URL(request.url).searchParams;
  const asked = Number(params.get("staff"));
  const editable = overview.staff.filter((member) => member.editable);
  const member =
    editable.find((candidate) => candidate.id === asked) ??
    editable.find((candidate) => candidate.id === session.user.id) ??
    editable[0];
  const listing = (params.get("listing") ?? "").trim();
  const set = listing
    ? member?.listings.find((own) => own.code === listing)
    : (member?.office ?? undefined);
  return {
    overview,
    csrfToken: session.csrfToken,
    me: session.user.id,
    editing: member
      ? { staffId: member.id, email: member.email, listing, form: set?.form ?? emptyForm }
      : null,
  };
}

type Outcome =
  | { intent: string; ok: true; message: string; url?: string }
  | {
      intent: string;
      ok: false;
      errors: Record<string, string>;
      typed: Record<string, string>;
    };

export async function action({ request, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const hours = context.get(adminViewingHoursContext);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const intent = text("intent");
  const typed = Object.fromEntries(
    [...form.entries()]
      .filter(([name]) => name !== "csrf")
      .map(([name, value]) => [name, String(value)]),
  );
  const answer = (
    change:
      | { ok: true; message: string; url?: string }
      | { ok: false; errors: Record<string, string> },
  ) =>
    change.ok
      ? ({ intent, ...change } satisfies Outcome)
      : data<Outcome>({ intent, ok: false, errors: change.errors, typed }, { status: 400 });
  const staffId = Number(text("staff"));
  switch (intent) {
    case "hours":
      return answer(await hours.saveHours(session, staffId, text("listing"), typed));
    case "day-off-add":
      return answer(
        await hours.addDayOff(
          session,
          text("staff") === "office" ? null : staffId,
          text("day"),
          text("note"),
        ),
      );
    case "day-off-remove":
      return answer(await hours.removeDayOff(session, Number(text("id"))));
    case "feed-issue": {
      const issued = await hours.issueFeed(session, staffId);
      return answer(
        issued.ok
          ? { ok: true, message: "Your calendar feed's new address:", url: issued.url }
          : { ok: false, errors: { feed: issued.message } },
      );
    }
    case "feed-revoke":
      return answer(await hours.revokeFeed(session, staffId));
    default:
      return answer({ ok: false, errors: { form: "This form is not one this page knows." } });
  }
}

function Notice({ outcome, intents }: { outcome: Outcome | undefined; intents: string[] }) {
  if (!outcome || !intents.includes(outcome.intent)) return null;
  if (outcome.ok) {
    return (
      <div className="admin-notice admin-notice--success" role="status">
        <p>{outcome.message}</p>
        {outcome.url ? (
          <>
            <label className="admin-field__label" htmlFor="feed-url">
              Subscribe to this address in your calendar (copy it now: it is shown this once)
            </label>
            <input
              id="feed-url"
              className="admin-field__input admin-link-box"
              readOnly
              value={outcome.url}
            />
          </>
        ) : null}
      </div>
    );
  }
  const messages = Object.entries(outcome.errors).filter(
    ([name]) => !name.startsWith("day") || name === "day",
  );
  return messages.length > 0 ? (
    <div className="admin-notice admin-notice--error" role="alert">
      {messages.map(([name, message]) => (
        <p key={name}>{message}</p>
      ))}
    </div>
  ) : (
    <div className="admin-notice admin-notice--error" role="alert">
      <p>Please correct the highlighted hours.</p>
    </div>
  );
}

export default function ViewingAvailability({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, csrfToken, me, editing } = loaderData;
  const outcome = actionData as Outcome | undefined;
  const busy = useNavigation().state === "submitting";
  const refusedHours = outcome && !outcome.ok && outcome.intent === "hours" ? outcome : undefined;
  const refusedDayOff =
    outcome && !outcome.ok && outcome.intent === "day-off-add" ? outcome : undefined;
  const hoursValues = refusedHours?.typed ?? editing?.form ?? emptyForm;
  const editable = overview.staff.filter((member) => member.editable);
  const mine = overview.staff.find((member) => member.id === me);
  return (
    <>
      <section className="admin-panel admin-panel--wide" aria-labelledby="hours-title">
        <h1 id="hours-title" className="admin-title">
          Viewing hours
        </h1>
        <p>
          Visitors book viewings online in these hours, in slots of the length set, each followed by
          its buffer. Times are the office's ({overview.timeZone}). A listing with hours of its own
          is booked in those alone.
        </p>
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards viewing-hours">
            <thead>
              <tr>
                <th scope="col">Staff</th>
                <th scope="col">Listings</th>
                <th scope="col">Hours</th>
                <th scope="col">Slot + buffer</th>
              </tr>
            </thead>
            <tbody>
              {overview.staff.flatMap((member) =>
                [
                  ...(member.office
                    ? [{ code: "", label: "Every listing", set: member.office }]
                    : []),
                  ...member.listings.map((own) => ({
                    code: own.code,
                    label: `${own.code} ${own.headline}`,
                    set: own,
                  })),
                ].map((row) => (
                  <tr key={`${member.id}-${row.code}`}>
                    <td data-label="Staff">
                      {member.editable ? (
                        <a
                          href={`${adminPaths.viewingHours}?staff=${member.id}${row.code ? `&listing=${encodeURIComponent(row.code)}` : ""}`}
                        >
                          {member.email}
                        </a>
                      ) : (
                        member.email
                      )}
                    </td>
                    <td data-label="Listings">{row.label}</td>
                    <td data-label="Hours">
                      {dayFields
                        .filter((day) => row.set.form[day.name])
                        .map((day) => `${day.label.slice(0, 3)} ${row.set.form[day.name]}`)
                        .join("; ")}
                    </td>
                    <td data-label="Slot + buffer">
                      {row.set.form.slot} + {row.set.form.buffer} min
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      </section>

      {editing ? (
        <section className="admin-panel admin-panel--wide" aria-labelledby="edit-title">
          <h2 id="edit-title" className="admin-subtitle">
            Hours of {editing.email}
            {editing.listing ? ` for ${editing.listing}` : " for every listing"}
          </h2>
          <Form method="get" className="admin-form viewing-hours__pick">
            {editable.length > 1 ? (
              <div className="admin-field">
                <label className="admin-field__label" htmlFor="pick-staff">
                  Member of staff
                </label>
                <select
                  className="admin-field__input"
                  id="pick-staff"
                  name="staff"
                  defaultValue={String(editing.staffId)}
                >
                  {editable.map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.email}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <input type="hidden" name="staff" value={editing.staffId} />
            )}
            <FormField
              name="listing"
              id="pick-listing"
              label="Listing code (empty: every listing)"
              defaultValue={editing.listing}
              autoComplete="off"
            />
            <button className="admin-button admin-button--secondary" type="submit">
              Show these hours
            </button>
          </Form>
          <Notice outcome={outcome} intents={["hours"]} />
          <Form
            method="post"
            className="admin-form"
            noValidate
            key={`${editing.staffId}-${editing.listing}-${outcome?.ok ? "saved" : "open"}`}
          >
            <FormToken token={csrfToken} />
            <input type="hidden" name="intent" value="hours" />
            <input type="hidden" name="staff" value={editing.staffId} />
            <input type="hidden" name="listing" value={editing.listing} />
            <p className="admin-field__hint">
              Write each day's times like 09:00-12:30, 14:00-17:00; leave a day empty for none.
            </p>
            <div className="viewing-hours__days">
              {dayFields.map((day) => (
                <FormField
                  key={day.name}
                  name={day.name}
                  label={day.label}
                  defaultValue={hoursValues[day.name] ?? ""}
                  error={refusedHours?.errors[day.name]}
                  autoComplete="off"
                  inputMode="text"
                />
              ))}
            </div>
            <div className="viewing-hours__days">
              <FormField
                name="slot"
                label="Slot length (minutes)"
                inputMode="numeric"
                defaultValue={hoursValues.slot ?? "30"}
                error={refusedHours?.errors.slot}
              />
              <FormField
                name="buffer"
                label="Buffer after each (minutes)"
                inputMode="numeric"
                defaultValue={hoursValues.buffer ?? "15"}
                error={refusedHours?.errors.buffer}
              />
            </div>
            <button className="admin-button" type="submit" disabled={busy}>
              Save hours
            </button>
          </Form>
        </section>
      ) : null}

      <section className="admin-panel admin-panel--wide" aria-labelledby="days-off-title">
        <h2 id="days-off-title" className="admin-subtitle">
          Days off
        </h2>
        <Notice outcome={outcome} intents={["day-off-add", "day-off-remove"]} />
        {overview.daysOff.length === 0 ? (
          <p>No days off ahead.</p>
        ) : (
          <ul className="viewing-hours__days-off">
            {overview.daysOff.map((off) => (
              <li key={off.id} className="viewing-hours__day-off">
                <span>
                  {off.day}: {off.staffEmail ?? "the whole office"}
                  {off.note ? ` (${off.note})` : ""}
                </span>
                {off.removable ? (
                  <Form method="post" className="viewing-hours__remove">
                    <FormToken token={csrfToken} />
                    <input type="hidden" name="intent" value="day-off-remove" />
                    <input type="hidden" name="id" value={off.id} />
                    <button className="admin-button admin-button--secondary" type="submit">
                      Remove<span className="visually-hidden"> the day off {off.day}</span>
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="admin-form" noValidate>
          <FormToken token={csrfToken} />
          <input type="hidden" name="intent" value="day-off-add" />
          <div className="admin-field">
            <label className="admin-field__label" htmlFor="day-off-staff">
              Whose
            </label>
            <select
              className="admin-field__input"
              id="day-off-staff"
              name="staff"
              defaultValue={refusedDayOff?.typed.staff ?? String(me)}
            >
              {editable.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.id === me ? `Mine (${member.email})` : member.email}
                </option>
              ))}
              {overview.owner ? <option value="office">The whole office</option> : null}
            </select>
          </div>
          <FormField
            name="day"
            label="Date"
            type="date"
            defaultValue={refusedDayOff?.typed.day ?? ""}
            error={refusedDayOff?.errors.day}
          />
          <FormField
            name="note"
            label="Note (optional)"
            maxLength={200}
            defaultValue={refusedDayOff?.typed.note ?? ""}
          />
          <button className="admin-button" type="submit" disabled={busy}>
            Add the day off
          </button>
        </Form>
      </section>

      {mine ? (
        <section className="admin-panel admin-panel--wide" aria-labelledby="feed-title">
          <h2 id="feed-title" className="admin-subtitle">
            Your calendar feed
          </h2>
          <p>
            A private address your phone's or computer's calendar subscribes to, listing your
            viewings (from 30 days ago on). Anyone with the address can read it: make a new one if
            it got out, or revoke it.
          </p>
          <p>
            {mine.feedSince
              ? `You have a feed, made ${mine.feedSince.slice(0, 10)}.`
              : "You have no feed yet."}
          </p>
          <Notice outcome={outcome} intents={["feed-issue", "feed-revoke"]} />
          <div className="admin-actions">
            <Form method="post">
              <FormToken token={csrfToken} />
              <input type="hidden" name="intent" value="feed-issue" />
              <input type="hidden" name="staff" value={mine.id} />
              <button className="admin-button" type="submit" disabled={busy}>
                {mine.feedSince ? "Make a new address" : "Make my feed"}
              </button>
            </Form>
            {mine.feedSince ? (
              <Form method="post">
                <FormToken token={csrfToken} />
                <input type="hidden" name="intent" value="feed-revoke" />
                <input type="hidden" name="staff" value={mine.id} />
                <button className="admin-button admin-button--danger" type="submit" disabled={busy}>
                  Revoke my feed
                </button>
              </Form>
            ) : null}
          </div>
        </section>
      ) : null}
    </>
  );
}
