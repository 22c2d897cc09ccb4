/**
 * /alerts/manage?token=… (decision 055): every alert of the address the link was mailed to,
 * each with a Delete button, and one to delete them all. Only the holder of the link sees the
 * address and its alerts; an unknown or spent link says so, and nothing else.
 */
import { data } from "react-router";
import { formatDate } from "../../lib/format.ts";
import {
  alertActionAnswer,
  alertPageHeaders,
  askAlertApi,
  formOf,
  formText,
  tokenOf,
} from "../alerts/alerts.server.ts";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { routeMeta } from "../seo/meta.ts";
import type { Route } from "./+types/alerts-manage";

export const headers: Route.HeadersFunction = () => alertPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Your property alerts",
    description: "Manage or delete your property alerts.",
    canonicalPath: null,
    robots: "noindex",
  });

export async function loader(args: Route.LoaderArgs) {
  const token = tokenOf(args.request);
  const outcome = await askAlertApi(args, { action: "manage", token });
  return data({ token, outcome }, { status: outcome.ok ? 200 : outcome.httpStatus });
}

export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  const token = tokenOf(args.request, form);
  const which = formText(form, "id");
  const id = Number(which);
  return alertActionAnswer(args, {
    action: "delete",
    token,
    ...(which !== "all" && Number.isSafeInteger(id) && id > 0 ? { id } : {}),
  });
}

export default function ManageAlerts({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  // After a delete, the list the API answered with it; else the loader's.
  const shown = actionData?.ok ? actionData : loaderData.outcome;
  const alerts = shown.answer?.alerts ?? [];
  const email = shown.answer?.email ?? loaderData.outcome.answer?.email;
  const message = actionData ? actionData.message : loaderData.outcome.ok ? "" : shown.message;
  const failed = actionData ? !actionData.ok : !loaderData.outcome.ok;
  return (
    <>
      <PageBanner title="Your property alerts" />
      <div className="container alert-page">
        {message ? (
          <p
            className={`alert-page__message${failed ? " alert-page__message--error" : ""}`}
            role={failed ? "alert" : "status"}
          >
            {message}
          </p>
        ) : null}
        {email && alerts.length > 0 ? (
          <>
            <p>
              The alerts of <strong>{email}</strong>:
            </p>
            <ul className="alert-list">
              {alerts.map((alert) => (
                <li key={alert.id} className="alert-list__item">
                  <div className="alert-list__text">
                    <a
                      className="alert-list__description"
                      href={alert.searchQuery ? `/search?${alert.searchQuery}` : "/search"}
                    >
                      {alert.description}
                    </a>
                    <span className="alert-list__state">
                      {alert.confirmed ? "Confirmed" : "Waiting for confirmation"} · saved{" "}
                      {formatDate(alert.createdAt)}
                    </span>
                  </div>
                  <form method="post">
                    <input type="hidden" name="token" value={token} />
                    <input type="hidden" name="id" value={alert.id} />
                    <button
                      type="submit"
                      className="button button--outline"
                      aria-label={`Delete the alert ${alert.description}`}
                    >
                      Delete
                    </button>
                  </form>
                </li>
              ))}
            </ul>
            <form method="post">
              <input type="hidden" name="token" value={token} />
              <input type="hidden" name="id" value="all" />
              <button type="submit" className="button button--primary">
                Delete every alert for this address
              </button>
            </form>
          </>
        ) : (
          <div className="alert-page__actions">
            <a className="button button--primary" href="/search">
              Back to the search
            </a>
          </div>
        )}
      </div>
    </>
  );
}
