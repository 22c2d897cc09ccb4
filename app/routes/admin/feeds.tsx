/**
 * Owners only: the consumers of the RESO Web API feed at /odata/ and their tokens (decision
 * 094). Making one shows its token this once (only its hash is kept); revoking one stops it at
 * once, for good. Both are audit-logged, as `npm run feeds -- token …` does the same.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { adminFeedsContext, siteRequestContext } from "#app-context";
import { formatDateTime } from "../../../lib/admin-enquiries.ts";
import { feedConsumerNameMax, feedConsumerNameProblem } from "../../../lib/feed-consumers.ts";
import { FormField, FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, ownerSession } from "../../admin/staff.ts";
import type { Route } from "./+types/feeds";

export const meta: Route.MetaFunction = () => adminMeta("Feeds");

export async function loader({ context }: Route.LoaderArgs) {
  const session = ownerSession(context);
  const consumers = await context.get(adminFeedsContext).list(session);
  const { siteUrl } = context.get(siteRequestContext).config;
  return { consumers, csrfToken: session.csrfToken, feedUrl: `${siteUrl}/odata/` };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = ownerSession(context);
  const feeds = context.get(adminFeedsContext);
  const form = await request.formData();
  const intent = form.get("intent");
  const name = String(form.get("name") ?? "");

  if (intent === "add") {
    const problem = feedConsumerNameProblem(name);
    if (problem) {
      return data(
        { kind: "add" as const, ok: false as const, error: problem, name },
        { status: 400 },
      );
    }
    const added = await feeds.add(session, name);
    if (!added.ok) {
      return data(
        { kind: "add" as const, ok: false as const, error: added.message, name },
        { status: 409 },
      );
    }
    return {
      kind: "add" as const,
      ok: true as const,
      name: added.consumer.name,
      token: added.token,
    };
  }
  if (intent === "revoke") {
    const revoked = await feeds.revoke(session, name);
    if (!revoked.ok) {
      return data(
        { kind: "revoke" as const, ok: false as const, message: revoked.message },
        { status: 404 },
      );
    }
    return {
      kind: "revoke" as const,
      ok: true as const,
      message: revoked.changed
        ? `${revoked.consumer.name}'s token is revoked: it no longer reads the feed.`
        : `${revoked.consumer.name}'s token was revoked already.`,
    };
  }
  return data(
    {
      kind: "revoke" as const,
      ok: false as const,
      message: "This form is not one this page knows.",
    },
    { status: 400 },
  );
}

export default function Feeds({ loaderData, actionData }: Route.ComponentProps) {
  const { consumers, csrfToken, feedUrl } = loaderData;
  const add = actionData?.kind === "add" ? actionData : undefined;
  const revoke = actionData?.kind === "revoke" ? actionData : undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <section className="admin-panel" aria-labelledby="feeds-title">
        <h1 id="feeds-title" className="admin-title">
          Feeds
        </h1>
        <p>
          Portals and partners read the published listings from the RESO Web API at{" "}
          <code>{feedUrl}</code>, each with a token of its own. Give a consumer its token and the
          address; they send the token as <code>Authorization: Bearer</code> with every request.
        </p>
        <p>
          <Link to={adminPaths.portals}>
            Back to Portals: every feed, its last run and its refusals
          </Link>
        </p>
        <h2 className="admin-subtitle">Make a token</h2>
        {add?.ok ? (
          <div className="admin-notice admin-notice--success" role="status">
            <p>
              The token of {add.name}. Copy it now and give it to them: it is shown this once, and
              only a fingerprint of it is kept.
            </p>
            <code className="admin-link-box">{add.token}</code>
          </div>
        ) : null}
        {/* A new, empty form after each token. */}
        <Form method="post" className="admin-form" noValidate key={add?.ok ? add.token : "add"}>
          <FormToken token={csrfToken} />
          <input type="hidden" name="intent" value="add" />
          <FormField
            name="name"
            label="Consumer's name"
            hint="The portal or partner, as you will know it in the list and the audit log."
            autoComplete="off"
            maxLength={feedConsumerNameMax}
            required
            defaultValue={add && !add.ok ? add.name : ""}
            error={add && !add.ok ? add.error : undefined}
          />
          <button className="admin-button" type="submit" disabled={busy}>
            Make a token
          </button>
        </Form>
      </section>
      <section className="admin-panel admin-panel--wide" aria-labelledby="consumers-title">
        <h2 id="consumers-title" className="admin-subtitle">
          Consumers
        </h2>
        <p>
          Revoking a token stops it at once and for good; to let a consumer in again, make a new
          token under another name.
        </p>
        {revoke ? (
          <p
            className={`admin-notice admin-notice--${revoke.ok ? "success" : "error"}`}
            role={revoke.ok ? "status" : "alert"}
          >
            {revoke.message}
          </p>
        ) : null}
        {consumers.length === 0 ? (
          <p>No consumer has a token yet.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards">
              <thead>
                <tr>
                  <th scope="col">Consumer</th>
                  <th scope="col">Made</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {consumers.map((consumer) => (
                  <tr key={consumer.id}>
                    <td data-label="Name">{consumer.name}</td>
                    <td data-label="Made">{formatDateTime(consumer.createdAt)}</td>
                    <td data-label="Last used">
                      {consumer.lastUsedAt ? formatDateTime(consumer.lastUsedAt) : "Never"}
                    </td>
                    <td data-label="Status">
                      {consumer.revokedAt
                        ? `Revoked ${formatDateTime(consumer.revokedAt)}`
                        : "Active"}
                    </td>
                    <td data-label="Actions">
                      {consumer.revokedAt ? null : (
                        <Form method="post">
                          <FormToken token={csrfToken} />
                          <input type="hidden" name="intent" value="revoke" />
                          <input type="hidden" name="name" value={consumer.name} />
                          <button
                            className="admin-button admin-button--secondary admin-button--small"
                            type="submit"
                            disabled={busy}
                          >
                            Revoke
                            <span className="visually-hidden"> the token of {consumer.name}</span>
                          </button>
                        </Form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
