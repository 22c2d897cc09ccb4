/**
 * /alerts/confirm?token=… (decision 055): the confirmation mail's link. The GET shows a
 * button and changes nothing (mail scanners open links); pressing it confirms the alert.
 */
import { alertActionAnswer, alertPageHeaders, formOf, tokenOf } from "../alerts/alerts.server.ts";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { routeMeta } from "../seo/meta.ts";
import type { Route } from "./+types/alerts-confirm";

export const headers: Route.HeadersFunction = () => alertPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Confirm your alert",
    description: "Confirm your property alert.",
    canonicalPath: null,
    robots: "noindex",
  });

export function loader({ request }: Route.LoaderArgs) {
  return { token: tokenOf(request) };
}

export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  return alertActionAnswer(args, { action: "confirm", token: tokenOf(args.request, form) });
}

export default function ConfirmAlert({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title="Confirm your alert" />
      <div className="container alert-page">
        {actionData ? (
          <>
            <p
              className={`alert-page__message${actionData.ok ? "" : " alert-page__message--error"}`}
              role={actionData.ok ? "status" : "alert"}
            >
              {actionData.message}
            </p>
            {actionData.ok && actionData.answer?.alerts?.[0] ? (
              <p>
                Your search: <strong>{actionData.answer.alerts[0].description}</strong>. Every
                e-mail has a link to manage or delete your alerts.
              </p>
            ) : null}
            <div className="alert-page__actions">
              <a className="button button--primary" href="/search">
                Back to the search
              </a>
            </div>
          </>
        ) : (
          <form method="post" className="alert-page__form">
            <p>Press the button to start receiving new matching properties by e-mail.</p>
            <input type="hidden" name="token" value={loaderData.token} />
            <div className="alert-page__actions">
              <button type="submit" className="button button--primary">
                Confirm my alert
              </button>
            </div>
          </form>
        )}
      </div>
    </>
  );
}
