/**
 * Owners only: the portal feeds (decision 100). For Rightmove's BLM file, the listings push and
 * the RESO Web API: whether the server is set up for it, whether it is paused, what it last
 * did, and the listings switched on for it that it leaves out, with their reasons. Pausing and
 * resuming are stored, so every app server honours them, and audit-logged. The RESO tokens
 * have their own page, linked from here.
 */
import { data, Form, Link } from "react-router";
import { adminPortalsContext, type PortalFeedView } from "#app-context";
import { formatDateTime } from "../../../lib/admin-enquiries.ts";
import { FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, ownerSession } from "../../admin/staff.ts";
import type { Route } from "./+types/portals";

export const meta: Route.MetaFunction = () => adminMeta("Portals");

export async function loader({ context }: Route.LoaderArgs) {
  const session = ownerSession(context);
  const feeds = await context.get(adminPortalsContext).overview(session);
  return { feeds, csrfToken: session.csrfToken };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = ownerSession(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const feed = String(form.get("feed") ?? "");
  if (intent !== "pause" && intent !== "resume") {
    return data({ ok: false as const, message: "This form is not one this page knows." }, 400);
  }
  const changed = await context
    .get(adminPortalsContext)
    .setPaused(session, feed, intent === "pause");
  if (changed === undefined) {
    return data({ ok: false as const, message: "There is no such feed." }, 404);
  }
  const verb = intent === "pause" ? "paused" : "resumed";
  return {
    ok: true as const,
    message: changed ? `The feed is ${verb}.` : `The feed was ${verb} already.`,
  };
}

/** "1 listing", "3 listings". */
const listings = (count: number) => `${count} listing${count === 1 ? "" : "s"}`;

/** "3 listings: A, B, C", or "250 listings, the latest: A, B, …" when only some are named. */
const countedList = (count: number, codes: readonly string[]) =>
  codes.length === 0
    ? listings(count)
    : codes.length < count
      ? `${listings(count)}, the latest: ${codes.join(", ")}, …`
      : `${listings(count)}: ${codes.join(", ")}`;

const edit = (code: string) => `/admin/listings/${encodeURIComponent(code)}/edit`;

function Activity({ feed }: { feed: PortalFeedView }) {
  if (feed.feed === "rightmove") {
    const run = feed.lastRun;
    if (!run) return <p>It has not run yet.</p>;
    return (
      <dl className="admin-portal-facts">
        <dt>Last run</dt>
        <dd>
          {formatDateTime(run.finishedAt)} ({run.trigger === "job" ? "scheduled" : "by command"})
        </dd>
        {run.error ? (
          <>
            <dt>Failed</dt>
            <dd>{run.error}</dd>
          </>
        ) : (
          <>
            <dt>File</dt>
            <dd>
              <code>{run.file}</code>
              {run.uploadedTo ? ` uploaded to ${run.uploadedTo.replace(/^.*@/, "")}` : ""}
            </dd>
            <dt>Sent</dt>
            <dd>{countedList(run.sent.length, run.sent.slice(0, 20))}</dd>
            <dt>Left out</dt>
            <dd>{listings(run.refusedCount)}</dd>
          </>
        )}
      </dl>
    );
  }
  if (feed.feed === "push" && feed.push) {
    const push = feed.push;
    return (
      <>
        <dl className="admin-portal-facts">
          <dt>Waiting to send</dt>
          <dd>{push.pending}</dd>
          <dt>Last sent</dt>
          <dd>{push.lastSentAt ? formatDateTime(push.lastSentAt) : "Never"}</dd>
          <dt>Sent</dt>
          <dd>{countedList(push.sentCount, push.sent)}</dd>
        </dl>
        {push.failing.length > 0 ? (
          <>
            <h3 className="admin-portal-heading">
              Failing, tried again later ({push.failingCount})
            </h3>
            <ul className="admin-portal-list">
              {push.failing.map((row) => (
                <li key={row.code}>
                  <strong>{row.code}</strong>: {row.reason} ({row.attempts} attempts; next{" "}
                  {formatDateTime(row.nextAttemptAt)})
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </>
    );
  }
  const consumers = feed.consumers ?? [];
  return (
    <>
      {consumers.length === 0 ? (
        <p>No consumer has a token yet.</p>
      ) : (
        <ul className="admin-portal-list">
          {consumers.map((consumer) => (
            <li key={consumer.id}>
              <strong>{consumer.name}</strong>:{" "}
              {consumer.revokedAt
                ? "token revoked"
                : consumer.lastUsedAt
                  ? `last read ${formatDateTime(consumer.lastUsedAt)}`
                  : "not read yet"}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={adminPaths.feeds}>Make or revoke a consumer's token</Link>
      </p>
    </>
  );
}

export default function Portals({ loaderData, actionData }: Route.ComponentProps) {
  const { feeds, csrfToken } = loaderData;
  return (
    <>
      <section className="admin-panel" aria-labelledby="portals-title">
        <h1 id="portals-title" className="admin-title">
          Portals
        </h1>
        <p>
          What each portal feed sends, and the listings it leaves out until they have what the
          portal needs. Each listing is switched on or off for each feed in its editor.
        </p>
        <p>
          <Link to={adminPaths.feeds}>Feeds: the RESO Web API's consumers and their tokens</Link>
        </p>
        {actionData ? (
          <p
            className={`admin-notice admin-notice--${actionData.ok ? "success" : "error"}`}
            role={actionData.ok ? "status" : "alert"}
          >
            {actionData.message}
          </p>
        ) : null}
      </section>
      {feeds.map((feed) => (
        <section
          key={feed.feed}
          className="admin-panel admin-panel--wide"
          aria-labelledby={`portal-${feed.feed}`}
        >
          <h2 id={`portal-${feed.feed}`} className="admin-subtitle">
            {feed.label}
          </h2>
          <p>
            <strong>{feed.configured ? "Set up." : "Not set up."}</strong> {feed.setup}
          </p>
          {feed.paused ? (
            <p>{`Paused since ${formatDateTime(feed.paused.pausedAt)} by ${feed.paused.pausedBy}.`}</p>
          ) : feed.configured ? (
            <p>Running.</p>
          ) : null}
          {/* A feed not set up may still be paused, so nothing goes once it is. */}
          <Form method="post">
            <FormToken token={csrfToken} />
            <input type="hidden" name="feed" value={feed.feed} />
            <input type="hidden" name="intent" value={feed.paused ? "resume" : "pause"} />
            <button
              className={`admin-button ${feed.paused ? "" : "admin-button--secondary"}`}
              type="submit"
            >
              {feed.paused ? "Resume" : "Pause"}
              <span className="visually-hidden"> {feed.label}</span>
            </button>
          </Form>
          <h3 className="admin-portal-heading">What it did</h3>
          <Activity feed={feed} />
          <h3 className="admin-portal-heading">
            {`Listings left out (${feed.refusedCount} of ${feed.switchedOn} switched on)`}
          </h3>
          {feed.refusedCount === 0 ? (
            <p>Every listing switched on for it has what it needs.</p>
          ) : (
            <details className="admin-portal-refusals">
              <summary>
                {feed.refused.length < feed.refusedCount
                  ? `What the first ${feed.refused.length} of ${listings(feed.refusedCount)} lack`
                  : `What ${feed.refusedCount === 1 ? "it" : `these ${listings(feed.refusedCount)}`} lack`}
              </summary>
              <ul className="admin-portal-list">
                {feed.refused.map((listing) => (
                  <li key={listing.code}>
                    <Link to={edit(listing.code)}>
                      {listing.code} · {listing.headline}
                    </Link>
                    : {listing.reasons.join("; ")}
                  </li>
                ))}
              </ul>
              {feed.refused.length < feed.refusedCount ? (
                <p>
                  {`The others follow by code once these are complete or switched off; the listings' table finds each by its code.`}
                </p>
              ) : null}
            </details>
          )}
        </section>
      ))}
    </>
  );
}
